import type { DeskOverview } from '@atrium/contract';
import { Card, Statistic } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../shared/charts/echart';
import { percentText } from './desk-monitoring-parts';

type Translate = ReturnType<typeof useTranslation>['t'];
type Chart = 'byWeekday' | 'byNeighbourhood' | 'attendance';

const COLORS = ['#1677ff', '#52c41a', '#fa541c'];
/** A share as a percentage to one decimal, for the charts (null: no bar). */
const percentValue = (share: number | null) => (share === null ? null : Math.round(share * 1000) / 10);

function chartOptions(overview: DeskOverview, t: Translate, isNarrow: boolean): Record<Chart, EChartsCoreOption> {
  const grid = { left: 8, right: 16, top: 40, bottom: 8, containLabel: true };
  const weekdays = overview.byWeekday.map((row) => t(`desk.monitoring.overview.weekdays.${row.weekday}`));
  const utilisation = t('desk.monitoring.figures.utilisation');
  // ECharts draws categories from the bottom: the first neighbourhood on top.
  const areas = [...overview.byNeighbourhood].reverse();
  const areaName = (row: DeskOverview['byNeighbourhood'][number]) => (row.name === null ? t('desk.monitoring.overview.noNeighbourhood') : `${row.floorName} / ${row.name}`);
  const checkedIn = t('desk.monitoring.figures.checkedIn');
  const noShows = t('desk.monitoring.figures.noShows');
  const bookings = t('desk.monitoring.figures.bookings');
  return {
    byWeekday: {
      color: COLORS,
      tooltip: { trigger: 'axis', valueFormatter: (value: number | null) => (value === null ? '—' : `${value}%`) },
      grid: { ...grid, top: 16 },
      xAxis: { type: 'category', data: weekdays },
      yAxis: { type: 'value', max: 100, axisLabel: { formatter: '{value}%' } },
      series: [{ name: utilisation, type: 'bar', data: overview.byWeekday.map((row) => percentValue(row.utilisation)), barMaxWidth: 32 }],
    },
    byNeighbourhood: {
      color: COLORS,
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (value: number | null) => (value === null ? '—' : `${value}%`) },
      grid: { ...grid, top: 16 },
      xAxis: { type: 'value', max: 100, axisLabel: { formatter: '{value}%' } },
      yAxis: { type: 'category', data: areas.map(areaName), axisLabel: { width: isNarrow ? 130 : 220, overflow: 'truncate' } },
      series: [{ name: utilisation, type: 'bar', data: areas.map((row) => percentValue(row.utilisation)), barMaxWidth: 18 }],
    },
    attendance: {
      color: COLORS,
      tooltip: { trigger: 'axis' },
      legend: { data: [bookings, checkedIn, noShows], top: 0 },
      grid,
      xAxis: { type: 'category', data: weekdays },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: bookings, type: 'bar', data: overview.byWeekday.map((row) => row.bookings), barMaxWidth: 20 },
        { name: checkedIn, type: 'bar', data: overview.byWeekday.map((row) => row.checkedIn), barMaxWidth: 20 },
        { name: noShows, type: 'bar', data: overview.byWeekday.map((row) => row.noShows), barMaxWidth: 20 },
      ],
    },
  };
}

/** The period's totals: utilisation with its hours, bookings, check-in and no-show rates. */
export function OverviewTotals({ overview }: { overview: DeskOverview }) {
  const { t } = useTranslation();
  const { totals } = overview;
  return (
    <Card size="small" className="atrium-desk-monitoring-card" data-testid="desk-overview-totals">
      <div className="atrium-desk-monitoring-stats">
        <Statistic title={t('desk.monitoring.figures.utilisation')} value={percentText(totals.utilisation)} data-testid="desk-overview-utilisation" />
        <Statistic
          title={t('desk.monitoring.figures.bookedHours')}
          value={t('desk.monitoring.figures.hoursOf', { booked: totals.bookedHours, bookable: totals.bookableHours })}
          data-testid="desk-overview-hours"
        />
        <Statistic title={t('desk.monitoring.figures.bookings')} value={totals.bookings} data-testid="desk-overview-bookings" />
        <Statistic title={t('desk.monitoring.figures.checkInRate')} value={percentText(totals.checkInRate)} data-testid="desk-overview-check-in-rate" />
        <Statistic title={t('desk.monitoring.figures.noShowRate')} value={percentText(totals.noShowRate)} data-testid="desk-overview-no-show-rate" />
      </div>
      <p className="atrium-muted atrium-desk-monitoring-hint">
        {t('desk.monitoring.overview.workingDays', { count: overview.workingDays, desks: overview.desks })} {t('desk.monitoring.definitions')}
      </p>
    </Card>
  );
}

/** The three charts: utilisation by weekday and by neighbourhood, and check-ins and no-shows by weekday. ECharts loads with this page only. */
export function OverviewCharts({ overview, isNarrow }: { overview: DeskOverview; isNarrow: boolean }) {
  const { t } = useTranslation();
  const options = useMemo(() => chartOptions(overview, t, isNarrow), [overview, t, isNarrow]);
  const areasHeight = Math.max(200, overview.byNeighbourhood.length * 44 + 56);
  const card = (chart: Chart, height: number, wide = false) => (
    <Card key={chart} size="small" title={t(`desk.monitoring.overview.charts.${chart}`)} className={wide ? 'atrium-desk-monitoring-wide' : undefined} data-testid={`desk-overview-card-${chart}`}>
      <EChart option={options[chart]} height={height} label={t(`desk.monitoring.overview.charts.${chart}`)} testId={`desk-overview-chart-${chart}`} />
    </Card>
  );
  return (
    <div className="atrium-desk-monitoring-grid">
      {card('byWeekday', 300)}
      {card('attendance', 300)}
      {card('byNeighbourhood', areasHeight, true)}
    </div>
  );
}
