import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD_HASH_COST } from '../platform/crypto/passwords';
import { createTestApp, sessionCookieFrom, signedUpUser, type TestApp } from '../test-support/test-app';
import { CommandError, runAdminCommand, USAGE } from './admin-commands';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://tidings.test' });
});
afterEach(async () => {
  await t.close();
});

/** Runs a command as the operator would, and answers what it printed. */
async function run(...argv: string[]): Promise<string[]> {
  const lines: string[] = [];
  await runAdminCommand(argv, {
    db: t.database.db,
    config: { publicUrl: 'https://tidings.test', passwordHashCost: PASSWORD_HASH_COST.testMin },
    out: (line) => void lines.push(line),
  });
  return lines;
}

const isAdmin = async (cookie: string) =>
  (await t.api({ method: 'GET', url: '/api/v1/me/safety', cookie })).json<{ isAdmin: boolean }>().isAdmin;

/** Sets a password through a printed link, as its owner would in the browser, and logs in with it. */
async function useLink(link: string, login: string, password = 'chosen by the owner') {
  const token = new URL(link).hash.replace('#token=', '');
  const reset = await t.api({
    method: 'POST',
    url: '/api/v1/auth/password-reset/confirm',
    payload: { token, password },
  });
  expect(reset.statusCode, reset.body).toBe(204);
  const logIn = await t.api({ method: 'POST', url: '/api/v1/auth/login', payload: { login, password } });
  expect(logIn.statusCode, logIn.body).toBe(200);
  return sessionCookieFrom(logIn);
}

const linkIn = (lines: string[]) =>
  lines.find((line) => line.startsWith('https://tidings.test/reset-password#token=')) ?? '';

describe('create-admin', () => {
  it('makes the first account of an empty instance its founding admin, with a link to set its password', async () => {
    const lines = await run(
      'create-admin',
      '--email',
      'Op@Example.com',
      '--handle',
      'operator',
      '--name',
      'The Operator',
    );
    expect(lines[0]).toBe('Created @operator, an admin.');
    const cookie = await useLink(linkIn(lines), 'op@example.com');
    expect(await isAdmin(cookie)).toBe(true);
    const seat = await t.database.db.selectFrom('site_admins').selectAll().execute();
    expect(seat).toEqual([expect.objectContaining({ founder: 1 })]);
    // The web's next sign-up is not an admin: the seat is taken.
    expect(await isAdmin((await signedUpUser(t)).cookie)).toBe(false);
  });

  it('adds a further admin beside the founder, and refuses taken or invalid names', async () => {
    const founder = await signedUpUser(t);
    const lines = await run('create-admin', '--email', 'second@example.com', '--handle', 'second_admin');
    expect(await isAdmin(await useLink(linkIn(lines), 'second_admin'))).toBe(true);
    expect(await isAdmin(founder.cookie)).toBe(true);

    await expect(
      run('create-admin', '--email', founder.account.email, '--handle', 'fresh_name'),
    ).rejects.toThrow(`An account already uses ${founder.account.email}.`);
    await expect(run('create-admin', '--email', 'x@example.com', '--handle', 'SECOND_ADMIN')).rejects.toThrow(
      'is taken',
    );
    await expect(run('create-admin', '--email', 'not-an-address', '--handle', 'a b')).rejects.toThrow(
      CommandError,
    );
  });
});

describe('reset-password', () => {
  it('prints a single-use link for an account named by e-mail or @handle; the old password stops working', async () => {
    const { account } = await signedUpUser(t);
    for (const who of [account.email, `@${account.handle}`]) {
      const lines = await run('reset-password', who);
      expect(lines[0]).toContain('single use, 60 minutes');
      await useLink(linkIn(lines), account.handle, `new password for ${who}`);
    }
    const old = await t.api({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { login: account.handle, password: account.password },
    });
    expect(old.statusCode).toBe(401);
  });

  it('says so when no account has that name', async () => {
    await expect(run('reset-password', '@nobody_here')).rejects.toThrow('No account is @nobody_here.');
    await expect(run('reset-password')).rejects.toThrow('Name the account');
  });
});

describe('grant-admin and revoke-admin', () => {
  it('grants and takes back admin rights, but never from the last admin', async () => {
    const founder = await signedUpUser(t);
    const ben = await signedUpUser(t);
    expect(await run('grant-admin', `@${ben.account.handle}`)).toEqual([
      `@${ben.account.handle} is now an admin.`,
    ]);
    expect(await isAdmin(ben.cookie)).toBe(true);
    expect(await run('grant-admin', ben.account.email)).toEqual([
      `@${ben.account.handle} already was an admin.`,
    ]);

    expect(await run('revoke-admin', `@${founder.account.handle}`)).toEqual([
      `@${founder.account.handle} is no longer an admin.`,
    ]);
    expect(await isAdmin(founder.cookie)).toBe(false);
    await expect(run('revoke-admin', `@${ben.account.handle}`)).rejects.toThrow('is the last admin');
    await expect(run('revoke-admin', `@${founder.account.handle}`)).rejects.toThrow('is not an admin');
    expect(await isAdmin(ben.cookie)).toBe(true);
  });
});

describe('grant-moderator and revoke-moderator', () => {
  it('makes an account a moderator and takes the role back; each change is in the audit log', async () => {
    const founder = await signedUpUser(t);
    const mo = await signedUpUser(t);
    const role = async (cookie: string) =>
      (await t.api({ method: 'GET', url: '/api/v1/me/safety', cookie })).json<{ staffRole: string | null }>()
        .staffRole;
    expect(await run('grant-moderator', `@${mo.account.handle}`)).toEqual([
      `@${mo.account.handle} is now a moderator.`,
    ]);
    expect(await role(mo.cookie)).toBe('moderator');
    await expect(run('grant-moderator', founder.account.email)).rejects.toThrow('is an admin');
    expect((await run('list-users', '--search', mo.account.handle))[1]).toContain('\tmoderator');
    expect(await run('revoke-moderator', mo.account.email)).toEqual([
      `@${mo.account.handle} is no longer a moderator.`,
    ]);
    expect(await role(mo.cookie)).toBeNull();
    await expect(run('revoke-moderator', mo.account.email)).rejects.toThrow('is not a moderator');
    const log = await t.api({ method: 'GET', url: '/api/v1/admin/audit-log', cookie: founder.cookie });
    expect(log.json<{ entries: unknown[] }>().entries).toEqual([
      expect.objectContaining({ action: 'user.role_changed', actorHandle: null, detail: { role: null } }),
      expect.objectContaining({
        action: 'user.role_changed',
        actorHandle: null,
        detail: { role: 'moderator' },
      }),
    ]);
  });
});

describe('list-users', () => {
  it('lists accounts newest first with their roles, filtered by part of a handle or address', async () => {
    const first = await signedUpUser(t, { handle: 'alpha_one', email: 'alpha@example.com' });
    const second = await signedUpUser(t, { handle: 'beta_two', email: 'beta@example.org' });
    const all = await run('list-users');
    expect(all[0]).toBe('HANDLE\tE-MAIL\tROLES\tCREATED');
    expect(all.slice(1, 3).map((line) => line.split('\t').slice(0, 3))).toEqual([
      ['@beta_two', 'beta@example.org', 'unconfirmed'],
      ['@alpha_one', 'alpha@example.com', 'admin,unconfirmed'],
    ]);
    expect(all.at(-1)).toBe('2 accounts');
    expect(
      (await run('list-users', '--search', 'EXAMPLE.ORG')).slice(1, -1).map((line) => line.split('\t')[0]),
    ).toEqual([`@${second.account.handle}`]);
    // "_" is a character here, not a wildcard.
    expect((await run('list-users', '--search', 'a_o')).at(-1)).toBe('1 account');
    expect((await run('list-users', '--limit', '1')).at(-1)).toBe('1 account');
    await expect(run('list-users', '--limit', '0')).rejects.toThrow('--limit must be a whole number');
    expect(first.user.handle).toBe('alpha_one');
  });
});

describe('confirm-email', () => {
  it("confirms an account's address, or puts the new address it waits on in place", async () => {
    const ana = await signedUpUser(t);
    expect(await run('confirm-email', `@${ana.account.handle}`)).toEqual([
      `${ana.account.email} of @${ana.account.handle} is confirmed.`,
    ]);
    const me = async () =>
      (await t.api({ method: 'GET', url: '/api/v1/auth/me', cookie: ana.cookie })).json<{ user: unknown }>()
        .user;
    expect(await me()).toMatchObject({ emailConfirmed: true });
    expect((await run('confirm-email', ana.account.email))[0]).toContain('already was confirmed');

    await t.database.db
      .updateTable('users')
      .set({ pending_email: 'ana.new@example.com' })
      .where('id', '=', ana.user.id)
      .execute();
    expect(await run('confirm-email', ana.account.email)).toEqual([
      `@${ana.account.handle} now uses ana.new@example.com, confirmed.`,
    ]);
    expect(await me()).toMatchObject({
      email: 'ana.new@example.com',
      pendingEmail: null,
      emailConfirmed: true,
    });
    await expect(run('confirm-email', '@nobody_here')).rejects.toThrow('No account is @nobody_here.');
  });
});

describe('disable-two-factor', () => {
  it('turns two-factor sign-in off for an account that lost its phone and codes', async () => {
    const ana = await signedUpUser(t);
    await t.database.db
      .updateTable('users')
      .set({ totp_secret_sealed: 'sealed', totp_enabled_at: Date.now() })
      .where('id', '=', ana.user.id)
      .execute();
    const before = await t.api({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { login: ana.account.email, password: ana.account.password },
    });
    expect(before.json<{ twoFactorChallenge: string | null }>().twoFactorChallenge).not.toBeNull();
    expect(await run('disable-two-factor', ana.account.email)).toEqual([
      `Two-factor sign-in is off for @${ana.account.handle}; the password alone logs in now.`,
    ]);
    const after = await t.api({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { login: ana.account.email, password: ana.account.password },
    });
    expect(after.json<{ twoFactorChallenge: string | null }>().twoFactorChallenge).toBeNull();
    expect((await run('disable-two-factor', ana.account.email))[0]).toContain('does not use two-factor');
  });
});

it('prints its usage for help, and refuses an unknown command with it', async () => {
  expect(await run('help')).toEqual([USAGE]);
  await expect(run('make-coffee')).rejects.toThrow('Unknown command "make-coffee".');
});
