import { userMessageOf } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { InviteForm, NewInviteLink } from './invite-form';
import { InviteList } from './invite-list';
import { useCreateInvite, useInvites } from './invites.queries';

/**
 * Making invite links and withdrawing the ones made before. Nothing for an account that may not
 * invite and has nothing to withdraw.
 */
export function InviteLinks() {
  const invites = useInvites();
  // Here rather than in the form: a refusal or a fresh link stays on screen even when the
  // refreshed list takes the form away (canInvite turned false meanwhile).
  const create = useCreateInvite();
  if (invites.isPending) return null;
  if (invites.isError) return <Alert>{userMessageOf(invites.error)}</Alert>;
  const { canInvite, invites: list } = invites.data;
  if (!canInvite && list.length === 0 && !create.data) return null;
  return (
    <div className="flex min-w-0 flex-col gap-5">
      {canInvite && <InviteForm isBusy={create.isPending} onMake={(input) => create.mutate(input)} />}
      {create.error && <Alert>{userMessageOf(create.error)}</Alert>}
      {/* Keyed by the link, so a new one starts with a fresh copy note and takes focus again. */}
      {create.data && <NewInviteLink key={create.data.link} link={create.data.link} />}
      <InviteList invites={list} />
    </div>
  );
}
