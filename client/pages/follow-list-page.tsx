import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { FollowList, type FollowListKind, followListHeading, useFollowList } from '../features/follows';
import { useProfile } from '../features/posts';
import { useT } from '../i18n';
import { useDocumentTitle } from '../lib/use-document-title';
import { PageSpinner } from '../ui/page-spinner';
import { NotFoundPage } from './not-found-page';
import { pageFollowListMessages } from './page-follow-list.messages';

/** /@handle/followers */
export function FollowersPage() {
  return <FollowListPage kind="followers" />;
}

/** /@handle/following */
export function FollowingPage() {
  return <FollowListPage kind="following" />;
}

function FollowListPage({ kind }: { kind: FollowListKind }) {
  const { profile: segment = '' } = useParams();
  const handle = segment.startsWith('@') ? segment.slice(1) : null;
  if (handle === null) return <NotFoundPage />;
  // Keyed: another account's list starts from its own first page and scroll.
  return <People key={`${kind}:${handle}`} kind={kind} handle={handle} />;
}

function People({ kind, handle }: { kind: FollowListKind; handle: string }) {
  const t = useT(pageFollowListMessages);
  const profile = useProfile(handle);
  // Asked for with the profile, not after it: the heading needs the name, the list does not.
  const list = useFollowList(kind, handle);
  const user = profile.data?.user;
  const heading = followListHeading(kind, user?.displayName ?? `@${handle}`);
  useDocumentTitle(heading);
  if (profile.isPending) return <PageSpinner />;
  if (!user) return <NotFoundPage />;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8">
      <Link
        to={`/@${user.handle}`}
        className="inline-flex min-h-11 items-center gap-1.5 self-start rounded-lg pr-3 text-sm font-semibold text-primary-700 hover:underline dark:text-primary-300"
      >
        <ArrowLeft aria-hidden="true" className="size-4 shrink-0" />
        {t('backToProfile', { handle: user.handle })}
      </Link>
      <h1 className="text-2xl font-semibold tracking-tight break-words">{heading}</h1>
      <FollowList kind={kind} query={list} label={heading} />
    </div>
  );
}
