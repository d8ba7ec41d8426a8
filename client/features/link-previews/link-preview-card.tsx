import { useState } from 'react';
import type { PreviewCard } from '../../../common/link-previews/preview-card';
import { isValidUrl } from '../../../common/link-previews/url-rules';
import { useT } from '../../i18n';
import { linkPreviewsMessages } from './link-previews.messages';

const FRAME =
  'block overflow-hidden rounded-xl border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900';

/** Card images are copies on our origin (/media/p/…), never another site's URL. */
const OWN_IMAGE = /^\/media\/[a-z0-9/_.-]+$/;

export interface LinkPreviewCardProps {
  card: PreviewCard;
  className?: string;
  /** The card is likely on the first screen: its picture is fetched at once and first. */
  isPriority?: boolean;
}

/**
 * A link card (docs/spec.md#the-preview-and-its-card): one link to the page, opened in a new
 * tab. Its image is our own copy (/media/p/…) in a fixed box; an image that fails to load is
 * taken out of the page.
 */
export function LinkPreviewCard({ card, className = '', isPriority = false }: LinkPreviewCardProps) {
  const t = useT(linkPreviewsMessages);
  const [hasImageFailed, setHasImageFailed] = useState(false);
  // The server only sends http(s) links and images on our origin; anything else is not shown.
  if (!isValidUrl(card.url)) return null;
  const image = card.image !== null && OWN_IMAGE.test(card.image) ? card.image : null;
  return (
    <a
      href={card.url}
      target="_blank"
      rel="noopener noreferrer nofollow ugc"
      data-testid="link-preview-card"
      className={`${FRAME} group transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 dark:hover:bg-slate-800 ${className}`}
    >
      {image && !hasImageFailed && (
        <span className="block aspect-[1.91/1] w-full overflow-hidden bg-slate-100 dark:bg-slate-800">
          <img
            src={image}
            alt=""
            loading={isPriority ? 'eager' : 'lazy'}
            fetchPriority={isPriority ? 'high' : 'auto'}
            decoding="async"
            onError={() => setHasImageFailed(true)}
            className="size-full object-cover"
          />
        </span>
      )}
      <span className="block px-3 py-2.5">
        <span className="block text-xs text-slate-600 dark:text-slate-400">{card.domain}</span>
        <span className="line-clamp-2 font-semibold text-slate-900 group-hover:underline dark:text-slate-100">
          {card.title}
        </span>
        {card.description && (
          <span className="mt-0.5 line-clamp-2 text-sm text-slate-700 dark:text-slate-300">
            {card.description}
          </span>
        )}
        <span className="sr-only"> {t('opensInNewTab')}</span>
      </span>
    </a>
  );
}

/** Where a card will be, while its preview loads. */
export function LinkPreviewSkeleton({ className = '' }: { className?: string }) {
  const t = useT(linkPreviewsMessages);
  return (
    <div role="status" className={`${FRAME} ${className}`}>
      <span className="sr-only">{t('loadingPreview')}</span>
      <div aria-hidden="true" className="animate-pulse motion-reduce:animate-none">
        <div className="aspect-[1.91/1] w-full bg-slate-200 dark:bg-slate-800" />
        <div className="space-y-2 px-3 py-3">
          <div className="h-3 w-1/4 rounded bg-slate-200 dark:bg-slate-700" />
          <div className="h-4 w-3/4 rounded bg-slate-200 dark:bg-slate-700" />
          <div className="h-3 w-full rounded bg-slate-200 dark:bg-slate-700" />
        </div>
      </div>
    </div>
  );
}

/** A preview that failed: the catalogue's text (docs/spec.md#error-messages). */
export function LinkPreviewError({ message, className = '' }: { message: string; className?: string }) {
  return (
    <p
      role="status"
      className={`${FRAME} px-3 py-2.5 text-sm text-slate-700 dark:text-slate-300 ${className}`}
    >
      {message}
    </p>
  );
}
