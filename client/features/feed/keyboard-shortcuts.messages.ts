import { defineMessages } from '../../i18n';
import source from '../../i18n/messages/en/keyboard-shortcuts.json';

export const keyboardShortcutsMessages = defineMessages('keyboard-shortcuts', source);
