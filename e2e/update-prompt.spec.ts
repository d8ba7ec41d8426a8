import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from './support/free-port';
import { waitForServiceWorker } from './support/offline';
import { ownServer } from './support/own-server';
import { expect, test } from './support/test';

test.use({ serviceWorkers: 'allow' });
// One worker, one copied build and server for both tests.
test.describe.configure({ mode: 'serial' });

// A build of its own, inside the project so the copy's server finds node_modules, which the
// test changes as a deploy would.
let buildDir = '';
let server: ReturnType<typeof ownServer>;

test.beforeAll(async () => {
  buildDir = mkdtempSync(join('.tmp', 'update-prompt-'));
  cpSync('dist', join(buildDir, 'dist'), { recursive: true });
  server = ownServer(await freePort(), {}, join(buildDir, 'dist'));
  await server.start();
});

test.afterAll(async () => {
  await server.dispose();
  rmSync(buildDir, { recursive: true, force: true });
});

test('a new version announces itself and reloads into it only when asked', async ({ page }) => {
  await page.goto(server.url);
  await waitForServiceWorker(page);
  const reload = page.getByRole('button', { name: 'Reload to update' });
  await expect(reload).toHaveCount(0);

  // A deploy: the worker's script changes on the server.
  appendFileSync(join(buildDir, 'dist', 'client', 'sw.js'), `\n// deployed ${Date.now()}\n`);
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });
  await expect(reload).toBeVisible();
  // Nothing happens behind the reader's back: the page stays, the new version waits.
  await page.evaluate(() => document.body.setAttribute('data-before-update', ''));
  expect(
    await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)),
  ).toBe(true);

  await reload.click();
  await expect(page.locator('body[data-before-update]')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(reload).toHaveCount(0);
  const registration = await page.evaluate(async () => {
    const current = await navigator.serviceWorker.getRegistration();
    return { waiting: Boolean(current?.waiting), active: current?.active?.state ?? null };
  });
  expect(registration).toEqual({ waiting: false, active: 'activated' });
});

test('"Later" puts the notice away and keeps the page as it is', async ({ page }) => {
  await page.goto(server.url);
  await waitForServiceWorker(page);
  appendFileSync(join(buildDir, 'dist', 'client', 'sw.js'), `\n// deployed ${Date.now()}\n`);
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });
  await page.getByRole('button', { name: 'Later' }).click();
  await expect(page.getByRole('button', { name: 'Reload to update' })).toHaveCount(0);
  expect(
    await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)),
  ).toBe(true);
});
