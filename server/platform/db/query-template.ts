import { type Compilable, CompiledQuery, type Kysely } from 'kysely';

/**
 * A query built and compiled once, then run many times with new parameter values. Kysely builds
 * and compiles its query tree on every call, which costs more than SQLite's own work for a feed
 * page (measured: about a quarter of a request); hot read paths compile once per shape instead.
 *
 * `build` receives `param(name)`, a stand-in to use wherever a value goes; the stand-ins are
 * found again among the compiled parameters by identity of their text and replaced at run time.
 * Every bound value must be a stand-in: a value the builder took from elsewhere (a request's,
 * say) would be kept for every later call, so compiling one throws. Fixed numbers a plan depends
 * on go into the SQL text itself (`sql.lit`).
 */
export interface QueryTemplate<DB, Params extends Record<string, unknown>, Row> {
  execute(db: Kysely<DB>, params: Params): Promise<Row[]>;
}

const MARKER = '\u0000tidings-param:';

export function queryTemplate<DB, Params extends Record<string, unknown>, Row>(
  build: (db: Kysely<DB>, param: <K extends keyof Params & string>(name: K) => Params[K]) => Compilable<Row>,
): QueryTemplate<DB, Params, Row> {
  // One compiled form per dialect (SQLite's `?` and PostgreSQL's `$1` differ).
  const compiled = new WeakMap<object, { sql: string; slots: string[] }>();
  return {
    async execute(db, params) {
      const key = db.getExecutor().adapter;
      let shape = compiled.get(key);
      if (!shape) {
        // The marker stands in for any parameter type: Kysely passes values through untouched.
        const query = build(db, (name) => `${MARKER}${name}` as never).compile();
        shape = {
          sql: query.sql,
          slots: query.parameters.map((value) => {
            if (typeof value === 'string' && value.startsWith(MARKER)) return value.slice(MARKER.length);
            throw new Error(
              `a query template binds a value it was not given as a parameter: ${String(value)}`,
            );
          }),
        };
        compiled.set(key, shape);
      }
      const values = shape.slots.map((slot) => params[slot]);
      const result = await db.executeQuery<Row>(CompiledQuery.raw(shape.sql, values));
      return result.rows;
    },
  };
}
