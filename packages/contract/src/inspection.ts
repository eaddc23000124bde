import { z } from 'zod';
import { PageQuery, pageOf } from './paging.js';
import { RepairTargetKind } from './repair.js';

/**
 * Inspections (issue 21; spec 001 "Deskeeper: inspection (daily, weekly, management, report)"): a
 * checklist for an area (a building or floor of the location tree, or none) is walked through every
 * day, week or month by the people assigned to it, on a phone; each item passes or fails with a note,
 * a failed item can file a repair report about a desk or room at once, and each completed round is
 * kept as its report (decision 0019, "Inspections").
 */

const id = z.coerce.number().int().positive();

export const INSPECTION_NAME_MAX = 60;
export const INSPECTION_ITEM_MAX = 200;
/** Items a checklist has at most. */
export const INSPECTION_ITEMS_MAX = 40;
/** People a checklist is assigned to at most. */
export const INSPECTION_ASSIGNEES_MAX = 20;

/** How often a checklist is due: each day, each week (from Monday) or each month, on its area's clock. */
export const INSPECTION_INTERVALS = ['daily', 'weekly', 'monthly'] as const;
export const InspectionInterval = z.enum(INSPECTION_INTERVALS);
export type InspectionInterval = z.infer<typeof InspectionInterval>;

export const InspectionItem = z.object({
  /** Stable within the checklist: results name the item by it. */
  key: z.string().regex(/^[a-z0-9]{1,12}$/),
  text: z.string().trim().min(1, 'Enter the item').max(INSPECTION_ITEM_MAX),
});
export type InspectionItem = z.infer<typeof InspectionItem>;

export const InspectionChecklist = z.object({
  id: z.number().int(),
  name: z.string(),
  interval: InspectionInterval,
  /** The building or floor it covers; null: the whole company. */
  locationId: z.number().int().nullable(),
  locationName: z.string().nullable(),
  items: z.array(InspectionItem),
  assignees: z.array(z.object({ id: z.number().int(), name: z.string() })),
  isActive: z.boolean(),
  updatedAt: z.number().int(),
});
export type InspectionChecklist = z.infer<typeof InspectionChecklist>;

/** `POST /inspection/checklist/save`: without `id` a new checklist. */
export const SaveInspectionChecklistBody = z.object({
  id: id.optional(),
  name: z.string().trim().min(1, 'Enter a name').max(INSPECTION_NAME_MAX),
  interval: InspectionInterval,
  locationId: id.nullable().default(null),
  items: z
    .array(InspectionItem)
    .min(1, 'Add at least one item')
    .max(INSPECTION_ITEMS_MAX)
    .refine((items) => new Set(items.map((item) => item.key)).size === items.length, 'Each item needs its own key'),
  assigneeIds: z.array(id).max(INSPECTION_ASSIGNEES_MAX).default([]),
  isActive: z.boolean().default(true),
});
export type SaveInspectionChecklistBody = z.infer<typeof SaveInspectionChecklistBody>;

export const InspectionIdBody = z.object({ id });
export type InspectionIdBody = z.infer<typeof InspectionIdBody>;

/** A checklist's round for the period it is due in now, for the caller: done or still to do. */
export const InspectionDue = z.object({
  checklist: InspectionChecklist,
  /** The period's first day on the area's clock (YYYY-MM-DD): the day, the week's Monday, the month's first. */
  period: z.string(),
  timeZone: z.string(),
  /** The round done in this period, if any. */
  runId: z.number().int().nullable(),
});
export type InspectionDue = z.infer<typeof InspectionDue>;

/** One item's result: passed, or failed with what was found (and the repair report it filed). */
export const InspectionResult = z.object({
  key: z.string(),
  ok: z.boolean(),
  note: z.string().trim().max(INSPECTION_ITEM_MAX * 5).nullable().optional(),
});
export type InspectionResult = z.infer<typeof InspectionResult>;

/** `POST /inspection/complete`: the round of the period due now; a failed item may file a repair report about a desk or room. */
export const CompleteInspectionBody = z.object({
  checklistId: id,
  results: z
    .array(
      InspectionResult.extend({
        /** File a repair report about this desk or room for the failed item. */
        report: z.object({ kind: RepairTargetKind, targetId: id }).nullable().optional(),
      }),
    )
    .min(1)
    .max(INSPECTION_ITEMS_MAX),
});
export type CompleteInspectionBody = z.infer<typeof CompleteInspectionBody>;

/** A completed round: who, when, and each item with its result and the repair report it filed. */
export const InspectionRun = z.object({
  id: z.number().int(),
  checklistId: z.number().int(),
  checklistName: z.string(),
  period: z.string(),
  completedAt: z.number().int(),
  completedByName: z.string().nullable(),
  passed: z.number().int(),
  failed: z.number().int(),
  items: z.array(z.object({ key: z.string(), text: z.string(), ok: z.boolean(), note: z.string().nullable(), repairReportId: z.number().int().nullable() })),
});
export type InspectionRun = z.infer<typeof InspectionRun>;

export const InspectionRunQuery = PageQuery.extend({ checklistId: id.optional() });
export type InspectionRunQuery = z.infer<typeof InspectionRunQuery>;
export const InspectionRunPage = pageOf(InspectionRun);
export type InspectionRunPage = z.infer<typeof InspectionRunPage>;
