/** A company's notices changed: its door displays read theirs again. */
export interface BroadcastChange {
  companyId: number;
}

type Listener = (change: BroadcastChange) => void;

export type BroadcastEvents = ReturnType<typeof createBroadcastEvents>;

/**
 * Notice changes after they are committed. `onCommitted` hears this process's own (to publish them
 * to other processes through PostgreSQL NOTIFY); `onChange` hears every change, this process's and,
 * delivered by the bridge, other processes' (door displays' event streams).
 */
export function createBroadcastEvents(log: { error(object: unknown, message: string): void }) {
  const committed = new Set<Listener>();
  const changes = new Set<Listener>();
  const call = (listeners: Set<Listener>, change: BroadcastChange) => {
    for (const listener of listeners) {
      try {
        listener(change);
      } catch (error) {
        log.error({ err: error, change }, 'broadcast listener failed');
      }
    }
  };
  return {
    emit(change: BroadcastChange): void {
      call(committed, change);
      call(changes, change);
    },
    deliverRemote(change: BroadcastChange): void {
      call(changes, change);
    },
    onCommitted(listener: Listener): () => void {
      committed.add(listener);
      return () => committed.delete(listener);
    },
    onChange(listener: Listener): () => void {
      changes.add(listener);
      return () => changes.delete(listener);
    },
  };
}
