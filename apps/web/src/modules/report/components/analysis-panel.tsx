import { DownloadOutlined } from '@ant-design/icons';
import { type ReportAnalysis } from '@atrium/contract';
import { Alert, Button, Card, Spin, Statistic } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../shared/api/save-file';
import { HOUR_LABELS, chartCsv, type ReportChart, type Translate } from './chart-data';
import { EChart } from '../../../shared/charts/echart';
import { DataTable } from '../../../shared/ui/data-table';
import { tableEmpty } from '../../../shared/ui/empty-state';

export interface AnalysisPanelProps {
  analysis: ReportAnalysis | undefined;
  isLoading: boolean;
  error: Error | null;
  /** Part of the downloads' file names, e.g. "20261024-20261123". */
  fileSuffix: string;
  isNarrow: boolean;
}

const COLORS = ['#1677ff', '#52c41a', '#faad14', '#722ed1', '#13c2c2', '#eb2f96'];
const percentText = (share: number | null) => (share === null ? '—' : `${(share * 100).toFixed(1)}%`);

/** Every chart's option from the figures; labels in the reader's language. */
function chartOptions(analysis: ReportAnalysis, t: Translate, isNarrow: boolean): Record<Exclude<ReportChart, 'overview'>, EChartsCoreOption> {
  const base = { color: COLORS, tooltip: { trigger: 'axis' }, grid: { left: 48, right: 48, top: 40, bottom: 32, containLabel: true } };
  // Every label when they fit (the seven weekdays), every fourth hour on a phone.
  const barAndLine = (labels: string[], bookings: number[], hours: number[]) => ({
    ...base,
    legend: { data: [t('report.data.bookings'), t('report.data.hours')], top: 0 },
    xAxis: { type: 'category', data: labels, axisLabel: { interval: labels.length <= 7 ? 0 : isNarrow ? 3 : 'auto' } },
    yAxis: [
      { type: 'value', name: t('report.data.bookings'), minInterval: 1 },
      { type: 'value', name: t('report.data.hours') },
    ],
    series: [
      { name: t('report.data.bookings'), type: 'bar', data: bookings },
      { name: t('report.data.hours'), type: 'line', yAxisIndex: 1, smooth: true, data: hours },
    ],
  });
  const pie = (data: Array<{ name: string; value: number }>) => ({
    color: COLORS,
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { bottom: 0, type: 'scroll' },
    series: [{ type: 'pie', radius: ['40%', '68%'], center: ['50%', '45%'], data, label: { formatter: '{b}\n{d}%' } }],
  });
  const heatMax = Math.max(0.01, ...analysis.heatMap.flatMap((row) => row.hours));
  const rooms = analysis.heatMap.map((row) => row.roomName);
  return {
    peakHours: barAndLine(HOUR_LABELS, analysis.peakHours.map((row) => row.bookings), analysis.peakHours.map((row) => row.hours)),
    peakWeekdays: barAndLine(
      analysis.peakWeekdays.map((row) => t(`report.weekdays.${row.weekday}`)),
      analysis.peakWeekdays.map((row) => row.bookings),
      analysis.peakWeekdays.map((row) => row.hours),
    ),
    channels: pie(analysis.channels.map((row) => ({ name: t(`report.channels.${row.channel}`), value: row.bookings }))),
    durations: {
      ...base,
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: analysis.durations.map((row) => t(`report.durations.${row.bucket}`)), axisLabel: { interval: 0, rotate: isNarrow ? 30 : 0 } },
      yAxis: { type: 'value', name: t('report.data.bookings'), minInterval: 1 },
      series: [{ name: t('report.data.bookings'), type: 'bar', data: analysis.durations.map((row) => row.bookings), barMaxWidth: 48 }],
    },
    recurring: pie([
      { name: t('report.recurring.recurring'), value: analysis.recurring.recurringBookings },
      { name: t('report.recurring.single'), value: analysis.recurring.singleBookings },
    ]),
    heatMap: {
      tooltip: { position: 'top', formatter: (params: { value: [number, number, number] }) => `${rooms[params.value[1]]} ${HOUR_LABELS[params.value[0]]}: ${params.value[2]} ${t('report.data.hoursUnit')}` },
      grid: { left: 8, right: 16, top: 8, bottom: 64, containLabel: true },
      xAxis: { type: 'category', data: HOUR_LABELS, splitArea: { show: true }, axisLabel: { interval: isNarrow ? 5 : 1 } },
      yAxis: { type: 'category', data: rooms, inverse: true, splitArea: { show: true } },
      visualMap: { min: 0, max: heatMax, calculable: true, orient: 'horizontal', left: 'center', bottom: 0, inRange: { color: ['#f0f5ff', '#1677ff', '#10239e'] } },
      ...(rooms.length > 20 ? { dataZoom: [{ type: 'slider', yAxisIndex: 0, startValue: 0, endValue: 19, right: 0, width: 14 }] } : {}),
      series: [{ type: 'heatmap', data: analysis.heatMap.flatMap((row, y) => row.hours.map((value, x) => [x, y, value])), emphasis: { itemStyle: { borderColor: '#333', borderWidth: 1 } } }],
    },
  };
}

/** The data analysis tab: overview figures and the charts, each with its numbers as a CSV download. ECharts loads with this module only. */
export function AnalysisPanel({ analysis, isLoading, error, fileSuffix, isNarrow }: AnalysisPanelProps) {
  const { t } = useTranslation();
  const options = useMemo(() => (analysis ? chartOptions(analysis, t, isNarrow) : null), [analysis, t, isNarrow]);
  if (error) return <Alert type="error" showIcon message={error.message} data-testid="report-analysis-error" />;
  if (!analysis || !options) return <Spin spinning={isLoading} data-testid="report-analysis-loading"><div style={{ minHeight: 240 }} /></Spin>;

  const download = (chart: ReportChart) => (
    <Button
      size="small"
      icon={<DownloadOutlined />}
      onClick={() => saveFile(new Blob([chartCsv(chart, analysis, t)], { type: 'text/csv;charset=utf-8' }), `report-${chart}-${fileSuffix}.csv`)}
      data-testid={`report-download-${chart}`}
    >
      {t('report.downloadData')}
    </Button>
  );
  const card = (chart: Exclude<ReportChart, 'overview'>, height: number, footer?: ReactNode, wide = false) => (
    <Card key={chart} title={t(`report.charts.${chart}`)} extra={download(chart)} size="small" className={wide ? 'atrium-report-card-wide' : undefined} data-testid={`report-card-${chart}`}>
      <p className="atrium-muted atrium-report-hint">{t(`report.hints.${chart}`)}</p>
      <EChart option={options[chart]} height={height} label={t(`report.charts.${chart}`)} testId={`report-chart-${chart}`} />
      {footer}
    </Card>
  );
  const o = analysis.overview;
  const heatHeight = Math.min(20, Math.max(analysis.heatMap.length, 3)) * 26 + 100;

  return (
    <Spin spinning={isLoading}>
      <Card title={t('report.charts.overview')} extra={download('overview')} size="small" className="atrium-report-overview" data-testid="report-card-overview">
        <div className="atrium-report-stats">
          <Statistic title={t('report.overview.bookings')} value={o.bookings} data-testid="report-stat-bookings" />
          <Statistic title={t('report.overview.hours')} value={o.hours} precision={1} data-testid="report-stat-hours" />
          <Statistic title={t('report.overview.utilisation')} value={percentText(o.utilisation)} data-testid="report-stat-utilisation" />
          <Statistic title={t('report.overview.noShowRate')} value={percentText(o.noShowRate)} data-testid="report-stat-no-show" />
        </div>
        <p className="atrium-muted atrium-report-hint">
          {t('report.hints.overview', { rooms: o.rooms, available: o.availableHours, settled: o.checkInSettled, noShows: o.noShows })}
        </p>
      </Card>
      <div className="atrium-report-grid">
        {card('peakHours', 300)}
        {card('peakWeekdays', 300)}
        {card('channels', 300)}
        {card('durations', 300)}
        {card(
          'recurring',
          260,
          <DataTable
            size="small"
            rowKey="seriesId"
            pagination={false}
            dataSource={analysis.recurring.topSeries}
            locale={tableEmpty(t('report.recurring.none'))}
            columns={[
              { key: 'title', title: t('report.data.title'), render: (_, series) => series.title ?? t('report.privateTitle') },
              { key: 'room', title: t('report.data.room'), dataIndex: 'roomName' },
              { key: 'bookings', title: t('report.data.bookings'), dataIndex: 'bookings', align: 'right' },
              { key: 'hours', title: t('report.data.hours'), dataIndex: 'hours', align: 'right' },
              { key: 'noShows', title: t('report.data.noShows'), dataIndex: 'noShows', align: 'right' },
            ]}
            data-testid="report-top-series"
          />,
        )}
        {card('heatMap', heatHeight, null, true)}
      </div>
    </Spin>
  );
}
