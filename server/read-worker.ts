/**
 * A read worker thread: reads pages of search results and of timelines on its own read-only
 * connection, so that a slow query never holds up the server's event loop and both cores work.
 * Started by read-workers.ts.
 */
import { workerData } from 'node:worker_threads';
import { readSearchPage } from './features/search/search-page';
import { createSqliteSearchIndex } from './features/search/search.repository';
import { readTimelinePage } from './features/timelines/timeline-page';
import { openSqliteReader } from './platform/db/sqlite-reader';
import { serveTasks } from './platform/workers/worker-tasks';
import type { ReadTasks, ReadWorkerData } from './read-workers';

const { file } = workerData as ReadWorkerData;
const db = openSqliteReader(file);
const index = createSqliteSearchIndex(db);

const tasks: ReadTasks = {
  'search.page': (request) => readSearchPage(db, index, request),
  'timelines.page': (request) => readTimelinePage(db, request),
};
serveTasks(tasks);
