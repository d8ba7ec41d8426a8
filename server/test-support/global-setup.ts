import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { migrateToLatest, openDatabase } from '../platform/db/database';
import { migrateSqliteTemplate } from './migrated-sqlite';
import {
  createTestDatabase,
  dropTestDatabases,
  TEMPLATE_SUFFIX,
  TEST_DATABASE_PREFIX,
  testDatabaseServerUrl,
} from './test-database';

/**
 * On SQLite, migrates one template file per run, which each test app copies (migrated-sqlite.ts).
 * On PostgreSQL, migrates one template database per run; each test app copies it (CREATE
 * DATABASE … TEMPLATE). Measured on the shared 2-core machine when idle: a copy and its drop
 * take about 270 ms (0.4–0.9 s once hundreds have been made, see template-copies.ts), a schema
 * per app with search_path 570 ms (the migrations run each time), an empty database migrated per
 * app 1.2 s. A copy an app is done with is emptied for the next app
 * rather than dropped (template-copies.ts). Everything this run created is dropped at the end,
 * leftovers of crashed workers too.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const serverUrl = testDatabaseServerUrl();
  if (serverUrl === null) {
    project.provide('testDatabaseTemplate', null);
    const sqliteTemplate = await migrateSqliteTemplate();
    project.provide('sqliteTemplateFile', sqliteTemplate.file);
    return async () => sqliteTemplate.remove();
  }
  project.provide('sqliteTemplateFile', null);
  const runPrefix = `${TEST_DATABASE_PREFIX}${randomBytes(4).toString('hex')}_`;
  const templateName = `${runPrefix}${TEMPLATE_SUFFIX}`;
  const template = await createTestDatabase(serverUrl, { name: templateName });
  const handle = openDatabase({ kind: 'postgres', url: template.url });
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }
  project.provide('testDatabaseTemplate', templateName);
  return () => dropTestDatabases(serverUrl, runPrefix);
}
