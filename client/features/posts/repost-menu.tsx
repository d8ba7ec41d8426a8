import { Repeat2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { Post } from '../../../common/contracts/posts';
import { useLocale, useT } from '../../i18n';
import { MenuButton, type MenuItem } from '../../ui/menu-button';
import { ACTION, COUNT, ICON, REPOSTED } from './action-styles';
import { postsMessages } from './posts.messages';
import { useToggleRepost } from './posts.queries';

/**
 * The quote dialog and its composer are a chunk of their own, loaded when someone is about to
 * quote. import() names the module itself, as in lazy-parts.ts (which cannot hold it: the post
 * list there leads back here).
 */
const loadQuoteDialog = () => import('./quote-dialog');
const QuoteDialog = lazy(() => loadQuoteDialog().then((module) => ({ default: module.QuoteDialog })));

/** Fetched on the first sign of interest (pointer over, focus), so the dialog opens at once. */
function preloadQuoteDialog(): void {
  // A failure shows when the dialog itself is asked for.
  loadQuoteDialog().catch(() => undefined);
}

export interface RepostMenuProps {
  post: Post;
  /** The reader may write posts (a confirmed account): Quote is offered. */
  canQuote: boolean;
}

/**
 * Repost (or undo it) and Quote, behind one button with the count, as Mastodon and Bluesky do:
 * one place in the row of actions, which has no room for two on a phone.
 */
export function RepostMenu({ post, canQuote }: RepostMenuProps) {
  const t = useT(postsMessages);
  const locale = useLocale();
  const repost = useToggleRepost(post);
  const [isQuoting, setIsQuoting] = useState(false);
  const isOn = post.repostedByMe;
  const items: MenuItem[] = [
    { label: t(isOn ? 'undoRepostMenuItem' : 'repostMenuItem'), onSelect: () => repost.mutate(!isOn) },
    ...(canQuote ? [{ label: t('quoteMenuItem'), onSelect: () => setIsQuoting(true) }] : []),
  ];
  return (
    <span
      onPointerEnter={canQuote ? preloadQuoteDialog : undefined}
      onFocus={canQuote ? preloadQuoteDialog : undefined}
    >
      <MenuButton
        label={t(isOn ? 'repostedButtonLabel' : 'repostButtonLabel', { count: post.repostCount })}
        items={items}
        className={isOn ? REPOSTED : ACTION}
      >
        {/* Reposted is drawn heavier as well as green: the shape tells it apart without the colour. */}
        <Repeat2 aria-hidden="true" className={ICON} strokeWidth={isOn ? 3 : 2} />
        <span>{post.repostCount.toLocaleString(locale)}</span>
      </MenuButton>
      {isQuoting && (
        <Suspense fallback={null}>
          {/* The dialog gives the focus back to the menu's button, where it was when it opened. */}
          <QuoteDialog post={post} onClose={() => setIsQuoting(false)} />
        </Suspense>
      )}
    </span>
  );
}

/** Signed out: how many reposted it, in the button's place, with nothing to press. */
export function RepostCount({ count }: { count: number }) {
  const t = useT(postsMessages);
  const locale = useLocale();
  return (
    <span className={COUNT}>
      <Repeat2 aria-hidden="true" className={ICON} />
      <span aria-hidden="true">{count.toLocaleString(locale)}</span>
      <span className="sr-only">{t('repostCount', { count })}</span>
    </span>
  );
}
