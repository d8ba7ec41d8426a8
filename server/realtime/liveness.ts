import { WebSocket } from 'ws';
import { sendMessage } from './connection';
import { LIVENESS_SWEEP_MAX_INTERVAL_MS } from './limits';
import { CloseCode } from './protocol';
import type { RealtimeContext } from './realtime-context';

/**
 * Half-open TCP connections are only found by pinging. One interval sweeps every socket instead
 * of a timer per socket: re-arming a timer on every frame costs more than a pass over 10 000
 * objects once a second. A silent socket gets pusher:ping (answered by pusher-js) and a
 * WebSocket ping frame (answered by browsers and by ws); any frame counts as the answer.
 */
export function startLivenessSweep(ctx: RealtimeContext): () => void {
  const intervalMs = Math.max(10, Math.min(LIVENESS_SWEEP_MAX_INTERVAL_MS, ctx.activityTimeoutMs / 4));
  const timer = setInterval(() => sweep(ctx), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

function sweep(ctx: RealtimeContext): void {
  const now = ctx.now();
  for (const connection of ctx.connections.values()) {
    const { ws } = connection;
    if (ws.readyState !== WebSocket.OPEN) continue;
    if (connection.pingSentAt !== null) {
      if (now - connection.pingSentAt >= ctx.pongTimeoutMs) {
        ws.close(CloseCode.pongNotReceived, 'Pong reply not received');
      }
      continue;
    }
    if (now - connection.lastSeenAt >= ctx.activityTimeoutMs) {
      connection.pingSentAt = now;
      sendMessage(connection, { event: 'pusher:ping' });
      ws.ping();
    }
  }
}
