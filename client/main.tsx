import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPage } from './app/pages';
import { registerServiceWorker } from './app/service-worker-registration';
import { currentUserQuery } from './features/auth';
import { startLanguage } from './i18n';
import { clientConfigQuery } from './lib/instance';
import { exposeMailcheck } from './lib/mailcheck-global';
import { queryClient } from './lib/query-client';
import './styles.css';

// Asked now rather than by the first render, which would ask only once it had committed: every
// signed-in part of the page waits on who is signed in, and the header on the instance's name.
// The page's own chunk travels with them.
void queryClient.prefetchQuery(currentUserQuery);
void queryClient.prefetchQuery(clientConfigQuery);
preloadPage(window.location.pathname);
exposeMailcheck();
// Only builds have a service worker: in development it would keep every file stale.
if (import.meta.env.PROD) registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The first paint is in the reader's language: English needs nothing loaded, another language
// its one chunk of messages. If that chunk cannot be fetched, the app still opens, in English.
void startLanguage()
  .catch(() => undefined)
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
