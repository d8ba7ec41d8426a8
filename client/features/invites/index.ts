/** The invites feature's public face: the settings page's "Invite links" section and whether to show it. */
export { InviteLinks } from './invite-links';
export { useHasInviteLinks, useInvites } from './invites.queries';
