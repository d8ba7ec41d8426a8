import { CORPUS_FIELDS, type CorpusCase, type CorpusField } from './corpus-cases';

/**
 * Scoring a preview against the corpus (corpus/README.md, "Expected-value policy"): text is
 * compared after collapsing whitespace and folding typographic quotes and the ellipsis; URLs
 * without scheme, and with our origin's port removed (the bench serves every page on one port).
 */

export interface PreviewFields {
  title: string | null;
  description: string | null;
  image: string | null;
  siteName: string | null;
}

/** What a failed or non-HTML preview scores with. */
export const NO_FIELDS: PreviewFields = { title: null, description: null, image: null, siteName: null };

export interface FieldScore {
  field: CorpusField;
  expected: string | null;
  actual: string | null;
  strict: boolean;
  lenient: boolean;
}

const QUOTE_FOLDS: [RegExp, string][] = [
  [/[\u2018\u2019\u201a\u201b\u2032]/g, "'"],
  [/[\u201c\u201d\u201e\u201f\u2033]/g, '"'],
  [/\u2026/g, '...'],
];

export function foldText(value: string | null | undefined): string {
  let text = (value ?? '').replace(/\s+/g, ' ').trim();
  for (const [pattern, replacement] of QUOTE_FOLDS) text = text.replace(pattern, replacement);
  return text;
}

export function foldUrl(value: string | null | undefined): string {
  if (!value) return '';
  try {
    const url = new URL(value);
    return `${url.hostname}${url.pathname}${url.search}`;
  } catch {
    return value.replace(/^https?:\/\//, '');
  }
}

const fold = (field: CorpusField, value: string | null | undefined) =>
  field === 'image' ? foldUrl(value) : foldText(value);

export function scoreCase(entry: CorpusCase, actual: PreviewFields): FieldScore[] {
  return CORPUS_FIELDS.map((field) => {
    const got = fold(field, actual[field]);
    const expected = entry.expected[field];
    const strict = got === fold(field, expected);
    const lenient =
      strict || (entry.accept[field] ?? []).some((alternative) => fold(field, alternative) === got);
    return { field, expected, actual: actual[field], strict, lenient };
  });
}

export interface FieldRates {
  strict: Record<CorpusField, number>;
  lenient: Record<CorpusField, number>;
  misses: (FieldScore & { id: string })[];
}

export function summarize(scores: readonly { id: string; fields: FieldScore[] }[]): FieldRates {
  const count = (field: CorpusField, key: 'strict' | 'lenient') =>
    scores.filter((s) => s.fields.find((f) => f.field === field)?.[key]).length / Math.max(1, scores.length);
  const rates = (key: 'strict' | 'lenient') =>
    Object.fromEntries(CORPUS_FIELDS.map((field) => [field, count(field, key)])) as Record<
      CorpusField,
      number
    >;
  const misses = scores.flatMap((s) => s.fields.filter((f) => !f.strict).map((f) => ({ ...f, id: s.id })));
  return { strict: rates('strict'), lenient: rates('lenient'), misses };
}
