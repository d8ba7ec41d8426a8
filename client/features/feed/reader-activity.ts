/**
 * When the reader last did something (a key, a click, a touch, a wheel turn). A live post goes
 * straight into the feed only while they are idle; otherwise it waits behind the pill.
 */

/** This long without input, the reader is taken to be reading rather than acting. */
export const READER_IDLE_AFTER_MS = 1_500;

const INPUT_EVENTS = ['keydown', 'pointerdown', 'touchstart', 'wheel'] as const;

let lastInputAt = Number.NEGATIVE_INFINITY;
let watchers = 0;

function onInput(): void {
  lastInputAt = performance.now();
}

/** Starts listening (once, however many callers); the returned function stops it. */
export function watchReaderActivity(): () => void {
  watchers += 1;
  if (watchers === 1)
    for (const type of INPUT_EVENTS) window.addEventListener(type, onInput, { capture: true, passive: true });
  return () => {
    watchers -= 1;
    if (watchers === 0)
      for (const type of INPUT_EVENTS) window.removeEventListener(type, onInput, { capture: true });
  };
}

export function isReaderIdle(): boolean {
  return performance.now() - lastInputAt >= READER_IDLE_AFTER_MS;
}
