import { z } from 'zod';
import { TEXT_MAX } from './limits.js';
import { PageQuery, pageOf } from './paging.js';
import { PERMISSION_AREAS } from './permissions.js';
import { SafetyPassword } from './settings.js';

/** A reference to a named record of the company. */
const Named = z.object({ id: z.number().int(), name: z.string() });

/** `GET /manager/list` query: administrators by keyword and administered area, paged. */
export const ManagerListQuery = PageQuery.extend({
  keyword: z.string().trim().max(TEXT_MAX).optional().describe('Part of the full name, e-mail or user name'),
  area: z.enum(PERMISSION_AREAS).optional().describe('Only those who administer this area (hold its edit permission)'),
});
export type ManagerListQuery = z.infer<typeof ManagerListQuery>;

/** One administrator: an active user whose role grants at least one edit permission. */
export const Manager = z.object({
  id: z.number().int(),
  fullName: z.string(),
  userName: z.string(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  department: Named.nullable(),
  role: Named,
  areas: z.array(z.enum(PERMISSION_AREAS)).describe('The areas the role may edit, in catalogue order'),
  isOwner: z.boolean().describe("Whether this user owns the company's account"),
});
export type Manager = z.infer<typeof Manager>;

export const ManagerPage = pageOf(Manager);

/** `GET /manager/owner` result: who owns the company's account, and what a transfer needs. */
export const CompanyOwner = z.object({
  owner: z
    .object({ id: z.number().int(), fullName: z.string(), userName: z.string(), email: z.string().nullable(), role: Named })
    .nullable()
    .describe('Null only for a company that has no owner yet'),
  isCaller: z.boolean().describe('Whether the caller is the owner (only the owner may transfer ownership)'),
  needsSafetyPassword: z.boolean().describe('Whether a transfer must carry the safety password (the company has one set)'),
});
export type CompanyOwner = z.infer<typeof CompanyOwner>;

/** `PUT /manager/owner` body: the new owner, and the safety password when the company has one. */
export const TransferOwnerBody = z.object({
  userId: z.number().int().positive(),
  safetyPassword: SafetyPassword.optional(),
});
export type TransferOwnerBody = z.infer<typeof TransferOwnerBody>;
