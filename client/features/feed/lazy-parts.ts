/** The shortcuts' help: most visits never open it, so it loads when asked for. */
export const loadKeyboardShortcutsDialog = () => import('./keyboard-shortcuts-dialog');
