import { sql, type RawBuilder } from 'kysely';

/** A LIKE pattern for `text` anywhere, with its own % and _ matching themselves (escape character !). */
export const likeContains = (text: string) => `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;

/** Whether the text column (`table.column` or `column`) contains `text`, ignoring case, on both engines. */
export function containsIgnoringCase(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like ${likeContains(text.toLowerCase())} escape '!'`;
}
