import {
  hasPermission,
  ReturnCode,
  type Branch,
  type CreateBranchBody,
  type MenuPermissionsBody,
  type Release,
  type ReleaseNotesResult,
  type StoreListBody,
  type UpdateBranchBody,
  type UpdatedInstructionsBody,
} from '@atrium/contract';
import type { AuthContext, OperatorContext } from '../../platform/access.js';
import type { Clock } from '../../platform/clock.js';
import { AppError, notFound, refused } from '../../platform/errors.js';
import type { BranchRepository } from './branch.repository.js';



/** Whether `next` is a later version than `current`, comparing the dotted numbers in order. */
export function isNewerVersion(next: string, current: string): boolean {
  const a = next.split('.').map(Number);
  const b = current.split('.').map(Number);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const difference = (a[i] ?? 0) - (b[i] ?? 0);
    if (difference !== 0) return difference > 0;
  }
  return false;
}

/** Who sees release notes: the company's administrators (decision 0021, "Operator area"). */
export const isCompanyAdministrator = (auth: AuthContext) => hasPermission(auth.permissions, 'accountGlobal:edit');

export type BranchService = ReturnType<typeof createBranchService>;

/** Branches, versions, release notes and the menu each branch offers. */
export function createBranchService({ branches, clock }: { branches: BranchRepository; clock: Clock }) {
  async function getBranch(id: number): Promise<Branch> {
    const branch = await branches.findBranch(id);
    if (!branch) throw notFound('branchNotFound');
    return branch;
  }

  async function checkNameFree(name: string, exceptId?: number) {
    const holder = await branches.findBranchIdByName(name.toLowerCase());
    if (holder !== undefined && holder !== exceptId) throw new AppError(ReturnCode.CONFLICT, 'branchNameTaken', { name }, { field: 'name' });
  }

  return {
    listBranches: () => branches.listBranches(),

    async createBranch(body: CreateBranchBody): Promise<Branch> {
      await checkNameFree(body.name);
      const id = await branches.insertBranch({ name: body.name, description: body.description ?? null, version: body.version, menuKeys: body.menuKeys ?? null, now: clock.now() });
      return getBranch(id);
    },

    async updateBranch(body: UpdateBranchBody): Promise<Branch> {
      const branch = await getBranch(body.id);
      await checkNameFree(body.name, branch.id);
      const companyIds = [...new Set(body.companyIds ?? [])];
      if ((await branches.countCompanies(companyIds)) !== companyIds.length) throw notFound('branchCompanyNotFound');
      const now = clock.now();
      await branches.updateBranch(branch.id, { name: body.name, description: body.description ?? null, now });
      await branches.assignCompanies(branch.id, branch.isDefault, companyIds, now);
      return getBranch(branch.id);
    },

    async listCompanies(body: StoreListBody) {
      if (body.branchId !== undefined) await getBranch(body.branchId);
      return branches.listCompanies(body, await branches.defaultBranchId());
    },

    /** Prepares the next version's notes; the version must be newer than the branch's. */
    async saveInstructions(body: UpdatedInstructionsBody): Promise<Branch> {
      const branch = await getBranch(body.branchId);
      if (!isNewerVersion(body.version, branch.version)) throw refused('branchVersionNotNewer', { version: body.version, current: branch.version });
      await branches.setDraft(branch.id, { version: body.version, notesEn: body.notesEn, notesZh: body.notesZh }, clock.now());
      return getBranch(branch.id);
    },

    /** Releases the prepared version: the branch runs it and its administrators see the notes once. */
    async releaseVersion(caller: OperatorContext, branchId: number): Promise<Release> {
      const branch = await getBranch(branchId);
      if (!branch.draft) throw refused('branchNoDraft');
      return branches.release(branch.id, branch.draft, caller.operatorId, clock.now());
    },

    async setMenu(body: MenuPermissionsBody): Promise<Branch | null> {
      if (body.branchId === undefined) return null;
      const branch = await getBranch(body.branchId);
      if (body.menuKeys !== undefined) await branches.setMenuKeys(branch.id, branch.isDefault, body.menuKeys, clock.now());
      return getBranch(branch.id);
    },

    /** The company's version, and for an administrator the notes not yet seen. */
    async getReleaseNotes(auth: AuthContext): Promise<ReleaseNotesResult> {
      const branch = await branches.findCompanyBranch(auth.companyId);
      if (!branch) return { version: '', unread: [] };
      const unread = isCompanyAdministrator(auth) ? await branches.listUnreadReleases(branch.id, auth.companyId, auth.userId) : [];
      return { version: branch.version, unread };
    },

    /** The caller dismissed a release's notes: they are not shown to them again. */
    async markRead(auth: AuthContext, releaseId: number): Promise<void> {
      const [release, branch] = await Promise.all([branches.findRelease(releaseId), branches.findCompanyBranch(auth.companyId)]);
      // Another branch's release is as unknown to this company as a missing one.
      if (!release || release.branchId !== branch?.id) throw notFound('releaseNotesNotFound');
      await branches.markRead(release.id, auth.companyId, auth.userId, clock.now());
    },
  };
}
