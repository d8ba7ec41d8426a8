import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdminUserPage, AuditPage } from '../../../common/contracts/staff';
import { ADMIN_USERS_PAGE_SIZE } from '../../../common/contracts/staff';
import { outboxMails, recipientOf, resetTokenIn } from '../../test-support/outbox-folder';
import {
  createTestApp,
  insertedUser,
  sessionCookieFrom,
  signedUpUser,
  type TestApp,
} from '../../test-support/test-app';

let t: TestApp;
let admin: Account;
let mod: Account;
let ben: Account;
beforeEach(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://tidings.test' });
  admin = await signedUpUser(t, { displayName: 'Founder' });
  mod = await signedUpUser(t, { displayName: 'Mo Derator' });
  ben = await signedUpUser(t, { displayName: 'Ben Member' });
  const made = await setRole(admin, mod, 'moderator');
  expect(made.statusCode, made.body).toBe(200);
});
afterEach(async () => {
  await t.close();
});

type Account = Awaited<ReturnType<typeof signedUpUser>>;

function setRole(actor: Account, target: Account, role: 'admin' | 'moderator' | null) {
  return t.api({
    method: 'PUT',
    url: `/api/v1/admin/users/${target.user.id}/role`,
    payload: { role },
    cookie: actor.cookie,
  });
}

async function list(actor: Account, query = '') {
  const answer = await t.api({ method: 'GET', url: `/api/v1/admin/users${query}`, cookie: actor.cookie });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<AdminUserPage>();
}

async function auditLog(actor = admin) {
  const answer = await t.api({ method: 'GET', url: '/api/v1/admin/audit-log', cookie: actor.cookie });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<AuditPage>().entries;
}

const handles = (page: AdminUserPage) => page.users.map(({ user }) => user.handle);
const codeOf = (answer: { json: () => { error: { code: string } } }) => answer.json().error.code;

describe('roles', () => {
  it('moderators handle reports and suspensions, and nothing of the settings or roles', async () => {
    const status = await t.api({ method: 'GET', url: '/api/v1/me/safety', cookie: mod.cookie });
    expect(status.json()).toMatchObject({ isAdmin: false, staffRole: 'moderator' });
    expect(
      (await t.api({ method: 'GET', url: '/api/v1/admin/reports', cookie: mod.cookie })).statusCode,
    ).toBe(200);
    const suspended = await t.api({
      method: 'PUT',
      url: `/api/v1/admin/users/${ben.user.id}/suspension`,
      cookie: mod.cookie,
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    // Staff cannot be suspended, by anyone: the role goes first.
    const other = await t.api({
      method: 'PUT',
      url: `/api/v1/admin/users/${mod.user.id}/suspension`,
      cookie: admin.cookie,
    });
    expect(codeOf(other)).toBe('cannot_suspend_admin');
    for (const url of ['/api/v1/admin/settings', '/api/v1/admin/mail', '/api/v1/admin/audit-log'])
      expect(codeOf(await t.api({ method: 'GET', url, cookie: mod.cookie }))).toBe('admin_only');
    expect(codeOf(await setRole(mod, ben, 'moderator'))).toBe('admin_only');
  });

  it('are given and taken by admins, never to themselves or to the founder, each change in the audit log', async () => {
    expect(codeOf(await setRole(admin, admin, null))).toBe('own_account');
    const second = await setRole(admin, ben, 'admin');
    expect(second.json()).toMatchObject({ user: { handle: ben.user.handle }, role: 'admin', founder: false });
    expect(codeOf(await setRole(ben, admin, 'moderator'))).toBe('founder_role');
    const taken = await setRole(ben, mod, null);
    expect(taken.json()).toMatchObject({ role: null });
    expect(
      (await t.api({ method: 'GET', url: '/api/v1/admin/reports', cookie: mod.cookie })).statusCode,
    ).toBe(403);

    const entries = await auditLog();
    expect(
      entries.map(({ action, actorHandle, targetHandle, detail }) => ({
        action,
        actorHandle,
        targetHandle,
        detail,
      })),
    ).toEqual([
      {
        action: 'user.role_changed',
        actorHandle: ben.user.handle,
        targetHandle: mod.user.handle,
        detail: { role: null },
      },
      {
        action: 'user.role_changed',
        actorHandle: admin.user.handle,
        targetHandle: ben.user.handle,
        detail: { role: 'admin' },
      },
      {
        action: 'user.role_changed',
        actorHandle: admin.user.handle,
        targetHandle: mod.user.handle,
        detail: { role: 'moderator' },
      },
    ]);
  });
});

describe('the user list', () => {
  it('finds accounts by handle or name, and by address for admins only', async () => {
    const byName = await list(admin, '?q=derator');
    expect(handles(byName)).toEqual([mod.user.handle]);
    expect(byName.users[0]).toMatchObject({ email: mod.account.email, role: 'moderator' });
    const byAddress = await list(admin, `?q=${encodeURIComponent(ben.account.email)}`);
    expect(handles(byAddress)).toEqual([ben.user.handle]);
    // Moderators see no addresses, and cannot search by them.
    const asModerator = await list(mod);
    expect(asModerator.users.every(({ email }) => email === null)).toBe(true);
    expect(handles(await list(mod, `?q=${encodeURIComponent(ben.account.email)}`))).toEqual([]);
    // A LIKE wildcard is a character like any other.
    expect(handles(await list(admin, '?q=%25'))).toEqual([]);
    expect(
      codeOf(
        await t.api({ method: 'GET', url: '/api/v1/admin/users?filter=everyone', cookie: admin.cookie }),
      ),
    ).toBe('validation_failed');
  });

  it('filters staff, suspended, awaiting approval and unconfirmed accounts, and pages newest first', async () => {
    await t.api({
      method: 'PUT',
      url: `/api/v1/admin/users/${ben.user.id}/suspension`,
      cookie: admin.cookie,
    });
    const waiting = await insertedUser(t, 'applicant');
    await t.database.db
      .updateTable('users')
      .set({ applied_at: Date.now() })
      .where('id', '=', waiting.id)
      .execute();
    expect(handles(await list(admin, '?filter=staff')).sort()).toEqual(
      [admin.user.handle, mod.user.handle].sort(),
    );
    expect(handles(await list(admin, '?filter=suspended'))).toEqual([ben.user.handle]);
    expect(handles(await list(admin, '?filter=pending'))).toEqual(['applicant']);
    await insertedUser(t, 'unconfirmed_one');
    await t.database.db
      .updateTable('users')
      .set({ email_confirmed_at: Date.now() })
      .where('id', 'in', [admin.user.id, mod.user.id])
      .execute();
    // Not the applicant: an application is its own state.
    expect(handles(await list(admin, '?filter=unconfirmed')).sort()).toEqual(
      ['unconfirmed_one', ben.user.handle].sort(),
    );
    const founder = (await list(admin, '?filter=staff')).users.find(({ user }) => user.id === admin.user.id);
    expect(founder).toMatchObject({ founder: true, role: 'admin', suspended: false, pendingApproval: false });

    for (let i = 0; i < ADMIN_USERS_PAGE_SIZE; i += 1) await insertedUser(t, `filler_${i}`);
    const first = await list(admin);
    expect(first.users).toHaveLength(ADMIN_USERS_PAGE_SIZE);
    expect(handles(first).every((handle) => handle.startsWith('filler_'))).toBe(true);
    const rest = await list(admin, `?cursor=${first.nextCursor ?? ''}`);
    const all = [...handles(first), ...handles(rest)];
    expect(new Set(all).size).toBe(ADMIN_USERS_PAGE_SIZE + 5);
    expect(rest.nextCursor).toBeNull();
  });
});

describe('a forced password reset', () => {
  it('ends every session, stops the old password and e-mails a link that sets a new one', async () => {
    expect(
      codeOf(
        await t.api({
          method: 'POST',
          url: `/api/v1/admin/users/${ben.user.id}/password-reset`,
          cookie: mod.cookie,
        }),
      ),
    ).toBe('admin_only');
    const forced = await t.api({
      method: 'POST',
      url: `/api/v1/admin/users/${ben.user.id}/password-reset`,
      cookie: admin.cookie,
    });
    expect(forced.statusCode, forced.body).toBe(204);
    expect(
      (await t.api({ method: 'GET', url: '/api/v1/auth/me', cookie: ben.cookie })).json().user,
    ).toBeNull();
    const oldPassword = await t.api({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { login: ben.account.email, password: ben.account.password },
    });
    expect(codeOf(oldPassword)).toBe('invalid_credentials');

    const mails = await outboxMails(t.dataDir, 1);
    const mail = mails.find((one) => recipientOf(one) === ben.account.email);
    expect(mail?.subject).toBe('Choose a new password for Tidings');
    const reset = await t.api({
      method: 'POST',
      url: '/api/v1/auth/password-reset/confirm',
      payload: { token: resetTokenIn(mail ?? ({} as never)), password: 'a brand new password' },
    });
    expect(reset.statusCode, reset.body).toBe(204);
    const back = await t.api({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { login: ben.account.email, password: 'a brand new password' },
    });
    expect(back.statusCode).toBe(200);
    expect(sessionCookieFrom(back)).toBeTruthy();
    expect((await auditLog())[0]).toMatchObject({
      action: 'user.password_reset_forced',
      actorHandle: admin.user.handle,
      targetHandle: ben.user.handle,
    });
  });
});
