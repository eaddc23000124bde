/**
 * Values kept in memory per key for as long as a version read from the database stays the same
 * (the caller reads the version on every use; a trigger raises it on every write). The least
 * recently used keys are dropped beyond `capacity`. Values are shared between callers: never
 * mutate one.
 */
export function createVersionedCache<K, V>(capacity: number) {
  const entries = new Map<K, { version: number; value: V }>();
  /** The value held for `key` at `version`, marked recently used; undefined when absent or of another version. */
  function peek(key: K, version: number): V | undefined {
    const hit = entries.get(key);
    if (!hit || hit.version !== version) return undefined;
    entries.delete(key);
    entries.set(key, hit);
    return hit.value;
  }

  return {
    peek,

    async get(key: K, version: number, load: () => Promise<V>): Promise<V> {
      const hit = peek(key, version);
      if (hit !== undefined) return hit;
      const value = await load();
      // A slower load of an older version must not replace a newer one.
      const current = entries.get(key);
      if (!current || current.version <= version) {
        entries.delete(key);
        entries.set(key, { version, value });
        if (entries.size > capacity) entries.delete(entries.keys().next().value as K);
      }
      return value;
    },
  };
}

/**
 * Values kept per key while the database's change stamp (`Database.changeStamp`, taken before the
 * value was read) stays the same. Stamps have no order, so the value set last wins. The least
 * recently used keys are dropped beyond `capacity`. Values are shared between callers: never
 * mutate one.
 */
export function createStampedCache<K, V>(capacity: number) {
  const entries = new Map<K, { stamp: string; value: V }>();
  return {
    /** The value held for `key` at `stamp`, marked recently used; undefined when absent or of another stamp. */
    peek(key: K, stamp: string): V | undefined {
      const hit = entries.get(key);
      if (!hit || hit.stamp !== stamp) return undefined;
      entries.delete(key);
      entries.set(key, hit);
      return hit.value;
    },

    set(key: K, stamp: string, value: V): void {
      entries.delete(key);
      entries.set(key, { stamp, value });
      if (entries.size > capacity) entries.delete(entries.keys().next().value as K);
    },

    delete(key: K): void {
      entries.delete(key);
    },
  };
}
