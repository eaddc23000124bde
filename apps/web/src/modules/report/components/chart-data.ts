import { toCsv, type ReportAnalysis } from '@atrium/contract';

/** A translator as react-i18next hands it out (only what the tables need). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The charts of the analysis tab, in the order they are shown. */
export const REPORT_CHARTS = ['overview', 'peakHours', 'peakWeekdays', 'channels', 'durations', 'recurring', 'heatMap'] as const;
export type ReportChart = (typeof REPORT_CHARTS)[number];

/** The numbers behind one chart: what its "download data" saves. */
export interface ChartTable {
  header: string[];
  rows: Array<Array<string | number | null>>;
}

const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
const percent = (share: number | null) => (share === null ? null : Math.round(share * 1000) / 10);

/** The table of each chart, labelled in the reader's language. */
export function chartTable(chart: ReportChart, analysis: ReportAnalysis, t: Translate): ChartTable {
  switch (chart) {
    case 'overview': {
      const o = analysis.overview;
      return {
        header: [t('report.data.figure'), t('report.data.value')],
        rows: [
          [t('report.overview.bookings'), o.bookings],
          [t('report.overview.hours'), o.hours],
          [t('report.overview.rooms'), o.rooms],
          [t('report.overview.availableHours'), o.availableHours],
          [t('report.overview.utilisation'), percent(o.utilisation)],
          [t('report.overview.checkInSettled'), o.checkInSettled],
          [t('report.overview.noShows'), o.noShows],
          [t('report.overview.noShowRate'), percent(o.noShowRate)],
        ],
      };
    }
    case 'peakHours':
      return { header: [t('report.data.hour'), t('report.data.bookings'), t('report.data.hours')], rows: analysis.peakHours.map((row) => [hourLabel(row.hour), row.bookings, row.hours]) };
    case 'peakWeekdays':
      return {
        header: [t('report.data.weekday'), t('report.data.bookings'), t('report.data.hours')],
        rows: analysis.peakWeekdays.map((row) => [t(`report.weekdays.${row.weekday}`), row.bookings, row.hours]),
      };
    case 'channels':
      return { header: [t('report.data.channel'), t('report.data.bookings')], rows: analysis.channels.map((row) => [t(`report.channels.${row.channel}`), row.bookings]) };
    case 'durations':
      return { header: [t('report.data.duration'), t('report.data.bookings')], rows: analysis.durations.map((row) => [t(`report.durations.${row.bucket}`), row.bookings]) };
    case 'recurring': {
      const r = analysis.recurring;
      return {
        header: [t('report.data.kind'), t('report.data.title'), t('report.data.room'), t('report.data.bookings'), t('report.data.hours'), t('report.data.noShows')],
        rows: [
          [t('report.recurring.recurring'), null, null, r.recurringBookings, r.recurringHours, null],
          [t('report.recurring.single'), null, null, r.singleBookings, r.singleHours, null],
          ...r.topSeries.map((series) => [t('report.recurring.series'), series.title ?? t('report.privateTitle'), series.roomName, series.bookings, series.hours, series.noShows]),
        ],
      };
    }
    case 'heatMap':
      return { header: [t('report.data.room'), ...Array.from({ length: 24 }, (_, hour) => hourLabel(hour))], rows: analysis.heatMap.map((row) => [row.roomName, ...row.hours]) };
  }
}

/** The CSV a chart's "download data" saves (formula-safe, with a byte-order mark). */
export function chartCsv(chart: ReportChart, analysis: ReportAnalysis, t: Translate): string {
  const table = chartTable(chart, analysis, t);
  return toCsv([table.header, ...table.rows]);
}

/** Hours of the day as the charts label them. */
export const HOUR_LABELS = Array.from({ length: 24 }, (_, hour) => hourLabel(hour));
