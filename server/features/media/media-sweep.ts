import { MEDIA_SWEEP_INTERVAL_MS } from './limits';

export interface MediaSweep {
  stop(): void;
}

/**
 * Runs the clean-up every `intervalMs` until stopped. The timer does not keep the process
 * alive, and a sweep never overlaps the previous one.
 */
export function startMediaSweep(
  sweep: () => Promise<unknown>,
  onError: (err: unknown) => void,
  intervalMs = MEDIA_SWEEP_INTERVAL_MS,
): MediaSweep {
  let isRunning = false;
  const timer = setInterval(() => {
    if (isRunning) return;
    isRunning = true;
    sweep()
      .catch(onError)
      .finally(() => {
        isRunning = false;
      });
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
