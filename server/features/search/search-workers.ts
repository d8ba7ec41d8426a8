import { createWorkerPool } from '../../platform/workers/worker-pool';
import type { SearchPage, SearchPageReader } from './search-page';

export const SEARCH_PAGE_TASK = 'search.page';
export interface SearchWorkerData {
  /** The SQLite database file. */
  file: string;
}

/**
 * Search worker threads over a SQLite file (search-worker.ts). The bundle places the worker next
 * to main.js; in development and tests the source runs through tsx.
 */
export function startSearchWorkers(
  file: string,
  size: number,
): { readPage: SearchPageReader; close(): Promise<void> } {
  const isSource = import.meta.url.endsWith('.ts');
  const url = new URL(isSource ? './search-worker.ts' : './search-worker.js', import.meta.url);
  const data: SearchWorkerData = { file };
  const pool = createWorkerPool({ url, size, workerData: data });
  return {
    readPage: (request) => pool.run<SearchPage>(SEARCH_PAGE_TASK, request),
    close: () => pool.close(),
  };
}
