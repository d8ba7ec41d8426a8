import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../i18n';
import { appMessages } from './app.messages';

interface PageErrorBoundaryProps {
  /** Changes on navigation, so leaving the broken page clears the error. */
  resetKey: string;
  children: ReactNode;
}

interface PageErrorBoundaryState {
  hasError: boolean;
}

/**
 * Last resort for a page that failed to load (its chunk) or to render: say so and offer a way
 * back; the header stays. A class because React catches render errors only in a class
 * component's lifecycle methods; there is no hook for it.
 */
export class PageErrorBoundary extends Component<PageErrorBoundaryProps, PageErrorBoundaryState> {
  override state: PageErrorBoundaryState = { hasError: false };

  static getDerivedStateFromError(): PageErrorBoundaryState {
    return { hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A page failed to load or render', error, info.componentStack);
  }

  override componentDidUpdate(previous: PageErrorBoundaryProps): void {
    if (this.state.hasError && previous.resetKey !== this.props.resetKey) this.setState({ hasError: false });
  }

  override render(): ReactNode {
    return this.state.hasError ? <PageError /> : this.props.children;
  }
}

function PageError() {
  const t = useT(appMessages);
  return (
    <div className="mx-auto flex max-w-md flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">{t('pageErrorTitle')}</h1>
      <p className="text-slate-600 dark:text-slate-400">{t('pageErrorText')}</p>
      <div className="flex gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="min-h-11 rounded-lg bg-primary-600 px-4 py-2 font-semibold text-white"
        >
          {t('reload')}
        </button>
        <Link
          to="/"
          className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-4 py-2 font-semibold dark:border-slate-700"
        >
          {t('goHome')}
        </Link>
      </div>
    </div>
  );
}
