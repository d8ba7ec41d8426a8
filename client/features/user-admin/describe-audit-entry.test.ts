import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '../../../common/contracts/staff';
import { auditSentence, describeAuditEntry } from './describe-audit-entry';

function entryOf(action: AuditAction, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 'entry-1',
    action,
    actorHandle: 'ana',
    targetHandle: 'ben',
    postId: null,
    detail: {},
    createdAt: '2025-01-01T12:00:00.000Z',
    ...overrides,
  };
}

/**
 * One typical entry of every action and what it reads as. Keyed by a plain string so an action
 * added to AUDIT_ACTIONS without a sentence here fails below instead of passing unseen.
 */
const EXPECTED: Record<string, { entry: Partial<AuditEntry>; sentence: string }> = {
  'report.resolved': {
    entry: { targetHandle: null, postId: 'post-1' },
    sentence: '@ana resolved the reports on a post',
  },
  'report.dismissed': {
    entry: { targetHandle: null, postId: 'post-1' },
    sentence: '@ana dismissed the reports on a post',
  },
  'post.removed': { entry: { postId: 'post-1' }, sentence: '@ana removed a post by @ben' },
  'user.suspended': { entry: {}, sentence: '@ana suspended @ben' },
  'user.unsuspended': { entry: {}, sentence: "@ana lifted @ben's suspension" },
  'user.role_changed': {
    entry: { targetHandle: 'mo', detail: { role: 'moderator' } },
    sentence: '@ana made @mo a moderator',
  },
  'user.password_reset_forced': {
    entry: {},
    sentence: '@ana logged @ben out everywhere and sent a link to choose a new password',
  },
  'instance.settings_changed': {
    entry: { targetHandle: null, detail: { fields: ['name', 'rules'] } },
    sentence: '@ana changed the instance settings (name, rules)',
  },
  'application.approved': { entry: { targetHandle: 'x' }, sentence: "@ana approved @x's application" },
  'application.rejected': { entry: { targetHandle: 'x' }, sentence: "@ana rejected @x's application" },
  'invite.created': { entry: { targetHandle: null }, sentence: '@ana made an invite link' },
  'invite.revoked': { entry: { targetHandle: null }, sentence: '@ana withdrew an invite link' },
};

describe('describeAuditEntry', () => {
  it.each(AUDIT_ACTIONS)('has a sentence for %s', (action) => {
    const expected = EXPECTED[action];
    expect(
      expected,
      `no expected sentence for ${action}: add one here and in describe-audit-entry.ts`,
    ).toBeDefined();
    if (!expected) return;
    expect(auditSentence(entryOf(action, expected.entry))).toBe(expected.sentence);
  });

  it('tests no action that does not exist', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...AUDIT_ACTIONS].sort());
  });

  it('links the post of a report entry, and no removed post', () => {
    expect(describeAuditEntry(entryOf('report.resolved', { postId: 'post-1' }))).toContainEqual({
      text: 'a post',
      to: '/p/post-1',
    });
    const removed = describeAuditEntry(entryOf('post.removed', { postId: 'post-1' }));
    expect(removed.every((part) => typeof part === 'string')).toBe(true);
  });

  it('says what each role change did', () => {
    const sentence = (role: 'admin' | 'moderator' | null | undefined) =>
      auditSentence(
        entryOf('user.role_changed', { targetHandle: 'mo', detail: role === undefined ? {} : { role } }),
      );
    expect(sentence('admin')).toBe('@ana made @mo an admin');
    expect(sentence('moderator')).toBe('@ana made @mo a moderator');
    expect(sentence(null)).toBe("@ana took @mo's role away");
    expect(sentence(undefined)).toBe("@ana changed @mo's role");
  });

  it('names the command line and accounts deleted since', () => {
    expect(
      auditSentence(
        entryOf('user.role_changed', { actorHandle: null, targetHandle: 'x', detail: { role: 'admin' } }),
      ),
    ).toBe('The command line made @x an admin');
    expect(auditSentence(entryOf('user.suspended', { targetHandle: null }))).toBe(
      '@ana suspended a deleted account',
    );
    expect(auditSentence(entryOf('application.rejected', { targetHandle: null }))).toBe(
      "@ana rejected a deleted account's application",
    );
  });

  it('names settings it knows in words, and passes others through', () => {
    expect(
      auditSentence(
        entryOf('instance.settings_changed', { detail: { fields: ['registrationMode', 'newThing'] } }),
      ),
    ).toBe('@ana changed the instance settings (who may sign up, newThing)');
    expect(auditSentence(entryOf('instance.settings_changed', { detail: {} }))).toBe(
      '@ana changed the instance settings',
    );
  });

  it('still reads an action this build does not know', () => {
    const unknown = { ...entryOf('invite.created'), action: 'user.renamed' } as unknown as AuditEntry;
    expect(auditSentence(unknown)).toBe('@ana did something this page cannot describe');
  });
});
