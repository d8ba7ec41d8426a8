import type { ConnectionState } from './use-realtime';

/** What the live indicator says: the socket's state, told apart by whether it was ever up. */
export type ConnectionPhase = 'live' | 'connecting' | 'reconnecting' | 'offline';

/**
 * A socket that is not up is "connecting" until its first connection and "reconnecting" only
 * after one was lost: a fresh page load is not an outage.
 */
export function connectionPhase(state: ConnectionState, hasConnected: boolean): ConnectionPhase {
  if (state === 'connected') return 'live';
  if (state === 'failed') return 'offline';
  return hasConnected ? 'reconnecting' : 'connecting';
}
