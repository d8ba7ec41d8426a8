import type { AuditAction, AuditEntry } from '../../../common/contracts/staff';
import { translate, type Translate } from '../../i18n';
import { userAdminMessages } from './user-admin.messages';

/** A piece of an entry's sentence: text, or text linking somewhere in the app. */
export type AuditPart = string | { text: string; to: string };

type UserAdminKey = keyof typeof userAdminMessages.source;
type T = Translate<UserAdminKey>;

/** How each instance setting is named in a sentence; a field this build does not know reads as sent. */
const SETTING_KEYS: Record<string, UserAdminKey> = {
  name: 'settingName',
  description: 'settingDescription',
  rules: 'settingRules',
  contactEmail: 'settingContactEmail',
  registrationMode: 'settingRegistrationMode',
  membersCanInvite: 'settingMembersCanInvite',
};

/** A sentence with a `<post>` tag: the post's words linked to it while it may still be there. */
function withPostLink(t: T, key: UserAdminKey, entry: AuditEntry, actor: string): AuditPart[] {
  const words = (chunks: AuditPart[]) =>
    chunks.map((chunk) => (typeof chunk === 'string' ? chunk : chunk.text)).join('');
  const { postId } = entry;
  const parts = t.parts<AuditPart>(key, {
    actor,
    post: (chunks) => (postId ? { text: words(chunks), to: `/p/${postId}` } : words(chunks)),
  });
  return parts.filter((part) => part !== '');
}

interface Names {
  /** Who did it: "@ana", or "The command line" for the operator's. */
  actor: string;
  /** Whom it was done to: "@ben". Entries copy the handle then, so a missing one is an account gone since. */
  target: string;
  /** `deleted` for such an account, which each language words in the case its sentence needs. */
  targetState: 'deleted' | 'present';
}

/** Every action has a sentence: the Record makes a new action a type error until it gets one. */
const SENTENCES: Record<AuditAction, (entry: AuditEntry, names: Names, t: T) => AuditPart[]> = {
  'report.resolved': (entry, { actor }, t) => withPostLink(t, 'auditReportResolved', entry, actor),
  'report.dismissed': (entry, { actor }, t) => withPostLink(t, 'auditReportDismissed', entry, actor),
  'post.removed': (entry, names, t) =>
    entry.targetHandle === null
      ? [t('auditPostRemoved', { actor: names.actor })]
      : [t('auditPostRemovedBy', { ...names })],
  'user.suspended': (_entry, names, t) => [t('auditUserSuspended', { ...names })],
  'user.unsuspended': (_entry, names, t) => [t('auditUserUnsuspended', { ...names })],
  'user.role_changed': (entry, names, t) => {
    const role = entry.detail.role;
    if (role === 'admin') return [t('auditRoleMadeAdmin', { ...names })];
    if (role === 'moderator') return [t('auditRoleMadeModerator', { ...names })];
    if (role === null) return [t('auditRoleRemoved', { ...names })];
    return [t('auditRoleChanged', { ...names })];
  },
  'user.password_reset_forced': (_entry, names, t) => [t('auditPasswordResetForced', { ...names })],
  'instance.settings_changed': (entry, { actor }, t) => {
    const fields = (entry.detail.fields ?? []).map((field) => {
      const key = Object.hasOwn(SETTING_KEYS, field) ? SETTING_KEYS[field] : undefined;
      return key ? t(key) : field;
    });
    return [
      fields.length > 0
        ? t('auditSettingsChangedFields', { actor, fields: fields.join(', ') })
        : t('auditSettingsChanged', { actor }),
    ];
  },
  'application.approved': (_entry, names, t) => [t('auditApplicationApproved', { ...names })],
  'application.rejected': (_entry, names, t) => [t('auditApplicationRejected', { ...names })],
  'invite.created': (_entry, { actor }, t) => [t('auditInviteCreated', { actor })],
  'invite.revoked': (_entry, { actor }, t) => [t('auditInviteRevoked', { actor })],
};

/** One audit entry as a sentence: "@ana made @mo a moderator". */
export function describeAuditEntry(entry: AuditEntry, t: T = translate(userAdminMessages)): AuditPart[] {
  const names: Names = {
    actor: entry.actorHandle === null ? t('auditActorCommandLine') : `@${entry.actorHandle}`,
    target: entry.targetHandle === null ? '' : `@${entry.targetHandle}`,
    targetState: entry.targetHandle === null ? 'deleted' : 'present',
  };
  // The answer is not checked on arrival: a server newer than this page may log an action it does not know.
  const sentence = Object.hasOwn(SENTENCES, entry.action) ? SENTENCES[entry.action] : null;
  return sentence ? sentence(entry, names, t) : [t('auditUnknownAction', { actor: names.actor })];
}

/** The sentence as plain text, links included as their words. */
export function auditSentence(entry: AuditEntry): string {
  return describeAuditEntry(entry)
    .map((part) => (typeof part === 'string' ? part : part.text))
    .join('');
}
