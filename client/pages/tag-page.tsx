import { useMemo } from 'react';
import { useParams } from 'react-router';
import { hashtagKey, isHashtag } from '../../common/rich-text/hashtag';
import { useCurrentUser } from '../features/auth';
import { PostMenu } from '../features/safety';
import { HashtagFollowButton, LiveTimelineList, tagTimeline } from '../features/timelines';
import { useT } from '../i18n';
import { useDocumentTitle } from '../lib/use-document-title';
import { PageSpinner } from '../ui/page-spinner';
import { NotFoundPage } from './not-found-page';
import { pageTagMessages } from './page-tag.messages';

/** Where the focus goes once the pill has brought new posts in: the page has no composer. */
const HEADING_ID = 'tag-heading';

/** /tags/:tag, the tag with or without its `#`, in any case; anything that is not a tag is a 404. */
export function TagPage() {
  const { tag: segment = '' } = useParams();
  const tag = segment.replace(/^#/, '');
  if (!isHashtag(tag)) return <NotFoundPage />;
  return <Tag tagKey={hashtagKey(tag)} />;
}

function Tag({ tagKey }: { tagKey: string }) {
  const t = useT(pageTagMessages);
  useDocumentTitle(`#${tagKey}`);
  const { data: me, isPending } = useCurrentUser();
  const timeline = useMemo(() => tagTimeline(tagKey), [tagKey]);
  // The Follow button's place depends on who is reading: wait for that rather than move.
  if (isPending) return <PageSpinner />;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1
          id={HEADING_ID}
          tabIndex={-1}
          className="min-w-0 text-2xl font-semibold tracking-tight break-words outline-none"
        >
          #{tagKey}
        </h1>
        {me && <HashtagFollowButton tagKey={tagKey} />}
      </div>
      <LiveTimelineList
        key={tagKey}
        timeline={timeline}
        label={t('tagPostsLabel', { tag: tagKey })}
        empty={<p className="text-slate-600 dark:text-slate-400">{t('tagEmpty', { tag: tagKey })}</p>}
        postMenu={PostMenu}
        newPostsFocusId={HEADING_ID}
      />
    </div>
  );
}
