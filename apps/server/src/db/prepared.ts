import type { Compilable, CompiledQuery, Kysely } from 'kysely';

const PLACEHOLDER_PREFIX = '\u0000atrium-prepared:';

/** The SQL text of every prepared query, with the statement name PostgreSQL knows it by. */
const statementNames = new Map<string, string>();

/**
 * The name under which PostgreSQL keeps `sql` prepared on each connection (database.ts), when
 * prepareQuery compiled it; undefined for any other SQL, which is parsed and planned per call.
 */
export function preparedStatementName(sql: string): string | undefined {
  return statementNames.get(sql);
}

/**
 * A query built and compiled once and run many times with new values, for the few queries on every
 * request, where building and compiling the query costs more than running it. `build` is called
 * once with a placeholder for each of its parameters and must use each as a value of the query; a
 * call of the result replaces the placeholders in the compiled parameters by its arguments. On
 * PostgreSQL the statement is also prepared once per connection (parsed and planned once).
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
  if (!statementNames.has(compiled.sql)) statementNames.set(compiled.sql, `atrium_prepared_${statementNames.size + 1}`);
  return async (...args) => {
    const parameters = compiled.parameters.map((value, index) => (slots[index]! >= 0 ? args[slots[index]!] : value));
    const result = await db.executeQuery<Row>({ ...compiled, parameters });
    return result.rows;
  };
}

/** A statement compiled for one database (its dialect), with where each placeholder's value goes. */
interface CompiledStatement<Row> {
  compiled: CompiledQuery<Row>;
  slots: number[];
}

/**
 * A statement compiled on first use for each database and run on any connection or transaction of
 * it (`on`): for the hot writes inside transactions, whose repositories are made per transaction,
 * so compiling there would cost every transaction. `build` receives the handle it compiles with and
 * a placeholder for each of its `arity` values (by default its declared parameters after the
 * handle), and must use each as a value of the query.
 */
export function defineStatement<Schema, Args extends unknown[], Row>(
  build: (db: Kysely<Schema>, ...args: Args) => Compilable<Row>,
  arity: number = build.length - 1,
): (on: Kysely<Schema>, ...args: Args) => Promise<Row[]> {
  const placeholders = Array.from({ length: arity }, (_, index) => `${PLACEHOLDER_PREFIX}${index}`);
  // One compiled form per database, keyed by its adapter (shared by its connections and transactions).
  const byDatabase = new WeakMap<object, CompiledStatement<Row>>();
  function compile(on: Kysely<Schema>): CompiledStatement<Row> {
    const compiled = build(on, ...(placeholders as Args)).compile();
    const slots = compiled.parameters.map((value) => placeholders.indexOf(value as string));
    if (new Set(slots.filter((slot) => slot >= 0)).size !== arity) {
      throw new Error(`defineStatement: the statement does not use each of its ${arity} values`);
    }
    return { compiled, slots };
  }
  return async (on, ...args) => {
    const adapter = on.getExecutor().adapter;
    let statement = byDatabase.get(adapter);
    if (!statement) byDatabase.set(adapter, (statement = compile(on)));
    const { compiled, slots } = statement;
    const parameters = compiled.parameters.map((value, index) => (slots[index]! >= 0 ? args[slots[index]!] : value));
    return (await on.executeQuery<Row>({ ...compiled, parameters })).rows;
  };
}
