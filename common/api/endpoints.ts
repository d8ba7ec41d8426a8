/**
 * Every /api/v1 endpoint by name: its method and its path (Fastify style, `:name` for a path
 * parameter). Plain data without zod, so the browser's first load can address the API; the
 * schemas of each endpoint are in `routes.ts`, which the client reads as types only.
 */
/** Where every endpoint below lives on the server. */
export const API_BASE = '/api/v1';

/** Where stored files (images, avatars, preview images) are served, outside the API and its rules. */
export const MEDIA_BASE = '/media/';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint {
  readonly method: HttpMethod;
  readonly path: string;
}

export const endpoints = {
  'auth.signUp': { method: 'POST', path: '/auth/signup' },
  'auth.logIn': { method: 'POST', path: '/auth/login' },
  'auth.logOut': { method: 'POST', path: '/auth/logout' },
  'auth.me': { method: 'GET', path: '/auth/me' },
  'auth.requestPasswordReset': { method: 'POST', path: '/auth/password-reset' },
  'auth.resetPassword': { method: 'POST', path: '/auth/password-reset/confirm' },
  'auth.logInTwoFactor': { method: 'POST', path: '/auth/login/two-factor' },
  'twoFactor.status': { method: 'GET', path: '/me/two-factor' },
  'twoFactor.setupTotp': { method: 'POST', path: '/me/two-factor/totp/setup' },
  'twoFactor.enableTotp': { method: 'POST', path: '/me/two-factor/totp/enable' },
  'twoFactor.disable': { method: 'POST', path: '/me/two-factor/disable' },
  'twoFactor.renewRecoveryCodes': { method: 'POST', path: '/me/two-factor/recovery-codes' },
  'auth.passkeyOptions': { method: 'POST', path: '/auth/passkey/options' },
  'auth.logInPasskey': { method: 'POST', path: '/auth/passkey' },
  'passkeys.list': { method: 'GET', path: '/me/passkeys' },
  'passkeys.registrationOptions': { method: 'POST', path: '/me/passkeys/options' },
  'passkeys.register': { method: 'POST', path: '/me/passkeys' },
  'passkeys.remove': { method: 'DELETE', path: '/me/passkeys/:id' },
  'auth.resendEmailConfirmation': { method: 'POST', path: '/auth/email-confirmation' },
  'auth.confirmEmail': { method: 'POST', path: '/auth/email-confirmation/confirm' },

  'posts.feed': { method: 'GET', path: '/feed' },
  'posts.create': { method: 'POST', path: '/posts' },
  'posts.get': { method: 'GET', path: '/posts/:id' },
  'posts.update': { method: 'PATCH', path: '/posts/:id' },
  'posts.remove': { method: 'DELETE', path: '/posts/:id' },
  'posts.replies': { method: 'GET', path: '/posts/:id/replies' },
  'posts.like': { method: 'PUT', path: '/posts/:id/like' },
  'posts.unlike': { method: 'DELETE', path: '/posts/:id/like' },
  'posts.repost': { method: 'PUT', path: '/posts/:id/repost' },
  'posts.unrepost': { method: 'DELETE', path: '/posts/:id/repost' },

  'users.suggest': { method: 'GET', path: '/users' },
  'users.profile': { method: 'GET', path: '/users/:handle' },
  'users.posts': { method: 'GET', path: '/users/:handle/posts' },
  'users.replies': { method: 'GET', path: '/users/:handle/replies' },

  'follows.follow': { method: 'PUT', path: '/follows/:userId' },
  'follows.unfollow': { method: 'DELETE', path: '/follows/:userId' },
  'follows.followers': { method: 'GET', path: '/users/:handle/followers' },
  'follows.following': { method: 'GET', path: '/users/:handle/following' },
  'follows.requests': { method: 'GET', path: '/me/follow-requests' },
  'follows.approve': { method: 'POST', path: '/me/follow-requests/:userId/approve' },
  'follows.deny': { method: 'POST', path: '/me/follow-requests/:userId/deny' },
  'follows.settings': { method: 'GET', path: '/me/follow-settings' },
  'follows.updateSettings': { method: 'PUT', path: '/me/follow-settings' },
  'follows.suggestions': { method: 'GET', path: '/me/follow-suggestions' },

  'timelines.home': { method: 'GET', path: '/timelines/home' },
  'timelines.homeSources': { method: 'GET', path: '/timelines/home/sources' },
  'timelines.tag': { method: 'GET', path: '/tags/:tag/posts' },
  'hashtags.get': { method: 'GET', path: '/tags/:tag' },
  'hashtags.follow': { method: 'PUT', path: '/tags/:tag/follow' },
  'hashtags.unfollow': { method: 'DELETE', path: '/tags/:tag/follow' },
  'hashtags.followed': { method: 'GET', path: '/me/followed-tags' },
  'hashtags.trending': { method: 'GET', path: '/trending-tags' },

  'bookmarks.list': { method: 'GET', path: '/me/bookmarks' },
  'bookmarks.add': { method: 'PUT', path: '/posts/:id/bookmark' },
  'bookmarks.remove': { method: 'DELETE', path: '/posts/:id/bookmark' },

  'account.updateProfile': { method: 'PATCH', path: '/me/profile' },
  'account.setAvatar': { method: 'PUT', path: '/me/avatar' },
  'account.removeAvatar': { method: 'DELETE', path: '/me/avatar' },
  'account.changeEmail': { method: 'POST', path: '/me/email' },
  'account.changePassword': { method: 'POST', path: '/me/password' },
  'account.sessions': { method: 'GET', path: '/me/sessions' },
  'account.revokeSession': { method: 'DELETE', path: '/me/sessions/:id' },
  'account.revokeOtherSessions': { method: 'DELETE', path: '/me/sessions' },
  'account.delete': { method: 'DELETE', path: '/me' },

  'dataExport.status': { method: 'GET', path: '/me/data-export' },
  'dataExport.request': { method: 'POST', path: '/me/data-export' },
  'dataExport.download': { method: 'GET', path: '/me/data-export/download' },

  'emailNotifications.get': { method: 'GET', path: '/me/email-notifications' },
  'emailNotifications.update': { method: 'PUT', path: '/me/email-notifications' },
  'emailNotifications.unsubscribe': { method: 'POST', path: '/email-notifications/unsubscribe' },
  'webPush.devices': { method: 'GET', path: '/me/push-subscriptions' },
  'webPush.subscribe': { method: 'POST', path: '/me/push-subscriptions' },
  'webPush.unsubscribe': { method: 'DELETE', path: '/me/push-subscriptions/:id' },
  'webPush.settings': { method: 'GET', path: '/me/push-settings' },
  'webPush.updateSettings': { method: 'PUT', path: '/me/push-settings' },
  'notifications.list': { method: 'GET', path: '/notifications' },
  'notifications.markAllRead': { method: 'POST', path: '/notifications/read' },
  'notifications.markRead': { method: 'POST', path: '/notifications/:id/read' },

  'linkPreviews.get': { method: 'GET', path: '/proxy' },

  'media.upload': { method: 'POST', path: '/media' },
  'media.remove': { method: 'DELETE', path: '/media/:id' },

  'realtime.channelAuth': { method: 'POST', path: '/realtime/auth' },
  'realtime.userAuth': { method: 'POST', path: '/realtime/user-auth' },

  'clientConfig.get': { method: 'GET', path: '/client-config' },

  'search.posts': { method: 'GET', path: '/search' },

  'safety.status': { method: 'GET', path: '/me/safety' },
  'safety.blocks': { method: 'GET', path: '/me/blocks' },
  'safety.block': { method: 'POST', path: '/me/blocks' },
  'safety.unblock': { method: 'DELETE', path: '/me/blocks/:userId' },
  'safety.mutes': { method: 'GET', path: '/me/mutes' },
  'safety.mute': { method: 'POST', path: '/me/mutes' },
  'safety.unmute': { method: 'DELETE', path: '/me/mutes/:userId' },

  'reports.create': { method: 'POST', path: '/posts/:id/reports' },
  'reports.mine': { method: 'GET', path: '/posts/:id/reports/mine' },
  'admin.reports': { method: 'GET', path: '/admin/reports' },
  'admin.closeReports': { method: 'POST', path: '/admin/posts/:id/reports/close' },
  'admin.removePost': { method: 'DELETE', path: '/admin/posts/:id' },
  'admin.suspend': { method: 'PUT', path: '/admin/users/:id/suspension' },
  'admin.unsuspend': { method: 'DELETE', path: '/admin/users/:id/suspension' },
  'admin.users': { method: 'GET', path: '/admin/users' },
  'admin.setRole': { method: 'PUT', path: '/admin/users/:id/role' },
  'admin.forcePasswordReset': { method: 'POST', path: '/admin/users/:id/password-reset' },
  'admin.auditLog': { method: 'GET', path: '/admin/audit-log' },
  'admin.mail': { method: 'GET', path: '/admin/mail' },
  'admin.settings': { method: 'GET', path: '/admin/settings' },
  'admin.updateSettings': { method: 'PUT', path: '/admin/settings' },
  'admin.setIcon': { method: 'PUT', path: '/admin/settings/icon' },
  'admin.removeIcon': { method: 'DELETE', path: '/admin/settings/icon' },
  'admin.applications': { method: 'GET', path: '/admin/applications' },
  'admin.approveApplication': { method: 'POST', path: '/admin/applications/:id/approve' },
  'admin.rejectApplication': { method: 'POST', path: '/admin/applications/:id/reject' },
  'invites.list': { method: 'GET', path: '/invites' },
  'invites.create': { method: 'POST', path: '/invites' },
  'invites.revoke': { method: 'DELETE', path: '/invites/:id' },

  'docs.openapi': { method: 'GET', path: '/openapi.json' },
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;
