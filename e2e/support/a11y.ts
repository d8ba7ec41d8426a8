import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type axe from 'axe-core';
import { expect, type Page } from '@playwright/test';
import { transitionsEnded } from './transitions';

/**
 * axe-core's minified build (580 KB), the same code as the 1.3 MB `source` its module exports:
 * sent to the browser and compiled once for every document checked. Measured on 2 cores, six
 * fresh pages each checked once: 6.5–7.6 s of CPU with it, 8.1–8.7 s with `source`.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const RUN_OPTIONS: axe.RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
  // Every node of every rule is still checked; only violations are reported node by node. The
  // passes' nodes, each given a selector and an HTML excerpt that nothing here reads, were most of
  // the answer: on a feed of twelve posts 768 KB against 52 KB, and a check took 0.56–0.66 s
  // against 0.39–0.45 s once warm, with the same violations found.
  resultTypes: ['violations'],
};

/**
 * axe-core run in the page, injected once per document. (By hand rather than through
 * @axe-core/playwright: its builder evaluates axe's 1.3 MB source twice on every check, about
 * 0.5 s of a 1.3 s check on this machine, and again for a page checked in the light scheme and
 * then the dark one. Its one-frame mode is what this does: the app renders no iframes, and its
 * per-frame mode needed a second, blank page for every check, whose runs in Debian's Chromium at
 * times never settled.)
 */
async function runAxe(page: Page): Promise<axe.AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate((options) => window.axe.run(document, options), RUN_OPTIONS);
}

/** Fails on any serious or critical axe-core violation, naming the rule and the elements. */
export async function expectAccessible(page: Page): Promise<void> {
  // Colours mid-transition (right after a switch to the dark scheme, a hover, or a button a request
  // re-enables) would be measured between two states.
  await transitionsEnded(page);
  const results = await runAxe(page);
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(blocking, `axe violations on ${page.url()}`).toEqual([]);
}
