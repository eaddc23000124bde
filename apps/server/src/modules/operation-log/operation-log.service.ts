import {
  declaredDetail,
  operationDetailRef,
  operationDetailRefs,
  undeclaredDetailFields,
  type Lang,
  type OperationDetailRef,
  type OperationAction, type OperationDetailOf, type OperationLogEntry, type OperationLogQuery, type OperationResult, type Page, type Permission } from '@atrium/contract';
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
 * the contract's OPERATION_ACTIONS, so every recorded action has a label in the console, and the
 * detail's fields from its OPERATION_DETAILS, so the console can say each in words.
 */
export type Operation = {
  [A in OperationAction]: {
    action: A;
    targetType: string;
    targetId?: number | null;
    targetName?: string | null;
    detail?: OperationDetailOf<A> | null;
  };
}[OperationAction];

let isStrict = false;

/**
 * Tests call this (createTestApp): a detail field the contract does not declare fails the change
 * instead of being left out of the entry, so every test that changes something checks its detail.
 */
export function useStrictOperationDetails() {
  isStrict = true;
}

/** The detail as stored: only declared fields (an undeclared one has no words in the console). */
function storedDetail(operation: Operation): string | null {
  if (!operation.detail) return null;
  const detail = operation.detail as Record<string, unknown>;
  if (isStrict) {
    const undeclared = undeclaredDetailFields(operation.action, detail);
    if (undeclared.length) throw new Error(`Operation ${operation.action} records undeclared detail field(s) ${undeclared.join(', ')}: add them to OPERATION_DETAILS`);
  }
  return JSON.stringify(declaredDetail(operation.action, detail));
}

export type OperationLog = ReturnType<typeof createOperationLog>;

/** How an entry names the system as its actor (the console shows actor names as stored). */
const SYSTEM_ACTOR_NAME = 'System';

/**
 * The operation log: services record every administrative change through `track`, which runs the
 * change and writes one entry with its result, also when the change is refused or fails.
 */
export function createOperationLog({ repository, clock }: { repository: OperationLogRepository; clock: Clock }) {
  /** Writes one entry as of now; the detail keeps only the fields the contract declares. */
  async function insertEntry(companyId: number, by: { id: number | null; name: string; ip: string | null }, operation: Operation, result: OperationResult): Promise<void> {
    await repository.insert({
      company_id: companyId,
      actor_id: by.id,
      actor_name: by.name,
      action: operation.action,
      target_type: operation.targetType,
      target_id: operation.targetId ?? null,
      target_name: operation.targetName ?? null,
      result,
      detail: storedDetail(operation),
      ip: by.ip,
      at: clock.now(),
    });
  }

  async function record(actor: RecordedActor, operation: Operation, result: OperationResult): Promise<void> {
    const name = (await repository.findActorName(actor.companyId, actor.userId)) ?? `#${actor.userId}`;
    await insertEntry(actor.companyId, { id: actor.userId, name, ip: actor.ip }, operation, result);
  }

  return {
    record,

    /** An entry for what the system did by itself (a scheduled job): no person, no address. */
    async recordSystem(companyId: number, operation: Operation, result: OperationResult = 'success'): Promise<void> {
      await insertEntry(companyId, { id: null, name: SYSTEM_ACTOR_NAME, ip: null }, operation, result);
    },

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

    /** A page of entries, each with the names of the records its detail refers to by id. */
    async list(companyId: number, query: OperationLogQuery, lang: Lang): Promise<Page<OperationLogEntry>> {
      const page = await repository.list(companyId, query);
      const ids = new Map<OperationDetailRef, Set<number>>();
      for (const entry of page.list) {
        for (const [ref, id] of operationDetailRefs(entry.action, entry.detail)) {
          let set = ids.get(ref);
          if (!set) ids.set(ref, (set = new Set()));
          set.add(id);
        }
      }
      if (!ids.size) return page;
      const names = await repository.findNames(companyId, ids, lang);
      return {
        ...page,
        list: page.list.map((entry) => ({
          ...entry,
          names: Object.fromEntries(operationDetailRefs(entry.action, entry.detail).flatMap(([ref, id]) => {
            const key = operationDetailRef(ref, id);
            return names[key] === undefined ? [] : [[key, names[key]]];
          })),
        })),
      };
    },
  };
}

/** The fields of a settings object that a save changed, old and new, for an entry's detail (`{ changes }`). */
export function changedFields<T extends object>(before: T, after: T): Record<string, { from: unknown; to: unknown }> {
  const changed: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after) as (keyof T & string)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changed[key] = { from: before[key], to: after[key] };
  }
  return changed;
}
