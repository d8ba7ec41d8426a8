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

/**
 * The features Playwright itself turns off when it launches Chromium (its `--disable-features`).
 * Chromium reads only the last `--disable-features` it is given, so the list below has to repeat
 * them; `e2e/browser-launch.spec.ts` fails when an upgraded Playwright turns off one more.
 */
export const PLAYWRIGHT_DISABLED_FEATURES: readonly string[] = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Browser work that no page of the app needs, paid once for every context a test opens. Measured
 * on 2 cores, twelve fresh contexts each loading /login: 42 s of Chromium's CPU with these on,
 * 25 s with them off, 23 s with the GPU process's work in the browser's.
 * - `WebUIOmniboxPopup`, `WebUIOmniboxAimPopup`: the address bar's suggestion popup, a WebUI page
 *   in a renderer of its own, preloaded for every window and updated on every navigation (about
 *   0.9 s of CPU a context) although a headless browser never shows it.
 * - `SpareRendererForSitePerProcess`: a renderer started ahead for the next navigation, which a
 *   context closed after one test never makes.
 */
const IDLE_BROWSER_FEATURES: readonly string[] = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'SpareRendererForSitePerProcess',
];

/** What Playwright launches for the browser tests and the first-load benchmark. */
export const PLAYWRIGHT_CHROMIUM_ARGS: readonly string[] = [
  ...CHROMIUM_ARGS,
  // Software compositing in the browser process rather than a GPU process of its own: one
  // process less to talk to for every frame (about 8 % of Chromium's CPU in the measure above).
  '--in-process-gpu',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...IDLE_BROWSER_FEATURES].join(',')}`,
];
