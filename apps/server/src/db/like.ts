import { sql, type RawBuilder } from 'kysely';

/** A LIKE pattern for `text` anywhere, with its own % and _ matching themselves (escape character !). */
export const likeContains = (text: string) => `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;

/** Whether the text column (`table.column` or `column`) contains `text`, ignoring case, on both engines. */
export function containsIgnoringCase(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like ${likeContains(text.toLowerCase())} escape '!'`;
}

/**
 * Whether the user (table alias `u`) has `keyword` in their full name, user name or e-mail (with
 * `usercode`, also in their code), ignoring case, on both engines: the keyword filter of every list
 * of people.
 */
export function userMatches(keyword: string, { usercode = false }: { usercode?: boolean } = {}): RawBuilder<boolean> {
  const pattern = likeContains(keyword.toLowerCase());
  const columns = [sql`lower(u.full_name)`, sql`u.user_name_lower`, sql`u.email_lower`, ...(usercode ? [sql`lower(u.usercode)`] : [])];
  return sql<boolean>`(${sql.join(
    columns.map((column) => sql`${column} like ${pattern} escape '!'`),
    sql` or `,
  )})`;
}
