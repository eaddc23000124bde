import { z } from 'zod';
import { TEXT_MAX } from './limits.js';
import { MENU_CATALOGUE, type MenuNode } from './menu.js';
import { PageQuery, pageOf } from './paging.js';

/**
 * Branches and versions (issue 23; spec 000 sections 2 and 7, the boss area; decision 0021, "Operator
 * area"). A branch is a product line companies are assigned to: it runs a version, which an operator
 * releases with notes in both languages ('updated instructions') that each company administrator on
 * the branch sees once, and it offers a set of menu entries (`menuPermissions`). Every company is on
 * exactly one branch: the default one unless an operator moved it.
 */

const id = z.coerce.number().int().positive();

export const BRANCH_NAME_MAX = 64;
export const RELEASE_NOTES_MAX = 4000;
/** A version: numbers separated by dots, e.g. 1.3.20. */
export const VERSION_PATTERN = /^\d{1,4}(\.\d{1,4}){1,3}$/;

/**
 * Entries a branch never removes: the administration that keeps a company runnable (its people, their
 * roles, the company itself and its managers, one's own password, the application centre).
 */
export const KEPT_MENU_KEYS = ['directory', 'role', 'company', 'manager', 'personal', 'application'] as const;

/** The page entries (leaves) of a catalogue, depth first. */
function leafKeys(nodes: readonly MenuNode[]): string[] {
  return nodes.flatMap((node) => (node.children ? leafKeys(node.children) : [node.key]));
}

/** The entries a branch may offer or withhold: every page entry of the catalogue except the kept ones. */
export const BRANCH_MENU_KEYS: readonly string[] = leafKeys(MENU_CATALOGUE).filter((key) => !(KEPT_MENU_KEYS as readonly string[]).includes(key));

/** The catalogue a company on a branch offering `menuKeys` sees (null: every entry); kept entries always stay. */
export function withBranchMenu(catalogue: MenuNode[], menuKeys: readonly string[] | null): MenuNode[] {
  if (menuKeys === null) return catalogue;
  const offered = new Set<string>([...menuKeys, ...KEPT_MENU_KEYS]);
  const keep = (nodes: MenuNode[]): MenuNode[] =>
    nodes.filter((node) => node.children !== undefined || offered.has(node.key)).map((node) => (node.children ? { ...node, children: keep(node.children) } : node));
  return keep(catalogue);
}

const version = z.string().trim().regex(VERSION_PATTERN, 'A version is numbers separated by dots, e.g. 1.3.20').max(32);
const notes = z.string().trim().min(1, 'Write the notes').max(RELEASE_NOTES_MAX);
const menuKeys = z
  .array(z.string().refine((key) => BRANCH_MENU_KEYS.includes(key), { message: 'Unknown menu entry' }))
  .max(200)
  .transform((keys) => [...new Set(keys)]);

/** A branch's next version as prepared by `updatedInstructions`, not yet released. */
export const BranchDraft = z.object({
  version: z.string(),
  notesEn: z.string(),
  notesZh: z.string(),
});
export type BranchDraft = z.infer<typeof BranchDraft>;

/** One branch as `GET /boss/storeManager/getBranch` lists it. */
export const Branch = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  isDefault: z.boolean().describe('Companies not moved to another branch are on this one'),
  version: z.string().describe('The version released last'),
  menuKeys: z.array(z.string()).nullable().describe('The entries the branch offers besides the kept ones; null offers every entry'),
  companyCount: z.number().int(),
  draft: BranchDraft.nullable(),
  releasedAt: z.number().int().nullable().describe('When the version was released; null before the first release'),
  createdAt: z.number().int(),
});
export type Branch = z.infer<typeof Branch>;

export const BranchList = z.array(Branch);
export type BranchList = z.infer<typeof BranchList>;

/** `POST /boss/storeManager/createBranch`. */
export const CreateBranchBody = z.object({
  name: z.string().trim().min(1, 'Enter a name').max(BRANCH_NAME_MAX),
  description: z.string().trim().max(TEXT_MAX).nullable().optional(),
  version: version.describe('The version the branch starts on'),
  menuKeys: menuKeys.nullable().optional(),
});
export type CreateBranchBody = z.infer<typeof CreateBranchBody>;

/** `POST /boss/storeManager/updateBranch`: rename, describe, and move companies onto the branch. */
export const UpdateBranchBody = z.object({
  id,
  name: z.string().trim().min(1, 'Enter a name').max(BRANCH_NAME_MAX),
  description: z.string().trim().max(TEXT_MAX).nullable().optional(),
  companyIds: z.array(id).max(500).optional().describe('Companies to move onto this branch (from whichever they were on)'),
});
export type UpdateBranchBody = z.infer<typeof UpdateBranchBody>;

/** `POST /boss/storeManager/getStoreList`: the companies of the installation, optionally of one branch. */
export const StoreListBody = PageQuery.extend({
  keyword: z.string().trim().max(100).optional(),
  branchId: id.optional(),
});
export type StoreListBody = z.infer<typeof StoreListBody>;

/** One company of the installation. */
export const StoreCompany = z.object({
  id: z.number().int(),
  name: z.string(),
  domain: z.string().nullable(),
  branchId: z.number().int(),
  branchName: z.string(),
  version: z.string(),
  userCount: z.number().int(),
  createdAt: z.number().int(),
});
export type StoreCompany = z.infer<typeof StoreCompany>;

export const StorePage = pageOf(StoreCompany);
export type StorePage = z.infer<typeof StorePage>;

/** `POST /boss/storeManager/updatedInstructions`: the next version of a branch and its notes in both languages. */
export const UpdatedInstructionsBody = z.object({
  branchId: id,
  version,
  notesEn: notes,
  notesZh: notes,
});
export type UpdatedInstructionsBody = z.infer<typeof UpdatedInstructionsBody>;

/** `POST /boss/storeManager/releaseVersion`: release the branch's prepared version. */
export const ReleaseVersionBody = z.object({ branchId: id });
export type ReleaseVersionBody = z.infer<typeof ReleaseVersionBody>;

/** A version released on a branch. */
export const Release = z.object({
  id: z.number().int(),
  branchId: z.number().int(),
  version: z.string(),
  notesEn: z.string(),
  notesZh: z.string(),
  releasedAt: z.number().int(),
});
export type Release = z.infer<typeof Release>;

/**
 * `POST /boss/storeManager/menuPermissions`: with `branchId` and `menuKeys`, sets the entries the
 * branch offers (null: every entry); the answer carries the boss-menu flag, and the branch.
 */
export const MenuPermissionsBody = z.object({
  branchId: id.optional(),
  menuKeys: menuKeys.nullable().optional(),
});
export type MenuPermissionsBody = z.infer<typeof MenuPermissionsBody>;

export const MenuPermissionsResult = z.object({
  isBossMenu: z.boolean().describe('Whether the caller gets the boss menu (always true: only operators reach this call)'),
  branch: Branch.nullable(),
});
export type MenuPermissionsResult = z.infer<typeof MenuPermissionsResult>;

/** A release's notes as a company user reads them. */
export const ReleaseNote = z.object({
  id: z.number().int(),
  version: z.string(),
  notesEn: z.string(),
  notesZh: z.string(),
  releasedAt: z.number().int(),
});
export type ReleaseNote = z.infer<typeof ReleaseNote>;

/** `GET /branch/releaseNotes`: the company's version, and the notes the caller (an administrator) has not seen. */
export const ReleaseNotesResult = z.object({
  version: z.string(),
  unread: z.array(ReleaseNote),
});
export type ReleaseNotesResult = z.infer<typeof ReleaseNotesResult>;

/** `POST /branch/releaseNotes/read`: the caller has seen these notes. */
export const ReadReleaseNotesBody = z.object({ id });
export type ReadReleaseNotesBody = z.infer<typeof ReadReleaseNotesBody>;
