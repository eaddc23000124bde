import { localDateTime, toZoned, VISIT_EXPORT_HEADERS, VISIT_EXPORT_LABELS, VISIT_EXPORT_MAX_ROWS, type Lang, type Visit, type VisitExportQuery } from '@atrium/contract';
import { MINUTE_MS, type Clock } from '../../platform/clock.js';
import { refused } from '../../platform/errors.js';
import { writeCsv, writeXlsx, type ExportCell } from '../../platform/spreadsheet/export.js';
import type { Actor } from '../operation-log/operation-log.service.js';
import type { VisitorRepository } from './visitor.repository.js';
import { receptionScope } from './visitor.service.js';

export interface VisitorExportDeps {
  visitors: Pick<VisitorRepository, 'exportList' | 'receptionPlaces'>;
  clock: Clock;
}

export type VisitorExport = ReturnType<typeof createVisitorExport>;

export interface ExportFile {
  filename: string;
  contentType: string;
  data: Buffer;
}

/** One visit as a row of the export, times on its place's clock (UTC for a visit without one). */
function exportRow(visit: Omit<Visit, 'companions'>, lang: Lang): ExportCell[] {
  const labels = VISIT_EXPORT_LABELS[lang];
  const zone = visit.location?.timeZone ?? null;
  const at = (ms: number | null) => (ms === null ? null : localDateTime(ms, zone));
  const stay = visit.checkedInAt !== null && visit.checkedOutAt !== null ? Math.round((visit.checkedOutAt - visit.checkedInAt) / MINUTE_MS) : null;
  return [
    visit.visitorName,
    visit.visitorCompany,
    visit.phone,
    visit.email,
    labels.type[visit.type],
    visit.reason,
    visit.host?.name ?? null,
    visit.location?.name ?? null,
    zone ?? 'UTC',
    at(visit.visitAt),
    at(visit.expectedEndAt),
    at(visit.checkedInAt),
    at(visit.checkedOutAt),
    stay,
    labels.status[visit.status],
    labels.method[visit.method],
  ];
}

/**
 * The visit records' export (decision 0018, "Analytics and export"): the visits the caller may read
 * (as `/visitor/list`: reception and administrators the company's, everyone else those they host or
 * invited) matching the list's filters, at most VISIT_EXPORT_MAX_ROWS, written by the platform's
 * spreadsheet writers (formula-safe CSV with a byte-order mark, typed xlsx text).
 */
export function createVisitorExport({ visitors, clock }: VisitorExportDeps) {
  return {
    async exportVisits(actor: Actor, query: VisitExportQuery, lang: Lang): Promise<ExportFile> {
      const { format, timeZone, ...filters } = query;
      const visits = await visitors.exportList(await receptionScope(visitors, actor, 'visitorDisplay:view'), filters, clock.now(), VISIT_EXPORT_MAX_ROWS + 1);
      if (visits.length > VISIT_EXPORT_MAX_ROWS) throw refused('visitExportTooLarge', { max: VISIT_EXPORT_MAX_ROWS });
      const rows = visits.map((visit) => exportRow(visit, lang));
      // The file's dates: the filter's days in the viewer's zone, else those of the first and last visit written.
      const day = (ms: number) => toZoned(ms, timeZone ?? 'UTC').date;
      const first = filters.from ?? visits.at(-1)?.visitAt;
      const last = filters.to !== undefined ? filters.to - 1 : visits[0]?.visitAt;
      const name = first !== undefined && last !== undefined ? `visits-${day(first)}-${day(last)}` : 'visits';
      const header = VISIT_EXPORT_HEADERS[lang];
      return format === 'csv'
        ? { filename: `${name}.csv`, contentType: 'text/csv; charset=utf-8', data: writeCsv(header, rows) }
        : { filename: `${name}.xlsx`, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', data: await writeXlsx('visits', header, rows) };
    },
  };
}
