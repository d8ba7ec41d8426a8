import { generate } from 'otplib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookieFrom, signedUpUser, type TestApp } from '../../test-support/test-app';
import { TWO_FACTOR_FAILURES_PER_ACCOUNT } from './two-factor.limits';

let t: TestApp;
let ana: Awaited<ReturnType<typeof signedUpUser>>;
beforeEach(async () => {
  t = await createTestApp();
  ana = await signedUpUser(t);
});
afterEach(async () => {
  await t.close();
});

const STEP_MS = 30_000;

/** The app's code for `secret` at `at` (now, or a later step so it is not the one just used). */
const codeFor = (secret: string, at = Date.now()) => generate({ secret, epoch: Math.floor(at / 1000) });

function call(url: string, payload: Record<string, unknown>, cookie = ana.cookie) {
  return t.api({ method: 'POST', url: `/api/v1${url}`, payload, cookie });
}

const logIn = () =>
  t.api({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { login: ana.account.email, password: ana.account.password },
  });

/**
 * Sets the app up and turns two-factor sign-in on; answers the secret, the recovery codes and the
 * code that turned it on.
 */
async function turnOn(): Promise<{ secret: string; recoveryCodes: string[]; enablingCode: string }> {
  const setup = await call('/me/two-factor/totp/setup', { currentPassword: ana.account.password });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, uri, qrCode } = setup.json<{ secret: string; uri: string; qrCode: string }>();
  expect(uri).toMatch(new RegExp(`^otpauth://totp/Tidings:.+\\?.*secret=${secret}`));
  expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
  const enablingCode = await codeFor(secret);
  const enabled = await call('/me/two-factor/totp/enable', { code: enablingCode });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return { secret, recoveryCodes: enabled.json<{ recoveryCodes: string[] }>().recoveryCodes, enablingCode };
}

describe('two-factor sign-in', () => {
  it('is set up with the password and a first code, and then asks every log-in for a code', async () => {
    const wrongPassword = await call('/me/two-factor/totp/setup', { currentPassword: 'not it' });
    expect(wrongPassword.json().error.code).toBe('wrong_password');
    const { secret, recoveryCodes } = await turnOn();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const status = await t.api({ method: 'GET', url: '/api/v1/me/two-factor', cookie: ana.cookie });
    expect(status.json()).toEqual({ totpEnabled: true, recoveryCodesLeft: 10 });
    // Neither the secret nor a code is kept in the clear.
    const row = await t.database.db
      .selectFrom('users')
      .select(['totp_secret_sealed', 'totp_pending_sealed'])
      .where('id', '=', ana.user.id)
      .executeTakeFirstOrThrow();
    expect(row.totp_secret_sealed).not.toContain(secret);
    expect(row.totp_pending_sealed).toBeNull();
    const stored = await t.database.db.selectFrom('recovery_codes').select('code_hash').execute();
    expect(stored.map((r) => r.code_hash)).not.toContain(recoveryCodes[0]);

    const first = await logIn();
    expect(first.statusCode).toBe(200);
    expect(first.cookies).toHaveLength(0);
    const { user, twoFactorChallenge } = first.json<{ user: null; twoFactorChallenge: string }>();
    expect(user).toBeNull();
    const wrong = await call('/auth/login/two-factor', { challenge: twoFactorChallenge, code: '000000' }, '');
    expect(wrong.json().error).toMatchObject({
      code: 'two_factor_code_invalid',
      fields: { code: expect.any(String) },
    });
    const second = await call(
      '/auth/login/two-factor',
      { challenge: twoFactorChallenge, code: await codeFor(secret, Date.now() + STEP_MS) },
      '',
    );
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().user.id).toBe(ana.user.id);
    const cookie = sessionCookieFrom(second);
    expect((await t.api({ method: 'GET', url: '/api/v1/auth/me', cookie })).json().user.id).toBe(ana.user.id);
    // The challenge worked once.
    const again = await call('/auth/login/two-factor', { challenge: twoFactorChallenge, code: '123456' }, '');
    expect(again.json().error.code).toBe('two_factor_challenge_invalid');
  });

  it('takes each app code once, each recovery code once, and limits guessing per account', async () => {
    const { secret, recoveryCodes, enablingCode } = await turnOn();
    const challenge = async () => (await logIn()).json<{ twoFactorChallenge: string }>().twoFactorChallenge;
    // The code that turned it on was already used. (That exact code, not the current one: on a busy
    // machine the 30-second step may have turned since, and the next step's code is a fresh one.)
    const reused = await call(
      '/auth/login/two-factor',
      { challenge: await challenge(), code: enablingCode },
      '',
    );
    expect(reused.json().error.code).toBe('two_factor_code_invalid');

    const recovery = recoveryCodes[3] ?? '';
    const typedLoosely = ` ${recovery.toUpperCase().replace('-', ' ')} `;
    expect(
      (await call('/auth/login/two-factor', { challenge: await challenge(), code: typedLoosely }, ''))
        .statusCode,
    ).toBe(200);
    const spent = await call('/auth/login/two-factor', { challenge: await challenge(), code: recovery }, '');
    expect(spent.json().error.code).toBe('two_factor_code_invalid');
    expect((await t.api({ method: 'GET', url: '/api/v1/me/two-factor', cookie: ana.cookie })).json()).toEqual(
      {
        totpEnabled: true,
        recoveryCodesLeft: 9,
      },
    );

    const pending = await challenge();
    for (let i = 1; i < TWO_FACTOR_FAILURES_PER_ACCOUNT.points; i += 1)
      expect(
        (await call('/auth/login/two-factor', { challenge: pending, code: '111111' }, '')).statusCode,
      ).toBe(400);
    const limited = await call(
      '/auth/login/two-factor',
      { challenge: pending, code: await codeFor(secret, Date.now() + STEP_MS) },
      '',
    );
    expect(limited.statusCode).toBe(429);
  });

  it('is turned off only with a current factor, and new recovery codes replace the old', async () => {
    const { secret, recoveryCodes } = await turnOn();
    expect(
      (await call('/me/two-factor/totp/setup', { currentPassword: ana.account.password })).json().error.code,
    ).toBe('two_factor_state');
    const renewed = await call('/me/two-factor/recovery-codes', {
      code: await codeFor(secret, Date.now() + STEP_MS),
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh = renewed.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(fresh).not.toContain(recoveryCodes[0]);

    expect((await call('/me/two-factor/disable', { code: '' })).statusCode).toBe(400);
    expect((await call('/me/two-factor/disable', { code: recoveryCodes[0] })).json().error.code).toBe(
      'two_factor_code_invalid',
    );
    expect((await call('/me/two-factor/disable', { code: fresh[0] })).statusCode).toBe(204);
    expect((await t.api({ method: 'GET', url: '/api/v1/me/two-factor', cookie: ana.cookie })).json()).toEqual(
      {
        totpEnabled: false,
        recoveryCodesLeft: 0,
      },
    );
    const plain = await logIn();
    expect(plain.json()).toMatchObject({ twoFactorChallenge: null, user: { id: ana.user.id } });
    expect((await call('/me/two-factor/disable', { code: '123456' })).json().error.code).toBe(
      'two_factor_state',
    );
  });

  it('refuses to turn on with a wrong code, or before the set-up, and needs a session', async () => {
    expect((await call('/me/two-factor/totp/enable', { code: '123456' })).json().error.code).toBe(
      'two_factor_state',
    );
    await call('/me/two-factor/totp/setup', { currentPassword: ana.account.password });
    expect((await call('/me/two-factor/totp/enable', { code: '123456' })).json().error.code).toBe(
      'two_factor_code_invalid',
    );
    expect((await t.api({ method: 'GET', url: '/api/v1/me/two-factor' })).statusCode).toBe(401);
  });
});
