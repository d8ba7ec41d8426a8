/*
 * The look of a post's actions (PostActions and its buttons). At least 44 × 44 px on phones,
 * where a finger presses them; compact from `sm` on.
 */
const BASE =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-lg px-2 py-1.5 text-sm hover:bg-slate-100 sm:min-h-0 sm:min-w-0 dark:hover:bg-slate-800';
export const ACTION = `${BASE} text-slate-600 dark:text-slate-400`;
// Not ACTION plus a colour: two text colours on one element, and the stylesheet's order decides.
export const LIKED = `${BASE} text-rose-700 dark:text-rose-400`;
export const REPOSTED = `${BASE} font-semibold text-emerald-700 dark:text-emerald-400`;
export const BOOKMARKED = `${BASE} text-primary-700 dark:text-primary-300`;
/** A count shown to someone who cannot act on it (signed out): the same place, no button. */
export const COUNT =
  'inline-flex min-h-11 items-center gap-1.5 px-2 py-1.5 text-sm text-slate-600 sm:min-h-0 dark:text-slate-400';
export const ICON = 'size-4 shrink-0';
