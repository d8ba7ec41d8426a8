import { Parser } from 'htmlparser2';

/** A parsed element or text, before any schema rule is applied. */
export type SourceNode =
  | { type: 'text'; text: string }
  | { type: 'element'; name: string; attrs: Record<string, string>; children: SourceNode[] };

/**
 * Parses HTML that sanitize-html has already cleaned (allowed tags and attributes only) into a
 * tree. Uses htmlparser2, the parser sanitize-html itself uses, so both read the markup alike.
 */
export function parseHtmlSource(html: string): SourceNode[] {
  const root: SourceNode[] = [];
  const stack: Extract<SourceNode, { type: 'element' }>[] = [];
  const childrenOfTop = () => stack.at(-1)?.children ?? root;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        const element: SourceNode = { type: 'element', name, attrs, children: [] };
        childrenOfTop().push(element);
        stack.push(element);
      },
      ontext(text) {
        childrenOfTop().push({ type: 'text', text });
      },
      onclosetag(name) {
        // A stray end tag closes nothing; a missing one is implied by the enclosing end tag.
        const index = stack.findLastIndex((element) => element.name === name);
        if (index >= 0) stack.length = index;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return root;
}
