import { defineMessages } from '../../i18n';
import source from '../../i18n/messages/en/invites.json';

export const invitesMessages = defineMessages('invites', source);
