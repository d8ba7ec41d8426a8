import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { openDatabase } from '../../platform/db/database';
import { serverDataDir, startListeningServer, stopServerProcesses } from '../../test-support/server-process';
import { countsAgreeWithRows } from '../../test-support/stored-counts';
import { freshTestDatabase, type TestDatabase } from '../../test-support/test-database';
import { createPost, emptyAcknowledged, runWriteLoad, send, signUp } from '../../test-support/write-load';

const databases: TestDatabase[] = [];
afterEach(async () => {
  stopServerProcesses();
  for (const database of databases.splice(0)) await database.release();
});

/** A few writers on a few posts, so writes to one post overlap the way a busy server's do. */
const WRITERS = 6;
const TARGETS = 3;
/** The process is killed after this many answered requests… */
const KILL_AFTER_ANSWERS = 120;
/** …of a load bounded in requests and time, so the test takes seconds on a busy machine. */
const MAX_REQUESTS = 400;
const MAX_LOAD_MS = 15_000;
/** Two server starts (from TypeScript) and sign-ups on a shared 2-core machine take a while. */
const TEST_TIMEOUT_MS = 90_000;

describe('a server killed under a write load', () => {
  it(
    'keeps every acknowledged post, reply and like, with every count equal to its rows',
    async () => {
      const dataDir = serverDataDir();
      const database = await freshTestDatabase(null);
      if (database) databases.push(database);
      const env = { DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}) };

      const first = await startListeningServer(env);
      const writers = [];
      for (let i = 0; i < WRITERS; i += 1) writers.push(await signUp(first.base));
      const targets: string[] = [];
      for (let i = 0; i < TARGETS; i += 1) {
        const { id } = await createPost(first.base, writers[i % WRITERS]!, `Topic ${i}`);
        if (!id) throw new Error('could not create a target post');
        targets.push(id);
      }
      const acknowledged = emptyAcknowledged();
      for (const id of targets) acknowledged.posts.add(id);

      let killed = false;
      const load = runWriteLoad(
        {
          base: first.base,
          writers,
          targets,
          maxRequests: MAX_REQUESTS,
          maxMs: MAX_LOAD_MS,
          shouldStop: () => {
            const answered = acknowledged.statuses.length;
            if (!killed && answered >= KILL_AFTER_ANSWERS) {
              killed = true;
              first.server.child.kill('SIGKILL');
            }
            return killed;
          },
        },
        acknowledged,
      );
      await load;
      expect(killed, 'the load ended before the kill').toBe(true);
      await first.server.exited;
      // Before the kill nothing failed: every answer was a success.
      const beforeKill = acknowledged.statuses.filter((status) => status !== 0);
      expect(beforeKill.every((status) => status === 200 || status === 201)).toBe(true);

      const second = await startListeningServer(env);
      for (const [replyId, parentId] of acknowledged.replies) {
        const answer = await send(second.base, 'GET', `/api/v1/posts/${replyId}`);
        expect(answer.status, `acknowledged reply ${replyId} is gone`).toBe(200);
        expect((answer.body as { post: { parentId: string } }).post.parentId).toBe(parentId);
      }
      for (const id of targets) {
        const answer = await send(second.base, 'GET', `/api/v1/posts/${id}`);
        expect(answer.status).toBe(200);
      }

      const config = loadConfig({ DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}) });
      const handle = openDatabase(config.database);
      try {
        const likes = await handle.db.selectFrom('post_likes').select(['post_id', 'user_id']).execute();
        const stored = new Set(likes.map((like) => `${like.post_id} ${like.user_id}`));
        for (const [key, isLiked] of acknowledged.likes) {
          if (acknowledged.uncertainLikes.has(key)) continue;
          expect(stored.has(key), `acknowledged like state of ${key}`).toBe(isLiked);
        }
        expect(await countsAgreeWithRows(handle.db)).toEqual([]);
      } finally {
        await handle.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
