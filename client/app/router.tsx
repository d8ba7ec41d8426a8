import { createBrowserRouter } from 'react-router';
import { RouteError } from './route-error';
import { AppLayout } from './app-layout';

/** Each page is its own chunk: the first load carries only the shell and the page it shows. */
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('../pages/feed-page')).FeedPage }) },
      {
        path: 'signup',
        lazy: async () => ({ Component: (await import('../pages/sign-up-page')).SignUpPage }),
      },
      { path: 'login', lazy: async () => ({ Component: (await import('../pages/log-in-page')).LogInPage }) },
      {
        path: 'notifications',
        lazy: async () => ({ Component: (await import('../pages/notifications-page')).NotificationsPage }),
      },
      {
        path: 'search',
        lazy: async () => ({ Component: (await import('../pages/search-page')).SearchPage }),
      },
      {
        path: 'settings',
        lazy: async () => ({ Component: (await import('../pages/settings-page')).SettingsPage }),
      },
      {
        path: 'admin/reports',
        lazy: async () => ({ Component: (await import('../pages/admin-reports-page')).AdminReportsPage }),
      },
      { path: 'p/:id', lazy: async () => ({ Component: (await import('../pages/post-page')).PostPage }) },
      {
        path: ':profile',
        lazy: async () => ({ Component: (await import('../pages/profile-page')).ProfilePage }),
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('../pages/not-found-page')).NotFoundPage }),
      },
    ],
  },
]);
