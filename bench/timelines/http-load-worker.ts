/** The load generator's thread (http-load.ts): sends the requests, answers their latencies. */
import { Pool } from 'undici';
import { serveTasks } from '../../server/platform/workers/worker-tasks';
import { runPool } from '../link-preview/bench-tools';
import { HTTP_LOAD_TASK, type LoadInput, type LoadRun } from './http-load';

const API_HEADERS = { 'x-requested-with': 'XMLHttpRequest' };

async function load({ origin, requests, concurrency, maxMs }: LoadInput): Promise<LoadRun> {
  const pool = new Pool(origin, { connections: concurrency, pipelining: 1 });
  try {
    const indexed = requests.map((request, index) => ({ request, index }));
    const run = await runPool(indexed, concurrency, maxMs, async ({ request, index }) => {
      const response = await pool.request({
        method: 'GET',
        path: request.path,
        headers: { ...API_HEADERS, cookie: request.cookie },
      });
      const body = await response.body.text();
      if (response.statusCode !== 200) throw new Error(`${request.path} → ${response.statusCode}: ${body}`);
      // A page with no post would mean the reader sees nothing: the bench must not count it.
      if (!body.includes('"id":')) throw new Error(`an empty Home page: ${request.path}`);
      return index;
    });
    return {
      latenciesMs: run.results.map((index, i) => ({ index, ms: run.latenciesMs[i] ?? Number.NaN })),
      elapsedMs: run.elapsedMs,
    };
  } finally {
    await pool.close();
  }
}

serveTasks({ [HTTP_LOAD_TASK]: load });
