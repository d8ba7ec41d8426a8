import { Users } from 'lucide-react';
import { useT } from '../../i18n';
import { Button } from '../../ui/button';
import type { HomeSuggestionsProps } from '../timelines';
import { AccountLink } from './account-row';
import { FollowToggle } from './follow-button';
import { bioFirstLine, type Suggestion } from './follow-suggestions';
import { followsMessages } from './follows.messages';
import { useFollowSuggestions } from './follows.queries';

const HEADING_ID = 'who-to-follow-heading';

/**
 * "Who to follow" in the empty Home: accounts followed by those the reader follows, then
 * recently active authors, each with its Follow button. Nothing shows until the list is read,
 * and nothing at all without anyone to suggest; it comes last in the empty Home, so its arrival
 * moves nothing. A follow leaves its row in place showing "Following", and Home keeps its place
 * too, until the reader asks for their posts.
 */
export function WhoToFollow({ onShowHome }: HomeSuggestionsProps) {
  const t = useT(followsMessages);
  const { data: suggestions } = useFollowSuggestions();
  if (!suggestions || suggestions.length === 0) return null;
  const hasFollowedAny = suggestions.some(({ follow }) => follow === 'following');
  return (
    <section
      aria-labelledby={HEADING_ID}
      className="mt-8 border-t border-slate-200 pt-6 text-left dark:border-slate-800"
    >
      <h3 id={HEADING_ID} className="flex items-center gap-2 font-semibold">
        <Users aria-hidden="true" className="size-5 shrink-0 text-primary-600 dark:text-primary-400" />
        {t('whoToFollowHeading')}
      </h3>
      <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
        {suggestions.map((suggestion) => (
          <li key={suggestion.user.id}>
            <SuggestedAccount suggestion={suggestion} />
          </li>
        ))}
      </ul>
      {hasFollowedAny && (
        <Button className="mt-4" onClick={onShowHome}>
          {t('showTheirPosts')}
        </Button>
      )}
    </section>
  );
}

/**
 * Picture, name and handle linking to the profile, the bio's first line, and the Follow button,
 * which wraps under them on the narrowest screens. Following here leaves Home as it is for now.
 */
function SuggestedAccount({ suggestion: { user, follow } }: { suggestion: Suggestion }) {
  const bio = bioFirstLine(user.bio);
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 py-3">
      <div className="min-w-0 flex-1 basis-48">
        <AccountLink user={user} />
        {/* Under the name, past the picture (40 px and the 12 px gap). */}
        {bio !== '' && <p className="truncate pl-13 text-sm text-slate-700 dark:text-slate-300">{bio}</p>}
      </div>
      <FollowToggle user={user} state={follow} homeRefresh="later" />
    </div>
  );
}
