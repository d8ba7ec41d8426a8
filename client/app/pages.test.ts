import { describe, expect, it } from 'vitest';
import { PAGES, pageAt } from './pages';

const pageWithPath = (path: string | undefined) => PAGES.find((page) => page.path === path);

// The entry loads the chunk of the page it finds here before the router renders: it must find
// the page the router will show, or the reader waits for the right one after a wasted one.
describe('pageAt', () => {
  it.each([
    ['/', undefined],
    ['/login', 'login'],
    ['/signup', 'signup'],
    ['/admin/users', 'admin/users'],
    ['/p/0190a1b2-c3d4', 'p/:id'],
    ['/tags/Cats', 'tags/:tag'],
    ['/follow-requests', 'follow-requests'],
    ['/alice', ':profile'],
    ['/alice/followers', ':profile/followers'],
    ['/alice/following', ':profile/following'],
    ['/alice/elsewhere/deeper', '*'],
    ['/login/', 'login'],
  ])('finds the page at %s', (pathname, path) => {
    const expected = pageWithPath(path);
    expect(expected).toBeDefined();
    expect(pageAt(pathname)).toBe(expected);
  });
});
