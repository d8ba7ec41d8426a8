import { useEffect, useRef, useState } from 'react';
import type { Channel } from 'pusher-js';
import { getPusher, signInRealtime } from './pusher-client';

export type ConnectionState =
  'initialized' | 'connecting' | 'connected' | 'unavailable' | 'failed' | 'disconnected';

/** The socket's state, for the live indicator and for catching up after a reconnect. */
export function useConnectionState(isEnabled: boolean): ConnectionState {
  const [state, setState] = useState<ConnectionState>('initialized');
  useEffect(() => {
    if (!isEnabled) return;
    let isActive = true;
    const onChange = ({ current }: { current: ConnectionState }) => isActive && setState(current);
    void getPusher().then((pusher) => {
      if (!isActive) return;
      setState(pusher.connection.state as ConnectionState);
      pusher.connection.bind('state_change', onChange);
    });
    return () => {
      isActive = false;
      void getPusher().then((pusher) => pusher.connection.unbind('state_change', onChange));
    };
  }, [isEnabled]);
  return state;
}

type Handlers = Record<string, (data: unknown) => void>;

/**
 * Hooks subscribed to each channel. Two hooks may share one (the notifications and the live
 * feed both listen on a reader's private channel): the last one to go unsubscribes.
 */
const subscribers = new Map<string, number>();

/**
 * Subscribes while mounted and routes events to the latest handlers (kept in a ref so callers
 * need not memoise them). Returns the channel once subscribed, for presence members.
 */
export function useChannel(channelName: string | null, handlers: Handlers): Channel | null {
  const latest = useRef(handlers);
  const [channel, setChannel] = useState<Channel | null>(null);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (channelName === null) return;
    let isActive = true;
    const route = (event: string, data: unknown) => latest.current[event]?.(data);
    subscribers.set(channelName, (subscribers.get(channelName) ?? 0) + 1);
    void getPusher().then((pusher) => {
      if (!isActive) return;
      const subscribed = pusher.subscribe(channelName);
      subscribed.bind_global(route);
      setChannel(subscribed);
    });
    return () => {
      isActive = false;
      setChannel(null);
      const remaining = (subscribers.get(channelName) ?? 1) - 1;
      if (remaining > 0) subscribers.set(channelName, remaining);
      else subscribers.delete(channelName);
      void getPusher().then((pusher) => {
        pusher.channel(channelName)?.unbind_global(route);
        if (!subscribers.has(channelName)) pusher.unsubscribe(channelName);
      });
    };
  }, [channelName]);
  return channel;
}

/** While a user is signed in, the connection is signed in as them (pusher:signin). */
export function useRealtimeSignin(userId: string | null): void {
  useEffect(() => {
    if (userId !== null) void signInRealtime();
  }, [userId]);
}
