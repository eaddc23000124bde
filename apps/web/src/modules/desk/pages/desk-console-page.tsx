import type { DeskToday, DeskTodayState } from '@atrium/contract';
import { Card, Statistic, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { spanIn } from '../../../shared/time-zone/zone-text';
import { DataTable } from '../../../shared/ui/data-table';
import { tableEmpty } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { QueryBody } from '../../../shared/ui/query-body';
import { useDeskToday } from '../api/desk-monitoring.api';
import { floorLabel, FloorFilter } from '../components/desk-monitoring-parts';
import '../components/desk-monitoring.css';

type TodayBooking = DeskToday['bookings'][number];

const STATE_COLORS: Record<DeskTodayState, string> = { booked: 'blue', checkedIn: 'green', released: 'orange', cancelled: 'default' };
const COUNTS = ['bookable', 'bookedNow', 'checkedInNow', 'freeNow', 'releasedToday', 'upcomingToday'] as const;

/**
 * /deskeeper-console (area quickTools): today on each floor's clock at a glance, read again every
 * minute: the desks bookable, booked, checked in and free now, the no-shows released and the bookings
 * still to come, and the day's bookings with their state (decision 0019, "Monitoring").
 */
export function DeskConsolePage() {
  const { t } = useTranslation();
  const [floorId, setFloorId] = useState<number>();
  const today = useDeskToday(floorId);
  return (
    <div className="atrium-page" data-testid="page-desk-console">
      <PageHeader title={t('desk.monitoring.console.title')} subtitle={t('desk.monitoring.console.subtitle')} />
      <div className="atrium-desk-monitoring-filters">
        <FloorFilter floors={today.data?.floors ?? []} floorId={floorId} onChange={setFloorId} testId="desk-console-floor" />
        {today.data ? (
          <span className="atrium-muted atrium-desk-monitoring-hint" data-testid="desk-console-refreshed">
            {t('desk.monitoring.console.refreshed', { time: dayjs(today.dataUpdatedAt).format('HH:mm') })} {t('desk.monitoring.clockHint')}
          </span>
        ) : null}
      </div>
      <QueryBody query={today}>{(data) => <TodayBody today={data} />}</QueryBody>
    </div>
  );
}

function TodayBody({ today }: { today: DeskToday }) {
  const { t } = useTranslation();
  const columns: ColumnsType<TodayBooking> = [
    { key: 'time', title: t('desk.monitoring.console.columns.time'), render: (_, row) => spanIn(row.startAt, row.endAt, row.timeZone) },
    { key: 'desk', title: t('desk.monitoring.console.columns.desk'), dataIndex: 'deskNumber' },
    { key: 'floor', title: t('desk.monitoring.console.columns.floor'), render: (_, row) => floorLabel(row) },
    { key: 'person', title: t('desk.monitoring.console.columns.person'), render: (_, row) => row.userName ?? '—' },
    { key: 'part', title: t('desk.monitoring.console.columns.part'), render: (_, row) => t(`desk.monitoring.console.parts.${row.part}`) },
    {
      key: 'state',
      title: t('desk.monitoring.console.columns.state'),
      render: (_, row) => (
        <Tag color={STATE_COLORS[row.state]} data-testid={`desk-console-state-${row.id}`}>
          {t(`desk.monitoring.console.states.${row.state}`)}
        </Tag>
      ),
    },
  ];
  return (
    <>
      <Card size="small" className="atrium-desk-monitoring-card">
        <div className="atrium-desk-monitoring-stats">
          {COUNTS.map((key) => (
            <Statistic key={key} title={t(`desk.monitoring.console.${key}`)} value={today[key]} data-testid={`desk-console-${key}`} />
          ))}
        </div>
      </Card>
      <Card size="small" title={t('desk.monitoring.console.bookings')}>
        <DataTable<TodayBooking>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={today.bookings}
          pagination={false}
          onRow={(row) => ({ 'data-testid': `desk-console-row-${row.id}` }) as object}
          locale={tableEmpty(today.floors.length === 0 ? t('desk.monitoring.noDesks') : t('desk.monitoring.console.empty'))}
          data-testid="desk-console-table"
        />
      </Card>
    </>
  );
}
