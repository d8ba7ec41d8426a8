import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { API_HEADERS, type Account, signUpByApi, uniqueAccount } from './support/accounts';
import { freePort } from './support/free-port';
import { linkFor } from './support/outbox';
import { ownServer } from './support/own-server';
import { expectNoHorizontalOverflow } from './support/phone';
import { expect, test } from './support/test';

const PHONE: BrowserContextOptions = {
  viewport: { width: 320, height: 640 },
  isMobile: true,
  hasTouch: true,
};

// Its own server, where addresses are confirmed: notification e-mail goes to confirmed ones only.
let server: ReturnType<typeof ownServer>;
let outbox = '';
test.beforeAll(async () => {
  server = ownServer(await freePort(), { REQUIRE_EMAIL_CONFIRMATION: 'true' });
  await server.start();
  outbox = join(server.dataDir, 'outbox');
});
test.afterAll(async () => {
  await server.dispose();
});

/** A signed-in, confirmed account in a browser of its own. */
async function confirmedPerson(browser: Browser, device: BrowserContextOptions = {}) {
  const context = await browser.newContext({ ...device, baseURL: server.url });
  const page = await context.newPage();
  const account = await signUpByApi(page.request, uniqueAccount());
  await page.goto(await linkFor(account.email, 'confirm-email', outbox));
  await expect(page.getByRole('status').filter({ hasText: 'is confirmed.' })).toBeVisible();
  return { page, account };
}

async function postAs(page: Page, body: string, parentId?: string): Promise<string> {
  const answer = await page.request.post('/api/v1/posts', { headers: API_HEADERS, data: { body, parentId } });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { post: { id: string } }).post.id;
}

test('a reply is e-mailed; its link stops those e-mails in one tap, without logging in, on a 320 px phone', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const ana: { page: Page; account: Account } = await confirmedPerson(browser);
  const bo = await confirmedPerson(browser);
  const question = await postAs(ana.page, 'Who is riding on Sunday?');
  await postAs(bo.page, 'Count me in.', question);

  const link = await linkFor(ana.account.email, 'unsubscribe', outbox);
  await ana.page.goto(link);
  await expect(ana.page.getByRole('button', { name: 'Stop these e-mails' })).toBeVisible();
  await expectAccessible(ana.page);
  // Opened on a phone where nobody is logged in.
  const phone = await (await browser.newContext({ ...PHONE, baseURL: server.url })).newPage();
  await phone.goto(link);
  await expect(phone.getByText('Stop the e-mails about replies to your posts?')).toBeVisible();
  await expectNoHorizontalOverflow(phone);
  await expectAccessible(phone);
  await phone.getByRole('button', { name: 'Stop these e-mails' }).tap();
  await expect(
    phone.getByRole('status').filter({ hasText: 'no more e-mails about replies to your posts' }),
  ).toBeVisible();

  await ana.page.goto('/settings');
  const section = ana.page.getByRole('region', { name: 'E-mail notifications' });
  await expect(section.getByLabel('Someone replies to my posts')).not.toBeChecked();
  await expect(section.getByLabel('Someone mentions me')).toBeChecked();
  await section.getByLabel('Someone replies to my posts').check();
  await expect(section.getByRole('status')).toHaveText('Saved.');
  await expectAccessible(ana.page);
  for (const page of [ana.page, bo.page, phone]) await page.context().close();
});
