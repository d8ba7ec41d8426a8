import {
  changeEmailRequestSchema,
  changePasswordRequestSchema,
  type CurrentUserResponse,
  deleteAccountRequestSchema,
  logInRequestSchema,
  signUpRequestSchema,
} from '../contracts/auth';
import type { ClientConfigResponse } from '../contracts/client-config';
import { previewQuerySchema } from '../contracts/link-previews';
import { mediaParamsSchema, type MediaUploadResponse } from '../contracts/media';
import {
  type MarkNotificationsReadResponse,
  markNotificationsReadRequestSchema,
  notificationIdParamsSchema,
  type NotificationsResponse,
  notificationsQuerySchema,
} from '../contracts/notifications';
import {
  createPostRequestSchema,
  feedQuerySchema,
  type LikeResponse,
  type PostDeleteResponse,
  type PostPage,
  postParamsSchema,
  type PostResponse,
  type PostWriteResponse,
  updatePostRequestSchema,
} from '../contracts/posts';
import {
  type ChannelAuthResponse,
  channelAuthRequestSchema,
  type UserAuthResponse,
  userAuthRequestSchema,
} from '../contracts/realtime';
import {
  closeReportsRequestSchema,
  type CloseReportsResponse,
  createReportRequestSchema,
  type MyReportResponse,
  type ReportQueueResponse,
  type ReportResponse,
  safetyListQuerySchema,
  type SafetyListResponse,
  type SafetyStatusResponse,
  safetyTargetParamsSchema,
  safetyTargetRequestSchema,
  type SafetyTargetResponse,
  type SuspensionResponse,
  userParamsSchema,
} from '../contracts/safety';
import { type SearchResponse, searchQuerySchema } from '../contracts/search';
import {
  handleParamSchema,
  type ProfileResponse,
  type RevokedSessionsResponse,
  sessionIdParamSchema,
  type SessionsResponse,
  updateProfileRequestSchema,
  userSearchQuerySchema,
  type UserSearchResponse,
} from '../contracts/users';
import type { LinkPreviewAnswer } from '../link-previews/preview-contract';
import { answer, defineRouteTable, MULTIPART } from './route';

const postPage = answer<PostPage>('PostPage');
const currentUser = answer<CurrentUserResponse>('CurrentUserResponse');

/**
 * The whole /api/v1 surface: what each endpoint reads and answers. The server registers its
 * handlers against these entries and validates with these schemas, the client's `api()` is
 * typed from them, and the OpenAPI document is generated from them.
 */
export const routes = defineRouteTable({
  'auth.signUp': {
    summary: 'Create an account and start a session',
    body: signUpRequestSchema,
    response: answer<CurrentUserResponse>('CurrentUserResponse', 201),
  },
  'auth.logIn': { summary: 'Start a session', body: logInRequestSchema, response: currentUser },
  'auth.logOut': { summary: 'End this session', response: null },
  'auth.me': { summary: 'The signed-in account, or null', response: currentUser },

  'posts.feed': { summary: 'The global feed, newest first', query: feedQuerySchema, response: postPage },
  'posts.create': {
    summary: 'Publish a post or a reply',
    body: createPostRequestSchema,
    response: answer<PostWriteResponse>('PostWriteResponse', 201),
  },
  'posts.get': {
    summary: 'One post',
    params: postParamsSchema,
    response: answer<PostResponse>('PostResponse'),
  },
  'posts.update': {
    summary: "Edit one's own post",
    params: postParamsSchema,
    body: updatePostRequestSchema,
    response: answer<PostResponse>('PostResponse'),
  },
  'posts.remove': {
    summary: "Delete one's own post",
    params: postParamsSchema,
    response: answer<PostDeleteResponse>('PostDeleteResponse'),
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
    response: answer<LikeResponse>('LikeResponse'),
  },
  'posts.unlike': {
    summary: 'Take a like back',
    params: postParamsSchema,
    response: answer<LikeResponse>('LikeResponse'),
  },

  'users.suggest': {
    summary: 'Accounts whose handle starts with a prefix (mentions)',
    query: userSearchQuerySchema,
    response: answer<UserSearchResponse>('UserSearchResponse'),
  },
  'users.profile': {
    summary: 'A public profile',
    params: handleParamSchema,
    response: answer<ProfileResponse>('ProfileResponse'),
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
    response: answer<RevokedSessionsResponse>('RevokedSessionsResponse'),
  },
  'account.sessions': {
    summary: "The account's sessions",
    response: answer<SessionsResponse>('SessionsResponse'),
  },
  'account.revokeSession': { summary: 'End one session', params: sessionIdParamSchema, response: null },
  'account.revokeOtherSessions': {
    summary: 'End every session but this one',
    response: answer<RevokedSessionsResponse>('RevokedSessionsResponse'),
  },
  'account.delete': { summary: 'Delete the account', body: deleteAccountRequestSchema, response: null },

  'notifications.list': {
    summary: "The reader's notifications, newest first",
    query: notificationsQuerySchema,
    response: answer<NotificationsResponse>('NotificationsResponse'),
  },
  'notifications.markAllRead': {
    summary: 'Mark every notification read',
    body: markNotificationsReadRequestSchema,
    response: answer<MarkNotificationsReadResponse>('MarkNotificationsReadResponse'),
  },
  'notifications.markRead': {
    summary: 'Mark one notification read',
    params: notificationIdParamsSchema,
    body: markNotificationsReadRequestSchema,
    response: answer<MarkNotificationsReadResponse>('MarkNotificationsReadResponse'),
  },

  'linkPreviews.get': {
    summary: 'A preview of a web page, fetched by the server',
    query: previewQuerySchema,
    response: answer<LinkPreviewAnswer>('LinkPreviewAnswer'),
  },

  'media.upload': {
    summary: 'Upload an image to attach to a post',
    body: MULTIPART,
    response: answer<MediaUploadResponse>('MediaUploadResponse', 201),
  },
  'media.remove': { summary: 'Delete an unattached upload', params: mediaParamsSchema, response: null },

  'realtime.channelAuth': {
    summary: 'Sign a subscription to a private or presence channel',
    body: channelAuthRequestSchema,
    response: answer<ChannelAuthResponse>('ChannelAuthResponse'),
  },
  'realtime.userAuth': {
    summary: "Sign a socket in as the session's user",
    body: userAuthRequestSchema,
    response: answer<UserAuthResponse>('UserAuthResponse'),
  },

  'clientConfig.get': {
    summary: 'Settings the browser reads at load',
    response: answer<ClientConfigResponse>('ClientConfigResponse'),
  },

  'search.posts': {
    summary: 'Search posts (and people, on the first page)',
    query: searchQuerySchema,
    response: answer<SearchResponse>('SearchResponse'),
  },

  'safety.status': {
    summary: "The reader's admin flag and live feed channel",
    response: answer<SafetyStatusResponse>('SafetyStatusResponse'),
  },
  'safety.blocks': {
    summary: 'Accounts the reader blocks',
    query: safetyListQuerySchema,
    response: answer<SafetyListResponse>('SafetyListResponse'),
  },
  'safety.block': {
    summary: 'Block an account',
    body: safetyTargetRequestSchema,
    response: answer<SafetyTargetResponse>('SafetyTargetResponse', 201),
  },
  'safety.unblock': { summary: 'Unblock an account', params: safetyTargetParamsSchema, response: null },
  'safety.mutes': {
    summary: 'Accounts the reader mutes',
    query: safetyListQuerySchema,
    response: answer<SafetyListResponse>('SafetyListResponse'),
  },
  'safety.mute': {
    summary: 'Mute an account',
    body: safetyTargetRequestSchema,
    response: answer<SafetyTargetResponse>('SafetyTargetResponse', 201),
  },
  'safety.unmute': { summary: 'Unmute an account', params: safetyTargetParamsSchema, response: null },

  'reports.create': {
    summary: 'Report a post',
    params: postParamsSchema,
    body: createReportRequestSchema,
    response: answer<ReportResponse>('ReportResponse', 201),
  },
  'reports.mine': {
    summary: "The reader's open report on a post, if any",
    params: postParamsSchema,
    response: answer<MyReportResponse>('MyReportResponse'),
  },
  'admin.reports': {
    summary: 'Open reports, grouped by post (admins)',
    response: answer<ReportQueueResponse>('ReportQueueResponse'),
  },
  'admin.closeReports': {
    summary: "Close a post's reports (admins)",
    params: postParamsSchema,
    body: closeReportsRequestSchema,
    response: answer<CloseReportsResponse>('CloseReportsResponse'),
  },
  'admin.removePost': {
    summary: 'Delete any post (admins)',
    params: postParamsSchema,
    response: answer<PostDeleteResponse>('PostDeleteResponse'),
  },
  'admin.suspend': {
    summary: 'Suspend an account (admins)',
    params: userParamsSchema,
    response: answer<SuspensionResponse>('SuspensionResponse'),
  },
  'admin.unsuspend': {
    summary: 'Lift a suspension (admins)',
    params: userParamsSchema,
    response: answer<SuspensionResponse>('SuspensionResponse'),
  },

  'docs.openapi': {
    summary: 'This API as an OpenAPI 3.1 document',
    response: answer<Record<string, unknown>>('OpenApiDocument'),
  },
});

export type Routes = typeof routes;
