import { describe, expect, it } from 'vitest';
import { countLabel } from './count-label';

describe('countLabel', () => {
  it('agrees the noun with the number', () => {
    expect(countLabel(0, 'follower', 'followers')).toBe('0 followers');
    expect(countLabel(1, 'follower', 'followers')).toBe('1 follower');
    expect(countLabel(2, 'follower', 'followers')).toBe('2 followers');
    expect(countLabel(1, 'following', 'following')).toBe('1 following');
  });

  it("writes the number in the reader's notation", () => {
    expect(countLabel(12_345, 'follower', 'followers')).toBe(
      `${new Intl.NumberFormat().format(12_345)} followers`,
    );
  });
});
