import { z } from 'zod';

/**
 * Desks (issue 21; spec 001 "Deskeeper", /deskeeper-configuration, /deskeeper-station-setting): desks
 * on the location tree's floors, each a bookable resource with a number unique on its floor, its
 * equipment and a mode, grouped into neighbourhoods (a named, coloured part of a floor, free for all
 * or kept for a department), and placed on the floor's map (decision 0019).
 */

const id = z.coerce.number().int().positive();

/** The longest desk number ("3F-A-012"). */
export const DESK_NUMBER_MAX = 20;
/** The longest neighbourhood name. */
export const NEIGHBOURHOOD_NAME_MAX = 40;
/** Desks saved or deleted in one call at most. */
export const DESKS_PER_CALL_MAX = 200;

/**
 * How a desk is used: booked ahead (`bookable`), taken by whoever comes first and checks in on
 * arrival (`drop_in`), kept for a person or a department (`assigned`; bookable by others on the
 * owner's away days), or out of use (`unavailable`).
 */
export const DESK_MODES = ['bookable', 'drop_in', 'assigned', 'unavailable'] as const;
export const DeskMode = z.enum(DESK_MODES);
export type DeskMode = z.infer<typeof DeskMode>;

/** What a desk may have, as the booking filters and the map's legend name it. */
export const DESK_EQUIPMENT = ['monitor', 'dualMonitor', 'dockingStation', 'standingDesk', 'webcam', 'phone', 'accessible', 'window'] as const;
export const DeskEquipment = z.enum(DESK_EQUIPMENT);
export type DeskEquipment = z.infer<typeof DeskEquipment>;

/** A colour as `#rrggbb`. */
export const NeighbourhoodColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour as #rrggbb')
  .transform((color) => color.toLowerCase());

/** Where a desk sits on its floor's map, in the map's units (its top-left corner, size, and clockwise turn in degrees). */
export const DeskPosition = z.object({
  x: z.number().finite().min(0).max(100_000),
  y: z.number().finite().min(0).max(100_000),
  width: z.number().finite().positive().max(10_000),
  height: z.number().finite().positive().max(10_000),
  rotation: z.number().finite().min(-360).max(360).default(0),
});
export type DeskPosition = z.infer<typeof DeskPosition>;

export const Desk = z.object({
  id: z.number().int(),
  floorId: z.number().int(),
  number: z.string(),
  mode: DeskMode,
  equipment: z.array(DeskEquipment),
  neighbourhoodId: z.number().int().nullable(),
  assignedUserId: z.number().int().nullable(),
  assignedUserName: z.string().nullable(),
  assignedDepartmentId: z.number().int().nullable(),
  assignedDepartmentName: z.string().nullable(),
  /** Null until placed on the floor's map. */
  position: DeskPosition.nullable(),
  updatedAt: z.number().int(),
});
export type Desk = z.infer<typeof Desk>;
export const Desks = z.array(Desk);

export const Neighbourhood = z.object({
  id: z.number().int(),
  floorId: z.number().int(),
  name: z.string(),
  color: z.string(),
  /** Kept for this department; null: free for all. */
  departmentId: z.number().int().nullable(),
  departmentName: z.string().nullable(),
  deskCount: z.number().int(),
});
export type Neighbourhood = z.infer<typeof Neighbourhood>;

/** A floor as the desk pages list it: where it is, its zone, and how many desks and neighbourhoods it has. */
export const DeskFloor = z.object({
  floorId: z.number().int(),
  floorName: z.string(),
  buildingId: z.number().int().nullable(),
  buildingName: z.string().nullable(),
  timeZone: z.string().nullable(),
  deskCount: z.number().int(),
  neighbourhoods: z.array(Neighbourhood),
});
export type DeskFloor = z.infer<typeof DeskFloor>;
export const DeskFloors = z.array(DeskFloor);

/** `GET /desk/owners`: who an assigned desk may belong to, matching `keyword` (at most 20 of each). */
export const DeskOwnersQuery = z.object({ keyword: z.string().trim().max(100).default('') });
export type DeskOwnersQuery = z.infer<typeof DeskOwnersQuery>;
export const DeskOwners = z.object({
  people: z.array(z.object({ id: z.number().int(), fullName: z.string(), email: z.string().nullable() })),
  departments: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type DeskOwners = z.infer<typeof DeskOwners>;

/** `GET /desk/list`: the desks of one floor, by number. */
export const DeskListQuery = z.object({ floorId: id });
export type DeskListQuery = z.infer<typeof DeskListQuery>;

/**
 * `POST /desk/save`: a new desk (no `id`) or a change to one. An assigned desk names exactly one owner
 * (a colleague or a department); another mode names none.
 */
export const SaveDeskBody = z
  .object({
    id: id.optional(),
    floorId: id,
    number: z.string().trim().min(1, 'Enter the desk number').max(DESK_NUMBER_MAX),
    mode: DeskMode,
    equipment: z.array(DeskEquipment).max(DESK_EQUIPMENT.length).default([]),
    neighbourhoodId: id.nullable().default(null),
    assignedUserId: id.nullable().default(null),
    assignedDepartmentId: id.nullable().default(null),
    /** Absent: the position stays as it is; null: taken off the map. */
    position: DeskPosition.nullable().optional(),
  })
  .superRefine((body, ctx) => {
    const owners = Number(body.assignedUserId !== null) + Number(body.assignedDepartmentId !== null);
    if (body.mode === 'assigned' && owners !== 1) ctx.addIssue({ code: 'custom', path: ['assignedUserId'], message: 'An assigned desk has one owner: a colleague or a department' });
    if (body.mode !== 'assigned' && owners !== 0) ctx.addIssue({ code: 'custom', path: ['mode'], message: 'Only an assigned desk has an owner' });
  });
export type SaveDeskBody = z.infer<typeof SaveDeskBody>;

/** `POST /desk/place`: several desks moved on the map at once (a drag of a selection). */
export const PlaceDesksBody = z.object({
  places: z
    .array(z.object({ id, position: DeskPosition.nullable() }))
    .min(1)
    .max(DESKS_PER_CALL_MAX),
});
export type PlaceDesksBody = z.infer<typeof PlaceDesksBody>;

/** `POST /desk/delete`: desks taken out of use for good (their bookings stay as history). */
export const DeleteDesksBody = z.object({ ids: z.array(id).min(1).max(DESKS_PER_CALL_MAX) });
export type DeleteDesksBody = z.infer<typeof DeleteDesksBody>;

/** `POST /desk/neighbourhood/save`: a new neighbourhood (no `id`) or a change to one. */
export const SaveNeighbourhoodBody = z.object({
  id: id.optional(),
  floorId: id,
  name: z.string().trim().min(1, 'Enter a name').max(NEIGHBOURHOOD_NAME_MAX),
  color: NeighbourhoodColor,
  departmentId: id.nullable().default(null),
});
export type SaveNeighbourhoodBody = z.infer<typeof SaveNeighbourhoodBody>;

export const DeleteNeighbourhoodBody = z.object({ id });
export type DeleteNeighbourhoodBody = z.infer<typeof DeleteNeighbourhoodBody>;
