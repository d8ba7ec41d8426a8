/**
 * The composer feature's public face: saved drafts and the stand-in that loads the rich editor
 * when first used. The editor itself (rich-composer.tsx, tiptap) is never exported here: a static
 * import of it would put the editor into the first load.
 */
export { type ComposerSlot, draftKey, drafts } from './drafts';
export { LazyComposer } from './lazy-composer';
