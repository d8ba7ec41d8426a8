import { useState } from 'react';
import { PRESENCE_FEED_CHANNEL } from '../../../common/contracts/feed-events';
import type { ConnectionState } from '../../realtime/use-realtime';
import { useChannel } from '../../realtime/use-realtime';

interface PresenceChannel {
  members?: { count: number };
}

/** "Live · 3 online", or "Reconnecting…" while the socket is down. */
export function LiveStatus({ state }: { state: ConnectionState }) {
  const [online, setOnline] = useState<number | null>(null);
  const channel = useChannel(PRESENCE_FEED_CHANNEL, {
    'pusher:subscription_succeeded': () => setOnline(countOf(channel)),
    'pusher:member_added': () => setOnline(countOf(channel)),
    'pusher:member_removed': () => setOnline(countOf(channel)),
  });
  const isLive = state === 'connected';
  return (
    <span role="status" className="inline-flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
      <span
        aria-hidden="true"
        className={`size-2 rounded-full ${isLive ? 'bg-emerald-500' : 'animate-pulse bg-amber-500'}`}
      />
      {isLive ? (
        <span>Live{online !== null && <span className="hidden sm:inline"> · {online} online</span>}</span>
      ) : (
        <span>{state === 'failed' ? 'Offline' : 'Reconnecting…'}</span>
      )}
    </span>
  );
}

function countOf(channel: unknown): number | null {
  return (channel as PresenceChannel | null)?.members?.count ?? null;
}
