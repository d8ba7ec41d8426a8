import { useT } from '../../i18n';
import { LinkPreviewCard, LinkPreviewError, LinkPreviewSkeleton } from './link-preview-card';
import { linkPreviewsMessages } from './link-previews.messages';
import type { ComposerLinkPreview as Preview } from './use-composer-link-preview';

/** The card under the composer, with its dismiss button. */
export function ComposerLinkPreview({ preview, editorId }: { preview: Preview; editorId: string }) {
  const t = useT(linkPreviewsMessages);
  const { url, query } = preview;
  if (url === null) return null;
  const result = query.data;
  return (
    <div className="relative mt-3" data-testid="composer-link-preview">
      {result?.preview ? (
        <LinkPreviewCard card={result.preview} />
      ) : result?.error ? (
        <LinkPreviewError message={result.error} className="pr-10" />
      ) : (
        <LinkPreviewSkeleton />
      )}
      <button
        type="button"
        onClick={() => {
          preview.dismiss();
          // The button goes away with the card; the keyboard user carries on writing.
          document.getElementById(editorId)?.focus();
        }}
        aria-label={t('removePreviewLabel')}
        title={t('removePreviewLabel')}
        className="absolute top-2 right-2 inline-flex size-8 items-center justify-center rounded-full bg-slate-900/70 text-white hover:bg-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
          <path d="M5.28 4.22a.75.75 0 0 0-1.06 1.06L8.94 10l-4.72 4.72a.75.75 0 1 0 1.06 1.06L10 11.06l4.72 4.72a.75.75 0 1 0 1.06-1.06L11.06 10l4.72-4.72a.75.75 0 0 0-1.06-1.06L10 8.94 5.28 4.22Z" />
        </svg>
      </button>
    </div>
  );
}
