import {
  changeEmailRequestSchema,
  changePasswordRequestSchema,
  confirmEmailRequestSchema,
  confirmEmailResponseSchema,
  currentUserResponseSchema,
  deleteAccountRequestSchema,
  logInRequestSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  signUpRequestSchema,
  signUpResponseSchema,
} from '../contracts/auth';
import { clientConfigResponseSchema } from '../contracts/client-config';
import {
  pushDeviceListSchema,
  pushDeviceParamsSchema,
  pushDeviceResponseSchema,
  pushSettingsSchema,
  pushSubscribeRequestSchema,
} from '../contracts/web-push';
import { dataExportRequestSchema, dataExportResponseSchema } from '../contracts/data-export';
import { previewQuerySchema } from '../contracts/link-previews';
import { mediaParamsSchema, mediaUploadResponseSchema } from '../contracts/media';
import {
  markNotificationsReadResponseSchema,
  markNotificationsReadRequestSchema,
  notificationIdParamsSchema,
  notificationsResponseSchema,
  notificationsQuerySchema,
} from '../contracts/notifications';
import {
  createPostRequestSchema,
  feedQuerySchema,
  likeResponseSchema,
  repostResponseSchema,
  postDeleteResponseSchema,
  postPageSchema,
  postParamsSchema,
  postResponseSchema,
  postWriteResponseSchema,
  updatePostRequestSchema,
} from '../contracts/posts';
import {
  channelAuthResponseSchema,
  channelAuthRequestSchema,
  userAuthResponseSchema,
  userAuthRequestSchema,
} from '../contracts/realtime';
import {
  closeReportsRequestSchema,
  closeReportsResponseSchema,
  createReportRequestSchema,
  myReportResponseSchema,
  reportQueueResponseSchema,
  reportResponseSchema,
  safetyListQuerySchema,
  safetyListResponseSchema,
  safetyStatusResponseSchema,
  safetyTargetParamsSchema,
  safetyTargetRequestSchema,
  safetyTargetResponseSchema,
  suspensionResponseSchema,
  userParamsSchema,
} from '../contracts/safety';
import { searchResponseSchema, searchQuerySchema } from '../contracts/search';
import {
  handleParamSchema,
  profileResponseSchema,
  revokedSessionsResponseSchema,
  sessionIdParamSchema,
  sessionsResponseSchema,
  updateProfileRequestSchema,
  userSearchQuerySchema,
  userSearchResponseSchema,
} from '../contracts/users';
import { bookmarkResponseSchema } from '../contracts/bookmarks';
import {
  followListQuerySchema,
  followListResponseSchema,
  followResponseSchema,
  followSettingsSchema,
  followSuggestionsResponseSchema,
  followTargetParamsSchema,
  homeSourcesResponseSchema,
} from '../contracts/follows';
import {
  followedTagsResponseSchema,
  hashtagParamsSchema,
  hashtagResponseSchema,
  trendingTagsResponseSchema,
} from '../contracts/hashtags';
import { z } from '../contracts/zod';
import { linkPreviewAnswerSchema } from '../link-previews/preview-contract';
import {
  applicationsResponseSchema,
  createdInviteResponseSchema,
  createInviteRequestSchema,
  instanceSettingsResponseSchema,
  instanceIconResponseSchema,
  instanceSettingsSchema,
  inviteParamsSchema,
  invitesResponseSchema,
} from '../contracts/instance';
import { mailStatusResponseSchema } from '../contracts/mail';
import {
  logInResponseSchema,
  recoveryCodesResponseSchema,
  totpSetupRequestSchema,
  totpSetupResponseSchema,
  twoFactorCodeRequestSchema,
  twoFactorLogInRequestSchema,
  twoFactorStatusSchema,
} from '../contracts/two-factor';
import { emailNotificationSettingsSchema, unsubscribeQuerySchema } from '../contracts/email-notifications';
import {
  adminUserPageSchema,
  adminUserParamsSchema,
  adminUserSchema,
  adminUsersQuerySchema,
  auditPageSchema,
  auditQuerySchema,
  setRoleRequestSchema,
} from '../contracts/staff';
import {
  passkeyCreationOptionsSchema,
  passkeyListSchema,
  passkeyLogInOptionsRequestSchema,
  passkeyLogInRequestSchema,
  passkeyParamsSchema,
  passkeyPasswordRequestSchema,
  passkeyRegisterRequestSchema,
  passkeyRequestOptionsSchema,
  passkeySchema,
} from '../contracts/passkeys';
import { answer, defineRouteTable, fileAnswer, MULTIPART } from './route';

const postPage = answer(postPageSchema, 'PostPage');
const currentUser = answer(currentUserResponseSchema, 'CurrentUserResponse');

/**
 * The whole /api/v1 surface: what each endpoint reads and answers. The server registers its
 * handlers against these entries and validates with these schemas, the client's `api()` is
 * typed from them, and the OpenAPI document is generated from them.
 */
export const routes = defineRouteTable({
  'auth.signUp': {
    summary: 'Create an account and start a session',
    body: signUpRequestSchema,
    response: answer(signUpResponseSchema, 'SignUpResponse', 201),
  },
  'auth.logIn': {
    summary: 'Start a session, or (with two-factor sign-in on) get a challenge for the second step',
    body: logInRequestSchema,
    response: answer(logInResponseSchema, 'LogInResponse'),
  },
  'auth.logInTwoFactor': {
    summary: 'Finish logging in with the challenge and a code from the app or a recovery code',
    body: twoFactorLogInRequestSchema,
    response: currentUser,
  },
  'twoFactor.status': {
    summary: 'Whether two-factor sign-in is on, and how many recovery codes are left',
    response: answer(twoFactorStatusSchema, 'TwoFactorStatus'),
  },
  'twoFactor.setupTotp': {
    summary: 'Starts setting up an authenticator app: a new secret and its QR code (needs the password)',
    body: totpSetupRequestSchema,
    response: answer(totpSetupResponseSchema, 'TotpSetupResponse'),
  },
  'twoFactor.enableTotp': {
    summary: 'Turns two-factor sign-in on with a first code from the app; answers 10 recovery codes, once',
    body: twoFactorCodeRequestSchema,
    response: answer(recoveryCodesResponseSchema, 'RecoveryCodesResponse'),
  },
  'twoFactor.disable': {
    summary: 'Turns two-factor sign-in off, with a code from the app or a recovery code',
    body: twoFactorCodeRequestSchema,
    response: null,
  },
  'twoFactor.renewRecoveryCodes': {
    summary: 'Replaces the recovery codes with 10 new ones, with a code from the app',
    body: twoFactorCodeRequestSchema,
    response: answer(recoveryCodesResponseSchema, 'RecoveryCodesResponse'),
  },
  'auth.passkeyOptions': {
    summary:
      "The browser's prompt for a passkey: any of this site's (to log in with it alone) or, with the second step's challenge, that account's",
    body: passkeyLogInOptionsRequestSchema,
    response: answer(passkeyRequestOptionsSchema, 'PasskeyRequestOptions'),
  },
  'auth.logInPasskey': {
    summary: 'Start a session with a passkey: alone, or as the second step after the password',
    body: passkeyLogInRequestSchema,
    response: currentUser,
  },
  'passkeys.list': {
    summary: "The signed-in account's passkeys",
    response: answer(passkeyListSchema, 'PasskeyList'),
  },
  'passkeys.registrationOptions': {
    summary: "The browser's prompt to make a new passkey (needs the password)",
    body: passkeyPasswordRequestSchema,
    response: answer(passkeyCreationOptionsSchema, 'PasskeyCreationOptions'),
  },
  'passkeys.register': {
    summary: 'Stores the new passkey the browser made, under the name given',
    body: passkeyRegisterRequestSchema,
    response: answer(passkeySchema, 'Passkey', 201),
  },
  'passkeys.remove': {
    summary: 'Removes a passkey (needs the password)',
    params: passkeyParamsSchema,
    body: passkeyPasswordRequestSchema,
    response: null,
  },
  'auth.logOut': { summary: 'End this session', response: null },
  'auth.me': { summary: 'The signed-in account, or null', response: currentUser },
  'auth.requestPasswordReset': {
    summary: 'E-mail a password-reset link to this address if an account uses it (same answer either way)',
    body: passwordResetRequestSchema,
    response: null,
  },
  'auth.resetPassword': {
    summary: "Set a new password with a reset link's token; ends every session of the account",
    body: passwordResetConfirmSchema,
    response: null,
  },
  'auth.resendEmailConfirmation': {
    summary: "E-mail a new confirmation link for the account's address, or for the new address it waits on",
    response: null,
  },
  'auth.confirmEmail': {
    summary: "Confirm an address with an e-mailed link's token (a new account's, or a changed one)",
    body: confirmEmailRequestSchema,
    response: answer(confirmEmailResponseSchema, 'ConfirmEmailResponse'),
  },

  'posts.feed': { summary: 'The global feed, newest first', query: feedQuerySchema, response: postPage },
  'posts.create': {
    summary: 'Publish a post or a reply',
    body: createPostRequestSchema,
    response: answer(postWriteResponseSchema, 'PostWriteResponse', 201),
  },
  'posts.get': {
    summary: 'One post',
    params: postParamsSchema,
    response: answer(postResponseSchema, 'PostResponse'),
  },
  'posts.update': {
    summary: "Edit one's own post",
    params: postParamsSchema,
    body: updatePostRequestSchema,
    response: answer(postResponseSchema, 'PostResponse'),
  },
  'posts.remove': {
    summary: "Delete one's own post",
    params: postParamsSchema,
    response: answer(postDeleteResponseSchema, 'PostDeleteResponse'),
  },
  'posts.replies': {
    summary: 'The replies to a post, oldest first',
    params: postParamsSchema,
    query: feedQuerySchema,
    response: postPage,
  },
  'posts.like': {
    summary: 'Like a post',
    params: postParamsSchema,
    response: answer(likeResponseSchema, 'LikeResponse'),
  },
  'posts.unlike': {
    summary: 'Take a like back',
    params: postParamsSchema,
    response: answer(likeResponseSchema, 'LikeResponse'),
  },
  'posts.repost': {
    summary: 'Repost a top-level post to your followers (once per person)',
    params: postParamsSchema,
    response: answer(repostResponseSchema, 'RepostResponse'),
  },
  'posts.unrepost': {
    summary: 'Take a repost back',
    params: postParamsSchema,
    response: answer(repostResponseSchema, 'RepostResponse'),
  },

  'users.suggest': {
    summary: 'Accounts whose handle starts with a prefix (mentions)',
    query: userSearchQuerySchema,
    response: answer(userSearchResponseSchema, 'UserSearchResponse'),
  },
  'users.profile': {
    summary: 'A public profile',
    params: handleParamSchema,
    response: answer(profileResponseSchema, 'ProfileResponse'),
  },
  'users.posts': {
    summary: "An account's posts",
    params: handleParamSchema,
    query: feedQuerySchema,
    response: postPage,
  },
  'users.replies': {
    summary: "An account's replies",
    params: handleParamSchema,
    query: feedQuerySchema,
    response: postPage,
  },

  'follows.follow': {
    summary: 'Follow an account (a locked one gets a follow request)',
    params: followTargetParamsSchema,
    response: answer(followResponseSchema, 'FollowResponse'),
  },
  'follows.unfollow': {
    summary: 'Stop following an account, or take a follow request back',
    params: followTargetParamsSchema,
    response: answer(followResponseSchema, 'FollowResponse'),
  },
  'follows.followers': {
    summary: "An account's followers, newest first",
    params: handleParamSchema,
    query: followListQuerySchema,
    response: answer(followListResponseSchema, 'FollowListResponse'),
  },
  'follows.following': {
    summary: 'The accounts an account follows, newest first',
    params: handleParamSchema,
    query: followListQuerySchema,
    response: answer(followListResponseSchema, 'FollowListResponse'),
  },
  'follows.requests': {
    summary: "Follow requests waiting for the reader's answer, newest first",
    query: followListQuerySchema,
    response: answer(followListResponseSchema, 'FollowListResponse'),
  },
  'follows.approve': {
    summary: 'Let a requester follow the reader',
    params: followTargetParamsSchema,
    response: null,
  },
  'follows.deny': { summary: 'Turn a follow request down', params: followTargetParamsSchema, response: null },
  'follows.settings': {
    summary: 'Whether following the reader needs their approval',
    response: answer(followSettingsSchema, 'FollowSettings'),
  },
  'follows.updateSettings': {
    summary: 'Lock or unlock the account (locking keeps existing followers)',
    body: followSettingsSchema,
    response: answer(followSettingsSchema, 'FollowSettings'),
  },
  'follows.suggestions': {
    summary: "Accounts to follow: those the reader's followees follow, then recently active authors",
    response: answer(followSuggestionsResponseSchema, 'FollowSuggestionsResponse'),
  },

  'timelines.home': {
    summary: 'Posts by the accounts and hashtags the reader follows, and their own, newest first',
    query: feedQuerySchema,
    response: postPage,
  },
  'timelines.homeSources': {
    summary: "The accounts and hashtags the reader's Home timeline follows",
    response: answer(homeSourcesResponseSchema, 'HomeSourcesResponse'),
  },
  'timelines.tag': {
    summary: "A hashtag's posts, newest first",
    params: hashtagParamsSchema,
    query: feedQuerySchema,
    response: postPage,
  },
  'hashtags.get': {
    summary: 'A hashtag, and whether the reader follows it',
    params: hashtagParamsSchema,
    response: answer(hashtagResponseSchema, 'HashtagResponse'),
  },
  'hashtags.follow': {
    summary: "Follow a hashtag: its posts join the reader's Home timeline",
    params: hashtagParamsSchema,
    response: answer(hashtagResponseSchema, 'HashtagResponse'),
  },
  'hashtags.unfollow': {
    summary: 'Stop following a hashtag',
    params: hashtagParamsSchema,
    response: answer(hashtagResponseSchema, 'HashtagResponse'),
  },
  'hashtags.followed': {
    summary: 'The hashtags the reader follows',
    response: answer(followedTagsResponseSchema, 'FollowedTagsResponse'),
  },
  'hashtags.trending': {
    summary: 'Hashtags used by the most people in the last 24 hours',
    response: answer(trendingTagsResponseSchema, 'TrendingTagsResponse'),
  },

  'bookmarks.list': {
    summary: "The reader's bookmarks, newest bookmark first",
    query: feedQuerySchema,
    response: postPage,
  },
  'bookmarks.add': {
    summary: 'Bookmark a post (private to the reader)',
    params: postParamsSchema,
    response: answer(bookmarkResponseSchema, 'BookmarkResponse'),
  },
  'bookmarks.remove': {
    summary: 'Take a bookmark away',
    params: postParamsSchema,
    response: answer(bookmarkResponseSchema, 'BookmarkResponse'),
  },

  'account.updateProfile': {
    summary: 'Change display name or bio',
    body: updateProfileRequestSchema,
    response: currentUser,
  },
  'account.setAvatar': { summary: 'Upload a profile picture', body: MULTIPART, response: currentUser },
  'account.removeAvatar': { summary: 'Remove the profile picture', response: currentUser },
  'account.changeEmail': {
    summary: 'Change the e-mail address',
    body: changeEmailRequestSchema,
    response: currentUser,
  },
  'account.changePassword': {
    summary: 'Change the password; ends every other session',
    body: changePasswordRequestSchema,
    response: answer(revokedSessionsResponseSchema, 'RevokedSessionsResponse'),
  },
  'account.sessions': {
    summary: "The account's sessions",
    response: answer(sessionsResponseSchema, 'SessionsResponse'),
  },
  'account.revokeSession': { summary: 'End one session', params: sessionIdParamSchema, response: null },
  'account.revokeOtherSessions': {
    summary: 'End every session but this one',
    response: answer(revokedSessionsResponseSchema, 'RevokedSessionsResponse'),
  },
  'account.delete': { summary: 'Delete the account', body: deleteAccountRequestSchema, response: null },

  'dataExport.status': {
    summary: 'The state of the archive of your data: none, pending, building, ready or failed',
    response: answer(dataExportResponseSchema, 'DataExportResponse'),
  },
  'dataExport.request': {
    summary: 'Ask for an archive of your data, made in the background (one at a time, once a day)',
    body: dataExportRequestSchema,
    response: answer(dataExportResponseSchema, 'DataExportResponse', 201),
  },
  'dataExport.download': {
    summary: 'Download the ready archive of your data (a ZIP file)',
    response: fileAnswer('application/zip', 'DataExportArchive'),
  },

  'emailNotifications.get': {
    summary: 'Which notifications the account also gets by e-mail',
    response: answer(emailNotificationSettingsSchema, 'EmailNotificationSettings'),
  },
  'emailNotifications.update': {
    summary: 'Chooses which notifications the account also gets by e-mail',
    body: emailNotificationSettingsSchema,
    response: answer(emailNotificationSettingsSchema, 'EmailNotificationSettings'),
  },
  'emailNotifications.unsubscribe': {
    summary:
      "Stops one kind of notification e-mail, by the signed link in such an e-mail (no session; a mail client's one-click POST works too)",
    query: unsubscribeQuerySchema,
    response: null,
  },
  'webPush.devices': {
    summary: "The account's devices that receive push notifications, and the key to subscribe another",
    response: answer(pushDeviceListSchema, 'PushDeviceList'),
  },
  'webPush.subscribe': {
    summary:
      "Subscribes this device to push notifications (the browser's PushSubscription), for as long as this session lasts",
    body: pushSubscribeRequestSchema,
    response: answer(pushDeviceResponseSchema, 'PushDeviceResponse', 201),
  },
  'webPush.unsubscribe': {
    summary: "Stops push notifications to one of the account's devices",
    params: pushDeviceParamsSchema,
    response: null,
  },
  'webPush.settings': {
    summary: "Which kinds of notification are pushed to the account's devices",
    response: answer(pushSettingsSchema, 'PushSettings'),
  },
  'webPush.updateSettings': {
    summary: "Chooses which kinds of notification are pushed to the account's devices",
    body: pushSettingsSchema,
    response: answer(pushSettingsSchema, 'PushSettings'),
  },
  'notifications.list': {
    summary: "The reader's notifications, newest first",
    query: notificationsQuerySchema,
    response: answer(notificationsResponseSchema, 'NotificationsResponse'),
  },
  'notifications.markAllRead': {
    summary: 'Mark every notification read',
    body: markNotificationsReadRequestSchema,
    response: answer(markNotificationsReadResponseSchema, 'MarkNotificationsReadResponse'),
  },
  'notifications.markRead': {
    summary: 'Mark one notification read',
    params: notificationIdParamsSchema,
    body: markNotificationsReadRequestSchema,
    response: answer(markNotificationsReadResponseSchema, 'MarkNotificationsReadResponse'),
  },

  'linkPreviews.get': {
    summary: 'A preview of a web page, fetched by the server',
    query: previewQuerySchema,
    response: answer(linkPreviewAnswerSchema, 'LinkPreviewAnswer'),
  },

  'media.upload': {
    summary: 'Upload an image to attach to a post',
    body: MULTIPART,
    response: answer(mediaUploadResponseSchema, 'MediaUploadResponse', 201),
  },
  'media.remove': { summary: 'Delete an unattached upload', params: mediaParamsSchema, response: null },

  'realtime.channelAuth': {
    summary: 'Sign a subscription to a private or presence channel',
    body: channelAuthRequestSchema,
    response: answer(channelAuthResponseSchema, 'ChannelAuthResponse'),
  },
  'realtime.userAuth': {
    summary: "Sign a socket in as the session's user",
    body: userAuthRequestSchema,
    response: answer(userAuthResponseSchema, 'UserAuthResponse'),
  },

  'clientConfig.get': {
    summary: 'Settings the browser reads at load',
    response: answer(clientConfigResponseSchema, 'ClientConfigResponse'),
  },

  'search.posts': {
    summary: 'Search posts (and people, on the first page)',
    query: searchQuerySchema,
    response: answer(searchResponseSchema, 'SearchResponse'),
  },

  'safety.status': {
    summary: "The reader's admin flag and live feed channel",
    response: answer(safetyStatusResponseSchema, 'SafetyStatusResponse'),
  },
  'safety.blocks': {
    summary: 'Accounts the reader blocks',
    query: safetyListQuerySchema,
    response: answer(safetyListResponseSchema, 'SafetyListResponse'),
  },
  'safety.block': {
    summary: 'Block an account',
    body: safetyTargetRequestSchema,
    response: answer(safetyTargetResponseSchema, 'SafetyTargetResponse', 201),
  },
  'safety.unblock': { summary: 'Unblock an account', params: safetyTargetParamsSchema, response: null },
  'safety.mutes': {
    summary: 'Accounts the reader mutes',
    query: safetyListQuerySchema,
    response: answer(safetyListResponseSchema, 'SafetyListResponse'),
  },
  'safety.mute': {
    summary: 'Mute an account',
    body: safetyTargetRequestSchema,
    response: answer(safetyTargetResponseSchema, 'SafetyTargetResponse', 201),
  },
  'safety.unmute': { summary: 'Unmute an account', params: safetyTargetParamsSchema, response: null },

  'reports.create': {
    summary: 'Report a post',
    params: postParamsSchema,
    body: createReportRequestSchema,
    response: answer(reportResponseSchema, 'ReportResponse', 201),
  },
  'reports.mine': {
    summary: "The reader's open report on a post, if any",
    params: postParamsSchema,
    response: answer(myReportResponseSchema, 'MyReportResponse'),
  },
  'admin.mail': {
    summary: 'Outgoing e-mail: how many wait, went and failed, and the failures (admins)',
    response: answer(mailStatusResponseSchema, 'MailStatusResponse'),
  },
  'admin.settings': {
    summary: "The instance's settings: name, description, rules, contact, registration (admins)",
    response: answer(instanceSettingsResponseSchema, 'InstanceSettingsResponse'),
  },
  'admin.updateSettings': {
    summary: "Saves the instance's settings (admins); every node uses them at once",
    body: instanceSettingsSchema,
    response: answer(instanceSettingsResponseSchema, 'InstanceSettingsResponse'),
  },
  'admin.setIcon': {
    summary: "Upload the instance's icon, made square in every size (admins)",
    body: MULTIPART,
    response: answer(instanceIconResponseSchema, 'InstanceIconResponse'),
  },
  'admin.removeIcon': {
    summary: "Remove the instance's icon: the built-in mark again (admins)",
    response: answer(instanceIconResponseSchema, 'InstanceIconResponse'),
  },
  'admin.applications': {
    summary: 'Sign-ups waiting for approval, oldest first (admins)',
    response: answer(applicationsResponseSchema, 'ApplicationsResponse'),
  },
  'admin.approveApplication': {
    summary: 'Lets a waiting applicant in and e-mails them (admins)',
    params: userParamsSchema,
    response: null,
  },
  'admin.rejectApplication': {
    summary: 'Turns an application down: the applicant is e-mailed and the account removed (admins)',
    params: userParamsSchema,
    response: null,
  },
  'invites.list': {
    summary: 'The invite links this account made, newest first, and whether it may make more',
    response: answer(invitesResponseSchema, 'InvitesResponse'),
  },
  'invites.create': {
    summary: 'Makes an invite link (admins; members too where the admin allows); the link is shown only now',
    body: createInviteRequestSchema,
    response: answer(createdInviteResponseSchema, 'CreatedInviteResponse', 201),
  },
  'invites.revoke': {
    summary: 'Withdraws one of this account’s invite links',
    params: inviteParamsSchema,
    response: null,
  },
  'admin.reports': {
    summary: 'Open reports, grouped by post (admins and moderators)',
    response: answer(reportQueueResponseSchema, 'ReportQueueResponse'),
  },
  'admin.closeReports': {
    summary: "Close a post's reports (admins and moderators)",
    params: postParamsSchema,
    body: closeReportsRequestSchema,
    response: answer(closeReportsResponseSchema, 'CloseReportsResponse'),
  },
  'admin.removePost': {
    summary: 'Delete any post (admins and moderators)',
    params: postParamsSchema,
    response: answer(postDeleteResponseSchema, 'PostDeleteResponse'),
  },
  'admin.suspend': {
    summary: 'Suspend an account (admins and moderators)',
    params: userParamsSchema,
    response: answer(suspensionResponseSchema, 'SuspensionResponse'),
  },
  'admin.unsuspend': {
    summary: 'Lift a suspension (admins and moderators)',
    params: userParamsSchema,
    response: answer(suspensionResponseSchema, 'SuspensionResponse'),
  },
  'admin.users': {
    summary:
      'Accounts, newest first, by search and filter (admins and moderators; addresses for admins only)',
    query: adminUsersQuerySchema,
    response: answer(adminUserPageSchema, 'AdminUserPage'),
  },
  'admin.setRole': {
    summary: 'Make an account an admin or a moderator, or take its role away (admins)',
    params: adminUserParamsSchema,
    body: setRoleRequestSchema,
    response: answer(adminUserSchema, 'AdminUser'),
  },
  'admin.forcePasswordReset': {
    summary: 'End every session of an account and make it choose a new password by e-mail (admins)',
    params: adminUserParamsSchema,
    response: null,
  },
  'admin.auditLog': {
    summary: 'What admins and moderators did, newest first (admins)',
    query: auditQuerySchema,
    response: answer(auditPageSchema, 'AuditPage'),
  },

  'docs.openapi': {
    summary: 'This API as an OpenAPI 3.1 document',
    response: answer(z.record(z.string(), z.unknown()), 'OpenApiDocument'),
  },
});

export type Routes = typeof routes;
