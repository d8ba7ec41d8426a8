/** Debian's Chromium: browsers are never downloaded. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Chromium talks to loopback only: a dead proxy (the discard port) catches everything but
 * 127.0.0.0/8 and ::1, and the background features that would reach out (updates, sync, QUIC
 * probes) are off. Shared by the browser tests and the Lighthouse audit.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--proxy-server=http://127.0.0.1:9',
  '--proxy-bypass-list=127.0.0.0/8;[::1];localhost',
];
