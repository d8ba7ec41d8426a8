// One Lighthouse run in a fresh Debian Chromium, with Lighthouse's defaults: mobile emulation and
// simulated throttling, so the figures compare with what PageSpeed Insights would report.
import { launch } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/chromium';
import { CATEGORIES } from './summary';

/** Longest wait for a page's load event (Lighthouse's default, spelt out). */
const MAX_WAIT_FOR_LOAD_MS = 45_000;
/** A whole run (browser start, page load, trace, audits) that takes longer than this has hung. */
export const RUN_TIMEOUT_MS = 180_000;

/**
 * Audits `url` and answers the Lighthouse result. `headers` go with every request of the page
 * (the session cookie for signed-in pages). Chromium is killed even when the run fails.
 */
export async function runLighthouse(url: string, headers: Record<string, string>): Promise<Result> {
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [...CHROMIUM_ARGS],
    logLevel: 'silent',
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`Lighthouse took longer than ${RUN_TIMEOUT_MS / 1000} s on ${url}`)),
        RUN_TIMEOUT_MS,
      );
    });
    const run = lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: [...CATEGORIES],
      maxWaitForLoad: MAX_WAIT_FOR_LOAD_MS,
      extraHeaders: headers,
    });
    const result = await Promise.race([run, timeout]);
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) {
      throw new Error(
        `Lighthouse could not audit ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
      );
    }
    return lhr;
  } finally {
    clearTimeout(timer);
    try {
      chrome.kill();
    } catch (error) {
      console.warn(`! could not stop Chromium (pid ${chrome.pid}): ${String(error)}`);
    }
  }
}
