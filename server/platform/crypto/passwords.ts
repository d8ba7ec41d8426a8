import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * scrypt's cost as log2 of N, with r = 8 and p = 1. 15 (N = 2^15, 32 MiB a hash) is OWASP's
 * minimum recommendation for scrypt and the default; an operator may raise it to 17 (128 MiB).
 * Below 15 only for test suites (`NODE_ENV=test`), whose every account is thrown away: about 5 ms a
 * hash at 10 against 170 ms at 15 on a 2-core machine, where the tests sign up thousands of people.
 */
export const PASSWORD_HASH_COST = { default: 15, min: 15, max: 17, testMin: 10 } as const;

const SCRYPT_R = 8;
const SCRYPT_P = 1;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;
/** The largest N a stored hash may name: hashes made at the highest cost still verify after it is lowered. */
const MAX_N = 2 ** PASSWORD_HASH_COST.max;

export interface PasswordHasher {
  /** Format: scrypt$N$r$p$salt$hash (base64url), so the cost can change without breaking old hashes. */
  hash(password: string): Promise<string>;
  /** Checks a password against a stored hash, at the cost the hash was made with. */
  verify(password: string, stored: string): Promise<boolean>;
  /**
   * A log-in for an unknown account still pays for one hash, so response times do not reveal
   * which e-mail addresses or handles exist.
   */
  spendDecoyVerification(password: string): Promise<void>;
}

function derive(password: string, salt: Buffer, n: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { N: n, r: SCRYPT_R, p: SCRYPT_P, maxmem: 128 * n * SCRYPT_R * 2 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** `cost` is log2 of scrypt's N, already validated by the configuration. */
export function createPasswordHasher(cost: number): PasswordHasher {
  const n = 2 ** cost;
  let decoyHash: Promise<string> | undefined;

  async function hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_LENGTH);
    const key = await derive(password, salt, n);
    return ['scrypt', n, SCRYPT_R, SCRYPT_P, salt.toString('base64url'), key.toString('base64url')].join('$');
  }

  async function verify(password: string, stored: string): Promise<boolean> {
    const [scheme, storedN, r, p, salt, storedKey] = stored.split('$');
    if (scheme !== 'scrypt' || !storedN || !r || !p || !salt || !storedKey) return false;
    if (Number(storedN) > MAX_N || Number(r) !== SCRYPT_R || Number(p) !== SCRYPT_P) return false;
    const expected = Buffer.from(storedKey, 'base64url');
    const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(storedN));
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }

  return {
    hash,
    verify,
    async spendDecoyVerification(password) {
      decoyHash ??= hash('decoy password that matches nothing');
      await verify(password, await decoyHash);
    },
  };
}
