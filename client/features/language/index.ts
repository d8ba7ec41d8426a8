/** The language feature's public face: the reader's choice of language, in Settings. */
export { LanguageSettings } from './language-settings';
export { languageMessages } from './language.messages';
