import { WebSocket } from 'ws';
import { withTimeout } from './wait';

/** A frame from the server with `data` decoded once (the protocol double-encodes it). */
export interface ReceivedFrame {
  event: string;
  channel?: string;
  data: unknown;
  user_id?: string;
  rawData: unknown;
}

export interface RawClient {
  ws: WebSocket;
  frames: ReceivedFrame[];
  /** The first not yet claimed frame that passes `accept`, now or later. */
  next(accept: (frame: ReceivedFrame) => boolean, label: string, timeoutMs?: number): Promise<ReceivedFrame>;
  send(frame: object | string): void;
  closed: Promise<{ code: number; reason: string }>;
  close(): Promise<void>;
}

/** A protocol-level client made of bare `ws`, for exact frames and codes pusher-js hides. */
export function openRawClient(
  url: string,
  options: { autoPong?: boolean; maxPayload?: number } = {},
): RawClient {
  const ws = new WebSocket(url, { autoPong: options.autoPong ?? true, perMessageDeflate: false });
  const frames: ReceivedFrame[] = [];
  const claimed = new Set<number>();
  const waiters = new Set<() => void>();
  ws.on('error', () => undefined);
  ws.on('message', (raw: Buffer) => {
    const parsed = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    const rawData = parsed.data;
    let data: unknown = rawData;
    if (typeof rawData === 'string') {
      try {
        data = JSON.parse(rawData);
      } catch {
        data = rawData;
      }
    }
    frames.push({ ...(parsed as { event: string; channel?: string; user_id?: string }), data, rawData });
    for (const wake of [...waiters]) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString('utf8') }));
  });
  const next = (accept: (frame: ReceivedFrame) => boolean, label: string, timeoutMs?: number) => {
    const found = new Promise<ReceivedFrame>((resolve) => {
      const look = () => {
        const index = frames.findIndex((frame, i) => !claimed.has(i) && accept(frame));
        if (index === -1) return;
        claimed.add(index);
        waiters.delete(look);
        resolve(frames[index] as ReceivedFrame);
      };
      waiters.add(look);
      look();
    });
    return withTimeout(found, label, timeoutMs);
  };
  return {
    ws,
    frames,
    next,
    send(frame) {
      ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
    },
    closed,
    async close() {
      if (ws.readyState === WebSocket.CLOSED) return;
      ws.close();
      await withTimeout(closed, 'raw client close');
    },
  };
}

export const isEvent = (event: string, channel?: string) => (frame: ReceivedFrame) =>
  frame.event === event && (channel === undefined || frame.channel === channel);
