import { lazy, Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useCurrentUser } from '../features/auth';
import { UndoToast } from '../features/safety';
import { SearchBox } from '../features/search';
import { useT } from '../i18n';
import { useClientConfig } from '../lib/instance';
import { Logo } from '../ui/logo';
import { PageSpinner } from '../ui/page-spinner';
import { appMessages } from './app.messages';
import { OfflineBanner } from './offline-banner';
import { PageErrorBoundary } from './route-error';
import { UpdatePrompt } from './update-prompt';
import { SignedOutNav } from './signed-out-nav';

// Only a signed-in session loads these (live feed socket, notifications, account links), so a
// visitor's first load carries none of it. Both come from the same chunk.
const SignedInHeader = lazy(() =>
  import('./signed-in-nav').then((module) => ({ default: module.SignedInHeader })),
);
const PhoneNav = lazy(() => import('./signed-in-nav').then((module) => ({ default: module.PhoneNav })));

export function AppLayout() {
  const t = useT(appMessages);
  const { data: user, isPending } = useCurrentUser();
  const location = useLocation();
  // The shell paints "Tidings" before any script; the instance's own name and icon follow.
  const clientConfig = useClientConfig();
  const instanceName = clientConfig.data?.instance.name ?? 'Tidings';
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow dark:focus:bg-slate-900"
      >
        {t('skipToContent')}
      </a>
      {/* 64 px at every width, border included: the HTML's app shell paints the same frame. */}
      <header className="sticky top-0 z-10 h-16 border-b border-slate-200 bg-white/85 backdrop-blur dark:border-slate-800 dark:bg-slate-950/85">
        <div className="mx-auto flex h-full max-w-5xl items-center justify-between gap-3 px-4 sm:gap-4">
          {/* The word mark gives its room to the search box and account links from 640 px to 1023 px,
              and below 360 px to a visitor's "Log in" and "Sign up", which are longer in German and
              Portuguese. */}
          <Link
            to="/"
            aria-label={t('homeLinkLabel', { name: instanceName })}
            className={`min-w-0 shrink-0 rounded-lg sm:max-lg:[&>span>span]:hidden ${user ? '' : 'max-[359px]:[&>span>span]:hidden'}`}
          >
            <Logo name={instanceName} icon={clientConfig.data?.instanceIcon ?? null} />
          </Link>
          {/* Nothing until /auth/me answers: a guess would have to be taken back. Phones search on
              /search, which has its own field: the header has no room for one. A member's account
              links arrive a moment later, in a chunk of their own: their search box keeps its
              place beside the word mark (the free space goes after it), so it does not jump
              across the header when they come, where a visitor's sits between the word mark and
              "Log in". */}
          {!isPending && (
            <SearchBox
              className={`hidden min-w-48 flex-1 sm:block sm:max-w-sm ${user ? 'sm:mr-auto' : ''}`}
            />
          )}
          {!isPending &&
            (user ? (
              <Suspense fallback={null}>
                <SignedInHeader />
              </Suspense>
            ) : (
              <SignedOutNav />
            ))}
        </div>
      </header>
      {user && (
        <Suspense fallback={null}>
          <PhoneNav />
        </Suspense>
      )}
      {/* At least a screen tall: the footer starts below the fold and no page's arrival moves it. */}
      <main id="main" tabIndex={-1} className="min-h-screen flex-1 outline-none">
        <PageErrorBoundary resetKey={location.pathname}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <UndoToast />
      <OfflineBanner />
      <UpdatePrompt />
      <footer className="border-t border-slate-200 py-6 text-center text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
        {t('footer')}
      </footer>
    </div>
  );
}
