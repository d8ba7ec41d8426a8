import { splitByMatches } from '../../../common/search/match-ranges';
import { HIGHLIGHT_CLASSES } from './highlight';

/** Plain text (a snippet, a name) with the terms' matches in highlight spans, as React nodes. */
export function HighlightedText({ text, terms }: { text: string; terms: readonly string[] }) {
  return (
    <>
      {splitByMatches(text, terms).map((piece, index) =>
        piece.isMatch ? (
          // Pieces never move or change without the text changing: the index is a stable key.
          <span key={index} className={HIGHLIGHT_CLASSES}>
            {piece.text}
          </span>
        ) : (
          piece.text
        ),
      )}
    </>
  );
}
