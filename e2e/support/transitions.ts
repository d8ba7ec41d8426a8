import type { Locator, Page } from '@playwright/test';

/**
 * Runs in the page: resolves once no CSS transition runs on `element` (or anywhere, without one).
 * A transition replaced by another before it ends (a button's colour on its way from disabled to
 * enabled when the hover moves off it) is cancelled, and its `finished` rejects at once while
 * the new one runs: so it looks again until none is running.
 */
async function transitionsEndedIn(element?: Element): Promise<void> {
  for (;;) {
    const running = (element ?? document)
      .getAnimations()
      .filter((animation) => animation instanceof CSSTransition);
    if (running.length === 0) return;
    await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
  }
}

/**
 * Waits until colours have settled on the page, or on one element, so that what is read next is
 * a state the reader sees, not a colour on its way between two.
 */
export async function transitionsEnded(target: Page | Locator): Promise<void> {
  // The same page function either way; the two `evaluate`s only differ in their types.
  if ('goto' in target) await target.evaluate(transitionsEndedIn, undefined);
  else await target.evaluate(transitionsEndedIn);
}
