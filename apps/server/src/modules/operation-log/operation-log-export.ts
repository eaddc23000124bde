import { OPERATION_LOG_EXPORT_HEADERS, OPERATION_LOG_EXPORT_MAX_ROWS, type Lang, type OperationLogEntry, type OperationLogExportQuery } from '@atrium/contract';
import { refused } from '../../platform/errors.js';
import { writeCsv, writeXlsx, type ExportCell } from '../../platform/spreadsheet/export.js';
import type { OperationLogRepository } from './operation-log.repository.js';

export type OperationLogExport = ReturnType<typeof createOperationLogExport>;

export interface OperationLogFile {
  filename: string;
  contentType: string;
  data: Buffer;
}

const RESULT_WORDS: Record<Lang, Record<OperationLogEntry['result'], string>> = {
  'en-US': { success: 'Success', failure: 'Failure' },
  'zh-CN': { success: '成功', failure: '失败' },
};

/** `2026-11-30 15:52:44`: UTC, as the header says, so the file reads the same wherever it is opened. */
const utcTime = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

function exportRow(entry: OperationLogEntry, lang: Lang): ExportCell[] {
  return [
    utcTime(entry.at),
    entry.actorName,
    entry.action,
    entry.targetType,
    entry.targetId,
    entry.targetName,
    RESULT_WORDS[lang][entry.result],
    entry.ip,
    entry.detail ? JSON.stringify(entry.detail) : null,
  ];
}

/**
 * The operation log's export (decision 0021, "Front-end log"): the entries matching the list's filters,
 * newest first, at most OPERATION_LOG_EXPORT_MAX_ROWS (more is refused, asking for narrower filters),
 * written by the platform's formula-safe spreadsheet writers. Actions are written as their catalogue
 * names (`role.create`), which the console's labels translate; the detail as its stored JSON.
 */
export function createOperationLogExport({ repository }: { repository: Pick<OperationLogRepository, 'listForExport'> }) {
  return {
    async exportEntries(companyId: number, query: OperationLogExportQuery, lang: Lang): Promise<OperationLogFile> {
      const { format, ...filters } = query;
      const entries = await repository.listForExport(companyId, filters, OPERATION_LOG_EXPORT_MAX_ROWS + 1);
      if (entries.length > OPERATION_LOG_EXPORT_MAX_ROWS) throw refused('operationLogExportTooLarge', { max: OPERATION_LOG_EXPORT_MAX_ROWS });
      const rows = entries.map((entry) => exportRow(entry, lang));
      const header = OPERATION_LOG_EXPORT_HEADERS[lang];
      return format === 'csv'
        ? { filename: 'operation-log.csv', contentType: 'text/csv; charset=utf-8', data: writeCsv(header, rows) }
        : { filename: 'operation-log.xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', data: await writeXlsx('operation-log', header, rows) };
    },
  };
}
