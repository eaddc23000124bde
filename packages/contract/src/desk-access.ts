import { z } from 'zod';

/**
 * Who may use desk booking, and the days it is closed (issue 21; decision 0019, "Desk access and
 * closures"): a switch per department (`PUT /tenant/group/user/deskeeper-service`), holiday and closure
 * days of the company or one building (`/desk/closures`), and the owner's message of an assigned desk
 * (`POST /person/message/trigger/bind-station-message`). The page is /deskeeper-station-strategy.
 */

const id = z.coerce.number().int().positive();
const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD');

/** Departments switched at once at most. */
export const DESK_ACCESS_DEPARTMENTS_MAX = 500;
/** A closure's name (its reason), as people affected read it. */
export const DESK_CLOSURE_NAME_MAX = 60;
/** A closure's days at most (first to last, both included). */
export const DESK_CLOSURE_DAYS_MAX = 366;

/** A department as the Departments tab lists it: its place in the tree and its switch. */
export const DeskAccessDepartment = z.object({
  id: z.number().int(),
  name: z.string(),
  parentId: z.number().int().nullable(),
  /** Its path from the top, `Company / Product / Design`, for search and reading. */
  path: z.string(),
  memberCount: z.number().int().nonnegative(),
  /** Whether its members may book desks. */
  deskBookingEnabled: z.boolean(),
});
export type DeskAccessDepartment = z.infer<typeof DeskAccessDepartment>;
export const DeskAccessDepartments = z.array(DeskAccessDepartment);

/** `PUT /tenant/group/user/deskeeper-service`: desk booking on or off for departments. */
export const DeskServiceBody = z.object({
  departmentIds: z.array(id).min(1).max(DESK_ACCESS_DEPARTMENTS_MAX),
  enabled: z.boolean(),
});
export type DeskServiceBody = z.infer<typeof DeskServiceBody>;
export const DeskServiceResult = z.object({ updated: z.number().int().nonnegative() });
export type DeskServiceResult = z.infer<typeof DeskServiceResult>;

/** A closure: the whole company (`buildingId` null) or one building, its first and last day on the building's clock. */
export const DeskClosure = z.object({
  id: z.number().int(),
  buildingId: z.number().int().nullable(),
  buildingName: z.string().nullable(),
  firstDate: localDate,
  lastDate: localDate,
  name: z.string(),
  createdAt: z.number().int(),
});
export type DeskClosure = z.infer<typeof DeskClosure>;
export const DeskClosures = z.array(DeskClosure);

export const DeskClosureListQuery = z.object({
  /** Also those whose last day has passed (default: only those ending today or later). */
  past: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
export type DeskClosureListQuery = z.infer<typeof DeskClosureListQuery>;

const closureFields = {
  buildingId: id.nullable(),
  firstDate: localDate,
  lastDate: localDate,
  name: z.string().trim().min(1).max(DESK_CLOSURE_NAME_MAX),
};
const inOrder = (body: { firstDate: string; lastDate: string }) => body.firstDate <= body.lastDate;
const orderIssue = { message: 'The last day is before the first', path: ['lastDate'] };

/** `POST /desk/closures`. */
export const CreateDeskClosureBody = z.object(closureFields).refine(inOrder, orderIssue);
export type CreateDeskClosureBody = z.infer<typeof CreateDeskClosureBody>;
/** `PUT /desk/closures`. */
export const UpdateDeskClosureBody = z.object({ id, ...closureFields }).refine(inOrder, orderIssue);
export type UpdateDeskClosureBody = z.infer<typeof UpdateDeskClosureBody>;
export const DeskClosureIdBody = z.object({ id });
export type DeskClosureIdBody = z.infer<typeof DeskClosureIdBody>;

/** A closure saved, and how many desk bookings in its days were cancelled (their people told). */
export const DeskClosureSaved = z.object({ closure: DeskClosure, cancelled: z.number().int().nonnegative() });
export type DeskClosureSaved = z.infer<typeof DeskClosureSaved>;

/** `GET /desk/booking/access`: whether the caller may book desks, and the closures of the floor's building ahead. */
export const DeskBookingAccessQuery = z.object({ floorId: id.optional() });
export type DeskBookingAccessQuery = z.infer<typeof DeskBookingAccessQuery>;
export const DeskBookingAccess = z.object({
  /** False: desk booking is off for the caller's department. */
  canBook: z.boolean(),
  /** The closures of the floor's building and of the whole company that end today or later. */
  closures: z.array(DeskClosure.pick({ id: true, firstDate: true, lastDate: true, name: true })),
});
export type DeskBookingAccess = z.infer<typeof DeskBookingAccess>;

/** `POST /person/message/trigger/bind-station-message`: tells assigned desks' owners the desk is theirs. */
export const BindStationMessageBody = z.object({ deskIds: z.array(id).min(1).max(200) });
export type BindStationMessageBody = z.infer<typeof BindStationMessageBody>;
export const BindStationMessageResult = z.object({ told: z.number().int().nonnegative() });
export type BindStationMessageResult = z.infer<typeof BindStationMessageResult>;
