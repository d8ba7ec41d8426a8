import { describe, expect, it } from 'vitest';
import { displayNameSchema } from './auth';
import { createReportRequestSchema } from './safety';
import { findUnacceptableText, INVALID_TEXT_MESSAGE, isAcceptableText } from './text-input';
import { bioSchema } from './users';

describe('the text rule', () => {
  it.each([
    ['plain text', true],
    ['tab\tline feed\ncarriage return\r', true],
    ['emoji 🦊 and accents é', true],
    ['zero-width\u200B and direction\u202E marks', true],
    ['NUL \u0000', false],
    ['bell \u0007', false],
    ['escape \u001b[31m', false],
    ['delete \u007f', false],
    ['next line \u0085', false],
    ['lone high \uD800', false],
    ['lone low \uDC00', false],
    ['reversed pair \uDC00\uD800', false],
  ])('%j acceptable: %s', (text, acceptable) => {
    expect(isAcceptableText(text)).toBe(acceptable);
  });

  it('names where in a value the refused text is, keys included', () => {
    expect(findUnacceptableText({ a: 'ok', images: [{ alt: 'ok' }, { alt: 'x\u0000' }] })).toBe(
      'images.1.alt',
    );
    expect(findUnacceptableText({ nested: { 'k\u0000': 'v' } })).toBe('nested');
    expect(findUnacceptableText('\uD800')).toBe('');
    expect(findUnacceptableText({ a: ['ok', 1, null, true, { b: 'fine' }] })).toBeNull();
  });

  it('walks a deeply nested value without overflowing the stack', () => {
    let deep: unknown = 'x\u0007';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnacceptableText(deep)).toMatch(/^0(\.0)*$/);
  });

  it('is part of the schemas the forms share, so they say it before sending', () => {
    for (const result of [
      displayNameSchema.safeParse('Ana\u0000'),
      bioSchema.safeParse('bio \u001b'),
      createReportRequestSchema.safeParse({ reason: 'spam', note: 'note \uD800' }),
    ]) {
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(INVALID_TEXT_MESSAGE);
    }
    expect(bioSchema.safeParse('line one\nline two').success).toBe(true);
  });
});
