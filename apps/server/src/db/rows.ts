/**
 * A joined record as `{ id, name }`, or null when the left join found none (a user without a
 * department, say): the shape every list answer uses for a named reference.
 */
export function namedOrNull(id: number | null, name: string | null): { id: number; name: string } | null {
  return id !== null && name !== null ? { id, name } : null;
}
