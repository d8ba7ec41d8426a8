/** The media feature's public face: what other features may use of it. */
export type { MediaService, UploadInput } from './media.service';
export { readUpload, registerImageMultipart } from './upload-form';
export { MEDIA_URL_PREFIX } from './media.presenter';
