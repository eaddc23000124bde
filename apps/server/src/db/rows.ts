/**
 * A joined record as `{ id, name }`, or null when the left join found none (a user without a
 * department, say): the shape every list answer uses for a named reference.
 */
export function namedOrNull(id: number | null, name: string | null): { id: number; name: string } | null {
  return id !== null && name !== null ? { id, name } : null;
}

/** A nullable number column as a number: PostgreSQL's bigint timestamps arrive as strings. */
export function numberOrNull(value: number | string | bigint | null): number | null {
  return value === null ? null : Number(value);
}
