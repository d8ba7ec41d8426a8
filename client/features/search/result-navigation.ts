import type { KeyboardEvent } from 'react';

/** The header's search field: arrow keys move between it and the results. */
export const SEARCH_INPUT_ID = 'site-search';
/** Marks each result link (people and posts, in page order) for arrow-key navigation. */
export const RESULT_ATTRIBUTE = 'data-search-result';

function resultLinks(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>(`[${RESULT_ATTRIBUTE}]`)];
}

/** From the search field, ↓ goes to the first result. */
export function focusFirstResult(event: KeyboardEvent<HTMLInputElement>): void {
  if (event.key !== 'ArrowDown') return;
  const first = resultLinks()[0];
  if (!first) return;
  event.preventDefault();
  first.focus();
}

/**
 * Within the results, ↓ and ↑ move between result links (↑ from the first returns to the field),
 * Home and End jump to either end; Enter opens the focused link as links do. Tab still walks
 * through everything in order.
 */
export function moveBetweenResults(event: KeyboardEvent<HTMLElement>): void {
  const links = resultLinks();
  const index = links.findIndex((link) => link === document.activeElement);
  if (index === -1) return;
  const targets: Record<string, HTMLElement | null | undefined> = {
    ArrowDown: links[Math.min(index + 1, links.length - 1)],
    ArrowUp: index === 0 ? document.getElementById(SEARCH_INPUT_ID) : links[index - 1],
    Home: links[0],
    End: links.at(-1),
  };
  if (!(event.key in targets)) return;
  event.preventDefault();
  targets[event.key]?.focus();
}
