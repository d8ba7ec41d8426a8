/**
 * A search worker thread: reads pages of results on its own read-only connection, so that a
 * slow query never holds up the server's event loop. Started by search-workers.ts.
 */
import { workerData } from 'node:worker_threads';
import { openSqliteReader } from '../../platform/db/sqlite-reader';
import { serveTasks } from '../../platform/workers/worker-tasks';
import { readSearchPage, type SearchPageRequest } from './search-page';
import { createSqliteSearchIndex } from './search.repository';
import { SEARCH_PAGE_TASK, type SearchWorkerData } from './search-workers';

const { file } = workerData as SearchWorkerData;
const db = openSqliteReader(file);
const index = createSqliteSearchIndex(db);

serveTasks({
  [SEARCH_PAGE_TASK]: (request: SearchPageRequest) => readSearchPage(db, index, request),
});
