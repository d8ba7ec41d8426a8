import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_FAILURES_PER_ACCOUNT } from './auth.limits';
import { createTestApp, newAccount, sessionCookieFrom, type TestApp } from '../../test-support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const signUp = (body: object) => t.api({ method: 'POST', url: '/api/v1/auth/signup', payload: body });
const logIn = (body: object) => t.api({ method: 'POST', url: '/api/v1/auth/login', payload: body });

describe('sign-up', () => {
  it('creates the account, starts a session and returns the user without secrets', async () => {
    const account = newAccount({ email: 'Ana.Lima@Example.com', handle: 'AnaLima' });
    const response = await signUp(account);
    expect(response.statusCode).toBe(201);
    const { user } = response.json();
    expect(user).toMatchObject({
      email: 'ana.lima@example.com',
      handle: 'AnaLima',
      displayName: account.displayName,
    });
    expect(JSON.stringify(user)).not.toContain('password');
    const me = await t.api({ method: 'GET', url: '/api/v1/auth/me', cookie: sessionCookieFrom(response) });
    expect(me.json().user.handle).toBe('AnaLima');
  });

  it('sets an HttpOnly, SameSite=Lax session cookie for the whole site', async () => {
    const response = await signUp(newAccount());
    const cookie = response.cookies.find((c) => c.name === 'tidings_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.maxAge).toBeGreaterThan(24 * 60 * 60);
    expect(cookie?.secure).toBeFalsy();
  });

  it('marks the cookie Secure with the __Host- prefix when served over https', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://tidings.example' });
    try {
      const response = await secure.api({
        method: 'POST',
        url: '/api/v1/auth/signup',
        payload: newAccount(),
      });
      const cookie = response.cookies.find((c) => c.name === '__Host-tidings_session');
      expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
    } finally {
      await secure.close();
    }
  });

  it.each([
    ['a bad e-mail', { email: 'not-an-email' }, 'email', /valid e-mail/],
    ['a short password', { password: 'short' }, 'password', /at least 8/],
    ['a short handle', { handle: 'ab' }, 'handle', /at least 3/],
    ['a handle with spaces', { handle: 'ana lima' }, 'handle', /letters, digits/],
    ['a reserved handle', { handle: 'Admin' }, 'handle', /reserved/],
    ['an empty display name', { displayName: '   ' }, 'displayName', /display name/],
  ])('answers 400 with a message for the field on %s', async (_label, override, field, message) => {
    const response = await signUp(newAccount(override));
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('validation_failed');
    expect(Object.keys(error.fields)).toEqual([field]);
    expect(error.fields[field]).toMatch(message);
  });

  it('reports every bad field at once', async () => {
    const response = await signUp({ email: 'x', handle: '!', displayName: '', password: '1' });
    expect(Object.keys(response.json().error.fields).sort()).toEqual([
      'displayName',
      'email',
      'handle',
      'password',
    ]);
  });

  it('refuses a handle taken in another case, and an e-mail taken in another case', async () => {
    await signUp(newAccount({ handle: 'RiverSong', email: 'river@example.com' }));
    const handleClash = await signUp(newAccount({ handle: 'riversong' }));
    expect(handleClash.statusCode).toBe(409);
    expect(handleClash.json().error.fields).toEqual({ handle: 'That handle is taken.' });
    const emailClash = await signUp(newAccount({ email: 'RIVER@example.com' }));
    expect(emailClash.statusCode).toBe(409);
    expect(Object.keys(emailClash.json().error.fields)).toEqual(['email']);
  });

  it('answers a malformed JSON body with a 400 error object', async () => {
    const response = await t.api({
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBeTypeOf('string');
  });

  it('refuses form-encoded bodies that a cross-site form could send', async () => {
    const response = await t.api({
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.com',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('unsupported_media_type');
  });
});

describe('log-in and log-out', () => {
  it('logs in by e-mail or by handle in any case', async () => {
    const account = newAccount({ handle: 'Mira_K' });
    await signUp(account);
    for (const login of [account.email.toUpperCase(), 'mira_k', '@Mira_K']) {
      const response = await logIn({ login, password: account.password });
      expect(response.statusCode, login).toBe(200);
      expect(response.json().user.handle).toBe('Mira_K');
    }
  });

  it('answers a wrong password and an unknown account alike, naming no field', async () => {
    const account = newAccount();
    await signUp(account);
    const wrongPassword = await logIn({ login: account.email, password: 'not the password' });
    const unknown = await logIn({ login: 'nobody@example.com', password: 'whatever123' });
    for (const response of [wrongPassword, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toEqual({
        code: 'invalid_credentials',
        message: 'Wrong e-mail/handle or password.',
      });
      expect(response.cookies).toHaveLength(0);
    }
  });

  it('revokes the session on log-out, so the old cookie no longer works', async () => {
    const response = await signUp(newAccount());
    const cookie = sessionCookieFrom(response);
    const logout = await t.api({ method: 'POST', url: '/api/v1/auth/logout', cookie });
    expect(logout.statusCode).toBe(204);
    expect(logout.cookies.find((c) => c.name === 'tidings_session')?.value).toBe('');
    const me = await t.api({ method: 'GET', url: '/api/v1/auth/me', cookie });
    expect(me.json()).toEqual({ user: null });
    const again = await t.api({ method: 'POST', url: '/api/v1/auth/logout', cookie });
    expect(again.statusCode).toBe(401);
  });

  it('limits failed log-ins per account with 429 and Retry-After, even with the right password', async () => {
    const account = newAccount();
    await signUp(account);
    for (let attempt = 0; attempt < LOGIN_FAILURES_PER_ACCOUNT.points; attempt += 1) {
      expect((await logIn({ login: account.handle, password: 'wrong password' })).statusCode).toBe(401);
    }
    const limited = await logIn({ login: account.handle, password: account.password });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits log-in attempts per IP address across accounts', async () => {
    let last = 0;
    for (let attempt = 0; attempt < 40 && last !== 429; attempt += 1) {
      last = (await logIn({ login: `someone${attempt}@example.com`, password: 'wrong password' })).statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('API guards', () => {
  it('answers 403 csrf_header_missing to any API request without X-Requested-With', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/auth/me'],
      ['POST', '/api/v1/auth/login'],
      ['GET', '/api/v1/no-such-route'],
    ] as const) {
      const response = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error.code).toBe('csrf_header_missing');
    }
    const wrongValue = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { 'x-requested-with': 'fetch' },
    });
    expect(wrongValue.statusCode).toBe(403);
  });

  it('answers 401 to a state-changing request without a session', async () => {
    const response = await t.api({ method: 'POST', url: '/api/v1/auth/logout' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthenticated');
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await t.api({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });

  it('reports health without the header, outside the API', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});
