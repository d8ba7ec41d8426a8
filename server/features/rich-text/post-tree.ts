/**
 * A post body as the editor's schema sees it (TipTap's StarterKit subset plus mentions), with
 * the hashtags the server links in its text. The sanitiser builds this tree from cleaned HTML
 * and writes HTML and text only from it, so nothing outside the schema can reach the output.
 */
export type PostMark = 'strong' | 'em' | 's' | 'code';

export type PostInline =
  | { kind: 'text'; text: string }
  | { kind: 'hardBreak' }
  | { kind: 'mark'; mark: PostMark; children: PostInline[] }
  | { kind: 'link'; href: string; children: PostInline[] }
  | { kind: 'mention'; handle: string }
  /** `tag` as typed, without its `#`; links and lists use its key (common/rich-text/hashtag.ts). */
  | { kind: 'hashtag'; tag: string };

export type PostBlock =
  | { kind: 'paragraph'; children: PostInline[] }
  | { kind: 'codeBlock'; language: string | null; text: string }
  | { kind: 'blockquote'; children: PostBlock[] }
  | { kind: 'list'; ordered: boolean; start: number | null; type: string | null; items: PostBlock[][] };
