/** Invite links one account lists (its newest). */
export const INVITES_LISTED = 100;
/** Random bytes in an invite code (base64url in the link). */
export const INVITE_CODE_BYTES = 24;
/** Applications the admin's queue shows at once, oldest first. */
export const APPLICATIONS_LISTED = 100;
