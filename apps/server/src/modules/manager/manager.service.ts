import { hasPermission, ReturnCode, type CompanyOwner, type Manager, type ManagerListQuery, type Page, type TransferOwnerBody } from '@atrium/contract';
import type { Transact } from '../../db/repositories.js';
import { AppError, notFound, refused } from '../../platform/errors.js';
import type { Actor, OperationLog } from '../operation-log/operation-log.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { ManagerRepository, OwnerCandidate } from './manager.repository.js';

export interface ManagerServiceDeps {
  managers: ManagerRepository;
  settings: Pick<SettingsService, 'getSafetyPasswordStatus' | 'requireSafetyPassword'>;
  transact: Transact;
  operationLog: OperationLog;
}

export type ManagerService = ReturnType<typeof createManagerService>;

/** Refuses a user who cannot own the company: inactive, or in a role without roles:edit. */
function assertMayOwn(candidate: OwnerCandidate): void {
  if (!candidate.isActive) throw refused('ownerTransferInactive', { name: candidate.fullName });
  if (!hasPermission(candidate.permissions, 'roles:edit')) {
    throw refused('ownerTransferNeedsRoleManagement', { name: candidate.fullName, role: candidate.roleName });
  }
}

/**
 * Who runs the company's account (docs/decisions/0003, Managers): its owner, and every active user
 * whose role grants an edit permission. Only the owner hands ownership on.
 */
export function createManagerService({ managers, settings, transact, operationLog }: ManagerServiceDeps) {
  async function getOwner(caller: Pick<Actor, 'companyId' | 'userId'>): Promise<CompanyOwner> {
    const [owner, safety] = await Promise.all([managers.findOwner(caller.companyId), settings.getSafetyPasswordStatus(caller.companyId)]);
    return { owner, isCaller: owner?.id === caller.userId, needsSafetyPassword: safety.isSet };
  }

  return {
    list(companyId: number, query: ManagerListQuery): Promise<Page<Manager>> {
      return managers.listManagers(companyId, query);
    },

    getOwner,

    /**
     * Makes another active user whose role holds roles:edit the owner. Only the owner may (a company
     * without one yet may name one); the safety password is required when the company has one.
     */
    async transferOwner(actor: Actor, body: TransferOwnerBody): Promise<CompanyOwner> {
      const { companyId } = actor;
      const target = await managers.findCandidate(companyId, body.userId);
      if (!target) throw notFound();
      const previousId = await managers.findOwnerId(companyId);
      await operationLog.track(
        actor,
        { action: 'manager.transferOwner', targetType: 'user', targetId: target.id, targetName: target.userName, detail: { previousOwnerId: previousId, newOwnerId: target.id } },
        async () => {
          if (previousId !== null && previousId !== actor.userId) throw new AppError(ReturnCode.NO_PERMISSION, 'ownerTransferNotOwner');
          if (target.id === previousId) throw refused('ownerTransferAlreadyOwner', { name: target.fullName });
          assertMayOwn(target);
          if ((await settings.getSafetyPasswordStatus(companyId)).isSet) {
            if (!body.safetyPassword) throw refused('ownerSafetyPasswordRequired');
            await settings.requireSafetyPassword(actor, body.safetyPassword);
          }
          await transact(async (tx) => {
            // Role changes lock the same rows, so the target cannot lose roles:edit meanwhile.
            await tx.roles.lockCompanyRoles(companyId);
            if ((await tx.managers.findOwnerId(companyId)) !== previousId) throw new AppError(ReturnCode.NO_PERMISSION, 'ownerTransferNotOwner');
            const current = await tx.managers.findCandidate(companyId, target.id);
            if (!current) throw notFound();
            assertMayOwn(current);
            await tx.companies.setOwner(companyId, target.id);
          });
        },
      );
      return getOwner(actor);
    },
  };
}
