import type { OperationAction, OperationLogEntry, OperationLogQuery, OperationResult, Page, Permission } from '@atrium/contract';
import type { FastifyRequest } from 'fastify';
import { requireAuth } from '../../platform/access.js';
import type { Clock } from '../../platform/clock.js';
import type { OperationLogRepository } from './operation-log.repository.js';

/**
 * Who makes a change: the signed-in caller, what their role allows (services apply the role rules
 * with it, see role.policy.ts), and the address the request came from.
 */
export interface Actor {
  companyId: number;
  userId: number;
  ip: string | null;
  permissions: ReadonlySet<Permission>;
}

/** What an entry records of its actor. */
export type RecordedActor = Pick<Actor, 'companyId' | 'userId' | 'ip'>;

export function actorOf(request: FastifyRequest): Actor {
  const { companyId, userId, permissions } = requireAuth(request);
  return { companyId, userId, ip: request.ip ?? null, permissions };
}

/**
 * What a change does to what; `detail` holds what changed (never secrets). The action comes from
 * the contract's OPERATION_ACTIONS, so every recorded action has a label in the console.
 */
export interface Operation {
  action: OperationAction;
  targetType: string;
  targetId?: number | null;
  targetName?: string | null;
  detail?: Record<string, unknown> | null;
}

export type OperationLog = ReturnType<typeof createOperationLog>;

/**
 * The operation log: services record every administrative change through `track`, which runs the
 * change and writes one entry with its result, also when the change is refused or fails.
 */
export function createOperationLog({ repository, clock }: { repository: OperationLogRepository; clock: Clock }) {
  async function record(actor: RecordedActor, operation: Operation, result: OperationResult): Promise<void> {
    const actorName = (await repository.findActorName(actor.companyId, actor.userId)) ?? `#${actor.userId}`;
    await repository.insert({
      company_id: actor.companyId,
      actor_id: actor.userId,
      actor_name: actorName,
      action: operation.action,
      target_type: operation.targetType,
      target_id: operation.targetId ?? null,
      target_name: operation.targetName ?? null,
      result,
      detail: operation.detail ? JSON.stringify(operation.detail) : null,
      ip: actor.ip,
      at: clock.now(),
    });
  }

  return {
    record,

    /**
     * Runs `change` and records it. `operation` may be a function of the change's result, to name a
     * record created by the change; on failure it receives undefined. The change's error is rethrown.
     */
    async track<T>(actor: RecordedActor, operation: Operation | ((result: T | undefined) => Operation), change: () => Promise<T>): Promise<T> {
      const describe = typeof operation === 'function' ? operation : () => operation;
      let result: T;
      try {
        result = await change();
      } catch (error) {
        await record(actor, describe(undefined), 'failure');
        throw error;
      }
      await record(actor, describe(result), 'success');
      return result;
    },

    list(companyId: number, query: OperationLogQuery): Promise<Page<OperationLogEntry>> {
      return repository.list(companyId, query);
    },
  };
}
