import { lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { AppLayout } from './app-layout';
import { PAGES } from './pages';

/*
 * Declarative routes rather than a data router (createBrowserRouter): the app loads its data
 * with react-query, not route loaders, and the data router's machinery costs about 15 KB of
 * compressed JavaScript on every first load. Each page is its own chunk (pages.ts); AppLayout's
 * Suspense shows the page skeleton while one loads, and its error boundary catches a page that
 * fails.
 */
const PAGE_ROUTES = PAGES.map(({ path, load }) => ({
  path,
  Page: lazy(async () => ({ default: await load() })),
}));

export function AppRoutes() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<AppLayout />}>
          {PAGE_ROUTES.map(({ path, Page }) =>
            path === undefined ? (
              <Route key="index" index element={<Page />} />
            ) : (
              <Route key={path} path={path} element={<Page />} />
            ),
          )}
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
