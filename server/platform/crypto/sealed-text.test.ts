import { describe, expect, it } from 'vitest';
import { createTextSeal } from './sealed-text';

const SECRET = 'a session secret of at least thirty-two characters';

describe('sealed text', () => {
  it('opens what it sealed, and never shows the text in the sealed form', () => {
    const seal = createTextSeal(SECRET, 'totp-secret');
    const sealed = seal.seal('JBSWY3DPEHPK3PXPJBSWY3DP');
    expect(sealed).not.toContain('JBSWY3DP');
    expect(seal.open(sealed)).toBe('JBSWY3DPEHPK3PXPJBSWY3DP');
    // A fresh IV each time: the same text seals differently.
    expect(seal.seal('same')).not.toBe(seal.seal('same'));
  });

  it('refuses text sealed for another purpose, under another secret, or changed', () => {
    const sealed = createTextSeal(SECRET, 'totp-secret').seal('secret');
    expect(() => createTextSeal(SECRET, 'mail-outbox-body').open(sealed)).toThrow();
    expect(() => createTextSeal(`${SECRET}!`, 'totp-secret').open(sealed)).toThrow();
    const bytes = Buffer.from(sealed, 'base64url');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    expect(() => createTextSeal(SECRET, 'totp-secret').open(bytes.toString('base64url'))).toThrow();
  });
});
