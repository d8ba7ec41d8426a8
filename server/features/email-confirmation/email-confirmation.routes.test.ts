import { randomBytes } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../common/contracts/auth';
import { confirmTokenIn, outboxMails, recipientOf, resetTokenIn } from '../../test-support/outbox-folder';
import { createTestApp, signedUpUser, type TestApp } from '../../test-support/test-app';
import { createAccountTokensRepository } from '../users';
import {
  CONFIRM_ATTEMPTS_PER_IP,
  CONFIRMATION_RESENDS_PER_ACCOUNT,
  EMAIL_CONFIRMATION_TOKEN_TTL_MS,
} from './email-confirmation.limits';

let t: TestApp;
afterEach(async () => {
  await t.close();
});

const start = async (required: boolean) => {
  t = await createTestApp({
    PUBLIC_URL: 'https://tidings.test',
    REQUIRE_EMAIL_CONFIRMATION: String(required),
  });
};

const me = async (cookie: string) =>
  (await t.api({ method: 'GET', url: '/api/v1/auth/me', cookie })).json<{ user: CurrentUser }>().user;

function confirm(token: string, { cookie, ip = '198.51.100.9' }: { cookie?: string; ip?: string } = {}) {
  return t.api({
    method: 'POST',
    url: '/api/v1/auth/email-confirmation/confirm',
    payload: { token },
    remoteAddress: ip,
    ...(cookie ? { cookie } : {}),
  });
}

const resend = (cookie: string) => t.api({ method: 'POST', url: '/api/v1/auth/email-confirmation', cookie });

const post = (cookie: string) =>
  t.api({ method: 'POST', url: '/api/v1/posts', cookie, payload: { body: 'Hello, world' } });

const changeEmail = (cookie: string, email: string, currentPassword: string) =>
  t.api({ method: 'POST', url: '/api/v1/me/email', cookie, payload: { email, currentPassword } });

/** The `count` e-mails sent so far, and the newest one to `to` among them. */
async function newestMailTo(to: string, count: number): Promise<ParsedMail> {
  const mails = (await outboxMails(t.dataDir, count)).filter((mail) => recipientOf(mail) === to);
  const mail = mails.at(-1);
  if (!mail) throw new Error(`no e-mail to ${to}`);
  return mail;
}

const expectInvalid = (response: Awaited<ReturnType<typeof confirm>>, message: RegExp) => {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json().error.code).toBe('confirm_link_invalid');
  expect(response.json().error.message).toMatch(message);
};

describe('where confirmation is required', () => {
  it('lets a new account read but not post until the e-mailed link is opened, on any device', async () => {
    await start(true);
    const ana = await signedUpUser(t, { displayName: 'Ana <i>' });
    expect(await me(ana.cookie)).toMatchObject({ emailConfirmed: false, pendingEmail: null, canPost: false });
    const mail = await newestMailTo(ana.account.email, 1);
    expect(mail.subject).toBe('Confirm your e-mail address on Tidings');
    expect(mail.html).toContain('Hi Ana &lt;i&gt;,');
    expect(mail.text).toMatch(/https:\/\/tidings\.test\/confirm-email#token=[A-Za-z0-9_-]{43}\b/);

    const refused = await post(ana.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('email_unconfirmed');
    const upload = await t.api({ method: 'POST', url: '/api/v1/media', cookie: ana.cookie, payload: {} });
    expect(upload.json().error.code).toBe('email_unconfirmed');
    expect((await t.api({ method: 'GET', url: '/api/v1/feed', cookie: ana.cookie })).statusCode).toBe(200);

    // Opened on a phone that is not logged in.
    const confirmed = await confirm(confirmTokenIn(mail));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ email: ana.account.email });
    expect(await me(ana.cookie)).toMatchObject({ emailConfirmed: true, canPost: true });
    expect((await post(ana.cookie)).statusCode).toBe(201);
    expectInvalid(await confirm(confirmTokenIn(mail)), /already been used/);
  });

  it('refuses forged, expired, other-purpose and other accounts’ links with a clear 400, and limits guessing', async () => {
    await start(true);
    const ana = await signedUpUser(t);
    const ben = await signedUpUser(t);
    const mails = await outboxMails(t.dataDir, 2);
    const anaToken = confirmTokenIn(
      mails.find((mail) => recipientOf(mail) === ana.account.email) as ParsedMail,
    );

    expectInvalid(await confirm(randomBytes(32).toString('base64url')), /not valid/);
    // Ben is logged in on this device: Ana's link is not used up, and confirms nothing of his.
    expectInvalid(await confirm(anaToken, { cookie: ben.cookie }), /for another account/);
    expect(await me(ben.cookie)).toMatchObject({ emailConfirmed: false });

    const tokens = createAccountTokensRepository(t.database.db);
    const old = randomBytes(32).toString('base64url');
    await tokens.insert(
      old,
      ana.user.id,
      'email-confirm',
      Date.now() - EMAIL_CONFIRMATION_TOKEN_TTL_MS - 1,
      EMAIL_CONFIRMATION_TOKEN_TTL_MS,
    );
    expectInvalid(await confirm(old), /expired/);
    const reset = randomBytes(32).toString('base64url');
    await tokens.insert(reset, ana.user.id, 'password-reset', Date.now(), 60_000);
    expectInvalid(await confirm(reset), /not valid/);
    expect(await me(ana.cookie)).toMatchObject({ emailConfirmed: false });

    expect((await confirm(anaToken, { cookie: ana.cookie })).statusCode).toBe(200);

    for (let i = 0; i < CONFIRM_ATTEMPTS_PER_IP.points; i += 1)
      expect((await confirm('forged', { ip: '203.0.113.5' })).statusCode).toBe(400);
    const limited = await confirm('forged', { ip: '203.0.113.5' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('sends the link again on request, a limited number of times an hour, and nothing once confirmed', async () => {
    await start(true);
    const ana = await signedUpUser(t);
    for (let i = 0; i < CONFIRMATION_RESENDS_PER_ACCOUNT.points; i += 1)
      expect((await resend(ana.cookie)).statusCode).toBe(204);
    expect((await resend(ana.cookie)).statusCode).toBe(429);
    const mails = await outboxMails(t.dataDir, 1 + CONFIRMATION_RESENDS_PER_ACCOUNT.points);
    // Every link sent works until one is used; then all of them are spent.
    const first = confirmTokenIn(mails[0] as ParsedMail);
    const last = confirmTokenIn(mails.at(-1) as ParsedMail);
    expect((await confirm(last)).statusCode).toBe(200);
    expectInvalid(await confirm(first), /already been used/);

    const ben = await signedUpUser(t);
    const benMail = await newestMailTo(ben.account.email, mails.length + 1);
    expect((await confirm(confirmTokenIn(benMail))).statusCode).toBe(200);
    expect((await resend(ben.cookie)).statusCode).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await outboxMails(t.dataDir, 0)).toHaveLength(mails.length + 1);
    expect((await t.api({ method: 'POST', url: '/api/v1/auth/email-confirmation' })).statusCode).toBe(401);
  });

  it('keeps the old address until the new one is confirmed, tells the old one, and ends its links', async () => {
    await start(true);
    const ana = await signedUpUser(t, { email: 'ana.old@example.com' });
    expect((await confirm(confirmTokenIn(await newestMailTo('ana.old@example.com', 1)))).statusCode).toBe(
      200,
    );
    // A reset link to the old address, from before the change.
    await t.api({
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      payload: { email: 'ana.old@example.com' },
    });
    const resetMail = await newestMailTo('ana.old@example.com', 2);

    const changed = await changeEmail(ana.cookie, 'Ana.New@Example.com', ana.account.password);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().user).toMatchObject({
      email: 'ana.old@example.com',
      pendingEmail: 'ana.new@example.com',
      emailConfirmed: true,
      canPost: true,
    });
    const link = await newestMailTo('ana.new@example.com', 4);
    expect(link.subject).toBe('Confirm your new e-mail address on Tidings');
    const notice = await newestMailTo('ana.old@example.com', 4);
    expect(notice.subject).toBe('The e-mail address of your Tidings account is changing');
    expect(notice.text).toContain('a•••w@example.com');
    expect(notice.text).not.toContain('ana.new@example.com');

    // Changed again before confirming: only the newest address's link counts.
    expect((await changeEmail(ana.cookie, 'ana.third@example.com', ana.account.password)).statusCode).toBe(
      200,
    );
    const third = await newestMailTo('ana.third@example.com', 6);
    expectInvalid(await confirm(confirmTokenIn(link)), /already been used/);

    expect((await confirm(confirmTokenIn(third))).json()).toEqual({ email: 'ana.third@example.com' });
    expect(await me(ana.cookie)).toMatchObject({
      email: 'ana.third@example.com',
      pendingEmail: null,
      emailConfirmed: true,
    });
    const logIn = await t.api({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { login: 'ana.third@example.com', password: ana.account.password },
    });
    expect(logIn.statusCode).toBe(200);
    const staleReset = await t.api({
      method: 'POST',
      url: '/api/v1/auth/password-reset/confirm',
      payload: { token: resetTokenIn(resetMail), password: 'someone else’s password' },
    });
    expect(staleReset.json().error.code).toBe('reset_link_invalid');
  });

  it('refuses a new address that another account took while the link was on its way', async () => {
    await start(true);
    const ana = await signedUpUser(t);
    expect((await changeEmail(ana.cookie, 'wanted@example.com', ana.account.password)).statusCode).toBe(200);
    const link = await newestMailTo('wanted@example.com', 3);
    await signedUpUser(t, { email: 'wanted@example.com' });
    const taken = await confirm(confirmTokenIn(link));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('email_taken');
    expect(await me(ana.cookie)).toMatchObject({
      email: ana.account.email,
      pendingEmail: 'wanted@example.com',
    });

    // Typing the current address again cancels the waiting one.
    const back = await changeEmail(ana.cookie, ana.account.email, ana.account.password);
    expect(back.json().user.pendingEmail).toBeNull();
  });

  it('counts a password reset by e-mailed link as a confirmation of the address', async () => {
    await start(true);
    const ana = await signedUpUser(t);
    await t.api({
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      payload: { email: ana.account.email },
    });
    const resetMail = (await outboxMails(t.dataDir, 2)).find((mail) =>
      /reset-password/.test(mail.text ?? ''),
    );
    const reset = await t.api({
      method: 'POST',
      url: '/api/v1/auth/password-reset/confirm',
      payload: { token: resetTokenIn(resetMail as ParsedMail), password: 'a brand new passphrase' },
    });
    expect(reset.statusCode).toBe(204);
    const logIn = await t.api({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { login: ana.account.email, password: 'a brand new passphrase' },
    });
    expect(logIn.json().user).toMatchObject({ emailConfirmed: true, canPost: true });
  });
});

describe('where confirmation is not required', () => {
  it('lets a new account post at once, and confirms its address only when asked', async () => {
    await start(false);
    const ana = await signedUpUser(t);
    expect(await me(ana.cookie)).toMatchObject({ emailConfirmed: false, canPost: true });
    expect((await post(ana.cookie)).statusCode).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await outboxMails(t.dataDir, 0)).toHaveLength(0);

    expect((await resend(ana.cookie)).statusCode).toBe(204);
    const mail = await newestMailTo(ana.account.email, 1);
    expect((await confirm(confirmTokenIn(mail))).statusCode).toBe(200);
    expect(await me(ana.cookie)).toMatchObject({ emailConfirmed: true });
  });

  it('changes the address at once, unconfirmed, and tells the old one', async () => {
    await start(false);
    const ana = await signedUpUser(t);
    const changed = await changeEmail(ana.cookie, 'fresh@example.com', ana.account.password);
    expect(changed.json().user).toMatchObject({
      email: 'fresh@example.com',
      pendingEmail: null,
      emailConfirmed: false,
      canPost: true,
    });
    const notice = await newestMailTo(ana.account.email, 1);
    expect(notice.text).toContain('f•••h@example.com');
  });
});
