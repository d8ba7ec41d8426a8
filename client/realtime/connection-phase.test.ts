import { describe, expect, it } from 'vitest';
import { connectionPhase } from './connection-phase';
import type { ConnectionState } from './use-realtime';

describe('connectionPhase', () => {
  it.each<[ConnectionState, boolean, string]>([
    ['initialized', false, 'connecting'],
    ['connecting', false, 'connecting'],
    ['unavailable', false, 'connecting'],
    ['connected', false, 'live'],
    ['connected', true, 'live'],
    ['connecting', true, 'reconnecting'],
    ['unavailable', true, 'reconnecting'],
    ['disconnected', true, 'reconnecting'],
    ['failed', false, 'offline'],
    ['failed', true, 'offline'],
  ])('%s, connected before: %s → %s', (state, hasConnected, expected) => {
    expect(connectionPhase(state, hasConnected)).toBe(expected);
  });
});
