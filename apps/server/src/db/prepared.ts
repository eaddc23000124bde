import type { Compilable, CompiledQuery, Kysely } from 'kysely';

const PLACEHOLDER_PREFIX = '\u0000atrium-prepared:';

/**
 * A query built and compiled once and run many times with new values, for the few queries on every
 * request, where building and compiling the query costs more than running it. `build` is called
 * once with a placeholder for each of its parameters and must use each as a value of the query; a
 * call of the result replaces the placeholders in the compiled parameters by its arguments.
 */
export function prepareQuery<Schema, Args extends unknown[], Row>(
  db: Kysely<Schema>,
  build: (...args: Args) => Compilable<Row>,
): (...args: Args) => Promise<Row[]> {
  const placeholders = Array.from({ length: build.length }, (_, index) => `${PLACEHOLDER_PREFIX}${index}`);
  const compiled: CompiledQuery<Row> = build(...(placeholders as Args)).compile();
  const slots = compiled.parameters.map((value) => placeholders.indexOf(value as string));
  const used = new Set(slots.filter((slot) => slot >= 0));
  if (used.size !== placeholders.length) {
    throw new Error(`prepareQuery: the query uses ${used.size} of its ${placeholders.length} parameters as values`);
  }
  return async (...args) => {
    const parameters = compiled.parameters.map((value, index) => (slots[index]! >= 0 ? args[slots[index]!] : value));
    const result = await db.executeQuery<Row>({ ...compiled, parameters });
    return result.rows;
  };
}
