import { lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { AppLayout } from './app-layout';

/*
 * Declarative routes rather than a data router (createBrowserRouter): the app loads its data
 * with react-query, not route loaders, and the data router's machinery costs about 15 KB of
 * compressed JavaScript on every first load. Each page is its own chunk; AppLayout's Suspense
 * shows the page skeleton while one loads, and its error boundary catches a page that fails.
 */
const FeedPage = lazy(async () => ({ default: (await import('../pages/feed-page')).FeedPage }));
const SignUpPage = lazy(async () => ({ default: (await import('../pages/sign-up-page')).SignUpPage }));
const LogInPage = lazy(async () => ({ default: (await import('../pages/log-in-page')).LogInPage }));
const ForgotPasswordPage = lazy(async () => ({
  default: (await import('../pages/forgot-password-page')).ForgotPasswordPage,
}));
const ResetPasswordPage = lazy(async () => ({
  default: (await import('../pages/reset-password-page')).ResetPasswordPage,
}));
const UnsubscribePage = lazy(async () => ({
  default: (await import('../pages/unsubscribe-page')).UnsubscribePage,
}));
const ConfirmEmailPage = lazy(async () => ({
  default: (await import('../pages/confirm-email-page')).ConfirmEmailPage,
}));
const NotificationsPage = lazy(async () => ({
  default: (await import('../pages/notifications-page')).NotificationsPage,
}));
const SearchPage = lazy(async () => ({ default: (await import('../pages/search-page')).SearchPage }));
const SettingsPage = lazy(async () => ({ default: (await import('../pages/settings-page')).SettingsPage }));
const AdminReportsPage = lazy(async () => ({
  default: (await import('../pages/admin-reports-page')).AdminReportsPage,
}));
const AdminMailPage = lazy(async () => ({
  default: (await import('../pages/admin-mail-page')).AdminMailPage,
}));
const AdminSettingsPage = lazy(async () => ({
  default: (await import('../pages/admin-settings-page')).AdminSettingsPage,
}));
const AdminApplicationsPage = lazy(async () => ({
  default: (await import('../pages/admin-applications-page')).AdminApplicationsPage,
}));
const AdminUsersPage = lazy(async () => ({
  default: (await import('../pages/admin-users-page')).AdminUsersPage,
}));
const AdminAuditPage = lazy(async () => ({
  default: (await import('../pages/admin-audit-page')).AdminAuditPage,
}));
const PostPage = lazy(async () => ({ default: (await import('../pages/post-page')).PostPage }));
const TagPage = lazy(async () => ({ default: (await import('../pages/tag-page')).TagPage }));
const BookmarksPage = lazy(async () => ({
  default: (await import('../pages/bookmarks-page')).BookmarksPage,
}));
const ProfilePage = lazy(async () => ({ default: (await import('../pages/profile-page')).ProfilePage }));
const FollowersPage = lazy(async () => ({
  default: (await import('../pages/follow-list-page')).FollowersPage,
}));
const FollowingPage = lazy(async () => ({
  default: (await import('../pages/follow-list-page')).FollowingPage,
}));
const FollowRequestsPage = lazy(async () => ({
  default: (await import('../pages/follow-requests-page')).FollowRequestsPage,
}));
const NotFoundPage = lazy(async () => ({ default: (await import('../pages/not-found-page')).NotFoundPage }));

export function AppRoutes() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<AppLayout />}>
          <Route index element={<FeedPage />} />
          <Route path="signup" element={<SignUpPage />} />
          <Route path="login" element={<LogInPage />} />
          <Route path="forgot-password" element={<ForgotPasswordPage />} />
          <Route path="reset-password" element={<ResetPasswordPage />} />
          <Route path="confirm-email" element={<ConfirmEmailPage />} />
          <Route path="unsubscribe" element={<UnsubscribePage />} />
          <Route path="notifications" element={<NotificationsPage />} />
          <Route path="search" element={<SearchPage />} />
          <Route path="settings" element={<SettingsPage />} />
          <Route path="admin/reports" element={<AdminReportsPage />} />
          <Route path="admin/mail" element={<AdminMailPage />} />
          <Route path="admin/settings" element={<AdminSettingsPage />} />
          <Route path="admin/applications" element={<AdminApplicationsPage />} />
          <Route path="admin/users" element={<AdminUsersPage />} />
          <Route path="admin/audit" element={<AdminAuditPage />} />
          <Route path="p/:id" element={<PostPage />} />
          <Route path="tags/:tag" element={<TagPage />} />
          <Route path="bookmarks" element={<BookmarksPage />} />
          <Route path="follow-requests" element={<FollowRequestsPage />} />
          <Route path=":profile" element={<ProfilePage />} />
          <Route path=":profile/followers" element={<FollowersPage />} />
          <Route path=":profile/following" element={<FollowingPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
