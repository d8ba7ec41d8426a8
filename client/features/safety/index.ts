/**
 * The safety feature's public face: blocking, muting and reporting (the post menu that pages hand
 * to post lists), the admin's report queue, and the undo notice.
 */
export { BlockedAndMutedAccounts } from './blocked-and-muted-accounts';
export { loadPostMenu } from './lazy-parts';
export { PostMenu } from './post-menu';
export { ProfileSafety } from './profile-safety';
export { ReportGroupCard } from './report-group-card';
export { safetyKeys, useReportQueue, useSafetyStatus } from './safety.queries';
export { UndoToast } from './undo-toast';
