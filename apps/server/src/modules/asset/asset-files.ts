import {
  ASSET_COLUMNS,
  ASSET_EXPORT_MAX_ROWS,
  ASSET_IMPORT_MAX_ROWS,
  formatMessage,
  isAcceptableText,
  SaveAssetBody,
  type Asset,
  type AssetColumn,
  type AssetExportQuery,
  type AssetImportReport,
  type AssetLabelsQuery,
  type Lang,
  type MessageKey,
  type MessageParamsArg,
  renderMessage,
} from '@atrium/contract';
import { AppError, notFound, refused } from '../../platform/errors.js';
import { writeXlsx, type ExportCell } from '../../platform/spreadsheet/export.js';
import { readImportSheets } from '../../platform/spreadsheet/import.js';
import type { Actor, OperationLog } from '../operation-log/operation-log.service.js';
import type { AssetCatalogueRepository } from './asset-catalogue.repository.js';
import { assetLabelUrl, renderAssetLabels } from './asset-labels.js';
import type { AssetRepository } from './asset.repository.js';
import type { AssetService } from './asset.service.js';

export interface AssetFilesDeps {
  assetService: AssetService;
  assets: AssetRepository;
  catalogue: AssetCatalogueRepository;
  operationLog: OperationLog;
  /** The console's address, for the link a label's QR code carries. */
  publicUrl: string;
}

export interface AssetFile {
  filename: string;
  contentType: string;
  data: Buffer;
}

export type AssetFiles = ReturnType<typeof createAssetFiles>;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const day = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString().slice(0, 10));

/** One asset as a row of the export (the import reads the same columns back). */
function exportRow(asset: Asset): ExportCell[] {
  const cells: Record<AssetColumn, ExportCell> = {
    tag: asset.tag,
    serial: asset.serial,
    model: asset.modelName,
    category: asset.categoryName,
    status: asset.status,
    location: asset.locationName,
    holder: asset.holder?.name ?? null,
    purchaseDate: asset.purchaseDate,
    warrantyEnd: asset.warrantyEnd,
    lastAuditAt: day(asset.lastAuditAt),
    nextAuditAt: day(asset.nextAuditAt),
    notes: asset.notes,
  };
  return ASSET_COLUMNS.map((column) => cells[column]);
}

/** A date cell as the import reads it: YYYY-MM-DD, or a spreadsheet date (read as an ISO time at midnight UTC). */
function dateCell(text: string): string | null {
  if (!text) return null;
  const match = /^(\d{4}-\d{2}-\d{2})(T00:00:00(\.000)?Z)?$/.exec(text);
  return match ? match[1]! : text;
}

/** Thrown inside a dry run's transaction to roll it back with its report. */
class DryRunDone extends Error {
  constructor(readonly report: AssetImportReport) {
    super('dry run');
  }
}

/**
 * The asset list's files (decision 0019, "Assets"): the xlsx export of a filter (typed text cells: a
 * cell starting with = + - @ stays text, never a formula), the import of the same columns (each row
 * created, or updated by its tag, or refused with its reasons; all rows in one transaction; a dry run
 * reports and rolls back), and the labels as PDF.
 */
export function createAssetFiles({ assetService, assets, catalogue, operationLog, publicUrl }: AssetFilesDeps) {
  return {
    async exportAssets(companyId: number, filters: AssetExportQuery): Promise<AssetFile> {
      const list = await assets.allAssets(companyId, await assetService.queryOf(companyId, filters), ASSET_EXPORT_MAX_ROWS + 1);
      if (list.length > ASSET_EXPORT_MAX_ROWS) throw refused('assetExportTooLarge', { max: ASSET_EXPORT_MAX_ROWS });
      return { filename: 'assets.xlsx', contentType: XLSX, data: await writeXlsx('assets', ASSET_COLUMNS, list.map(exportRow)) };
    },

    async labels(companyId: number, query: AssetLabelsQuery): Promise<AssetFile> {
      const { ids, ...filters } = query;
      const list = await assets.allAssets(companyId, await assetService.queryOf(companyId, filters, ids), ASSET_EXPORT_MAX_ROWS);
      if (ids && list.length !== ids.length) throw notFound('assetNotFound');
      if (list.length === 0) throw refused('assetLabelsNone');
      const data = await renderAssetLabels(list.map((asset) => ({ asset, url: assetLabelUrl(publicUrl, asset.id) })));
      return { filename: 'asset-labels.pdf', contentType: 'application/pdf', data };
    },

    async importAssets(actor: Actor, data: Buffer, dryRun: boolean, lang: Lang): Promise<AssetImportReport> {
      const sheets = await readImportSheets(data, ASSET_IMPORT_MAX_ROWS);
      const say = <K extends MessageKey>(key: K, ...params: MessageParamsArg<K>) => formatMessage(key, lang, ...params);
      const [models, locations] = await Promise.all([catalogue.listModels(actor.companyId), assets.locations(actor.companyId)]);
      const byName = <T extends { name: string }>(list: T[], name: string) => list.find((item) => item.name.toLowerCase() === name.toLowerCase());

      const run = () =>
        assetService.transact(async (repo, catalogueRepo) => {
          const report: AssetImportReport = { dryRun, created: [], updated: [], refused: [] };
          const seen = new Set<string>();
          for (const sheet of sheets) {
            const [header, ...rows] = sheet.rows;
            if (!header || rows.length === 0) continue;
            const index = new Map<AssetColumn, number>();
            header.cells.forEach((cell, position) => {
              const column = ASSET_COLUMNS.find((name) => name.toLowerCase() === cell.toLowerCase());
              if (column && !index.has(column)) index.set(column, position);
            });
            const missing = (['tag', 'model'] as const).filter((column) => !index.has(column));
            if (missing.length) throw refused('importMissingColumns', { sheet: sheet.name, columns: missing.join(', ') });
            for (const { number: row, cells } of rows) {
              const cell = (column: AssetColumn) => {
                const position = index.get(column);
                return position === undefined ? '' : (cells[position] ?? '');
              };
              const tag = cell('tag') || null;
              const refuse = (reasons: string[]) => report.refused.push({ sheet: sheet.name, row, tag, reasons });
              const unacceptable = ASSET_COLUMNS.filter((column) => index.has(column) && !isAcceptableText(cell(column)));
              if (unacceptable.length) {
                refuse(unacceptable.map((field) => say('textNotAllowed', { field })));
                continue;
              }
              const reasons: string[] = [];
              const model = cell('model') ? byName(models, cell('model')) : undefined;
              if (cell('model') && !model) reasons.push(say('assetImportUnknownModel', { name: cell('model') }));
              const location = cell('location') ? byName(locations, cell('location')) : undefined;
              if (cell('location') && !location) reasons.push(say('importUnknownLocation', { name: cell('location') }));
              const previous = tag ? await repo.findByTag(actor.companyId, tag) : undefined;
              // A column left out keeps what an existing asset has; a blank cell clears it.
              const given = (column: AssetColumn) => index.has(column) || !previous;
              const status = cell('status').toLowerCase();
              const keepsDeployed = previous?.status === 'deployed' && (status === '' || status === 'deployed');
              const nextAudit = dateCell(cell('nextAuditAt'));
              const parsed = SaveAssetBody.safeParse({
                tag: cell('tag'),
                serial: given('serial') ? cell('serial') || null : previous!.serial,
                modelId: model?.id ?? 0,
                ...(status && !keepsDeployed ? { status } : {}),
                locationId: given('location') ? (location?.id ?? null) : previous!.locationId,
                purchaseDate: given('purchaseDate') ? dateCell(cell('purchaseDate')) : previous!.purchaseDate,
                warrantyEnd: given('warrantyEnd') ? dateCell(cell('warrantyEnd')) : previous!.warrantyEnd,
                nextAuditAt: given('nextAuditAt') ? (nextAudit && /^\d{4}-\d{2}-\d{2}$/.test(nextAudit) ? Date.parse(`${nextAudit}T00:00:00Z`) : nextAudit) : previous!.nextAuditAt,
                notes: given('notes') ? cell('notes') || null : previous!.notes,
              });
              if (!parsed.success) {
                const fields = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? '')))].filter((field) => field !== 'modelId' || !cell('model') || model);
                reasons.push(...fields.map((field) => say('importInvalidField', { field: field === 'modelId' ? 'model' : field })));
              }
              if (tag) {
                const key = tag.toLowerCase();
                if (seen.has(key)) reasons.push(say('importDuplicateInFile', { value: tag }));
                seen.add(key);
              }
              if (reasons.length || !parsed.success) {
                refuse(reasons);
                continue;
              }
              const body = parsed.data;
              try {
                await assetService.write(
                  repo,
                  catalogueRepo,
                  actor.companyId,
                  { tag: body.tag, serial: body.serial, modelId: body.modelId, locationId: body.locationId, purchaseDate: body.purchaseDate, warrantyEnd: body.warrantyEnd, nextAuditAt: body.nextAuditAt, notes: body.notes },
                  previous,
                  body.status,
                );
                (previous ? report.updated : report.created).push({ sheet: sheet.name, row, tag: body.tag });
              } catch (error) {
                if (!(error instanceof AppError)) throw error;
                refuse([renderMessage(error.messageKey, lang, error.params)]);
              }
            }
          }
          if (dryRun) throw new DryRunDone(report);
          return report;
        });

      if (dryRun) {
        try {
          await run();
        } catch (error) {
          if (error instanceof DryRunDone) return error.report;
          throw error;
        }
      }
      let counts = { created: 0, updated: 0, refused: 0 };
      const report = await operationLog.track(
        actor,
        () => ({ action: 'asset.import', targetType: 'asset', targetId: null, targetName: null, detail: counts }),
        async () => {
          const done = await run();
          counts = { created: done.created.length, updated: done.updated.length, refused: done.refused.length };
          return done;
        },
      );
      return report;
    },
  };
}
