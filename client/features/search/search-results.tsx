import type { SearchPostResult, SearchResponse } from '../../../common/contracts/search';
import type { PublicProfile } from '../../../common/contracts/users';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../../i18n';
import { userMessageOf } from '../../lib/api-client';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { SkeletonPosts } from '../../ui/skeleton';
import { RelativeTime } from '../../ui/relative-time';
import { HighlightedText } from './highlighted-text';
import { moveBetweenResults, RESULT_ATTRIBUTE } from './result-navigation';
import { searchMessages } from './search.messages';
import { useSearch } from './search.queries';

const resultLink =
  'block rounded-lg px-3 py-3 hover:bg-slate-100 focus-visible:bg-slate-100 dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800';
const mutedText = 'text-slate-600 dark:text-slate-400';

/** Results for one query: people first (first page), then posts, a page at a time. */
export function SearchResults({ q }: { q: string }) {
  const t = useT(searchMessages);
  const query = useSearch(q);
  const { data, error, fetchNextPage, hasNextPage, isFetchingNextPage, isPending, isPlaceholderData } = query;
  if (isPending) return <SkeletonPosts />;
  if (error && !data) {
    return (
      <div role="alert" className="text-slate-700 dark:text-slate-300">
        {userMessageOf(error)}{' '}
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('tryAgain')}
        </Button>
      </div>
    );
  }
  const first: SearchResponse | undefined = data.pages[0];
  const posts = data.pages.flatMap((page) => page.posts);
  const people = first?.people ?? [];
  const terms = first?.terms ?? [];
  const summary =
    posts.length === 0 && people.length === 0
      ? t('nothingMatches', { q })
      : t('resultsSummary', {
          hasMore: hasNextPage ? 'yes' : 'no',
          posts: posts.length,
          people: people.length,
        });
  return (
    <div className="flex flex-col gap-6" aria-busy={isPlaceholderData} onKeyDown={moveBetweenResults}>
      <p role="status" className={mutedText}>
        {summary}
        {first?.matched === 'any' && posts.length > 0 && ` ${t('someWordsNote')}`}
      </p>
      {posts.length === 0 && people.length === 0 && <EmptyHelp />}
      {people.length > 0 && <PeopleResults people={people} terms={terms} />}
      {posts.length > 0 && (
        <section aria-labelledby="search-posts-title" className="flex flex-col gap-2">
          <h2 id="search-posts-title" className="text-lg font-semibold">
            {t('postsHeading')}
          </h2>
          <ol className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800">
            {posts.map((post) => (
              // Search answers each post once, never a repost of it: its id is its key.
              <li key={post.id}>
                <PostResult post={post} q={q} terms={terms} />
              </li>
            ))}
          </ol>
          {hasNextPage && (
            <Button
              variant="secondary"
              className="self-center"
              isBusy={isFetchingNextPage}
              onClick={() => void fetchNextPage()}
            >
              {t('moreResults')}
            </Button>
          )}
        </section>
      )}
    </div>
  );
}

function PeopleResults({ people, terms }: { people: PublicProfile[]; terms: readonly string[] }) {
  const t = useT(searchMessages);
  return (
    <section aria-labelledby="search-people-title" className="flex flex-col gap-2">
      <h2 id="search-people-title" className="text-lg font-semibold">
        {t('peopleHeading')}
      </h2>
      <ul className="flex flex-col">
        {people.map((person) => (
          <li key={person.id}>
            <Link
              to={`/@${person.handle}`}
              {...{ [RESULT_ATTRIBUTE]: '' }}
              className={`flex items-center gap-3 ${resultLink}`}
            >
              <Avatar name={person.displayName} handle={person.handle} avatar={person.avatar} size="sm" />
              <span className="min-w-0">
                <span className="block font-semibold">
                  <HighlightedText text={person.displayName} terms={terms} />
                </span>
                <span className={`block text-sm ${mutedText}`}>
                  @<HighlightedText text={person.handle} terms={terms} />
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One link per post: who, when, and the text around the first match. */
function PostResult({ post, q, terms }: { post: SearchPostResult; q: string; terms: readonly string[] }) {
  const t = useT(searchMessages);
  return (
    <Link
      to={`/p/${post.id}?highlight=${encodeURIComponent(q)}`}
      {...{ [RESULT_ATTRIBUTE]: '' }}
      className={`flex gap-3 ${resultLink}`}
    >
      <Avatar
        name={post.author.displayName}
        handle={post.author.handle}
        avatar={post.author.avatar}
        size="sm"
      />
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-semibold">{post.author.displayName}</span>
          <span className={mutedText}>@{post.author.handle}</span>
          <span className={mutedText}>
            <RelativeTime iso={post.createdAt} />
          </span>
          {post.parentId !== null && <span className={mutedText}>{t('replyMarker')}</span>}
        </span>
        <span className="mt-1 block break-words">
          <HighlightedText text={post.snippet} terms={terms} />
        </span>
      </span>
    </Link>
  );
}

const code = (chunks: ReactNode[]) => <code>{chunks}</code>;

function EmptyHelp() {
  const t = useT(searchMessages);
  return (
    <div className={`flex flex-col gap-2 ${mutedText}`}>
      <p>{t('emptyHelpIntro')}</p>
      <ul className="list-disc pl-6">
        <li>{t.rich('emptyHelpPhrase', { code })}</li>
        <li>{t.rich('emptyHelpFrom', { code })}</li>
      </ul>
    </div>
  );
}
