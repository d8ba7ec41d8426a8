import type { SearchPostResult } from '../../../common/contracts/search';
import { snippetAround } from '../../../common/search/snippet';
import { presentPost } from '../posts/post.presenter';
import type { PostRow } from '../posts/posts.repository';

export function presentSearchPost(row: PostRow, terms: readonly string[]): SearchPostResult {
  return { ...presentPost(row), snippet: snippetAround(row.body_text, terms) };
}
