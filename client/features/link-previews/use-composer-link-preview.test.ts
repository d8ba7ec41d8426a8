import { describe, expect, it } from 'vitest';
import { findFirstUrlMatch } from '../../../common/link-previews/url-rules';
import { isLinkComplete } from './use-composer-link-preview';

/** Whether the composer may preview the first link of `text` at once, without waiting. */
const completeNow = (text: string) => {
  const match = findFirstUrlMatch(text);
  return match !== null && isLinkComplete(text, match.end);
};

describe('isLinkComplete', () => {
  it.each([
    ['see example.com ', true],
    ['see example.com\n', true],
    ['see example.com, and more', true],
    ['(see example.com) ok', true],
    ['is it example.com? yes', true],
    ['see example.com', false],
    ['see example.co', false],
    ['see example.com.', false],
    ['see example.com:', false],
    ['see http://127.0.0.1:', false],
  ])('%j → %s', (text, expected) => {
    expect(completeNow(text)).toBe(expected);
  });
});
