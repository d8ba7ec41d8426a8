import { claimAdminSeat } from './admin-seat';
import { freePort } from './free-port';
import { ownServer } from './own-server';
import { SHARED_SERVER_SETTINGS } from './server-env';
import { test as base } from './test';

/**
 * For the readers of the global feed (the `live` project): a server of their own, so no other
 * test's posts or deletions reach them and they can run beside the rest of the suite instead of
 * after it. The project runs one file at a time on one worker, so a file's readers see only what
 * that file posts. Every context a test opens (`browser.newContext()` too) gets this server as
 * its base URL.
 */
export const test = base.extend<object, { liveServerUrl: string }>({
  liveServerUrl: [
    // Playwright reads a fixture's dependencies from its destructured first parameter; none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = ownServer(await freePort(), SHARED_SERVER_SETTINGS);
      await server.start();
      try {
        await claimAdminSeat(server.url);
        await use(server.url);
      } finally {
        await server.dispose();
      }
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ liveServerUrl }, use) => {
    await use(liveServerUrl);
  },
});

export { expect } from './test';
