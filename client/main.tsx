import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { App } from './app/app';
import { exposeMailcheck } from './lib/mailcheck-global';
import './styles.css';

exposeMailcheck();
// zod probes for eval (`Function('')`) to compile fast parsers; the CSP forbids eval, and each
// probe is logged as a violation. Its interpreted path is plenty for form-sized input.
z.config({ jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
