import { describe, expect, it } from 'vitest';
import { countLabel } from './count-label';

describe('countLabel', () => {
  it('agrees the noun with the number', () => {
    expect(countLabel('followers', 0)).toBe('0 followers');
    expect(countLabel('followers', 1)).toBe('1 follower');
    expect(countLabel('followers', 2)).toBe('2 followers');
    expect(countLabel('following', 1)).toBe('1 following');
    expect(countLabel('posts', 1)).toBe('1 post');
    expect(countLabel('replies', 2)).toBe('2 replies');
    expect(countLabel('likesReceived', 1)).toBe('1 like received');
  });

  it("writes the number in the language's notation", () => {
    expect(countLabel('followers', 12_345)).toBe('12,345 followers');
  });
});
