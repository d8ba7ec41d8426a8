import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Fails on any serious or critical axe-core violation, naming the rule and the elements. */
export async function expectAccessible(page: Page): Promise<void> {
  // Colours mid-transition (right after a switch to the dark scheme, or a hover) would be measured
  // as they pass, between the two themes: wait for running colour transitions to end first.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // The one-frame run (axe.run in the page). The default splits the work into runPartial in each
  // frame and finishRun in an extra blank page: a second renderer for every check, and in Debian's
  // Chromium its runPartial at times never settled. The app renders no iframes, so both modes
  // check the same nodes.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(blocking, `axe violations on ${page.url()}`).toEqual([]);
}
