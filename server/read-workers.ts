import type { PostPage } from '../common/contracts/posts';
import type { SearchPage, SearchPageReader, SearchPageRequest } from './features/search/search-page';
import type { TimelinePageReader, TimelinePageRequest } from './features/timelines/timeline-page';
import type { SerializedJson } from './http/serialized-json';
import { createWorkerPool } from './platform/workers/worker-pool';

/** What a read worker answers, by task name: each a page as the API sends it. */
export interface ReadTasks {
  'search.page': (request: SearchPageRequest) => Promise<SearchPage>;
  'timelines.page': (request: TimelinePageRequest) => Promise<SerializedJson<PostPage>>;
}

export interface ReadWorkerData {
  /** The SQLite database file. */
  file: string;
}

export interface ReadWorkers {
  readSearchPage: SearchPageReader;
  readTimelinePage: TimelinePageReader;
  close(): Promise<void>;
}

/**
 * Read worker threads over a SQLite file (read-worker.ts): searches and timeline pages, each read
 * whole (queries, presentation, JSON) on a worker's own read-only connection, so that both cores
 * work and the event loop keeps to HTTP and sockets. The bundle places the worker next to
 * main.js; in development and tests the source runs through tsx.
 */
export function startReadWorkers(file: string, size: number): ReadWorkers {
  const isSource = import.meta.url.endsWith('.ts');
  const url = new URL(isSource ? './read-worker.ts' : './read-worker.js', import.meta.url);
  const data: ReadWorkerData = { file };
  const pool = createWorkerPool({ url, size, workerData: data });
  const run = <Task extends keyof ReadTasks>(task: Task, input: Parameters<ReadTasks[Task]>[0]) =>
    pool.run<Awaited<ReturnType<ReadTasks[Task]>>>(task, input);
  return {
    readSearchPage: (request) => run('search.page', request),
    readTimelinePage: (request) => run('timelines.page', request),
    close: () => pool.close(),
  };
}
