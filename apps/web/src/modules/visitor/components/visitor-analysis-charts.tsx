import type { VisitAnalysis } from '@atrium/contract';
import { Card, Statistic } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../shared/charts/echart';

type Translate = ReturnType<typeof useTranslation>['t'];
type Chart = 'perDay' | 'perReason' | 'perLocation' | 'peakHours';

const COLORS = ['#1677ff', '#52c41a', '#faad14', '#722ed1', '#13c2c2', '#eb2f96', '#fa541c', '#2f54eb'];
/** Reasons a phone's legend lists in full; more scroll. */
const REASONS_IN_LEGEND = 8;
const HOURS = Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, '0'));

/**
 * A place as the charts name it: "Building / Floor", or what became of it. An ASCII separator: a middle
 * dot is drawn full width under a Chinese page's fonts but measured narrow by ECharts, which cut the label.
 */
export function placeName(row: VisitAnalysis['perLocation'][number], t: Translate): string {
  if (row.locationId === null) return t('visitor.analysis.noLocation');
  if (row.name === null) return t('visitor.analysis.removedLocation');
  return row.buildingName ? `${row.buildingName} / ${row.name}` : row.name;
}

/** Every chart's option from the figures, labels in the reader's language. */
function chartOptions(analysis: VisitAnalysis, t: Translate, isNarrow: boolean): Record<Chart, EChartsCoreOption> {
  const visits = t('visitor.analysis.series.visits');
  const checkedIn = t('visitor.analysis.series.checkedIn');
  const grid = { left: 8, right: 16, top: 40, bottom: 8, containLabel: true };
  const isLong = analysis.perDay.length > 31;
  const places = [...analysis.perLocation].reverse();
  const reasonVisits = new Map(analysis.perReason.map((row) => [row.reason, row.visits]));
  return {
    perDay: {
      color: COLORS,
      tooltip: { trigger: 'axis' },
      legend: { data: [visits, checkedIn], top: 0 },
      grid,
      xAxis: { type: 'category', data: analysis.perDay.map((row) => row.day.slice(5)), axisLabel: { hideOverlap: true } },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: visits, type: isLong ? 'line' : 'bar', data: analysis.perDay.map((row) => row.visits), showSymbol: false, barMaxWidth: 24 },
        { name: checkedIn, type: isLong ? 'line' : 'bar', data: analysis.perDay.map((row) => row.checkedIn), showSymbol: false, barMaxWidth: 24 },
      ],
    },
    // On a phone the names would not fit around the ring: they go to the legend, with their counts.
    perReason: {
      color: COLORS,
      tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
      legend: isNarrow
        ? { type: analysis.perReason.length > REASONS_IN_LEGEND ? 'scroll' : 'plain', bottom: 0, formatter: (name: string) => `${name} ${reasonVisits.get(name) ?? 0}` }
        : { type: 'scroll', bottom: 0 },
      series: [
        {
          name: visits,
          type: 'pie',
          radius: isNarrow ? ['32%', '56%'] : ['40%', '68%'],
          center: ['50%', isNarrow ? '40%' : '45%'],
          data: analysis.perReason.map((row) => ({ name: row.reason, value: row.visits })),
          label: isNarrow ? { show: false } : { formatter: '{b}\n{d}%', width: 140, overflow: 'truncate' },
        },
      ],
    },
    perLocation: {
      color: COLORS,
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      legend: { data: [visits, checkedIn], top: 0 },
      grid,
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', data: places.map((row) => placeName(row, t)), axisLabel: { width: isNarrow ? 130 : 220, overflow: 'truncate' } },
      series: [
        { name: visits, type: 'bar', data: places.map((row) => row.visits), barMaxWidth: 18 },
        { name: checkedIn, type: 'bar', data: places.map((row) => row.checkedIn), barMaxWidth: 18 },
      ],
    },
    peakHours: {
      color: ['#722ed1'],
      tooltip: { trigger: 'axis' },
      grid: { ...grid, top: 16 },
      xAxis: { type: 'category', data: HOURS, axisLabel: { interval: isNarrow ? 3 : 1 } },
      yAxis: { type: 'value', minInterval: 1 },
      series: [{ name: t('visitor.analysis.series.arrivals'), type: 'bar', data: analysis.peakHours.map((row) => row.arrivals), barMaxWidth: 20 }],
    },
  };
}

const percent = (share: number | null) => (share === null ? '—' : `${(share * 100).toFixed(1)}%`);

/** The totals: visits, check-ins, the average stay and the no-show rate (the last two of the visits still kept). */
export function AnalysisTotals({ analysis }: { analysis: VisitAnalysis }) {
  const { t } = useTranslation();
  const { totals, kept } = analysis;
  const summarised = totals.visits - kept.visits;
  return (
    <Card size="small" className="atrium-visit-analysis-totals" data-testid="visit-analysis-totals">
      <div className="atrium-visit-analysis-stats">
        <Statistic title={t('visitor.analysis.totals.visits')} value={totals.visits} data-testid="visit-analysis-visits" />
        <Statistic title={t('visitor.analysis.totals.checkedIn')} value={totals.checkedIn} data-testid="visit-analysis-checked-in" />
        <Statistic
          title={t('visitor.analysis.totals.averageStay')}
          value={kept.averageStayMinutes ?? '—'}
          suffix={kept.averageStayMinutes === null ? undefined : t('visitor.analysis.minutes')}
          data-testid="visit-analysis-stay"
        />
        <Statistic title={t('visitor.analysis.totals.noShowRate')} value={percent(kept.noShowRate)} data-testid="visit-analysis-no-show" />
      </div>
      <p className="atrium-muted atrium-visit-analysis-hint">
        {t('visitor.analysis.keptHint', { stays: kept.stays, due: kept.due, noShows: kept.noShows, cancelled: totals.cancelled })}
        {summarised > 0 ? ` ${t('visitor.analysis.retainedHint', { count: summarised })}` : ''}
      </p>
    </Card>
  );
}

/** The four charts: visits per day, per reason and per place, and arrivals by hour. ECharts loads with this page only. */
export function AnalysisCharts({ analysis, isNarrow }: { analysis: VisitAnalysis; isNarrow: boolean }) {
  const { t } = useTranslation();
  const options = useMemo(() => chartOptions(analysis, t, isNarrow), [analysis, t, isNarrow]);
  const placesHeight = Math.max(200, analysis.perLocation.length * 44 + 72);
  const card = (chart: Chart, height: number, wide = false) => (
    <Card key={chart} size="small" title={t(`visitor.analysis.charts.${chart}`)} className={wide ? 'atrium-visit-analysis-wide' : undefined} data-testid={`visit-analysis-card-${chart}`}>
      <p className="atrium-muted atrium-visit-analysis-hint">{t(`visitor.analysis.hints.${chart}`)}</p>
      <EChart option={options[chart]} height={height} label={t(`visitor.analysis.charts.${chart}`)} testId={`visit-analysis-chart-${chart}`} />
    </Card>
  );
  return (
    <div className="atrium-visit-analysis-grid">
      {card('perDay', 300, true)}
      {card('perReason', isNarrow ? 330 : 300)}
      {card('peakHours', 300)}
      {card('perLocation', placesHeight, true)}
    </div>
  );
}
