import { describe, expect, it } from 'vitest';
import { canGoBackInApp } from './history-back';

describe('canGoBackInApp', () => {
  it('goes back within the app after an in-app navigation', () => {
    expect(canGoBackInApp({ usr: null, key: 'k2', idx: 1 })).toBe(true);
    expect(canGoBackInApp({ idx: 7 })).toBe(true);
  });

  it('does not on the entry the app was opened on, or with history it did not write', () => {
    expect(canGoBackInApp({ usr: null, key: 'default', idx: 0 })).toBe(false);
    expect(canGoBackInApp(null)).toBe(false);
    expect(canGoBackInApp(undefined)).toBe(false);
    expect(canGoBackInApp({})).toBe(false);
    expect(canGoBackInApp({ idx: '3' })).toBe(false);
    expect(canGoBackInApp('state')).toBe(false);
  });
});
