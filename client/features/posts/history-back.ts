/**
 * Whether the entry before this one belongs to the app, so that "Back" can be the browser's own
 * back (keeping the scroll place and the search that led here). React Router numbers the
 * entries it creates (`idx` in history.state) from 0, the one the app was opened on.
 */
export function canGoBackInApp(historyState: unknown): boolean {
  if (typeof historyState !== 'object' || historyState === null || !('idx' in historyState)) return false;
  const { idx } = historyState;
  return typeof idx === 'number' && idx > 0;
}
