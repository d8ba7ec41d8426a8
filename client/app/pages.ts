import type { ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

/** A page of the app: where it lives (under the layout) and how its chunk is loaded. */
export interface PageRoute {
  /** The path below `/`; none for the index page. */
  path?: string;
  load: () => Promise<ComponentType>;
}

/**
 * Every page, each its own chunk, in the order the router tries them (`*` last). The router
 * renders them (router.tsx) and the entry starts the current one's chunk loading before the
 * first render (`preloadPage`): both read this one list.
 */
export const PAGES: readonly PageRoute[] = [
  { load: async () => (await import('../pages/feed-page')).FeedPage },
  { path: 'signup', load: async () => (await import('../pages/sign-up-page')).SignUpPage },
  { path: 'login', load: async () => (await import('../pages/log-in-page')).LogInPage },
  {
    path: 'forgot-password',
    load: async () => (await import('../pages/forgot-password-page')).ForgotPasswordPage,
  },
  {
    path: 'reset-password',
    load: async () => (await import('../pages/reset-password-page')).ResetPasswordPage,
  },
  {
    path: 'confirm-email',
    load: async () => (await import('../pages/confirm-email-page')).ConfirmEmailPage,
  },
  { path: 'unsubscribe', load: async () => (await import('../pages/unsubscribe-page')).UnsubscribePage },
  {
    path: 'notifications',
    load: async () => (await import('../pages/notifications-page')).NotificationsPage,
  },
  { path: 'search', load: async () => (await import('../pages/search-page')).SearchPage },
  { path: 'settings', load: async () => (await import('../pages/settings-page')).SettingsPage },
  { path: 'admin/reports', load: async () => (await import('../pages/admin-reports-page')).AdminReportsPage },
  { path: 'admin/mail', load: async () => (await import('../pages/admin-mail-page')).AdminMailPage },
  {
    path: 'admin/settings',
    load: async () => (await import('../pages/admin-settings-page')).AdminSettingsPage,
  },
  {
    path: 'admin/applications',
    load: async () => (await import('../pages/admin-applications-page')).AdminApplicationsPage,
  },
  { path: 'admin/users', load: async () => (await import('../pages/admin-users-page')).AdminUsersPage },
  { path: 'admin/audit', load: async () => (await import('../pages/admin-audit-page')).AdminAuditPage },
  { path: 'p/:id', load: async () => (await import('../pages/post-page')).PostPage },
  { path: 'tags/:tag', load: async () => (await import('../pages/tag-page')).TagPage },
  { path: 'bookmarks', load: async () => (await import('../pages/bookmarks-page')).BookmarksPage },
  {
    path: 'follow-requests',
    load: async () => (await import('../pages/follow-requests-page')).FollowRequestsPage,
  },
  { path: ':profile', load: async () => (await import('../pages/profile-page')).ProfilePage },
  {
    path: ':profile/followers',
    load: async () => (await import('../pages/follow-list-page')).FollowersPage,
  },
  {
    path: ':profile/following',
    load: async () => (await import('../pages/follow-list-page')).FollowingPage,
  },
  { path: '*', load: async () => (await import('../pages/not-found-page')).NotFoundPage },
];

/** The page the router shows at `pathname`, found by the router's own matching and ranking. */
export function pageAt(pathname: string): PageRoute | undefined {
  const routes: (RouteObject & { page?: PageRoute })[] = [
    {
      path: '/',
      children: PAGES.map((page) =>
        page.path === undefined ? { index: true, page } : { path: page.path, page },
      ),
    },
  ];
  return matchRoutes(routes, pathname)?.at(-1)?.route.page;
}

/**
 * Starts loading the chunk of the page at `pathname`. The router would ask for it only once the
 * first render reaches the page, a few hundred milliseconds of a phone's time after the entry
 * has run; asked now, it travels with the session's answer instead of after it.
 */
export function preloadPage(pathname: string): void {
  // A chunk that fails to arrive is the page's to report, when it renders.
  pageAt(pathname)
    ?.load()
    .catch(() => undefined);
}
