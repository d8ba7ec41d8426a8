import { randomBytes } from 'node:crypto';
import { dropDatabase, quoteIdentifier, runStatement, urlWithDatabase, withClient } from './postgres-client';
import { type TemplateCopies, templateCopies } from './template-copies';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PostgreSQL database every test app is copied from; null on SQLite. */
    testDatabaseTemplate: string | null;
  }
}

/**
 * Tests run on SQLite unless TEST_DATABASE_URL names a PostgreSQL database to connect to (it
 * only serves as the door in: every test app gets a fresh database of its own beside it).
 */
export function testDatabaseServerUrl(): string | null {
  const url = process.env.TEST_DATABASE_URL;
  return url === undefined || url === '' ? null : url;
}

/** Prefix of every database the tests create, so a run can find and drop what it left. */
export const TEST_DATABASE_PREFIX = 'tidings_t_';
/** A run's template is `<prefix><run>_template`; its copies replace the suffix with random bytes. */
export const TEMPLATE_SUFFIX = 'template';

export interface TestDatabase {
  /** DATABASE_URL of the new database. */
  url: string;
  /** Done with it: a copy of the run's template goes back to be emptied for the next app; any
   * other database is dropped. */
  release(): Promise<void>;
}

/** A fresh name no parallel test process or other run will pick. */
function uniqueDatabaseName(): string {
  return `${TEST_DATABASE_PREFIX}${randomBytes(8).toString('hex')}`;
}

/**
 * Creates an empty database. Releasing it drops it, forcing out connections a failed test may
 * have left open.
 */
export async function createTestDatabase(
  serverUrl: string,
  options: { name?: string } = {},
): Promise<TestDatabase> {
  const name = options.name ?? uniqueDatabaseName();
  await runStatement(serverUrl, `create database ${quoteIdentifier(name)}`);
  return {
    url: urlWithDatabase(serverUrl, name),
    release: () => dropDatabase(serverUrl, name),
  };
}

/** Drops every database whose name starts with `prefix` (what one run created, leaks included). */
export async function dropTestDatabases(serverUrl: string, prefix: string): Promise<void> {
  await withClient(serverUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [prefix],
    );
    for (const { datname } of rows)
      await client.query(`drop database if exists ${quoteIdentifier(datname)} with (force)`);
  });
}

/** This process's copies of each template, kept for the next test app (template-copies.ts). */
const copiesByTemplate = new Map<string, TemplateCopies>();

/**
 * A fresh database for one test app when tests run on PostgreSQL, else null (SQLite in the
 * app's DATA_DIR). A pristine copy of `template` when the run made one, named with the template's
 * run prefix so the run's clean-up finds it; `release()` hands it back for the next app.
 * Otherwise an empty database (the app migrates it).
 */
export async function freshTestDatabase(template: string | null | undefined): Promise<TestDatabase | null> {
  const serverUrl = testDatabaseServerUrl();
  if (serverUrl === null) return null;
  if (!template) return createTestDatabase(serverUrl);
  let copies = copiesByTemplate.get(template);
  if (copies === undefined) {
    const namePrefix = template.slice(0, -TEMPLATE_SUFFIX.length);
    copies = templateCopies(serverUrl, template, namePrefix);
    copiesByTemplate.set(template, copies);
  }
  const name = await copies.take();
  const taken = copies;
  return { url: urlWithDatabase(serverUrl, name), release: () => taken.give(name) };
}
