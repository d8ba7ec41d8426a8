/** The moderation feature's public face. */
export type { ModerationService } from './moderation.service';
