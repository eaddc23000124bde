/**
 * A name as a unique index compares it: case and repeated spaces do not make a new one ("Quiet  Zone" is
 * "quiet zone"). Stored beside the name in a `*_key` column (visit reasons, desk numbers, neighbourhoods).
 */
export const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
