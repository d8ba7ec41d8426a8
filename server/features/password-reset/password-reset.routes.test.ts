import { randomBytes } from 'node:crypto';
import type { KyselyPlugin, PluginTransformQueryArgs, RootOperationNode } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outboxMails, recipientOf, resetTokenIn } from '../../test-support/outbox-folder';
import { createTestApp, sessionCookieFrom, signedUpUser, type TestApp } from '../../test-support/test-app';
import { hashToken } from '../users';
import {
  PASSWORD_RESET_TOKEN_TTL_MS,
  RESET_ATTEMPTS_PER_IP,
  RESET_REQUESTS_PER_ADDRESS,
  RESET_REQUESTS_PER_IP,
} from './password-reset.limits';

/** Slows every database answer down while `isSlow` is set. */
class SlowDatabase implements KyselyPlugin {
  isSlow = false;
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    return node;
  }
  async transformResult<R>({ result }: { result: R }): Promise<R> {
    if (this.isSlow) await new Promise((resolve) => setTimeout(resolve, SLOW_QUERY_MS));
    return result;
  }
}
const SLOW_QUERY_MS = 1_500;

let t: TestApp;
let slow: SlowDatabase;
beforeEach(async () => {
  slow = new SlowDatabase();
  t = await createTestApp({ PUBLIC_URL: 'https://tidings.test' }, { plugins: [slow] });
});
afterEach(async () => {
  slow.isSlow = false;
  await t.close();
});

const NEW_PASSWORD = 'a brand new passphrase';

function requestReset(email: string, remoteAddress = '198.51.100.7') {
  return t.api({ method: 'POST', url: '/api/v1/auth/password-reset', payload: { email }, remoteAddress });
}

function confirmReset(token: string, password = NEW_PASSWORD, remoteAddress = '198.51.100.7') {
  return t.api({
    method: 'POST',
    url: '/api/v1/auth/password-reset/confirm',
    payload: { token, password },
    remoteAddress,
  });
}

function logIn(login: string, password: string) {
  return t.api({ method: 'POST', url: '/api/v1/auth/login', payload: { login, password } });
}

async function signedInAs(cookie: string): Promise<unknown> {
  return (await t.api({ method: 'GET', url: '/api/v1/auth/me', cookie })).json<{ user: unknown }>().user;
}

/** Asks for a link for `email` and reads the token from the e-mail that arrives. */
async function tokenFor(email: string, mailsBefore = 0): Promise<string> {
  expect((await requestReset(email)).statusCode).toBe(204);
  const mails = await outboxMails(t.dataDir, mailsBefore + 1);
  const mail = mails[mailsBefore];
  if (!mail) throw new Error('no e-mail');
  return resetTokenIn(mail);
}

describe('asking for a password-reset link', () => {
  it('e-mails a link to the address, with both parts and the display name escaped in HTML', async () => {
    const { account } = await signedUpUser(t, { displayName: 'Ana <b>Bold</b>' });
    expect((await requestReset(account.email.toUpperCase())).statusCode).toBe(204);
    const [mail] = await outboxMails(t.dataDir, 1);
    expect(mail && recipientOf(mail)).toBe(account.email);
    expect(mail?.subject).toBe('Reset your password on Tidings');
    expect(mail?.text).toContain('Hi Ana <b>Bold</b>,');
    expect(mail?.text).toMatch(/https:\/\/tidings\.test\/reset-password#token=[A-Za-z0-9_-]{43}\b/);
    expect(mail?.html).toContain('Hi Ana &lt;b&gt;Bold&lt;/b&gt;,');
    expect(mail?.html).not.toContain('<b>Bold');
    // The link's secret is stored only as a hash.
    const token = mail ? resetTokenIn(mail) : '';
    const rows = await t.database.db.selectFrom('account_tokens').selectAll().execute();
    expect(rows.map((row) => row.token_hash)).toEqual([hashToken(token)]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('answers an unknown address exactly as a known one, and sends it nothing', async () => {
    const { account } = await signedUpUser(t);
    const unknown = await requestReset('nobody-here@example.com');
    const known = await requestReset(account.email);
    expect(unknown.statusCode).toBe(204);
    expect(known.statusCode).toBe(204);
    expect(unknown.body).toBe(known.body);
    const headers = (response: typeof known) =>
      Object.keys(response.headers)
        .filter((name) => name !== 'date')
        .sort();
    expect(headers(unknown)).toEqual(headers(known));
    const mails = await outboxMails(t.dataDir, 1);
    expect(mails.map(recipientOf)).toEqual([account.email]);
  });

  it('answers before looking the address up, so its timing cannot tell whether an account exists', async () => {
    const { account } = await signedUpUser(t);
    slow.isSlow = true;
    for (const email of [account.email, 'nobody-here@example.com']) {
      const started = performance.now();
      expect((await requestReset(email)).statusCode).toBe(204);
      // Every database answer now takes 1.5 s; the reply waits for none of them.
      expect(performance.now() - started).toBeLessThan(SLOW_QUERY_MS / 2);
    }
    slow.isSlow = false;
    await outboxMails(t.dataDir, 1);
  });

  it('limits requests per address and per IP address, the same for addresses with no account', async () => {
    for (let n = 0; n < RESET_REQUESTS_PER_ADDRESS.points; n += 1) {
      expect((await requestReset('nobody-here@example.com', `198.51.100.${n + 1}`)).statusCode).toBe(204);
    }
    const limited = await requestReset('NOBODY-here@example.com', '198.51.100.99');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: { code: 'rate_limited', message: expect.any(String) } });
    expect(limited.headers['retry-after']).toBeDefined();

    for (let n = 0; n < RESET_REQUESTS_PER_IP.points; n += 1) {
      expect((await requestReset(`someone${n}@example.com`, '203.0.113.5')).statusCode).toBe(204);
    }
    expect((await requestReset('one-more@example.com', '203.0.113.5')).statusCode).toBe(429);
  });

  it('refuses what is not an e-mail address with the field named', async () => {
    const response = await requestReset('not an address');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: 'validation_failed', fields: { email: expect.any(String) } },
    });
  });
});

describe('setting a new password with the link', () => {
  it('changes the password and ends every session of the account', async () => {
    const { account, cookie } = await signedUpUser(t);
    const other = sessionCookieFrom(await logIn(account.email, account.password));
    const token = await tokenFor(account.email);

    const response = await confirmReset(token);
    expect(response.statusCode, response.body).toBe(204);
    expect(response.cookies).toEqual([]);
    expect(await signedInAs(cookie)).toBeNull();
    expect(await signedInAs(other)).toBeNull();
    expect((await logIn(account.email, account.password)).statusCode).toBe(401);
    expect((await logIn(account.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a link already used, and older links once a newer one is used', async () => {
    const { account } = await signedUpUser(t);
    const first = await tokenFor(account.email);
    const second = await tokenFor(account.email, 1);
    expect((await confirmReset(second)).statusCode).toBe(204);

    for (const token of [second, first]) {
      const again = await confirmReset(token, 'yet another passphrase');
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({
        error: { code: 'reset_link_invalid', message: expect.stringContaining('already been used') },
      });
    }
    expect((await logIn(account.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an expired link and leaves the password as it was', async () => {
    const { account } = await signedUpUser(t);
    const token = await tokenFor(account.email);
    await t.database.db
      .updateTable('account_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('token_hash', '=', hashToken(token))
      .execute();
    const response = await confirmReset(token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'reset_link_invalid', message: expect.stringContaining('expired') },
    });
    expect((await logIn(account.email, account.password)).statusCode).toBe(200);
    expect(PASSWORD_RESET_TOKEN_TTL_MS).toBe(60 * 60 * 1000);
  });

  it('refuses a forged token, and a token made for another purpose', async () => {
    const { account, user } = await signedUpUser(t);
    const forged = await confirmReset(randomBytes(32).toString('base64url'));
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({
      error: { code: 'reset_link_invalid', message: 'This reset link is not valid. Ask for a new one.' },
    });

    const otherPurpose = randomBytes(32).toString('base64url');
    await t.database.db
      .insertInto('account_tokens')
      .values({
        token_hash: hashToken(otherPurpose),
        user_id: user.id,
        purpose: 'email-confirmation',
        created_at: Date.now(),
        expires_at: Date.now() + 60_000,
        used_at: null,
      })
      .execute();
    expect((await confirmReset(otherPurpose)).statusCode).toBe(400);
    expect((await logIn(account.email, account.password)).statusCode).toBe(200);
  });

  it('checks the new password like sign-up does, and keeps the link usable', async () => {
    const { account } = await signedUpUser(t);
    const token = await tokenFor(account.email);
    const short = await confirmReset(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      error: { code: 'validation_failed', fields: { password: expect.any(String) } },
    });
    expect((await confirmReset(token)).statusCode).toBe(204);
  });

  it('limits how many tokens one IP address may try', async () => {
    for (let n = 0; n < RESET_ATTEMPTS_PER_IP.points; n += 1) {
      expect((await confirmReset(`guess${n}`, NEW_PASSWORD, '192.0.2.9')).statusCode).toBe(400);
    }
    expect((await confirmReset('guess-again', NEW_PASSWORD, '192.0.2.9')).statusCode).toBe(429);
  });
});
