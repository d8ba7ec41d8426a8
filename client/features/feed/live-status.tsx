import { useState } from 'react';
import { PRESENCE_FEED_CHANNEL } from '../../../common/contracts/feed-events';
import { useT } from '../../i18n';
import { type ConnectionPhase, connectionPhase } from '../../realtime/connection-phase';
import { hasEverConnected } from '../../realtime/pusher-client';
import type { ConnectionState } from '../../realtime/use-realtime';
import { useChannel } from '../../realtime/use-realtime';
import { feedMessages } from './feed.messages';

interface PresenceChannel {
  members?: { count: number };
}

/** Grey while the first connection is made; amber only when one was lost. */
const DOT: Record<ConnectionPhase, string> = {
  live: 'bg-emerald-500',
  connecting: 'animate-pulse bg-slate-400 motion-reduce:animate-none',
  reconnecting: 'animate-pulse bg-amber-500 motion-reduce:animate-none',
  offline: 'bg-amber-500',
};

const WORDS = {
  connecting: 'statusConnecting',
  reconnecting: 'statusReconnecting',
  offline: 'statusOffline',
} as const satisfies Record<Exclude<ConnectionPhase, 'live'>, keyof typeof feedMessages.source>;

/**
 * "Live · 3 online"; "Connecting…" on the way up, "Reconnecting…" after a drop. The count shows
 * from 1024 px, where the header has room for it beside the account's icons.
 */
export function LiveStatus({ state }: { state: ConnectionState }) {
  const t = useT(feedMessages);
  const [online, setOnline] = useState<number | null>(null);
  const channel = useChannel(PRESENCE_FEED_CHANNEL, {
    'pusher:subscription_succeeded': () => setOnline(countOf(channel)),
    'pusher:member_added': () => setOnline(countOf(channel)),
    'pusher:member_removed': () => setOnline(countOf(channel)),
  });
  // Read on each render: every change of `state` renders this, and the flag only ever turns on
  // (before `state` becomes "connected").
  const phase = connectionPhase(state, hasEverConnected());
  return (
    <span role="status" className="inline-flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
      <span aria-hidden="true" className={`size-2 rounded-full ${DOT[phase]}`} />
      {phase === 'live' ? (
        <span>
          {t('statusLive')}
          {online !== null && (
            <span className="hidden lg:inline"> · {t('statusOnlineCount', { count: online })}</span>
          )}
        </span>
      ) : (
        <span>{t(WORDS[phase])}</span>
      )}
    </span>
  );
}

function countOf(channel: unknown): number | null {
  return (channel as PresenceChannel | null)?.members?.count ?? null;
}
