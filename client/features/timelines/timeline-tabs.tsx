import type { KeyboardEvent } from 'react';
import { useT } from '../../i18n';
import type { FeedTimelineName } from './remembered-timeline';
import { timelinesMessages } from './timelines.messages';

const TABS = [
  { name: 'home', labelKey: 'homeTab' },
  { name: 'everyone', labelKey: 'everyoneTab' },
] as const satisfies readonly { name: FeedTimelineName; labelKey: string }[];

export const TIMELINE_PANEL_ID = 'timeline-panel';

export function timelineTabId(name: FeedTimelineName): string {
  return `timeline-tab-${name}`;
}

export function focusTimelineTab(name: FeedTimelineName): void {
  document.getElementById(timelineTabId(name))?.focus();
}

/** Where an arrow, Home or End moves from tab `index` (wrapping round), or null for other keys. */
function tabIndexAfter(key: string, index: number): number | null {
  if (key === 'ArrowRight') return (index + 1) % TABS.length;
  if (key === 'ArrowLeft') return (index - 1 + TABS.length) % TABS.length;
  if (key === 'Home') return 0;
  if (key === 'End') return TABS.length - 1;
  return null;
}

/**
 * Home and Everyone, as an ARIA tab list: one Tab stop, the arrows (and Home, End) move and
 * select at once. The feed's single-key shortcuts (j, k, …) still reach the page from here.
 * Neither is selected while the feed page is still finding out which to open on.
 */
export function TimelineTabs({
  selected,
  onSelect,
}: {
  selected: FeedTimelineName | null;
  onSelect: (name: FeedTimelineName) => void;
}) {
  const t = useT(timelinesMessages);
  const current = selected ?? 'home';
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabIndexAfter(
      event.key,
      TABS.findIndex((tab) => tab.name === current),
    );
    const next = index === null ? undefined : TABS[index];
    if (!next) return;
    event.preventDefault();
    onSelect(next.name);
    focusTimelineTab(next.name);
  };
  return (
    <div role="tablist" aria-label={t('tabListLabel')} onKeyDown={onKeyDown} className="flex">
      {TABS.map((tab) => (
        <button
          key={tab.name}
          type="button"
          role="tab"
          id={timelineTabId(tab.name)}
          aria-selected={tab.name === selected}
          aria-controls={TIMELINE_PANEL_ID}
          tabIndex={tab.name === current ? 0 : -1}
          onClick={() => onSelect(tab.name)}
          className="-mb-px min-h-11 shrink-0 rounded-t-lg whitespace-nowrap border-b-2 border-transparent px-3 font-semibold sm:px-4 text-slate-600 hover:text-slate-900 aria-selected:border-primary-600 aria-selected:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100 dark:aria-selected:border-primary-400 dark:aria-selected:text-slate-100"
        >
          {t(tab.labelKey)}
        </button>
      ))}
    </div>
  );
}
