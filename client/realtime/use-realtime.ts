import { useEffect, useRef, useState } from 'react';
import type { Channel } from 'pusher-js';
import { getPusher } from './pusher-client';

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
    void getPusher().then((pusher) => {
      if (!isActive) return;
      const subscribed = pusher.subscribe(channelName);
      subscribed.bind_global(route);
      setChannel(subscribed);
    });
    return () => {
      isActive = false;
      setChannel(null);
      void getPusher().then((pusher) => {
        pusher.channel(channelName)?.unbind_global(route);
        pusher.unsubscribe(channelName);
      });
    };
  }, [channelName]);
  return channel;
}
