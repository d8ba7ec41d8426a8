import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerServiceWorker } from './app/service-worker-registration';
import { startLanguage } from './i18n';
import { exposeMailcheck } from './lib/mailcheck-global';
import './styles.css';

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
