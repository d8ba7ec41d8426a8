import { afterEach, describe, expect, it } from 'vitest';
import { type PollingLoop, startPollingLoop } from './polling-loop';

const loops: PollingLoop[] = [];
afterEach(async () => {
  for (const loop of loops.splice(0)) await loop.stop();
});

/** A round the test finishes by hand, counting how many ran and how many at once. */
function manualRounds() {
  const finishers: (() => void)[] = [];
  const state = { started: 0, running: 0, most: 0 };
  const round = () =>
    new Promise<number>((resolve) => {
      state.started += 1;
      state.running += 1;
      state.most = Math.max(state.most, state.running);
      finishers.push(() => {
        state.running -= 1;
        resolve(state.started);
      });
    });
  const finishNext = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    finishers.shift()?.();
  };
  return { round, state, finishNext };
}

describe('a polling loop', () => {
  it('never runs two rounds at once, and answers a call during a round with the round after it', async () => {
    const { round, state, finishNext } = manualRounds();
    const loop = startPollingLoop({ round, pollIntervalMs: 3_600_000, onError: () => undefined });
    loops.push(loop);
    const first = loop.runOnce();
    const during = loop.runOnce();
    loop.wake();
    let isDuringAnswered = false;
    void during.then(() => (isDuringAnswered = true));
    await finishNext();
    expect(await first).toBe(1);
    // The first round may have read before the work the second call was made for.
    expect(isDuringAnswered).toBe(false);
    // The round after it starts alone, once, for the call and the wake both.
    await finishNext();
    expect(await during).toBe(2);
    await new Promise((resolve) => setImmediate(resolve));
    expect(state).toEqual({ started: 2, running: 0, most: 1 });
  });

  it('logs a failed round instead of throwing, and stop waits for the round in progress', async () => {
    const errors: unknown[] = [];
    let release = () => undefined as void;
    const loop = startPollingLoop({
      round: () =>
        new Promise<number>((_resolve, reject) => {
          release = () => reject(new Error('database away'));
        }),
      pollIntervalMs: 3_600_000,
      onError: (err) => errors.push(err),
    });
    loop.wake();
    await new Promise((resolve) => setImmediate(resolve));
    const stopped = loop.stop();
    expect(loop.isStopped).toBe(true);
    release();
    await stopped;
    expect(errors).toEqual([new Error('database away')]);
    // Stopped: a wake starts nothing.
    loop.wake();
    await new Promise((resolve) => setImmediate(resolve));
    expect(errors).toHaveLength(1);
  });
});
