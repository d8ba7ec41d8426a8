import type { Page, Request, Route } from '@playwright/test';

/** One request of a page load and the round trip it belongs to: 1 for the page itself, 2 for what the page names, … */
export interface RoundedRequest {
  path: string;
  /** Playwright's resource type: document, script, stylesheet, fetch, … */
  type: string;
  round: number;
}

/** Resource types a page waits on; icons, images and the like go through at once and are not counted. */
const WAITED_ON = new Set(['document', 'script', 'stylesheet', 'fetch', 'xhr']);

/**
 * How long the page must have sent nothing and received nothing before a round is closed, on top
 * of the checks in the page (pageReading): a margin for answers on their way from the network to
 * the page.
 */
const QUIET_MS = 100;
/** How often the driver looks whether the round can be closed. */
const POLL_MS = 20;
/**
 * Timers up to this long count as work the page is doing, not waiting: a round stays open while
 * one is pending. React holds a revealed Suspense boundary back 300 ms, for one; what it then
 * renders and asks for belongs to the same round, on a fast machine or a slow one. Longer timers
 * (reconnection back-offs, keep-alives) are waits of their own and do not hold a round.
 */
const SHORT_TIMER_MS = 1_000;
/** Where the page keeps the ids of its pending short timers (see watchShortTimers). */
const PENDING_TIMERS_KEY = '__pendingShortTimers';

/** The page's global object as the two functions below use it: one property of our own, by name. */
type WatchedWindow = Record<string, Set<number> | undefined>;

/**
 * Run in the page before its scripts: `setTimeout` and `clearTimeout` keep a set of the pending
 * timers of at most `shortMs`, for pageReading. The page's code sees the same functions' results.
 */
function watchShortTimers({ shortMs, key }: { shortMs: number; key: string }): void {
  const pending = new Set<number>();
  const watched = window as unknown as WatchedWindow;
  watched[key] = pending;
  const setTimeoutOf = window.setTimeout.bind(window);
  const clearTimeoutOf = window.clearTimeout.bind(window);
  const wrappedSetTimeout = (handler: TimerHandler, delay?: number, ...args: unknown[]): number => {
    if (typeof handler !== 'function' || (delay ?? 0) > shortMs) return setTimeoutOf(handler, delay, ...args);
    const id = setTimeoutOf(
      (...callArgs: unknown[]) => {
        pending.delete(id);
        (handler as (...callArgs: unknown[]) => void)(...callArgs);
      },
      delay,
      ...args,
    );
    pending.add(id);
    return id;
  };
  window.setTimeout = wrappedSetTimeout as typeof window.setTimeout;
  const wrappedClearTimeout = (id?: number) => {
    if (id !== undefined) pending.delete(id);
    clearTimeoutOf(id);
  };
  window.clearTimeout = wrappedClearTimeout as typeof window.clearTimeout;
}

/** Chromium's Prioritized Task Scheduling API, which TypeScript's DOM types do not have yet. */
declare const scheduler: {
  postTask(
    callback: () => void,
    options: { priority: 'user-blocking' | 'user-visible' | 'background' },
  ): Promise<void>;
};

/**
 * Answered inside the page once its main thread has nothing more urgent to do (a task of the
 * lowest priority, run after every script, render and loading task queued before it): whether
 * the document has been parsed, so the requests its markup names have been sent; how many
 * answers it has received of each address, from Resource Timing, so an answer the network has
 * finished but the page has not yet taken in keeps the round open; and how many short timers
 * are pending. (`requestIdleCallback` would
 * wait for a frame, and the first one waits for the stylesheet the round is holding.)
 */
function pageReading(
  key: string,
): Promise<{ isParsed: boolean; received: Record<string, number>; shortTimers: number }> {
  return new Promise((resolve) => {
    void scheduler.postTask(
      () => {
        const received: Record<string, number> = {};
        for (const entry of performance.getEntriesByType('resource')) {
          received[entry.name] = (received[entry.name] ?? 0) + 1;
        }
        resolve({
          isParsed: location.href !== 'about:blank' && document.readyState !== 'loading',
          received,
          shortTimers: (window as unknown as WatchedWindow)[key]?.size ?? 0,
        });
      },
      { priority: 'background' },
    );
  });
}

/**
 * Loads `path` in `page` in lockstep rounds: every request the page waits on is held until the
 * page has nothing left to do without its answers (main thread free, no short timer pending,
 * every answer of the last round taken in, nothing sent or received for QUIET_MS), then the
 * round's requests are all answered together and the next round begins. A request's round is therefore how many answers it waited
 * for in a row, whatever the speed of the machine: a slow CPU makes the rounds longer, never
 * more. Resolves with every request once `isShown` has resolved.
 */
export async function loadInRounds(
  page: Page,
  path: string,
  isShown: (page: Page) => Promise<unknown>,
): Promise<RoundedRequest[]> {
  const requests: RoundedRequest[] = [];
  let round = 1;
  let held: Route[] = [];
  const inFlight = new Set<Request>();
  /** Addresses answered in earlier rounds, each with how many times, for the page-side check. */
  const answered = new Map<string, number>();
  let lastActivity = Date.now();

  await page.addInitScript(watchShortTimers, { shortMs: SHORT_TIMER_MS, key: PENDING_TIMERS_KEY });
  await page.route('**/*', async (route) => {
    const request = route.request();
    if (!WAITED_ON.has(request.resourceType())) return route.continue();
    requests.push({ path: new URL(request.url()).pathname, type: request.resourceType(), round });
    held.push(route);
    lastActivity = Date.now();
  });
  const onFinished = (request: Request) => {
    if (!inFlight.delete(request)) return;
    lastActivity = Date.now();
    // A page has no Resource Timing entry of itself; its having been parsed stands for it.
    if (request.resourceType() !== 'document') {
      answered.set(request.url(), (answered.get(request.url()) ?? 0) + 1);
    }
  };
  const onFailed = (request: Request) => {
    if (inFlight.delete(request)) lastActivity = Date.now();
  };
  page.on('requestfinished', onFinished);
  page.on('requestfailed', onFailed);

  // Both settle while the rounds are driven below; what they throw is thrown once the driving stops.
  let isDone = false;
  const shown = isShown(page).then(
    () => null,
    (error: unknown) => ({ error }),
  );
  void shown.then(() => (isDone = true));
  // Commits only once the first round (the page itself) has been answered.
  const navigation = page.goto(path, { waitUntil: 'commit' }).then(
    () => null,
    (error: unknown) => ({ error }),
  );

  const isRoundOver = async (): Promise<boolean> => {
    if (held.length === 0 || inFlight.size > 0 || Date.now() - lastActivity < QUIET_MS) return false;
    if (round === 1) return true; // only the page itself so far: nothing in it to wait for
    const activityBefore = lastActivity;
    const reading = await page.evaluate(pageReading, PENDING_TIMERS_KEY).catch(() => null); // a navigation under way
    if (!reading?.isParsed || reading.shortTimers > 0 || lastActivity !== activityBefore) return false;
    return [...answered].every(([url, count]) => (reading.received[url] ?? 0) >= count);
  };
  while (!isDone) {
    if (await isRoundOver()) {
      const closing = held;
      held = [];
      round += 1;
      lastActivity = Date.now();
      for (const route of closing) {
        inFlight.add(route.request());
        // The page may have gone on without this answer (an aborted fetch): nothing to wait for.
        route.continue().catch(() => inFlight.delete(route.request()));
      }
    } else {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  for (const route of held) await route.continue().catch(() => undefined);
  page.off('requestfinished', onFinished);
  page.off('requestfailed', onFailed);
  const failure = (await navigation) ?? (await shown);
  if (failure) throw failure.error;
  return requests;
}

/** The last round in which a request of `type` was sent. */
export function lastRound(requests: RoundedRequest[], type: string): number {
  return Math.max(0, ...requests.filter((request) => request.type === type).map((r) => r.round));
}
