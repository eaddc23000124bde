import { DownloadOutlined } from '@ant-design/icons';
import { SMART_ANALYSIS_MAX_DAYS, type SmartRoomAnalysis } from '@atrium/contract';
import { App, Button, Card, DatePicker, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../shared/api/download';
import { EChart } from '../../../shared/charts/echart';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { DataTable } from '../../../shared/ui/data-table';
import { tableEmpty } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { useSmartAnalysis } from '../api/smart-room.api';
import '../smart-room.css';

/** Hours with one decimal. */
const hours = (minutes: number) => Math.round((minutes / 60) * 10) / 10;
const energyOf = (room: SmartRoomAnalysis) => Object.values(room.energyMinutes).reduce((sum, minutes) => sum + minutes, 0);

/** /smart-analysis: booked against occupied time per room (ghost meetings, right-sizing), equipment health and energy hours. */
export function SmartAnalysisPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const isNarrow = useMediaQuery('(max-width: 767px)');
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(6, 'day').startOf('day'), dayjs().startOf('day')]);
  const query = { from: range[0].startOf('day').valueOf(), to: range[1].add(1, 'day').startOf('day').valueOf() };
  const analysis = useSmartAnalysis(query);
  const rooms = useMemo(() => analysis.data?.rooms ?? [], [analysis.data]);

  const option = useMemo<EChartsCoreOption>(
    () => ({
      color: ['#1677ff', '#52c41a'],
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      legend: { top: 0 },
      grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: rooms.map((room) => room.name), axisLabel: { width: isNarrow ? 60 : 120, overflow: 'truncate', interval: 0 } },
      yAxis: { type: 'value', name: t('smart-room.analysis.hours') },
      series: [
        { name: t('smart-room.analysis.booked'), type: 'bar', data: rooms.map((room) => hours(room.bookedMinutes)), barMaxWidth: 28 },
        { name: t('smart-room.analysis.occupied'), type: 'bar', data: rooms.map((room) => hours(room.occupiedMinutes)), barMaxWidth: 28 },
      ],
    }),
    [rooms, t, isNarrow],
  );

  const columns: ColumnsType<SmartRoomAnalysis> = [
    { key: 'room', title: t('smart-room.analysis.room'), render: (_, room) => <span>{room.name} <Typography.Text type="secondary">{room.path}</Typography.Text></span> },
    { key: 'capacity', title: t('smart-room.analysis.capacity'), render: (_, room) => room.capacity },
    { key: 'booked', title: t('smart-room.analysis.booked'), render: (_, room) => hours(room.bookedMinutes) },
    { key: 'occupied', title: t('smart-room.analysis.occupied'), render: (_, room) => (room.hasSensors ? hours(room.occupiedMinutes) : '—') },
    {
      key: 'use',
      title: t('smart-room.analysis.use'),
      render: (_, room) => (room.hasSensors && room.bookedMinutes > 0 ? `${Math.round((room.occupiedBookedMinutes / room.bookedMinutes) * 100)}%` : '—'),
    },
    { key: 'ghosts', title: t('smart-room.analysis.ghosts'), render: (_, room) => (room.hasSensors ? room.ghostMeetings : '—') },
    { key: 'released', title: t('smart-room.analysis.released'), render: (_, room) => room.releasedMeetings },
    { key: 'energy', title: t('smart-room.analysis.energy'), render: (_, room) => hours(energyOf(room)) },
    { key: 'health', title: t('smart-room.analysis.health'), render: (_, room) => t('smart-room.analysis.online', { online: room.devicesOnline, total: room.devices }) },
    { key: 'alarms', title: t('smart-room.analysis.alarms'), render: (_, room) => room.alarms },
  ];

  return (
    <div className="atrium-page" data-testid="page-smart-analysis">
      <PageHeader
        title={t('smart-room.analysis.title')}
        subtitle={t('smart-room.analysis.subtitle')}
        extra={
          <Button
            icon={<DownloadOutlined />}
            disabled={rooms.length === 0}
            onClick={() =>
              void downloadFile('/smart/analysis/export', { query }, 'smart-analysis.csv', t('smart-room.analysis.exportFailed')).catch((error: Error) => message.error(error.message))
            }
            data-testid="smart-analysis-export"
          >
            {t('smart-room.analysis.export')}
          </Button>
        }
      />
      <Card className="atrium-card">
        <div className="atrium-toolbar">
          <DatePicker.RangePicker
            value={range}
            allowClear={false}
            onChange={(value) => {
              if (value?.[0] && value[1]) setRange([value[0], value[1]]);
            }}
            disabledDate={(date, info) => (info.from ? Math.abs(date.diff(info.from, 'day')) >= SMART_ANALYSIS_MAX_DAYS : false)}
            aria-label={t('smart-room.analysis.range')}
            data-testid="smart-analysis-range"
          />
        </div>
        {rooms.length > 0 ? <EChart option={option} height={isNarrow ? 240 : 300} label={t('smart-room.analysis.chart')} testId="smart-analysis-chart" /> : null}
        <DataTable<SmartRoomAnalysis>
          rowKey="roomId"
          columns={columns}
          dataSource={rooms}
          loading={analysis.isFetching && !analysis.data}
          pagination={false}
          locale={tableEmpty(t('smart-room.analysis.empty'))}
          data-testid="smart-analysis-table"
        />
      </Card>
    </div>
  );
}
