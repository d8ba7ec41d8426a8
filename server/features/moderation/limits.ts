import type { RateLimitRule } from '../../platform/rate-limit/rate-limiter';

export { REPORT_NOTE_MAX_LENGTH } from '../../../common/contracts/safety';

/** Reports one account may file; enough for a bad day, too few to flood the queue. */
export const REPORTS_PER_USER: RateLimitRule = { points: 20, durationSeconds: 60 * 60, keyPrefix: 'reports' };

/** Open reports the admin queue reads at once, oldest first (grouped by post). */
export const REPORT_QUEUE_MAX_REPORTS = 500;
