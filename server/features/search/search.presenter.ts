import type { SearchPostResult } from '../../../common/contracts/search';
import { snippetAround } from '../../../common/search/snippet';
import { type PostRow, presentPost } from '../posts';

export function presentSearchPost(
  row: PostRow,
  terms: readonly string[],
  hidden: ReadonlySet<string>,
): SearchPostResult {
  return { ...presentPost(row, hidden), snippet: snippetAround(row.body_text, terms) };
}
