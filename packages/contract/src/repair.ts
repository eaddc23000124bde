import { z } from 'zod';
import { PageQuery, pageOf } from './paging.js';

/**
 * The repair centre (issue 21; spec 001 "Deskeeper: repair center", /deskeeper-repair): anyone reports
 * a problem with a desk, a room or an asset, with photos; the people who look after the office (the `events`
 * area) take it through its states. A report that blocks use takes its desk or room out of booking
 * until it is resolved, and moves the bookings ahead to a comparable free desk or room, or cancels
 * them, telling the people who booked; an asset goes in repair (decision 0019, "The repair centre").
 */

const id = z.coerce.number().int().positive();

/** The longest title ("Monitor flickers"). */
export const REPAIR_TITLE_MAX = 120;
/** The longest description or note. */
export const REPAIR_TEXT_MAX = 2000;
/** Photos a report keeps at most. */
export const REPAIR_PHOTOS_MAX = 6;
/** A photo's upload size at most (bytes); it is kept re-encoded within REPAIR_PHOTO_SIZE pixels a side. */
export const REPAIR_PHOTO_MAX_BYTES = 8 * 1024 * 1024;
export const REPAIR_PHOTO_SIZE = 1600;

/** Where a report stands: reported, being fixed, fixed (waiting for the reporter or a check), done with. */
export const REPAIR_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export const RepairStatus = z.enum(REPAIR_STATUSES);
export type RepairStatus = z.infer<typeof RepairStatus>;
/** The states in which a report that blocks use keeps its desk or room out of booking. */
export const REPAIR_BLOCKING_STATUSES = ['open', 'in_progress'] as const satisfies readonly RepairStatus[];

/** What a report is about: a desk or a room (bookable resources), or an asset of the inventory. */
export const REPAIR_TARGET_KINDS = ['desk', 'room', 'asset'] as const;
export const RepairTargetKind = z.enum(REPAIR_TARGET_KINDS);
export type RepairTargetKind = z.infer<typeof RepairTargetKind>;

/** A desk, room or asset a report may name: its id, kind, name (an asset's tag and model) and where it is (building / floor). */
export const RepairTarget = z.object({
  kind: RepairTargetKind,
  id: z.number().int(),
  name: z.string(),
  place: z.string(),
});
export type RepairTarget = z.infer<typeof RepairTarget>;

/** `GET /repair/targets`: desks and rooms whose number, name or place holds `keyword` (the first 20). */
export const RepairTargetQuery = z.object({ keyword: z.string().trim().max(100).optional() });
export type RepairTargetQuery = z.infer<typeof RepairTargetQuery>;

const person = z.object({ id: z.number().int(), name: z.string() }).nullable();

/** A booking the report moved (to `toName`) or cancelled (`toName` null) when it blocked use. */
export const RepairMove = z.object({
  reservationId: z.number().int(),
  startAt: z.number().int(),
  endAt: z.number().int(),
  personName: z.string().nullable(),
  fromName: z.string(),
  toName: z.string().nullable(),
  at: z.number().int(),
});
export type RepairMove = z.infer<typeof RepairMove>;

/** A step in a report's life: its new status (null: a note only) with the note and who wrote it. */
export const RepairEvent = z.object({
  at: z.number().int(),
  status: RepairStatus.nullable(),
  note: z.string().nullable(),
  byName: z.string().nullable(),
});
export type RepairEvent = z.infer<typeof RepairEvent>;

export const RepairReport = z.object({
  id: z.number().int(),
  target: RepairTarget,
  title: z.string(),
  description: z.string().nullable(),
  blocksUse: z.boolean(),
  status: RepairStatus,
  reportedBy: person,
  assignee: person,
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  resolvedAt: z.number().int().nullable(),
  photoIds: z.array(z.number().int()),
});
export type RepairReport = z.infer<typeof RepairReport>;

/** `GET /repair/report`: a report with its steps and the bookings it moved or cancelled. */
export const RepairReportDetail = RepairReport.extend({
  events: z.array(RepairEvent),
  moves: z.array(RepairMove),
});
export type RepairReportDetail = z.infer<typeof RepairReportDetail>;

/** `GET /repair/reports`: newest first; `keyword` in the title or the desk's or room's name. */
export const RepairListQuery = PageQuery.extend({
  keyword: z.string().trim().max(100).optional(),
  status: RepairStatus.optional(),
  kind: RepairTargetKind.optional(),
  /** Only reports that block use (`true`). */
  blocking: z.enum(['true', 'false']).optional(),
});
export type RepairListQuery = z.infer<typeof RepairListQuery>;

export const RepairPage = pageOf(RepairReport);
export type RepairPage = z.infer<typeof RepairPage>;

/** `POST /repair/report`: anyone reports a problem; only the `events` area's editors may say it blocks use. */
export const CreateRepairBody = z.object({
  kind: RepairTargetKind,
  targetId: id,
  title: z.string().trim().min(1, 'Enter a title').max(REPAIR_TITLE_MAX),
  description: z.string().trim().max(REPAIR_TEXT_MAX).nullable().optional(),
  blocksUse: z.boolean().default(false),
});
export type CreateRepairBody = z.infer<typeof CreateRepairBody>;

/** `POST /repair/report/status`: a new status, with a note (resolving asks for what was done). */
export const RepairStatusBody = z.object({
  id,
  status: RepairStatus,
  note: z.string().trim().max(REPAIR_TEXT_MAX).nullable().optional(),
});
export type RepairStatusBody = z.infer<typeof RepairStatusBody>;

/** `POST /repair/report/update`: who fixes it, and whether it blocks use (absent: unchanged). */
export const RepairUpdateBody = z.object({
  id,
  assigneeId: id.nullable().optional(),
  blocksUse: z.boolean().optional(),
});
export type RepairUpdateBody = z.infer<typeof RepairUpdateBody>;

export const RepairIdQuery = z.object({ id });
export type RepairIdQuery = z.infer<typeof RepairIdQuery>;
