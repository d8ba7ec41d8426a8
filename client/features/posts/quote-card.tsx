import { Images } from 'lucide-react';
import { Link } from 'react-router';
import { QUOTE_EXCERPT_LENGTH } from '../../../common/contracts/limits';
import type { Post, QuotedPost } from '../../../common/contracts/posts';
import { useT } from '../../i18n';
import { Avatar } from '../../ui/avatar';
import { RelativeTime } from '../../ui/relative-time';
import { postsMessages } from './posts.messages';

export type VisibleQuote = Extract<QuotedPost, { state: 'visible' }>;

/** A post as the card of a quote of it shows it (the composer's, before the server has made one). */
export function quoteOfPost(post: Post): VisibleQuote {
  return {
    state: 'visible',
    id: post.id,
    author: post.author,
    excerpt: post.bodyText.slice(0, QUOTE_EXCERPT_LENGTH),
    createdAt: post.createdAt,
    imageCount: post.images.length,
  };
}

const FRAME = 'mt-3 block rounded-xl border border-slate-200 px-3 py-2.5 dark:border-slate-700';
const MUTED = `${FRAME} bg-slate-50 text-sm text-slate-600 dark:bg-slate-800/60 dark:text-slate-400`;

const GONE = {
  removed: 'quoteRemoved',
  unavailable: 'quoteUnavailable',
} as const satisfies Record<Exclude<QuotedPost['state'], 'visible'>, keyof typeof postsMessages.source>;

export interface QuoteCardProps {
  quote: QuotedPost;
  /**
   * Starts the ids of the card's parts: the entry's key (`post-<key>`), so a post shown twice
   * (itself and a repost) does not repeat them. Without one, the card is no link (the composer's).
   */
  idPrefix?: string;
}

/**
 * The post a post quotes, small, inside it: who wrote it and the start of its text, a link to
 * it. Everything it shows comes with the post, so it has its final size from the first render.
 */
export function QuoteCard({ quote, idPrefix }: QuoteCardProps) {
  const t = useT(postsMessages);
  if (quote.state !== 'visible') return <p className={MUTED}>{t(GONE[quote.state])}</p>;
  if (idPrefix === undefined) {
    return (
      <div className={`${FRAME} bg-white dark:bg-slate-900`}>
        <QuoteContent quote={quote} />
      </div>
    );
  }
  const textId = `${idPrefix}-quote-text`;
  const imagesId = `${idPrefix}-quote-images`;
  const described = [quote.excerpt && textId, quote.imageCount > 0 && imagesId].filter(Boolean).join(' ');
  return (
    <Link
      to={`/p/${quote.id}`}
      // Named by its author; what it says follows as the description, as it reads on screen.
      aria-label={t('quotedPostLabel', { name: quote.author.displayName, handle: quote.author.handle })}
      aria-describedby={described || undefined}
      className={`${FRAME} bg-white transition-colors hover:bg-slate-50 dark:bg-slate-900 dark:hover:bg-slate-800`}
    >
      <QuoteContent quote={quote} textId={textId} imagesId={imagesId} />
    </Link>
  );
}

function QuoteContent({
  quote,
  textId,
  imagesId,
}: {
  quote: VisibleQuote;
  textId?: string;
  imagesId?: string;
}) {
  const t = useT(postsMessages);
  const { author, imageCount } = quote;
  return (
    <>
      {/* Names shrink before the time does: a narrow screen cuts them short, on one line. */}
      <span className="flex min-w-0 items-center gap-1.5 text-sm">
        <Avatar name={author.displayName} handle={author.handle} avatar={author.avatar} size="xs" />
        <span className="min-w-0 truncate font-semibold text-slate-900 dark:text-slate-100">
          {author.displayName}
        </span>
        <span className="min-w-0 truncate text-slate-600 dark:text-slate-400">@{author.handle}</span>
        <span aria-hidden="true" className="text-slate-400">
          ·
        </span>
        <span className="shrink-0 text-slate-600 dark:text-slate-400">
          <RelativeTime iso={quote.createdAt} />
        </span>
      </span>
      {/* Plain text, never HTML: the excerpt is the start of the quoted post's text. */}
      {quote.excerpt && (
        <span
          id={textId}
          className="mt-1 line-clamp-3 break-words whitespace-pre-line text-slate-800 dark:text-slate-200"
        >
          {quote.excerpt}
        </span>
      )}
      {imageCount > 0 && (
        <span
          id={imagesId}
          className="mt-1 flex items-center gap-1 text-sm text-slate-600 dark:text-slate-400"
        >
          <Images aria-hidden="true" className="size-4 shrink-0" />
          {t('quoteImageCount', { count: imageCount })}
        </span>
      )}
    </>
  );
}
