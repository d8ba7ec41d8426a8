import type { ParsedMail } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outboxMails, recipientOf } from '../../test-support/outbox-folder';
import { createTestApp, signedUpUser, type TestApp } from '../../test-support/test-app';
import { NOTIFICATION_EMAILS_PER_HOUR } from './limits';

let t: TestApp;
let ana: Account;
let bo: Account;
beforeEach(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://tidings.test' });
  ana = await signedUpUser(t, { displayName: 'Ana <b>Lima</b>' });
  bo = await signedUpUser(t, { displayName: 'Bo' });
  await confirmAddress(ana);
});
afterEach(async () => {
  await t.close();
});

type Account = Awaited<ReturnType<typeof signedUpUser>>;

const confirmAddress = (who: Account) =>
  t.database.db
    .updateTable('users')
    .set({ email_confirmed_at: Date.now() })
    .where('id', '=', who.user.id)
    .execute();

async function post(who: Account, body: string, parentId?: string): Promise<string> {
  const response = await t.api({
    method: 'POST',
    url: '/api/v1/posts',
    cookie: who.cookie,
    payload: { body, parentId },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ post: { id: string } }>().post.id;
}

const mention = (who: Account) =>
  `<a href="/@${who.user.handle}" data-type="mention" data-id="${who.user.handle}">@${who.user.handle}</a>`;

/** The e-mails to `who` among the first `count` written, once that many are there. */
async function mailsTo(who: Account, count: number): Promise<ParsedMail[]> {
  return (await outboxMails(t.dataDir, count)).filter((mail) => recipientOf(mail) === who.account.email);
}

const headerOf = (mail: ParsedMail, name: string) =>
  mail.headerLines.find((line) => line.key === name)?.line.replace(/^[^:]+:\s*/, '') ?? '';

/** Notification e-mails queued so far: queued before the post's answer, so counted exactly. */
async function settledCount(): Promise<number> {
  const row = await t.database.db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('kind', 'like', 'notification-%')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const settings = async (who: Account) =>
  (await t.api({ method: 'GET', url: '/api/v1/me/email-notifications', cookie: who.cookie })).json<{
    mention: boolean;
    reply: boolean;
  }>();

describe('notification e-mails', () => {
  it('tell of a reply once per unread entry, with a one-click way to stop them that needs no login', async () => {
    const first = await post(ana, '<p>Where shall we ride on Sunday?</p>');
    await post(bo, '<p>The coast road, <i>obviously</i>.</p>', first);
    const [mail] = await mailsTo(ana, 1);
    expect(mail?.subject).toBe('Bo replied to your post on Tidings');
    expect(mail?.text).toContain('Bo (@');
    expect(mail?.text).toContain('“The coast road, obviously.”');
    expect(mail?.text).toContain(`https://tidings.test/p/${first}`);
    expect(mail?.html).toContain('Hi Ana &lt;b&gt;Lima&lt;/b&gt;,');
    const oneClick = headerOf(mail as ParsedMail, 'list-unsubscribe');
    expect(oneClick).toMatch(
      /^<https:\/\/tidings\.test\/email\/unsubscribe\?u=[0-9a-f-]{36}&k=reply&t=[\w-]{43}>$/,
    );
    expect(headerOf(mail as ParsedMail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail?.text).toMatch(/Stop e-mails about replies: https:\/\/tidings\.test\/unsubscribe#u=/);

    // A second reply joins the unread entry: no second e-mail.
    const cy = await signedUpUser(t);
    await post(cy, '<p>Or the hills.</p>', first);
    expect(await settledCount()).toBe(1);

    // What a mail client sends by itself: a form POST, no session, no X-Requested-With.
    const url = new URL(oneClick.slice(1, -1));
    const forged = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}?${url.search.slice(1).replace(/t=[\w-]+/, 't=forged')}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.code).toBe('unsubscribe_link_invalid');
    const stopped = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(stopped.statusCode, stopped.body).toBe(204);
    expect(await settings(ana)).toEqual({ mention: true, reply: false });
    const other = await post(ana, '<p>Another question.</p>');
    await post(bo, '<p>Another answer.</p>', other);
    expect(await settledCount()).toBe(1);

    // A client that only opens links is sent to the page that asks first.
    const opened = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/unsubscribe#${url.search.slice(1)}`);
  });

  it('tell of mentions; a token for one kind does not stop another; the page stops them through the API', async () => {
    await post(bo, `<p>Ride with ${mention(ana)}?</p>`);
    const [mail] = await mailsTo(ana, 1);
    expect(mail?.subject).toBe('Bo mentioned you on Tidings');
    const query = new URL(headerOf(mail as ParsedMail, 'list-unsubscribe').slice(1, -1)).searchParams;
    const asReply = new URLSearchParams({ u: query.get('u') ?? '', k: 'reply', t: query.get('t') ?? '' });
    const wrongKind = await t.api({
      method: 'POST',
      url: `/api/v1/email-notifications/unsubscribe?${asReply.toString()}`,
    });
    expect(wrongKind.json().error.code).toBe('unsubscribe_link_invalid');
    const stopped = await t.api({
      method: 'POST',
      url: `/api/v1/email-notifications/unsubscribe?${query.toString()}`,
    });
    expect(stopped.statusCode, stopped.body).toBe(204);
    expect(await settings(ana)).toEqual({ mention: false, reply: true });
  });

  it('go to confirmed addresses only, as chosen in settings, and at most a few an hour', async () => {
    // Bo's address was never confirmed: nothing is sent to it.
    const bosPost = await post(bo, '<p>Hello?</p>');
    await post(ana, '<p>Hello!</p>', bosPost);
    expect(await settledCount()).toBe(0);

    const saved = await t.api({
      method: 'PUT',
      url: '/api/v1/me/email-notifications',
      cookie: ana.cookie,
      payload: { mention: false, reply: false },
    });
    expect(saved.json()).toEqual({ mention: false, reply: false });
    await post(bo, `<p>Hi ${mention(ana)}</p>`);
    expect(await settledCount()).toBe(0);

    await t.api({
      method: 'PUT',
      url: '/api/v1/me/email-notifications',
      cookie: ana.cookie,
      payload: { mention: true, reply: true },
    });
    for (let i = 0; i <= NOTIFICATION_EMAILS_PER_HOUR.points; i += 1)
      await post(bo, `<p>Ping ${i} ${mention(ana)}</p>`);
    expect(await settledCount()).toBe(NOTIFICATION_EMAILS_PER_HOUR.points);
    expect((await t.api({ method: 'GET', url: '/api/v1/me/email-notifications' })).statusCode).toBe(401);
  });
});
