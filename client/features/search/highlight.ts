import { splitByMatches } from '../../../common/search/match-ranges';

/** Matches are shown in the brand colour (docs/spec.md#search-highlights). */
export const HIGHLIGHT_CLASS = 'text-primary-500';

/**
 * Like <mark>, more than a colour (links are blue too): a tint behind the match and an underline.
 * The brand colour reads at ≥ 4.5:1 on both tints (500 on primary-50, 400 on primary-950 in
 * the dark scheme, where styles.css swaps the 500 for the 400).
 */
export const HIGHLIGHT_MARK =
  'rounded-sm bg-primary-50 underline decoration-2 underline-offset-2 dark:bg-primary-950';

/** Every class a highlight span carries. */
export const HIGHLIGHT_CLASSES = `${HIGHLIGHT_CLASS} ${HIGHLIGHT_MARK}`;

function termsOf(term: string | readonly string[]): readonly string[] {
  return typeof term === 'string' ? [term] : term;
}

function isInsideHighlight(node: Node, root: Node): boolean {
  for (let parent = node.parentNode; parent && parent !== root; parent = parent.parentNode) {
    if (
      parent instanceof Element &&
      parent.localName === 'span' &&
      parent.classList.contains(HIGHLIGHT_CLASS)
    )
      return true;
  }
  return false;
}

/**
 * Wraps every match of the terms in the text nodes under `root` in a highlight span, in place.
 * Only text nodes are read and only text nodes are split: elements, attributes and links stay
 * as they are, terms and matched text go in as text (never parsed), and text already inside a
 * highlight is left alone, so running it twice nests nothing.
 */
export function highlightNode(root: Node, term: string | readonly string[]): void {
  const terms = termsOf(term);
  const document = root.ownerDocument ?? (root as Document);
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node instanceof Text && !isInsideHighlight(node, root)) texts.push(node);
  }
  for (const text of texts) {
    const pieces = splitByMatches(text.data, terms);
    if (!pieces.some((piece) => piece.isMatch)) continue;
    const replacement = document.createDocumentFragment();
    for (const piece of pieces) {
      if (!piece.isMatch) {
        replacement.append(piece.text);
        continue;
      }
      const span = document.createElement('span');
      span.className = HIGHLIGHT_CLASSES;
      span.textContent = piece.text;
      replacement.append(span);
    }
    text.replaceWith(replacement);
  }
}

/**
 * `content` (HTML) with every case-insensitive match of the term (or terms) wrapped in
 * `<span class="text-primary-500 …">` (HIGHLIGHT_CLASSES). The HTML is parsed into an inert template (no scripts run,
 * nothing loads) and only its text nodes change; see highlightNode. It adds no markup of its own
 * besides the spans, so it is as safe as its input: give it sanitised HTML.
 */
export function highlight(content: string, term: string | readonly string[]): string {
  if (termsOf(term).every((t) => t.trim() === '')) return content;
  const template = document.createElement('template');
  template.innerHTML = content;
  highlightNode(template.content, term);
  return template.innerHTML;
}
