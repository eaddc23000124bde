import { z } from 'zod';
import { TEXT_MAX } from './limits.js';
import { PageQuery, pageOf } from './paging.js';
import { Gender } from './session.js';

/** Departments (groups), their members, statistics and the colour palette (spec 000 sections 3, 4, 5, 7). */

const id = z.coerce.number().int().positive();
const optionalText = z.string().trim().max(TEXT_MAX);

/** A colour as the colour input accepts it: `#RGB` or `#RRGGBB` (spec 000 section 5). */
export const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** Alpha in percent, 0 to 100; anything that is not a number becomes 100 (spec 000 section 5). */
export const ColorAlpha = z.preprocess((value) => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? n : 100;
}, z.number().int().min(0).max(100));

/**
 * The stored form of a swatch: upper-case `#RRGGBB`, with a two-digit alpha suffix (`#RRGGBBAA`)
 * when the alpha is below 100, so one colour has one spelling and duplicates can be found.
 */
export function normalizeSwatchColor(color: string, alpha = 100): string {
  const hex = color.trim().replace(/^#/, '').toUpperCase();
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  if (alpha >= 100) return `#${full}`;
  const byte = Math.round((Math.max(0, alpha) * 255) / 100);
  return `#${full}${byte.toString(16).toUpperCase().padStart(2, '0')}`;
}

/** The alpha percent of a stored colour (100 without a suffix). */
export function alphaOfSwatch(color: string): number {
  const match = /^#[0-9A-Fa-f]{6}([0-9A-Fa-f]{2})$/.exec(color);
  return match ? Math.round((parseInt(match[1]!, 16) * 100) / 255) : 100;
}

/** A node of the department tree with its member counts. */
export interface GroupNode {
  id: number;
  name: string;
  groupCode: string | null;
  parentId: number | null;
  description: string | null;
  locationId: number | null;
  locationName: string | null;
  styleId: number | null;
  styleColor: string | null;
  /** Depth in the tree, 1 for a top-level department. */
  level: number;
  leaf: boolean;
  /** Members of this department itself. */
  memberCount: number;
  /** Members of this department and all its sub-departments. */
  totalMemberCount: number;
  children: GroupNode[];
}
export const GroupNode: z.ZodType<GroupNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    groupCode: z.string().nullable(),
    parentId: z.number().int().nullable(),
    description: z.string().nullable(),
    locationId: z.number().int().nullable(),
    locationName: z.string().nullable(),
    styleId: z.number().int().nullable(),
    styleColor: z.string().nullable(),
    level: z.number().int(),
    leaf: z.boolean(),
    memberCount: z.number().int(),
    totalMemberCount: z.number().int(),
    children: z.array(GroupNode),
  }),
);
export const GroupTree = z.array(GroupNode);

/** A department in the flat list for pickers (`GET /userGroup/getList`), in tree order. */
export const GroupListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  groupCode: z.string().nullable(),
  parentId: z.number().int().nullable(),
  level: z.number().int(),
  styleColor: z.string().nullable(),
});
export type GroupListItem = z.infer<typeof GroupListItem>;
export const GroupFlatList = z.array(GroupListItem);

/** Filter of the tenant tree: `keyword` matches a name or a group code; matches keep their ancestors. */
export const GroupTreeFilter = z.object({
  keyword: optionalText.optional().describe('Part of a department name or group code, case-insensitive'),
});
export type GroupTreeFilter = z.infer<typeof GroupTreeFilter>;

/** The editable fields of a department. */
const groupFields = {
  name: z.string().trim().min(1).max(TEXT_MAX).describe('Required, up to 254 characters'),
  parentId: id.nullable().optional().describe('Parent department; null or absent for a top-level one'),
  groupCode: optionalText.nullable().optional().describe('Unique within the company, case-insensitive; empty clears it'),
  description: optionalText.nullable().optional(),
  locationId: id.nullable().optional().describe("A location of the company's location tree"),
};

/** `POST /group`. */
export const CreateGroupBody = z.object(groupFields);
export type CreateGroupBody = z.infer<typeof CreateGroupBody>;

/** `PUT /group`: absent fields stay as they are, null clears. */
export const UpdateGroupBody = z.object({ id, ...groupFields });
export type UpdateGroupBody = z.infer<typeof UpdateGroupBody>;

/** `DELETE /group`. */
export const DeleteGroupBody = z.object({ id });
export type DeleteGroupBody = z.infer<typeof DeleteGroupBody>;

/** What create and update answer. */
export const GroupIdResult = z.object({ id: z.number().int() });

/** `GET /tenant/group/list-of-location-or-group`: one level of a lazy tree picker. */
export const LazyTreeQuery = z.object({
  selector: z.enum(['location', 'group']).default('group'),
  parentId: id.optional().describe('The node whose children to list; absent for the top level'),
});
export type LazyTreeQuery = z.infer<typeof LazyTreeQuery>;

export const LazyTreeNode = z.object({
  id: z.number().int(),
  name: z.string(),
  selector: z.enum(['location', 'group']),
  /** Location level (spec 000 section 2), or the department's depth. */
  level: z.number().int(),
  leaf: z.boolean(),
});
export type LazyTreeNode = z.infer<typeof LazyTreeNode>;
export const LazyTreeNodes = z.array(LazyTreeNode);

/** `POST /tenant/group/user/search`. */
export const GroupMemberSearchBody = PageQuery.extend({
  groupId: id,
  keyword: optionalText.optional().describe('Part of the name, user name, e-mail or user code'),
  includeDescendants: z.boolean().default(false).describe('Also list members of sub-departments'),
});
export type GroupMemberSearchBody = z.infer<typeof GroupMemberSearchBody>;

export const GroupMember = z.object({
  id: z.number().int(),
  fullName: z.string(),
  userName: z.string(),
  usercode: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  gender: Gender,
  avatar: z.string().nullable(),
  isActive: z.boolean(),
  role: z.object({ id: z.number().int(), name: z.string() }),
  department: z.object({ id: z.number().int(), name: z.string() }),
});
export type GroupMember = z.infer<typeof GroupMember>;
export const GroupMemberPage = pageOf(GroupMember);

/** `GET /tenant/group/user/statistics`. */
export const GroupStatisticsQuery = z.object({
  groupId: id.optional().describe('The department; absent for the whole company'),
});
export type GroupStatisticsQuery = z.infer<typeof GroupStatisticsQuery>;

export const GroupStatistics = z.object({
  groupId: z.number().int().nullable(),
  /** Members of the department itself (for the company: users without a department). */
  memberCount: z.number().int(),
  /** Members of the department and its sub-departments (for the company: every user). */
  totalMemberCount: z.number().int(),
  /** Direct sub-departments (for the company: top-level departments). */
  subDepartmentCount: z.number().int(),
  /** All departments below, at any depth (for the company: every department). */
  descendantCount: z.number().int(),
  /** Over the whole branch (totalMemberCount), largest first. */
  byRole: z.array(z.object({ roleId: z.number().int(), roleName: z.string(), count: z.number().int() })),
  byGender: z.object({ male: z.number().int(), female: z.number().int(), secret: z.number().int() }),
});
export type GroupStatistics = z.infer<typeof GroupStatistics>;

/** A colour of the palette. */
export const Swatch = z.object({
  id: z.number().int(),
  color: z.string().describe('#RRGGBB, or #RRGGBBAA when the alpha is below 100'),
  alpha: z.number().int().describe('Alpha in percent, 0 to 100'),
});
export type Swatch = z.infer<typeof Swatch>;
export const SwatchList = z.array(Swatch);

const swatchColor = z.string().trim().regex(HEX_COLOR, { message: 'A colour is #RGB or #RRGGBB' });

/** `POST /tenant/group/style-table`. */
export const CreateSwatchBody = z.object({
  color: swatchColor,
  alpha: ColorAlpha.optional().describe('Percent, 0 to 100; not a number means 100'),
});
export type CreateSwatchBody = z.infer<typeof CreateSwatchBody>;

/** `PUT /tenant/group/style-table`. */
export const UpdateSwatchBody = CreateSwatchBody.extend({ id });
export type UpdateSwatchBody = z.infer<typeof UpdateSwatchBody>;

/** `DELETE /tenant/group/style-table`. */
export const DeleteSwatchesBody = z.object({ ids: z.array(id).min(1).max(100) });
export type DeleteSwatchesBody = z.infer<typeof DeleteSwatchesBody>;

/** `PUT /tenant/group/style`: a colour from the palette for a department; null removes it. */
export const SetGroupStyleBody = z.object({ groupId: id, styleId: id.nullable() });
export type SetGroupStyleBody = z.infer<typeof SetGroupStyleBody>;

/** The palette a company starts with. */
export const DEFAULT_SWATCHES = [
  '#409EFF', '#36CFC9', '#73D13D', '#FFA940', '#F759AB', '#7A5AF8', '#13C2C2', '#EB2F96', '#FADB14', '#FF4D4F', '#2F54EB', '#8C8C8C',
] as const;
