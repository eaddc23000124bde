import { describe, expect, it } from 'vitest';
import { createEventBus, type EventBridge } from './events.js';

interface Change {
  companyId: number;
}

/** A log that keeps what it is told. */
function recordingLog() {
  const errors: { object: unknown; message: string }[] = [];
  return { errors, error: (object: unknown, message: string) => void errors.push({ object, message }) };
}

/** A bridge that keeps what it publishes instead of sending it. */
function fakeBridge(payloadOf: (change: Change) => string | null = (change) => JSON.stringify(change)) {
  const published: Change[] = [];
  const bridge: EventBridge<Change> = {
    channel: 'test_changes',
    payloadOf,
    publish: async (change) => void published.push(change),
  };
  return { bridge, published };
}

/** Lets rejected listener promises reach their handlers. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('event bus', () => {
  it('tells committed events to onCommitted and onChange listeners', () => {
    const bus = createEventBus<Change>({ name: 'test', log: recordingLog() });
    const committed: Change[] = [];
    const changes: Change[] = [];
    bus.onCommitted((change) => void committed.push(change));
    bus.onChange((change) => void changes.push(change));
    bus.emit({ companyId: 1 });
    expect(committed).toEqual([{ companyId: 1 }]);
    expect(changes).toEqual([{ companyId: 1 }]);
  });

  it('logs a throwing or rejecting listener and still tells the others', async () => {
    const log = recordingLog();
    const bus = createEventBus<Change>({ name: 'test', log });
    const heard: string[] = [];
    bus.onChange(() => {
      throw new Error('sync failure');
    });
    bus.onChange(() => void heard.push('second'));
    bus.onChange(async () => {
      throw new Error('async failure');
    });
    bus.onChange(() => void heard.push('fourth'));
    bus.onCommitted(() => {
      throw new Error('committed failure');
    });
    bus.onCommitted(() => void heard.push('committed'));
    bus.emit({ companyId: 7 });
    await settle();
    expect(heard.sort()).toEqual(['committed', 'fourth', 'second']);
    expect(log.errors.map((entry) => entry.message)).toEqual(['test listener failed', 'test listener failed', 'test listener failed']);
    expect(log.errors.map((entry) => (entry.object as { err: Error }).err.message).sort()).toEqual(['async failure', 'committed failure', 'sync failure']);
    expect(log.errors.every((entry) => (entry.object as { event: Change }).event.companyId === 7)).toBe(true);
  });

  it('delivers remote events to onChange only and never publishes them again', () => {
    const bus = createEventBus<Change>({ name: 'test', log: recordingLog() });
    const { bridge, published } = fakeBridge();
    bus.bridgeTo(bridge);
    const committed: Change[] = [];
    const changes: Change[] = [];
    bus.onCommitted((change) => void committed.push(change));
    bus.onChange((change) => void changes.push(change));
    bus.deliverRemote({ companyId: 2 });
    expect(changes).toEqual([{ companyId: 2 }]);
    expect(committed).toEqual([]);
    expect(published).toEqual([]);
  });

  it('publishes an own event once: after the commit, or not at all when its transaction sent the notice', () => {
    const bus = createEventBus<Change>({ name: 'test', log: recordingLog() });
    const { bridge, published } = fakeBridge();
    expect(bus.noticeFor({ companyId: 3 })).toBeUndefined();
    bus.bridgeTo(bridge);
    const inTransaction = { companyId: 4 };
    expect(bus.noticeFor(inTransaction)).toEqual({ channel: 'test_changes', payload: '{"companyId":4}' });
    bus.emit(inTransaction);
    bus.emit({ companyId: 5 });
    expect(published).toEqual([{ companyId: 5 }]);
  });

  it('publishes after the commit an event too large for a notice', () => {
    const bus = createEventBus<Change>({ name: 'test', log: recordingLog() });
    const { bridge, published } = fakeBridge(() => null);
    bus.bridgeTo(bridge);
    const large = { companyId: 6 };
    expect(bus.noticeFor(large)).toBeUndefined();
    bus.emit(large);
    expect(published).toEqual([large]);
  });

  it('logs a failed publish', async () => {
    const log = recordingLog();
    const bus = createEventBus<Change>({ name: 'test', log });
    bus.bridgeTo({ channel: 'test_changes', payloadOf: () => null, publish: () => Promise.reject(new Error('connection lost')) });
    bus.emit({ companyId: 8 });
    await settle();
    expect(log.errors.map((entry) => entry.message)).toEqual(['test event not told to other processes']);
  });

  it('stops telling a listener once it unsubscribes', () => {
    const bus = createEventBus<Change>({ name: 'test', log: recordingLog() });
    const committed: number[] = [];
    const changes: number[] = [];
    const stopCommitted = bus.onCommitted((change) => void committed.push(change.companyId));
    const stopChange = bus.onChange((change) => void changes.push(change.companyId));
    bus.emit({ companyId: 1 });
    stopCommitted();
    stopChange();
    bus.emit({ companyId: 2 });
    bus.deliverRemote({ companyId: 3 });
    expect(committed).toEqual([1]);
    expect(changes).toEqual([1]);
  });
});
