/**
 * The media feature's public face: a post's images, the composer's attachments, and the crop
 * dialog. The cropper itself (crop-editor.tsx) is loaded by the dialog on demand and never
 * exported here, so that it stays out of the first load.
 */
export { altFieldId } from './attachment-item';
export { blockingProblem, hasMissingAlt, postImageRefs, triageFiles } from './attachments';
export { CropDialog, preloadCropEditor } from './crop-dialog';
export type { ImageEdit } from './crop-math';
export { uploadErrorMessage } from './media-messages';
export { PostImages } from './post-images';
export { useComposerImages } from './use-composer-images';
export { useConfirmation } from './use-confirmation';
