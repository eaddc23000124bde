import { z } from 'zod';
import { PageQuery, pageOf } from './paging.js';

/**
 * Fixed assets and the equipment catalogue (issue 21; /deskeeper-assets, /deskeeper-equipment;
 * decision 0019 "Assets"): categories as a tree, models (a manufacturer's product in a category),
 * and assets, each one physical thing with an asset tag unique in the company, a serial number
 * unique per model, a status, a location, at most one holder (a person, a desk or a room) and
 * the history of its holders, as Snipe-IT's users know them.
 */

const id = z.coerce.number().int().positive();
const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD');

/** The longest category or model name. */
export const ASSET_NAME_MAX = 80;
/** The longest asset tag ("LDN-000123"). */
export const ASSET_TAG_MAX = 40;
/** The longest serial number, manufacturer or model number. */
export const ASSET_SERIAL_MAX = 80;
/** The longest note on an asset. */
export const ASSET_NOTES_MAX = 1000;
/** Assets deleted or printed as labels in one call at most. */
export const ASSETS_PER_CALL_MAX = 200;
/** Rows one export writes at most; rows one import reads at most. */
export const ASSET_EXPORT_MAX_ROWS = 10_000;
export const ASSET_IMPORT_MAX_ROWS = 2000;
/** Largest import file, in bytes. */
export const ASSET_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** When an audit names no next date, the next one is due this many days later. */
export const ASSET_AUDIT_INTERVAL_DAYS = 365;

/**
 * Where an asset stands: in stock and ready to hand out, deployed to a holder, in repair (the
 * repair centre sets it and takes it back), or retired for good. `deployed` exactly when it has a holder.
 */
export const ASSET_STATUSES = ['ready', 'deployed', 'in_repair', 'retired'] as const;
export const AssetStatus = z.enum(ASSET_STATUSES);
export type AssetStatus = z.infer<typeof AssetStatus>;
/** The statuses an edit or an import may set; `deployed` comes only with a check-out. */
export const ASSET_SETTABLE_STATUSES = ['ready', 'in_repair', 'retired'] as const;

/** Who or what holds a deployed asset. */
export const ASSET_TARGET_KINDS = ['user', 'desk', 'room'] as const;
export const AssetTargetKind = z.enum(ASSET_TARGET_KINDS);
export type AssetTargetKind = z.infer<typeof AssetTargetKind>;

const name = z.string().trim().min(1, 'Enter a name').max(ASSET_NAME_MAX);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .default(null)
    .transform((value) => (value === '' ? null : value));

// ---- The catalogue (/deskeeper-equipment) ----

/** A category as the tree lists it: depth-first by name, each with its depth (0 at the top) and what uses it. */
export const AssetCategory = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  depth: z.number().int(),
  modelCount: z.number().int(),
  childCount: z.number().int(),
});
export type AssetCategory = z.infer<typeof AssetCategory>;
export const AssetCategories = z.array(AssetCategory);

/** `POST /asset/category/add`: a category under `parentId` (null: at the top); its name unique among its siblings regardless of case. */
export const AddAssetCategoryBody = z.object({ parentId: id.nullable().default(null), name });
export type AddAssetCategoryBody = z.infer<typeof AddAssetCategoryBody>;
export const RenameAssetCategoryBody = z.object({ id, name });
export type RenameAssetCategoryBody = z.infer<typeof RenameAssetCategoryBody>;
/** `POST /asset/category/move`: under another category (never one of its own descendants) or to the top (null). */
export const MoveAssetCategoryBody = z.object({ id, parentId: id.nullable() });
export type MoveAssetCategoryBody = z.infer<typeof MoveAssetCategoryBody>;
export const AssetIdBody = z.object({ id });
export type AssetIdBody = z.infer<typeof AssetIdBody>;

/** A model: a manufacturer's product in a category, which assets are copies of. */
export const AssetModel = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  name: z.string(),
  manufacturer: z.string().nullable(),
  modelNumber: z.string().nullable(),
  assetCount: z.number().int(),
});
export type AssetModel = z.infer<typeof AssetModel>;
export const AssetModels = z.array(AssetModel);

/** `POST /asset/model/save`: a new model (no `id`) or a change; its name unique in the company regardless of case. */
export const SaveAssetModelBody = z.object({
  id: id.optional(),
  categoryId: id,
  name,
  manufacturer: optionalText(ASSET_SERIAL_MAX),
  modelNumber: optionalText(ASSET_SERIAL_MAX),
});
export type SaveAssetModelBody = z.infer<typeof SaveAssetModelBody>;

/** A node of the location tree as the asset pages' location picker shows it. */
export const AssetLocation = z.object({ id: z.number().int(), parentId: z.number().int().nullable(), name: z.string(), level: z.number().int() });
export type AssetLocation = z.infer<typeof AssetLocation>;

/** `GET /asset/options`: the catalogue and the location tree as the asset pages' filters and form read them. */
export const AssetOptions = z.object({ categories: AssetCategories, models: AssetModels, locations: z.array(AssetLocation) });
export type AssetOptions = z.infer<typeof AssetOptions>;

// ---- Assets (/deskeeper-assets) ----

/** The holder of a deployed asset. */
export const AssetHolder = z.object({ kind: AssetTargetKind, id: z.number().int(), name: z.string() });
export type AssetHolder = z.infer<typeof AssetHolder>;

export const Asset = z.object({
  id: z.number().int(),
  tag: z.string(),
  serial: z.string().nullable(),
  modelId: z.number().int(),
  modelName: z.string(),
  manufacturer: z.string().nullable(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  status: AssetStatus,
  locationId: z.number().int().nullable(),
  locationName: z.string().nullable(),
  /** Null unless deployed. */
  holder: AssetHolder.nullable(),
  purchaseDate: localDate.nullable(),
  warrantyEnd: localDate.nullable(),
  lastAuditAt: z.number().int().nullable(),
  nextAuditAt: z.number().int().nullable(),
  notes: z.string().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Asset = z.infer<typeof Asset>;

/** The list's filters, shared by the list, the export and the labels of a filter. */
export const AssetFilters = z.object({
  /** Part of the tag, the serial number, the model's name or the holder's name. */
  keyword: z.string().trim().max(100).default(''),
  status: AssetStatus.optional(),
  /** The category or any category under it. */
  categoryId: id.optional(),
  /** The location node or any node under it. */
  locationId: id.optional(),
});
export type AssetFilters = z.infer<typeof AssetFilters>;

/** `GET /asset/list`: a page of assets by tag. */
export const AssetListQuery = PageQuery.extend(AssetFilters.shape);
export type AssetListQuery = z.infer<typeof AssetListQuery>;
export const AssetPage = pageOf(Asset);

export const AssetIdQuery = z.object({ id });
export type AssetIdQuery = z.infer<typeof AssetIdQuery>;

/**
 * `POST /asset/save`: a new asset (no `id`) or a change. `status` may be ready, in repair or
 * retired (absent: ready for a new asset, unchanged for one); a deployed asset keeps `deployed` until it is checked in.
 */
export const SaveAssetBody = z.object({
  id: id.optional(),
  tag: z.string().trim().min(1, 'Enter the asset tag').max(ASSET_TAG_MAX),
  serial: optionalText(ASSET_SERIAL_MAX),
  modelId: id,
  status: z.enum(ASSET_SETTABLE_STATUSES).optional(),
  locationId: id.nullable().default(null),
  purchaseDate: localDate.nullable().default(null),
  warrantyEnd: localDate.nullable().default(null),
  nextAuditAt: z.number().int().positive().nullable().default(null),
  notes: optionalText(ASSET_NOTES_MAX),
});
export type SaveAssetBody = z.infer<typeof SaveAssetBody>;

export const DeleteAssetsBody = z.object({ ids: z.array(id).min(1).max(ASSETS_PER_CALL_MAX) });
export type DeleteAssetsBody = z.infer<typeof DeleteAssetsBody>;

/** `POST /asset/checkout`: a ready asset handed to a colleague, a desk or a room. */
export const CheckoutAssetBody = z.object({ id, targetKind: AssetTargetKind, targetId: id });
export type CheckoutAssetBody = z.infer<typeof CheckoutAssetBody>;

/** `POST /asset/audit`: the asset seen where it should be now; the next audit on `nextAuditAt` (absent: a year on). */
export const AuditAssetBody = z.object({ id, nextAuditAt: z.number().int().positive().nullable().optional() });
export type AuditAssetBody = z.infer<typeof AuditAssetBody>;

/** One holder of an asset, from its check-out to its check-in (null while it holds it). */
export const AssetAssignment = z.object({
  id: z.number().int(),
  targetKind: AssetTargetKind,
  targetId: z.number().int(),
  targetName: z.string().nullable(),
  assignedAt: z.number().int(),
  returnedAt: z.number().int().nullable(),
  assignedByName: z.string().nullable(),
});
export type AssetAssignment = z.infer<typeof AssetAssignment>;
export const AssetAssignments = z.array(AssetAssignment);

/** `GET /asset/targets`: who or what an asset may be checked out to, matching `keyword` (at most 20). */
export const AssetTargetsQuery = z.object({ kind: AssetTargetKind, keyword: z.string().trim().max(100).default('') });
export type AssetTargetsQuery = z.infer<typeof AssetTargetsQuery>;
export const AssetTarget = z.object({ id: z.number().int(), name: z.string(), detail: z.string().nullable() });
export type AssetTarget = z.infer<typeof AssetTarget>;
export const AssetTargets = z.array(AssetTarget);

// ---- Import, export, labels ----

/** The export's columns, also the headers the import reads (case-insensitive); `tag` and `model` are required. */
export const ASSET_COLUMNS = ['tag', 'serial', 'model', 'category', 'status', 'location', 'holder', 'purchaseDate', 'warrantyEnd', 'lastAuditAt', 'nextAuditAt', 'notes'] as const;
export type AssetColumn = (typeof ASSET_COLUMNS)[number];
/** The columns an import reads; the others are the export's, for reading only. */
export const ASSET_IMPORT_COLUMNS = ['tag', 'serial', 'model', 'status', 'location', 'purchaseDate', 'warrantyEnd', 'nextAuditAt', 'notes'] as const satisfies readonly AssetColumn[];

/** `GET /asset/export`: the list's filters. */
export const AssetExportQuery = AssetFilters;
export type AssetExportQuery = z.infer<typeof AssetExportQuery>;

/** `POST /asset/import?dryRun=true`: reports what the file would do, writing nothing. */
export const AssetImportQuery = z.object({ dryRun: z.enum(['true', 'false']).default('false').transform((value) => value === 'true') });
export type AssetImportQuery = z.infer<typeof AssetImportQuery>;

/** What became of an import: each row created, updated (by its tag) or refused with its reasons. */
export const AssetImportReport = z.object({
  dryRun: z.boolean(),
  created: z.array(z.object({ sheet: z.string(), row: z.number().int().describe('Row number in the sheet, from 1 (the header)'), tag: z.string() })),
  updated: z.array(z.object({ sheet: z.string(), row: z.number().int(), tag: z.string() })),
  refused: z.array(z.object({ sheet: z.string(), row: z.number().int(), tag: z.string().nullable(), reasons: z.array(z.string()) })),
});
export type AssetImportReport = z.infer<typeof AssetImportReport>;

/** `GET /asset/labels`: labels of the assets named (`ids`, comma-separated) or, without ids, of the list's filter. */
export const AssetLabelsQuery = AssetFilters.extend({
  ids: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'Asset ids separated by commas')
    .transform((value) => [...new Set(value.split(',').map(Number))])
    .refine((ids) => ids.length <= ASSETS_PER_CALL_MAX, `At most ${ASSETS_PER_CALL_MAX} assets`)
    .optional(),
});
export type AssetLabelsQuery = z.infer<typeof AssetLabelsQuery>;

/** The console's link an asset's label carries (its QR code), opening the asset on /deskeeper-assets. */
export const assetConsolePath = (assetId: number) => `/deskeeper-assets?asset=${assetId}`;
