import type { SignUpRequest } from '../../../common/contracts/auth';
import { errors } from '../../errors';
import type { InstanceSettingsStore } from '../../platform/instance/instance-settings';
import type { InvitesRepository } from './invites.repository';

/** How a sign-up that passed the instance's rules starts out. */
export interface Admission {
  /** It waits for an admin's approval, with this reason. */
  application: { reason: string } | null;
  /** The invite it used: `giveBack` returns the use if the account is not created after all. */
  invite: { id: string; createdBy: string } | null;
}

const reasonMissing = () =>
  errors.validation({ reason: 'Tell the admins in a few words why you want to join.' });
const rulesNotAccepted = () => errors.validation({ acceptRules: 'Accept the rules to join.' });

/**
 * Who may sign up, by the registration mode the admin chose: open to all; approval (the applicant
 * says why and waits); invite-only; closed. A working invite link lets anyone in at once, in
 * every mode. Where the instance has rules, they must be accepted.
 */
export function createRegistrationService(deps: {
  instance: Pick<InstanceSettingsStore, 'current'>;
  invites: InvitesRepository;
  now?: () => number;
}) {
  const { instance, invites, now = Date.now } = deps;
  return {
    async admit(input: SignUpRequest): Promise<Admission> {
      const settings = await instance.current();
      if (settings.rules.length > 0 && input.acceptRules !== true) throw rulesNotAccepted();
      if (input.inviteCode) {
        const invite = await invites.use(input.inviteCode, now());
        if (!invite) throw errors.inviteInvalid();
        return { application: null, invite: { id: invite.id, createdBy: invite.created_by } };
      }
      switch (settings.registrationMode) {
        case 'open':
          return { application: null, invite: null };
        case 'approval': {
          const reason = input.reason?.trim() ?? '';
          if (reason === '') throw reasonMissing();
          return { application: { reason }, invite: null };
        }
        case 'invite':
          throw errors.inviteRequired();
        case 'closed':
          throw errors.registrationClosed();
      }
    },

    async giveBack(admission: Admission): Promise<void> {
      if (admission.invite) await invites.giveBack(admission.invite.id);
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
