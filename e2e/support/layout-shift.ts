import type { BrowserContext, BrowserContextOptions, Page } from '@playwright/test';

/** The two screens the first-paint checks run on. */
export const SCREENS = {
  desktop: { viewport: { width: 1280, height: 720 } },
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
} satisfies Record<string, BrowserContextOptions>;

export type ScreenName = keyof typeof SCREENS;

/**
 * Sums every layout shift not caused by input, from the start of each navigation: installed
 * before any of the page's scripts run, and buffered, so shifts before the observer existed
 * (the HTML shell giving way to the app) count too.
 */
export async function recordLayoutShifts(target: BrowserContext | Page): Promise<void> {
  await target.addInitScript(() => {
    window.e2eLayoutShift = 0;
    window.e2eLayoutShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        window.e2eLayoutShift = (window.e2eLayoutShift ?? 0) + entry.value;
        const moved = (entry.sources ?? []).map((source) => {
          const node = source.node;
          const name =
            node instanceof Element
              ? `${node.tagName.toLowerCase()}.${node.className.toString().split(' ').slice(0, 3).join('.')}`
              : (node?.nodeName ?? '?');
          const { previousRect: was, currentRect: is } = source;
          return `${name} (${was.x},${was.y} ${was.width}×${was.height} → ${is.x},${is.y} ${is.width}×${is.height})`;
        });
        window.e2eLayoutShifts?.push(`${entry.value.toFixed(4)} ${moved.join(', ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

export async function layoutShiftOf(page: Page): Promise<{ score: number; shifts: string[] }> {
  return page.evaluate(() => ({ score: window.e2eLayoutShift ?? 0, shifts: window.e2eLayoutShifts ?? [] }));
}

/** Lets the page settle: no request in flight for a while, then a little more for late shifts. */
export async function settle(page: Page, quietMs = 800): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(quietMs);
}
