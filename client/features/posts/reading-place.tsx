import { Component, type ReactNode, type RefObject } from 'react';
import { articlesOf } from './feed-focus';

/**
 * Where a reader's eyes rest on the page: this fraction of the window's height from its top.
 * The post crossing it is what they are reading; a live post put in above must not move it.
 */
const READING_LINE_FRACTION = 1 / 3;

/**
 * Posts that the live feed put in at the top while the reader was idle there. Only these keep
 * the reader's place: a post of the reader's own, or the pill's, goes in with the view moving.
 */
const anchoredPosts = new Set<string>();

/** `entryKey`: the post's key in the list (see entryKeyOf), a repost's own id for a repost. */
export function insertKeepingReadingPlace(entryKey: string, insert: () => void): void {
  anchoredPosts.add(entryKey);
  insert();
}

interface ReadingPlace {
  article: HTMLElement;
  top: number;
}

function readingPlaceIn(feed: HTMLElement | null): ReadingPlace | null {
  if (!feed) return null;
  const line = window.innerHeight * READING_LINE_FRACTION;
  const articles = articlesOf(feed);
  const article = articles.find((a) => a.getBoundingClientRect().bottom > line) ?? articles.at(-1);
  return article ? { article, top: article.getBoundingClientRect().top } : null;
}

interface KeepReadingPlaceProps {
  /** The newest entry's key in the list: when it changes to an anchored one, the view follows. */
  firstEntryKey: string | undefined;
  feed: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/**
 * Keeps the post under the reading line where it is on screen when live posts go in above it:
 * the window scrolls by exactly the height they take, measured, in the same frame, so nothing the
 * reader sees moves (and no layout shift is counted). Browser scroll anchoring cannot do this at
 * the very top of the page, where it is switched off. A class: only getSnapshotBeforeUpdate
 * reads the page as it was just before React changes it.
 */
export class KeepReadingPlace extends Component<KeepReadingPlaceProps> {
  override getSnapshotBeforeUpdate(previous: KeepReadingPlaceProps): ReadingPlace | null {
    const { firstEntryKey, feed } = this.props;
    if (firstEntryKey === previous.firstEntryKey || firstEntryKey === undefined) return null;
    if (!anchoredPosts.has(firstEntryKey)) return null;
    anchoredPosts.clear();
    return readingPlaceIn(feed.current);
  }

  override componentDidUpdate(_: KeepReadingPlaceProps, __: unknown, place: ReadingPlace | null): void {
    if (!place?.article.isConnected) return;
    const moved = place.article.getBoundingClientRect().top - place.top;
    if (Math.abs(moved) >= 0.5) window.scrollBy({ top: moved, behavior: 'instant' });
  }

  override render(): ReactNode {
    return this.props.children;
  }
}
