import { localDateTime, type DeskStation } from '@atrium/contract';
import { Card, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../shared/ui/data-table';
import { tableEmpty } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { downloadDeskStations, useDeskStations } from '../api/desk-monitoring.api';
import { ExportButton, floorLabel, FloorFilter, lastDays, PeriodFilter, percentText, periodOf, type DayRange } from '../components/desk-monitoring-parts';
import '../components/desk-monitoring.css';

/** Sorting by a figure; a share nobody could have (null) sorts below every number. */
const byNumber = (pick: (desk: DeskStation) => number | null) => (a: DeskStation, b: DeskStation) => (pick(a) ?? -1) - (pick(b) ?? -1);

/**
 * /deskeeper-station-monitoring (area roomsLocations): each desk's bookings, booked hours, utilisation,
 * check-ins, no-shows and last use for a period, as a sortable table and an xlsx export (decision 0019,
 * "Monitoring").
 */
export function DeskStationsPage() {
  const { t } = useTranslation();
  const [range, setRange] = useState<DayRange>(() => lastDays(28));
  const [floorId, setFloorId] = useState<number>();
  const period = periodOf(range, floorId);
  const stations = useDeskStations(period);
  const floors = stations.data?.floors ?? [];

  const columns: ColumnsType<DeskStation> = [
    {
      key: 'number',
      title: t('desk.monitoring.stations.columns.number'),
      dataIndex: 'number',
      sorter: (a, b) => a.number.localeCompare(b.number, undefined, { numeric: true }),
      render: (number: string, desk) => (desk.mode === 'unavailable' ? <span>{number} <Tag>{t('desk.modes.unavailable')}</Tag></span> : number),
    },
    { key: 'floor', title: t('desk.monitoring.stations.columns.floor'), render: (_, desk) => floorLabel(desk), sorter: (a, b) => floorLabel(a).localeCompare(floorLabel(b)) },
    { key: 'neighbourhood', title: t('desk.monitoring.stations.columns.neighbourhood'), render: (_, desk) => desk.neighbourhoodName ?? '—' },
    { key: 'bookings', title: t('desk.monitoring.figures.bookings'), dataIndex: 'bookings', align: 'right', sorter: byNumber((desk) => desk.bookings) },
    { key: 'bookedHours', title: t('desk.monitoring.figures.bookedHours'), dataIndex: 'bookedHours', align: 'right', sorter: byNumber((desk) => desk.bookedHours) },
    {
      key: 'utilisation',
      title: t('desk.monitoring.figures.utilisation'),
      align: 'right',
      render: (_, desk) => percentText(desk.utilisation),
      sorter: byNumber((desk) => desk.utilisation),
      defaultSortOrder: 'descend',
    },
    { key: 'checkedIn', title: t('desk.monitoring.figures.checkedIn'), dataIndex: 'checkedIn', align: 'right', sorter: byNumber((desk) => desk.checkedIn) },
    { key: 'noShows', title: t('desk.monitoring.figures.noShows'), dataIndex: 'noShows', align: 'right', sorter: byNumber((desk) => desk.noShows) },
    {
      key: 'lastUsed',
      title: t('desk.monitoring.figures.lastUsed'),
      render: (_, desk) => (desk.lastUsedAt === null ? t('desk.monitoring.stations.never') : localDateTime(desk.lastUsedAt, desk.timeZone)),
      sorter: byNumber((desk) => desk.lastUsedAt),
    },
  ];

  return (
    <div className="atrium-page" data-testid="page-desk-stations">
      <PageHeader title={t('desk.monitoring.stations.title')} subtitle={t('desk.monitoring.stations.subtitle')} />
      <div className="atrium-desk-monitoring-filters">
        <PeriodFilter range={range} onChange={setRange} testId="desk-stations-dates" />
        <FloorFilter floors={floors} floorId={floorId} onChange={setFloorId} testId="desk-stations-floor" />
        <ExportButton download={(fallback) => downloadDeskStations(period, fallback)} testId="desk-stations-export" />
        <span className="atrium-muted atrium-desk-monitoring-hint">{t('desk.monitoring.clockHint')}</span>
      </div>
      <Card size="small">
        <DataTable<DeskStation>
          rowKey="deskId"
          size="middle"
          columns={columns}
          dataSource={stations.data?.desks ?? []}
          loading={stations.isFetching}
          pagination={false}
          onRow={(desk) => ({ 'data-testid': `desk-stations-row-${desk.deskId}` }) as object}
          locale={tableEmpty(stations.isError ? stations.error.message : floors.length === 0 ? t('desk.monitoring.noDesks') : t('desk.monitoring.stations.empty'))}
          data-testid="desk-stations-table"
        />
        <p className="atrium-muted atrium-desk-monitoring-hint">{t('desk.monitoring.definitions')}</p>
      </Card>
    </div>
  );
}
