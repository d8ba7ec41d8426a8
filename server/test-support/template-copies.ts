import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { dropDatabase, quoteIdentifier, runStatement, urlWithDatabase, withClient } from './postgres-client';

/**
 * Copies of a run's migrated template database, handed out to test apps and taken back.
 *
 * Making a copy creates a file for every relation of the database (about 300 for the system
 * catalogues alone, the app's tables on top), and dropping it deletes them: on the 2-core test
 * machines a copy and its drop cost 0.4–0.9 s of CPU, mostly in the file system's inode
 * allocator, and a PostgreSQL run of the server tests used to make close to 400. So a copy its
 * test app is done with is emptied instead (rows deleted, seeded rows and sequences put back as
 * the template has them) and handed to the next app of the same process. Emptying creates no
 * file. A copy whose structure no longer matches the template (a test changed its schema,
 * functions or triggers), that grew too much (MAX_GROWTH_BYTES), or that cannot be emptied (a
 * role without the right to skip foreign-key checks) is dropped, as every copy used to be.
 */

/** What a fresh copy holds that a test could change: rows the migrations seeded, sequences. */
interface PristineState {
  /** Bytes on disk, to tell a copy a test filled (see MAX_GROWTH_BYTES). */
  sizeBytes: number;
  /** Structure of the database as text: relations, columns, constraints, triggers, functions. */
  structure: string;
  /** The app's tables, and the rows of those the migrations seeded, as JSON. */
  tables: { name: string; seededRows: string | null }[];
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
}

/**
 * A copy that grew more than this is dropped rather than emptied: deleted rows leave their pages
 * behind until a vacuum, and a planner reading those sizes can choose other plans than it would
 * on a fresh database (the query-plan tests check the plans). Most tests add a few kilobytes.
 */
const MAX_GROWTH_BYTES = 2 * 1024 * 1024;

/** Everything a schema change would alter, in one string (system schemas left out). */
const STRUCTURE_QUERY = `
  with own_namespaces as (
    select oid, nspname from pg_namespace
    where nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and nspname not like 'pg_temp%'
      and nspname not like 'pg_toast_temp%'
  )
  select md5(concat_ws('|',
    (select string_agg(n.nspname || '.' || c.relname || ':' || c.relkind::text, ',' order by 1)
       from pg_class c join own_namespaces n on n.oid = c.relnamespace),
    (select string_agg(c.relname || '.' || a.attname || ':' || format_type(a.atttypid, a.atttypmod)
              || ':' || a.attnotnull || ':' || coalesce(pg_get_expr(d.adbin, d.adrelid), ''), ',' order by 1)
       from pg_attribute a join pg_class c on c.oid = a.attrelid
       join own_namespaces n on n.oid = c.relnamespace
       left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
       where a.attnum > 0 and not a.attisdropped),
    (select string_agg(conname || ':' || pg_get_constraintdef(oid), ',' order by 1)
       from pg_constraint where connamespace in (select oid from own_namespaces)),
    (select string_agg(tgname || ':' || tgrelid::regclass::text, ',' order by 1)
       from pg_trigger where not tgisinternal),
    (select string_agg(proname || ':' || md5(prosrc), ',' order by 1)
       from pg_proc where pronamespace in (select oid from own_namespaces)),
    (select string_agg(extname, ',' order by 1) from pg_extension)
  )) as structure`;

async function sizeOf(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ size: string }>(
    'select pg_database_size(current_database()) as size',
  );
  return Number(rows[0]?.size ?? Infinity);
}

async function structureOf(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ structure: string }>(STRUCTURE_QUERY);
  return rows[0]?.structure ?? '';
}

/** Reads what a copy nobody has used yet holds. */
async function readPristineState(client: pg.Client): Promise<PristineState> {
  const { rows: tables } = await client.query<{ name: string }>(
    `select quote_ident(relname) as name from pg_class
     where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') order by 1`,
  );
  const withSeededRows = await Promise.all(
    tables.map(async ({ name }) => {
      const { rows } = await client.query<{ seeded: string | null }>(
        `select json_agg(t)::text as seeded from ${name} t`,
      );
      return { name, seededRows: rows[0]?.seeded ?? null };
    }),
  );
  const { rows: sequences } = await client.query<{ name: string }>(
    `select quote_ident(relname) as name from pg_class
     where relnamespace = 'public'::regnamespace and relkind = 'S' order by 1`,
  );
  const sequenceStates = await Promise.all(
    sequences.map(async ({ name }) => {
      const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
        `select last_value::text, is_called from ${name}`,
      );
      const row = rows[0];
      if (!row) throw new Error(`sequence ${name} has no state`);
      return { name, lastValue: row.last_value, isCalled: row.is_called };
    }),
  );
  return {
    sizeBytes: await sizeOf(client),
    structure: await structureOf(client),
    tables: withSeededRows,
    sequences: sequenceStates,
  };
}

/**
 * Puts a used copy back as `pristine` describes it, or answers false when its structure differs
 * or it grew too much.
 * Foreign-key triggers are skipped for the deletes (every table is emptied, so no reference is
 * left dangling), which needs a role allowed to set session_replication_role.
 */
async function empty(client: pg.Client, pristine: PristineState): Promise<boolean> {
  // Connections the test left open would hold locks the deletes wait for.
  await client.query(
    `select pg_terminate_backend(pid) from pg_stat_activity
     where datname = current_database() and pid <> pg_backend_pid()`,
  );
  if ((await sizeOf(client)) - pristine.sizeBytes > MAX_GROWTH_BYTES) return false;
  if ((await structureOf(client)) !== pristine.structure) return false;
  const used = pristine.tables.map(
    ({ name }) => `select ${pg.escapeLiteral(name)} as name where exists (select 1 from ${name})`,
  );
  await client.query('begin');
  try {
    await client.query('set local session_replication_role = replica');
    const { rows } = await client.query<{ name: string }>(used.join(' union all '));
    const nonEmpty = new Set(rows.map(({ name }) => name));
    for (const { name, seededRows } of pristine.tables) {
      if (nonEmpty.has(name)) await client.query(`delete from ${name}`);
      if (seededRows !== null)
        await client.query(
          `insert into ${name} overriding system value select * from json_populate_recordset(null::${name}, $1)`,
          [seededRows],
        );
    }
    for (const { name, lastValue, isCalled } of pristine.sequences)
      await client.query('select setval($1::regclass, $2::bigint, $3)', [name, lastValue, isCalled]);
    await client.query('commit');
    return true;
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

export interface TemplateCopies {
  /** A pristine copy's name: an emptied one if this process has one, else a new copy. */
  take(): Promise<string>;
  /** Empties a copy for the next `take`, or drops it when it cannot be put back as it was. */
  give(name: string): Promise<void>;
}

/**
 * The copies of `template` this process hands out, named `<namePrefix><random>` so the run's
 * clean-up finds the ones still kept when it ends.
 */
export function templateCopies(serverUrl: string, template: string, namePrefix: string): TemplateCopies {
  const emptied: string[] = [];
  /** Copies handed out and not yet given back: a second `give` of one (a test closing its app
   * twice) must not put it in `emptied` twice, where two apps would take it. */
  const inUse = new Set<string>();
  let pristine: Promise<PristineState> | null = null;

  return {
    async take() {
      const reused = emptied.pop();
      if (reused !== undefined) {
        inUse.add(reused);
        return reused;
      }
      const name = `${namePrefix}${randomBytes(6).toString('hex')}`;
      await runStatement(
        serverUrl,
        `create database ${quoteIdentifier(name)} template ${quoteIdentifier(template)}`,
      );
      // Read from the first copy before any app touches it: the template itself cannot be
      // connected to while copies of it are being made.
      pristine ??= withClient(urlWithDatabase(serverUrl, name), readPristineState);
      await pristine;
      inUse.add(name);
      return name;
    },
    async give(name) {
      if (!inUse.delete(name)) return;
      const state = pristine === null ? null : await pristine;
      const isEmptied =
        state !== null &&
        (await withClient(urlWithDatabase(serverUrl, name), (client) => empty(client, state)).catch(
          () => false,
        ));
      if (isEmptied) emptied.push(name);
      else await dropDatabase(serverUrl, name);
    },
  };
}
