import { type Compilable, CompiledQuery, type Kysely } from 'kysely';

/**
 * A query built and compiled once, then run many times with new parameter values. Kysely builds
 * and compiles its query tree on every call, which costs more than SQLite's own work for a feed
 * page (measured: about a quarter of a request); hot read paths compile once per shape instead.
 *
 * `build` receives `param(name)`, a stand-in to use wherever a value goes; the stand-ins are
 * found again among the compiled parameters by identity of their text and replaced at run time.
 * Values the builder inlines itself (none today) would stay fixed.
 */
export interface QueryTemplate<DB, Params extends Record<string, unknown>, Row> {
  execute(db: Kysely<DB>, params: Params): Promise<Row[]>;
}

const MARKER = '\u0000tidings-param:';

export function queryTemplate<DB, Params extends Record<string, unknown>, Row>(
  build: (db: Kysely<DB>, param: <K extends keyof Params & string>(name: K) => Params[K]) => Compilable<Row>,
): QueryTemplate<DB, Params, Row> {
  // One compiled form per dialect (SQLite's `?` and PostgreSQL's `$1` differ).
  const compiled = new WeakMap<object, { sql: string; slots: (string | { fixed: unknown })[] }>();
  return {
    async execute(db, params) {
      const key = db.getExecutor().adapter;
      let shape = compiled.get(key);
      if (!shape) {
        // The marker stands in for any parameter type: Kysely passes values through untouched.
        const query = build(db, (name) => `${MARKER}${name}` as never).compile();
        shape = {
          sql: query.sql,
          slots: query.parameters.map((value) =>
            typeof value === 'string' && value.startsWith(MARKER)
              ? value.slice(MARKER.length)
              : { fixed: value },
          ),
        };
        compiled.set(key, shape);
      }
      const values = shape.slots.map((slot) => (typeof slot === 'string' ? params[slot] : slot.fixed));
      const result = await db.executeQuery<Row>(CompiledQuery.raw(shape.sql, values));
      return result.rows;
    },
  };
}
