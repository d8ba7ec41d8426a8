// http_ece ships no types; this covers the part the push service stand-in uses (see its ece.js).
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  interface Aes128gcmDecryptParams {
    version: 'aes128gcm';
    /** The receiver's key pair: ece.js calls getPublicKey() and computeSecret() on it, so a KeyObject will not do. */
    privateKey: ECDH;
    /** The subscription's auth secret, as bytes or base64url. */
    authSecret: Buffer | string;
  }

  /** Reads salt, record size and the sender's public key from the body's own header; throws when it cannot decrypt. */
  export function decrypt(buffer: Buffer, params: Aes128gcmDecryptParams): Buffer;
}
