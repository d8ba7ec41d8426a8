import { generate } from 'otplib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PASSKEYS_PER_ACCOUNT_MAX } from '../../../common/contracts/limits';
import { createSoftAuthenticator, type SoftAuthenticator } from '../../test-support/soft-authenticator';
import { createTestApp, sessionCookieFrom, signedUpUser, type TestApp } from '../../test-support/test-app';

const ORIGIN = 'https://tidings.test';
const RP_ID = 'tidings.test';

let t: TestApp;
let ana: Awaited<ReturnType<typeof signedUpUser>>;
beforeEach(async () => {
  t = await createTestApp({ PUBLIC_URL: ORIGIN });
  ana = await signedUpUser(t);
});
afterEach(async () => {
  await t.close();
});

type Account = typeof ana;

function post(url: string, payload: object, cookie = '') {
  return t.api({ method: 'POST', url: `/api/v1${url}`, payload, cookie });
}

async function registrationOptions(who: Account = ana) {
  const answer = await post('/me/passkeys/options', { currentPassword: who.account.password }, who.cookie);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{
    options: {
      challenge: string;
      rp: { id: string; name: string };
      user: { id: string; name: string };
      excludeCredentials: { id: string }[];
    };
  }>().options;
}

/** Adds a passkey the way the settings page does: options, the device's answer, the name. */
async function addPasskey(device: SoftAuthenticator, who: Account = ana, name = 'Phone') {
  const { challenge, user } = await registrationOptions(who);
  const added = await post(
    '/me/passkeys',
    { name, credential: device.register({ challenge, rpId: RP_ID, userId: user.id }) },
    who.cookie,
  );
  expect(added.statusCode, added.body).toBe(201);
  return added.json<{ id: string; name: string }>();
}

async function logInOptions(twoFactorChallenge?: string) {
  const answer = await post('/auth/passkey/options', twoFactorChallenge ? { twoFactorChallenge } : {});
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{
    options: { challenge: string; allowCredentials?: { id: string }[]; userVerification: string };
  }>().options;
}

async function logInWith(device: SoftAuthenticator, twoFactorChallenge?: string) {
  const { challenge } = await logInOptions(twoFactorChallenge);
  const credential = device.authenticate({ challenge, rpId: RP_ID });
  return { answer: await post('/auth/passkey', { credential, twoFactorChallenge }), credential };
}

const errorOf = (answer: { json: () => { error: { code: string } } }) => answer.json().error.code;

describe('passkeys', () => {
  it('are added with the password, listed, and log in without a password, each prompt once', async () => {
    const wrong = await post('/me/passkeys/options', { currentPassword: 'not it' }, ana.cookie);
    expect(wrong.json().error).toMatchObject({
      code: 'wrong_password',
      fields: { currentPassword: expect.any(String) },
    });

    const device = createSoftAuthenticator({ origin: ORIGIN, synced: true });
    const options = await registrationOptions();
    expect(options.rp).toEqual({ id: RP_ID, name: 'Tidings' });
    expect(options.user.name).toBe(ana.user.handle);
    const added = await addPasskey(device, ana, '  Work laptop ');
    expect(added).toMatchObject({ id: device.id, name: 'Work laptop' });
    // Offered again, the same device is told it already holds one.
    expect((await registrationOptions()).excludeCredentials.map(({ id }) => id)).toEqual([device.id]);

    const listed = await t.api({ method: 'GET', url: '/api/v1/me/passkeys', cookie: ana.cookie });
    expect(listed.json()).toEqual({
      passkeys: [
        { id: device.id, name: 'Work laptop', createdAt: expect.any(String), lastUsedAt: null, synced: true },
      ],
    });

    const options2 = await logInOptions();
    expect(options2.userVerification).toBe('required');
    expect(options2.allowCredentials ?? []).toEqual([]);
    const { answer, credential } = await logInWith(device);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().user.id).toBe(ana.user.id);
    const me = await t.api({ method: 'GET', url: '/api/v1/auth/me', cookie: sessionCookieFrom(answer) });
    expect(me.json().user.id).toBe(ana.user.id);
    // The same signed answer a second time: its challenge was used.
    expect(errorOf(await post('/auth/passkey', { credential }))).toBe('passkey_request_invalid');
    const used = await t.api({ method: 'GET', url: '/api/v1/me/passkeys', cookie: ana.cookie });
    expect(used.json().passkeys[0].lastUsedAt).not.toBeNull();
  });

  it('refuses answers that prove nothing: unknown passkeys, another site, no check of the person, forged signatures', async () => {
    const device = createSoftAuthenticator({ origin: ORIGIN });
    await addPasskey(device);

    const stranger = createSoftAuthenticator({ origin: ORIGIN });
    expect(errorOf((await logInWith(stranger)).answer)).toBe('passkey_not_verified');

    const phishing = createSoftAuthenticator({ origin: 'https://tidings.example' });
    await addPasskeyExpecting(phishing, 'passkey_not_verified');

    const forged = await logInOptions();
    const signed = device.authenticate({ challenge: forged.challenge, rpId: RP_ID });
    const tampered = {
      ...signed,
      response: { ...signed.response, signature: Buffer.from('forged').toString('base64url') },
    };
    expect(errorOf(await post('/auth/passkey', { credential: tampered }))).toBe('passkey_not_verified');

    const unverified = createSoftAuthenticator({ origin: ORIGIN, verifiesUser: false });
    await addPasskey(unverified, ana, 'Key without a PIN');
    // Alone, a passkey stands for the password too: a device that checked no one is not enough.
    expect(errorOf((await logInWith(unverified)).answer)).toBe('passkey_not_verified');

    // A challenge made up by the caller was never handed out.
    const made = device.authenticate({ challenge: 'bm90LWEtY2hhbGxlbmdl', rpId: RP_ID });
    expect(errorOf(await post('/auth/passkey', { credential: made }))).toBe('passkey_request_invalid');
    // Nor is an expired one good.
    const stale = await logInOptions();
    await t.database.db
      .updateTable('passkey_challenges')
      .set({ expires_at: Date.now() - 1 })
      .execute();
    const late = device.authenticate({ challenge: stale.challenge, rpId: RP_ID });
    expect(errorOf(await post('/auth/passkey', { credential: late }))).toBe('passkey_request_invalid');
    // Malformed bodies are a clear 400.
    const bad = await post('/auth/passkey', { credential: { id: 'not base64url!', type: 'public-key' } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toBe('validation_failed');
  });

  it('answer the second step after the password where two-factor sign-in is on', async () => {
    const device = createSoftAuthenticator({ origin: ORIGIN, verifiesUser: false });
    await addPasskey(device);
    const setup = await post(
      '/me/two-factor/totp/setup',
      { currentPassword: ana.account.password },
      ana.cookie,
    );
    const { secret } = setup.json<{ secret: string }>();
    const enabled = await post(
      '/me/two-factor/totp/enable',
      { code: await generate({ secret }) },
      ana.cookie,
    );
    expect(enabled.statusCode, enabled.body).toBe(200);

    const first = await post('/auth/login', { login: ana.account.email, password: ana.account.password });
    expect(first.json()).toEqual({
      user: null,
      twoFactorChallenge: expect.any(String),
      secondStepPasskey: true,
    });
    const { twoFactorChallenge } = first.json<{ twoFactorChallenge: string }>();
    const options = await logInOptions(twoFactorChallenge);
    expect(options.allowCredentials?.map(({ id }) => id)).toEqual([device.id]);
    expect(options.userVerification).toBe('preferred');

    // Bob's passkey cannot finish Ana's log-in.
    const bob = await signedUpUser(t);
    const bobsDevice = createSoftAuthenticator({ origin: ORIGIN });
    await addPasskey(bobsDevice, bob);
    expect(errorOf((await logInWith(bobsDevice, twoFactorChallenge)).answer)).toBe('passkey_not_verified');

    // The device checks no one, and need not: the password was the first factor.
    const { answer } = await logInWith(device, twoFactorChallenge);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().user.id).toBe(ana.user.id);
    // The step is over: its challenge works for nothing else.
    expect(errorOf(await post('/auth/passkey/options', { twoFactorChallenge }))).toBe(
      'two_factor_challenge_invalid',
    );
    const code = await post('/auth/login/two-factor', { challenge: twoFactorChallenge, code: '123456' });
    expect(errorOf(code)).toBe('two_factor_challenge_invalid');
  });

  it('are removed with the password, only by their owner, and then log in no more', async () => {
    const device = createSoftAuthenticator({ origin: ORIGIN });
    const { id } = await addPasskey(device);
    const bob = await signedUpUser(t);
    const remove = (who: Account, currentPassword: string) =>
      t.api({
        method: 'DELETE',
        url: `/api/v1/me/passkeys/${id}`,
        payload: { currentPassword },
        cookie: who.cookie,
      });
    expect((await remove(bob, bob.account.password)).statusCode).toBe(404);
    expect(errorOf(await remove(ana, 'not it'))).toBe('wrong_password');
    expect((await remove(ana, ana.account.password)).statusCode).toBe(204);
    expect(errorOf((await logInWith(device)).answer)).toBe('passkey_not_verified');
    const listed = await t.api({ method: 'GET', url: '/api/v1/me/passkeys', cookie: ana.cookie });
    expect(listed.json()).toEqual({ passkeys: [] });
  });

  it(`hold at most ${PASSKEYS_PER_ACCOUNT_MAX} per account, and need a session`, async () => {
    const options = await registrationOptions();
    for (let i = 0; i < PASSKEYS_PER_ACCOUNT_MAX; i += 1)
      await addPasskey(createSoftAuthenticator({ origin: ORIGIN }), ana, `Key ${i}`);
    const full = await post('/me/passkeys/options', { currentPassword: ana.account.password }, ana.cookie);
    expect(errorOf(full)).toBe('passkey_limit_reached');
    // An earlier prompt answered now finds the account full too.
    const late = createSoftAuthenticator({ origin: ORIGIN });
    const answer = await post(
      '/me/passkeys',
      {
        name: 'One more',
        credential: late.register({ challenge: options.challenge, rpId: RP_ID, userId: options.user.id }),
      },
      ana.cookie,
    );
    expect(errorOf(answer)).toBe('passkey_limit_reached');

    expect((await t.api({ method: 'GET', url: '/api/v1/me/passkeys' })).statusCode).toBe(401);
    expect((await post('/me/passkeys/options', { currentPassword: 'x' })).statusCode).toBe(401);
  });

  it("cannot be added with another account's prompt, and a suspended account cannot log in with one", async () => {
    const bob = await signedUpUser(t);
    const bobsOptions = await registrationOptions(bob);
    const device = createSoftAuthenticator({ origin: ORIGIN });
    const answer = await post(
      '/me/passkeys',
      {
        name: 'Stolen prompt',
        credential: device.register({
          challenge: bobsOptions.challenge,
          rpId: RP_ID,
          userId: bobsOptions.user.id,
        }),
      },
      ana.cookie,
    );
    expect(errorOf(answer)).toBe('passkey_request_invalid');

    await addPasskey(device);
    await t.database.db
      .updateTable('users')
      .set({ suspended_at: Date.now() })
      .where('id', '=', ana.user.id)
      .execute();
    expect(errorOf((await logInWith(device)).answer)).toBe('account_suspended');
  });
});

async function addPasskeyExpecting(device: SoftAuthenticator, code: string) {
  const { challenge, user } = await registrationOptions();
  const answer = await post(
    '/me/passkeys',
    { name: 'Phone', credential: device.register({ challenge, rpId: RP_ID, userId: user.id }) },
    ana.cookie,
  );
  expect(errorOf(answer)).toBe(code);
}
