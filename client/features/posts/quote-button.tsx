import { MessageSquareQuote } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Post } from '../../../common/contracts/posts';
import { ACTION, ICON } from './action-styles';

/**
 * The dialog and its composer are a chunk of their own, loaded when someone is about to quote.
 * import() names the module itself, as in lazy-parts.ts (which cannot hold it: the post list
 * there leads back here).
 */
const loadQuoteDialog = () => import('./quote-dialog');
const QuoteDialog = lazy(() => loadQuoteDialog().then((module) => ({ default: module.QuoteDialog })));

/** Fetched on the first sign of interest (pointer over, focus), so the dialog opens at once. */
function preloadQuoteDialog(): void {
  // A failure shows when the dialog itself is asked for.
  loadQuoteDialog().catch(() => undefined);
}

/**
 * Quote: a new post of the reader's with this one embedded, written in a dialog. Its word is
 * for screen readers only on phones, where the row of actions has no room for it.
 */
export function QuoteButton({ post }: { post: Post }) {
  const [isOpen, setIsOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    // Closed first, then the focus back on Quote: a browser that does not focus a clicked
    // button (Safari) leaves the dialog nothing to give it back to.
    flushSync(() => setIsOpen(false));
    button.current?.focus();
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        onPointerEnter={preloadQuoteDialog}
        onFocus={preloadQuoteDialog}
        onClick={() => setIsOpen(true)}
        className={ACTION}
      >
        <MessageSquareQuote aria-hidden="true" className={ICON} />
        <span className="max-sm:sr-only">Quote</span>
      </button>
      {isOpen && (
        <Suspense fallback={null}>
          <QuoteDialog post={post} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
