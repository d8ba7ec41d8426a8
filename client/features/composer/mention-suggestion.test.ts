import { type Node, Schema } from '@tiptap/pm/model';
import { describe, expect, it } from 'vitest';
import { findMentionMatch } from './mention-suggestion';

const schema = new Schema({
  nodes: {
    doc: { content: 'paragraph+' },
    paragraph: { content: 'inline*' },
    text: { group: 'inline' },
    hardBreak: { group: 'inline', inline: true },
    mention: { group: 'inline', inline: true, atom: true, attrs: { id: {} } },
  },
});

/** Text, a mention node, or a hard break. */
type Piece = string | { mention: string } | { hardBreak: true };
const BREAK: Piece = { hardBreak: true };

function paragraph(...pieces: Piece[]): Node {
  const inlines = pieces.map((piece) => {
    if (typeof piece === 'string') return schema.text(piece);
    if ('hardBreak' in piece) return schema.node('hardBreak');
    return schema.node('mention', { id: piece.mention });
  });
  return schema.node('doc', null, [schema.node('paragraph', null, inlines)]);
}

/** The match with the cursor at the end of the paragraph, as TipTap's suggestion plugin asks. */
function matchAtEnd(...pieces: Piece[]) {
  const doc = paragraph(...pieces);
  const $position = doc.resolve(doc.content.size - 1);
  return findMentionMatch({
    char: '@',
    allowSpaces: false,
    allowToIncludeChar: false,
    allowedPrefixes: [' '],
    startOfLine: false,
    $position,
  });
}

describe('findMentionMatch', () => {
  it.each([
    ['the start of the text', '@an', 'an'],
    ['a space', 'hi @ana', 'ana'],
    ['an opening bracket', '(@ana', 'ana'],
    ['a quote', '"@ana', 'ana'],
    ['an earlier mention closed by punctuation', 'ask @ana! and @bo', 'bo'],
  ])('opens after %s', (_name, text, query) => {
    expect(matchAtEnd(text)?.query).toBe(query);
  });

  it('opens on the @ alone, before anything is typed', () => {
    expect(matchAtEnd('hi @')).toMatchObject({ query: '', text: '@' });
  });

  it('covers the @ and the handle, so choosing someone replaces exactly those', () => {
    // The paragraph's text starts at position 1, so "@ana" after "hi " runs from 4 to 8.
    expect(matchAtEnd('hi @ana')?.range).toEqual({ from: 4, to: 8 });
  });

  it.each(['@ana!', '@ana,', 'hi @ana.', '(@ana)', '@ana-b', `@${'a'.repeat(31)}`])(
    'closes once %j is no longer a handle',
    (text) => expect(matchAtEnd(text)).toBeNull(),
  );

  it.each(['ana@exa', 'ana.b@exa', 'example.social/@ana', 'x@', '@ana@bo'])(
    'stays closed inside a word, address or URL: %j',
    (text) => expect(matchAtEnd(text)).toBeNull(),
  );

  it('reads a mention right before the @ as a word, and a hard break as a line end', () => {
    expect(matchAtEnd({ mention: 'ana' }, '@bo')).toBeNull();
    expect(matchAtEnd({ mention: 'ana' }, ' @bo')?.query).toBe('bo');
    expect(matchAtEnd('hi', BREAK, '@bo')?.query).toBe('bo');
  });
});
