import { createEventBus, type EventBus, type EventLog } from '../../platform/events.js';

/** A company's notices changed: its door displays read theirs again. */
export interface BroadcastChange {
  companyId: number;
}

export type BroadcastEvents = EventBus<BroadcastChange>;

/**
 * Notice changes after they are committed, on the after-commit bus (platform/events.ts): `emit`
 * tells this process's listeners and, through the PostgreSQL bridge, the other processes; `onChange`
 * hears every change (door displays' event streams).
 */
export function createBroadcastEvents(log: EventLog): BroadcastEvents {
  return createEventBus<BroadcastChange>({ name: 'broadcast', log });
}
