import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ClientConfigResponse } from '../../../common/contracts/client-config';
import type { InstanceSettings } from '../../../common/contracts/instance';
import { outboxMails, recipientOf } from '../../test-support/outbox-folder';
import {
  createTestApp,
  newAccount,
  sessionCookieFrom,
  signedUpUser,
  type TestApp,
} from '../../test-support/test-app';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedUpUser>>;
beforeEach(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://tidings.test' });
  // The first account of an instance is its admin.
  admin = await signedUpUser(t);
});
afterEach(async () => {
  await t.close();
});

const SETTINGS: InstanceSettings = {
  name: 'Town Square',
  description: 'News from the neighbourhood.',
  rules: [],
  contactEmail: 'hello@town.example',
  registrationMode: 'open',
  membersCanInvite: false,
};

async function configure(changes: Partial<InstanceSettings>, cookie = admin.cookie) {
  return t.api({
    method: 'PUT',
    url: '/api/v1/admin/settings',
    cookie,
    payload: { ...SETTINGS, ...changes },
  });
}

function signUp(extra: Record<string, unknown> = {}) {
  return t.api({ method: 'POST', url: '/api/v1/auth/signup', payload: { ...newAccount(), ...extra } });
}

async function createInvite(cookie: string, payload = { maxUses: 1, expiresInDays: 7 }) {
  const response = await t.api({ method: 'POST', url: '/api/v1/invites', cookie, payload });
  expect(response.statusCode, response.body).toBe(201);
  const { link, invite } = response.json<{ link: string; invite: { id: string } }>();
  expect(link).toMatch(/^https:\/\/tidings\.test\/signup#invite=[A-Za-z0-9_-]{32}$/);
  return { code: link.split('#invite=')[1] ?? '', id: invite.id };
}

const errorOf = (response: Awaited<ReturnType<typeof signUp>>) =>
  response.json<{ error: { code: string; fields?: Record<string, string> } }>().error;

describe('instance settings', () => {
  it('are the admin’s to change, reach every visitor through client-config, and name the instance in e-mail', async () => {
    const member = await signedUpUser(t);
    expect((await configure({ name: 'Not Mine' }, member.cookie)).statusCode).toBe(403);
    expect(
      (await t.api({ method: 'GET', url: '/api/v1/admin/settings', cookie: member.cookie })).statusCode,
    ).toBe(403);

    const saved = await configure({ rules: ['Be kind.', 'No spam.'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings).toEqual({ ...SETTINGS, rules: ['Be kind.', 'No spam.'] });
    const config = (
      await t.api({ method: 'GET', url: '/api/v1/client-config' })
    ).json<ClientConfigResponse>();
    expect(config.instance).toMatchObject({ name: 'Town Square', rules: ['Be kind.', 'No spam.'] });

    await t.api({
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      payload: { email: member.account.email },
    });
    const [mail] = await outboxMails(t.dataDir, 1);
    expect(mail?.subject).toBe('Reset your password on Town Square');
  });

  it('refuses settings that are not well formed, field by field, and keeps the old ones', async () => {
    const bad = await configure({ name: ' ', contactEmail: 'nope', rules: [''] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(errorOf(bad).fields ?? {}).sort()).toEqual(['contactEmail', 'name', 'rules.0']);
    const config = (
      await t.api({ method: 'GET', url: '/api/v1/client-config' })
    ).json<ClientConfigResponse>();
    expect(config.instance.name).toBe('Tidings');
  });
});

describe('registration modes', () => {
  it('closed: nobody signs up, but an invite link still lets one person in', async () => {
    await configure({ registrationMode: 'closed' });
    const refused = await signUp();
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('registration_closed');
    const { code } = await createInvite(admin.cookie);
    const invited = await signUp({ inviteCode: code });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json()).toMatchObject({ pendingApproval: false, user: { canPost: true } });
    const again = await signUp({ inviteCode: code });
    expect(errorOf(again)).toMatchObject({
      code: 'invite_invalid',
      fields: { inviteCode: expect.any(String) },
    });
  });

  it('invite: needs a working link; links expire, are withdrawn, and members make them only when allowed', async () => {
    await configure({ registrationMode: 'invite' });
    expect(errorOf(await signUp()).code).toBe('invite_required');
    expect(errorOf(await signUp({ inviteCode: 'made-up' })).code).toBe('invite_invalid');

    const member = await signUp({
      inviteCode: (await createInvite(admin.cookie, { maxUses: 2, expiresInDays: 1 })).code,
    });
    const memberCookie = sessionCookieFrom(member);
    const notAllowed = await t.api({
      method: 'POST',
      url: '/api/v1/invites',
      cookie: memberCookie,
      payload: { maxUses: null, expiresInDays: null },
    });
    expect(errorOf(notAllowed).code).toBe('invites_not_allowed');
    expect((await t.api({ method: 'GET', url: '/api/v1/invites', cookie: memberCookie })).json()).toEqual({
      invites: [],
      canInvite: false,
    });

    await configure({ registrationMode: 'invite', membersCanInvite: true });
    const fromMember = await createInvite(memberCookie, { maxUses: 5, expiresInDays: 30 });
    const withdrawn = await createInvite(memberCookie);
    // Someone else's invite reads as missing.
    expect(
      (await t.api({ method: 'DELETE', url: `/api/v1/invites/${withdrawn.id}`, cookie: admin.cookie }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.api({ method: 'DELETE', url: `/api/v1/invites/${withdrawn.id}`, cookie: memberCookie }))
        .statusCode,
    ).toBe(204);
    expect(errorOf(await signUp({ inviteCode: withdrawn.code })).code).toBe('invite_invalid');
    expect((await signUp({ inviteCode: fromMember.code })).statusCode).toBe(201);

    const listed = (await t.api({ method: 'GET', url: '/api/v1/invites', cookie: memberCookie })).json();
    expect(listed.canInvite).toBe(true);
    expect(listed.invites).toEqual([
      expect.objectContaining({ id: withdrawn.id, uses: 0, isActive: false }),
      expect.objectContaining({ id: fromMember.id, uses: 1, maxUses: 5, isActive: true }),
    ]);

    const expiring = await createInvite(admin.cookie, { maxUses: 1, expiresInDays: 1 });
    await t.database.db
      .updateTable('invites')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', expiring.id)
      .execute();
    expect(errorOf(await signUp({ inviteCode: expiring.code })).code).toBe('invite_invalid');
  });

  it('approval: the applicant says why and waits; the admin approves or turns down, and each is e-mailed', async () => {
    await configure({ registrationMode: 'approval' });
    expect(errorOf(await signUp()).fields).toEqual({ reason: expect.any(String) });

    const ana = newAccount();
    const applied = await t.api({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { ...ana, reason: 'I run the <b>bakery</b> on the corner.' },
    });
    expect(applied.statusCode, applied.body).toBe(201);
    expect(applied.json()).toEqual({ user: null, pendingApproval: true });
    expect(applied.cookies).toHaveLength(0);
    const logIn = () =>
      t.api({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { login: ana.email, password: ana.password },
      });
    expect(errorOf(await logIn()).code).toBe('account_pending');
    const ben = newAccount();
    await t.api({ method: 'POST', url: '/api/v1/auth/signup', payload: { ...ben, reason: 'Neighbour.' } });

    const queue = await t.api({ method: 'GET', url: '/api/v1/admin/applications', cookie: admin.cookie });
    expect(queue.json().applications).toEqual([
      expect.objectContaining({
        handle: ana.handle,
        email: ana.email,
        reason: 'I run the <b>bakery</b> on the corner.',
      }),
      expect.objectContaining({ handle: ben.handle, reason: 'Neighbour.' }),
    ]);
    const [anaId, benId] = queue
      .json<{ applications: { userId: string }[] }>()
      .applications.map((a) => a.userId);
    // Nobody sees an applicant until an admin lets them in.
    const profile = () => t.api({ method: 'GET', url: `/api/v1/users/${ana.handle}` });
    expect((await profile()).statusCode).toBe(404);

    expect(
      (
        await t.api({
          method: 'POST',
          url: `/api/v1/admin/applications/${anaId}/approve`,
          cookie: admin.cookie,
        })
      ).statusCode,
    ).toBe(204);
    expect((await logIn()).statusCode).toBe(200);
    expect((await profile()).statusCode).toBe(200);
    expect(
      (
        await t.api({
          method: 'POST',
          url: `/api/v1/admin/applications/${benId}/reject`,
          cookie: admin.cookie,
        })
      ).statusCode,
    ).toBe(204);
    // Decided once: a second decision finds nothing.
    expect(
      (
        await t.api({
          method: 'POST',
          url: `/api/v1/admin/applications/${benId}/approve`,
          cookie: admin.cookie,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.api({ method: 'POST', url: `/api/v1/auth/signup`, payload: { ...ben, reason: 'Again.' } }))
        .statusCode,
    ).toBe(201);

    const mails = await outboxMails(t.dataDir, 5);
    const toAdmin = mails.filter((mail) => recipientOf(mail) === admin.account.email);
    expect(toAdmin.map((mail) => mail.subject)).toContain('A new sign-up waits for approval on Town Square');
    expect(toAdmin.map((mail) => mail.text).join('\n')).toContain('I run the <b>bakery</b> on the corner.');
    expect(toAdmin.map((mail) => mail.html).join('\n')).toContain(
      'I run the &lt;b&gt;bakery&lt;/b&gt; on the corner.',
    );
    expect(mails.find((mail) => recipientOf(mail) === ana.email)?.subject).toBe(
      'Welcome to Town Square: your sign-up is approved',
    );
    expect(mails.find((mail) => recipientOf(mail) === ben.email)?.subject).toBe(
      'Your sign-up on Town Square',
    );
  });

  it('asks for the rules to be accepted when the instance has some', async () => {
    await configure({ rules: ['Be kind.'] });
    expect(errorOf(await signUp()).fields).toEqual({ acceptRules: expect.any(String) });
    expect((await signUp({ acceptRules: true })).statusCode).toBe(201);
  });
});
