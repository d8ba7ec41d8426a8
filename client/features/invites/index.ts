/** The invites feature's public face: the settings page's "Invite links" section. */
export { InviteLinks, useHasInviteLinks } from './invite-links';
