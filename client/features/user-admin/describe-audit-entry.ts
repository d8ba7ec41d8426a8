import type { AuditAction, AuditEntry } from '../../../common/contracts/staff';

/** A piece of an entry's sentence: text, or text linking somewhere in the app. */
export type AuditPart = string | { text: string; to: string };

/** How each instance setting is named in a sentence; a field this build does not know reads as sent. */
const SETTING_NAMES: Record<string, string> = {
  name: 'name',
  description: 'description',
  rules: 'rules',
  contactEmail: 'contact address',
  registrationMode: 'who may sign up',
  membersCanInvite: 'member invites',
};

interface Names {
  /** Who did it: "@ana", or "The command line" for the operator's. */
  actor: string;
  /** Whom it was done to; entries copy the handle then, so a missing one is an account gone since. */
  target: string;
  targetPossessive: string;
}

/** "a post", linked to it while it may still be there (a removed post is gone for good). */
function post(entry: AuditEntry, isLinked: boolean): AuditPart {
  return isLinked && entry.postId ? { text: 'a post', to: `/p/${entry.postId}` } : 'a post';
}

/** Every action has a sentence: the Record makes a new action a type error until it gets one. */
const SENTENCES: Record<AuditAction, (entry: AuditEntry, names: Names) => AuditPart[]> = {
  'report.resolved': (entry, { actor }) => [`${actor} resolved the reports on `, post(entry, true)],
  'report.dismissed': (entry, { actor }) => [`${actor} dismissed the reports on `, post(entry, true)],
  'post.removed': (entry, { actor, target }) =>
    entry.targetHandle === null ? [`${actor} removed a post`] : [`${actor} removed a post by ${target}`],
  'user.suspended': (_entry, { actor, target }) => [`${actor} suspended ${target}`],
  'user.unsuspended': (_entry, { actor, targetPossessive }) => [
    `${actor} lifted ${targetPossessive} suspension`,
  ],
  'user.role_changed': (entry, { actor, target, targetPossessive }) => {
    const role = entry.detail.role;
    if (role === 'admin') return [`${actor} made ${target} an admin`];
    if (role === 'moderator') return [`${actor} made ${target} a moderator`];
    if (role === null) return [`${actor} took ${targetPossessive} role away`];
    return [`${actor} changed ${targetPossessive} role`];
  },
  'user.password_reset_forced': (_entry, { actor, target }) => [
    `${actor} logged ${target} out everywhere and sent a link to choose a new password`,
  ],
  'instance.settings_changed': (entry, { actor }) => {
    const fields = (entry.detail.fields ?? []).map((field) => SETTING_NAMES[field] ?? field);
    return [`${actor} changed the instance settings${fields.length > 0 ? ` (${fields.join(', ')})` : ''}`];
  },
  'application.approved': (_entry, { actor, targetPossessive }) => [
    `${actor} approved ${targetPossessive} application`,
  ],
  'application.rejected': (_entry, { actor, targetPossessive }) => [
    `${actor} rejected ${targetPossessive} application`,
  ],
  'invite.created': (_entry, { actor }) => [`${actor} made an invite link`],
  'invite.revoked': (_entry, { actor }) => [`${actor} withdrew an invite link`],
};

/** One audit entry as a sentence: "@ana made @mo a moderator". */
export function describeAuditEntry(entry: AuditEntry): AuditPart[] {
  const target = entry.targetHandle === null ? 'a deleted account' : `@${entry.targetHandle}`;
  const names: Names = {
    actor: entry.actorHandle === null ? 'The command line' : `@${entry.actorHandle}`,
    target,
    targetPossessive: `${target}'s`,
  };
  // The answer is not checked on arrival: a server newer than this page may log an action it does not know.
  const sentence = Object.hasOwn(SENTENCES, entry.action) ? SENTENCES[entry.action] : null;
  return sentence ? sentence(entry, names) : [`${names.actor} did something this page cannot describe`];
}

/** The sentence as plain text, links included as their words. */
export function auditSentence(entry: AuditEntry): string {
  return describeAuditEntry(entry)
    .map((part) => (typeof part === 'string' ? part : part.text))
    .join('');
}
