/** The link previews feature's public face: the card under a post and the composer's preview. */
export { ComposerLinkPreview } from './composer-link-preview';
export { LinkPreviewCard } from './link-preview-card';
export { useComposerLinkPreview } from './use-composer-link-preview';
