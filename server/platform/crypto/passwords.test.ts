import { describe, expect, it } from 'vitest';
import { createPasswordHasher, PASSWORD_HASH_COST } from './passwords';

const { testMin } = PASSWORD_HASH_COST;

describe('password hashes', () => {
  it('checks the right password and refuses a wrong one', async () => {
    const hasher = createPasswordHasher(testMin);
    const stored = await hasher.hash('correct horse battery staple');
    expect(await hasher.verify('correct horse battery staple', stored)).toBe(true);
    expect(await hasher.verify('correct horse battery stapler', stored)).toBe(false);
  });

  it('stores the cost and a salt, so the same password never hashes the same twice', async () => {
    const hasher = createPasswordHasher(testMin);
    const [first, second] = [await hasher.hash('same'), await hasher.hash('same')];
    expect(first.split('$').slice(0, 4)).toEqual(['scrypt', String(2 ** testMin), '8', '1']);
    expect(first).not.toBe(second);
  });

  it('checks a hash made at another cost, so changing PASSWORD_HASH_COST locks nobody out', async () => {
    const stored = await createPasswordHasher(testMin + 1).hash('made before the change');
    const hasher = createPasswordHasher(testMin);
    expect(await hasher.verify('made before the change', stored)).toBe(true);
    expect(await hasher.verify('made after the change', stored)).toBe(false);
  });

  it('treats the same text in either Unicode form as one password', async () => {
    const hasher = createPasswordHasher(testMin);
    const stored = await hasher.hash('café');
    expect(await hasher.verify('cafe\u0301', stored)).toBe(true);
  });

  it('refuses what is not one of its hashes without trying it', async () => {
    const hasher = createPasswordHasher(testMin);
    const [, , r, p, salt, key] = (await hasher.hash('pw')).split('$');
    for (const stored of [
      '',
      'not-a-hash: this account cannot log in',
      ['bcrypt', 1024, r, p, salt, key].join('$'),
      // A cost above the highest allowed would take seconds and gigabytes to check.
      ['scrypt', 2 ** (PASSWORD_HASH_COST.max + 1), r, p, salt, key].join('$'),
      ['scrypt', 1024, 16, p, salt, key].join('$'),
    ])
      expect(await hasher.verify('pw', stored), stored).toBe(false);
  });
});
