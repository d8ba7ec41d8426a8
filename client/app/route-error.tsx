import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** Last resort for a page that failed to load or render: say so and offer a way back. */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : 'Something went wrong.';
  return (
    <main
      id="main"
      className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <h1 className="text-2xl font-semibold">This page could not be shown</h1>
      <p className="text-slate-600 dark:text-slate-400">{message} Reloading usually helps.</p>
      <div className="flex gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-lg bg-primary-600 px-4 py-2 font-semibold text-white"
        >
          Reload
        </button>
        <Link
          to="/"
          className="rounded-lg border border-slate-300 px-4 py-2 font-semibold dark:border-slate-700"
        >
          Go home
        </Link>
      </div>
    </main>
  );
}
