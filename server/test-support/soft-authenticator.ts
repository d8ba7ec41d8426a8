import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

// A passkey device for API tests, made by hand: no package plays the authenticator's side in
// Node. It speaks WebAuthn's "none" attestation with an ES256 key, as most passkeys do; the
// browser tests use Chromium's own virtual authenticator instead.

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_BACKUP_ELIGIBLE = 0x08;
const FLAG_BACKED_UP = 0x10;
const FLAG_ATTESTED_DATA = 0x40;

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

interface Options {
  /** The origin the "browser" reports, e.g. https://tidings.test */
  origin: string;
  /** Whether the device checks who holds it (PIN or biometrics). */
  verifiesUser?: boolean;
  /** A synced passkey (a phone's keychain) rather than one kept on this device only. */
  synced?: boolean;
}

interface Ceremony {
  challenge: string;
  rpId: string;
}

export function createSoftAuthenticator({ origin, verifiesUser = true, synced = false }: Options) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credentialId = randomBytes(16);
  let counter = 0;
  let userHandle: string | undefined;

  function flags(extra: number): number {
    return (
      FLAG_USER_PRESENT |
      (verifiesUser ? FLAG_USER_VERIFIED : 0) |
      (synced ? FLAG_BACKUP_ELIGIBLE | FLAG_BACKED_UP : 0) |
      extra
    );
  }

  function authenticatorData(rpId: string, extraFlags: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([
      sha256(rpId),
      Buffer.from([flags(extraFlags)]),
      count,
      attested ?? Buffer.alloc(0),
    ]);
  }

  function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  return {
    id: b64url(credentialId),

    /** What the browser sends back from navigator.credentials.create() for these options. */
    register({ challenge, rpId, userId }: Ceremony & { userId: string }) {
      userHandle = userId;
      const length = Buffer.alloc(2);
      length.writeUInt16BE(credentialId.length);
      const attested = Buffer.concat([Buffer.alloc(16), length, credentialId, coseKeyOf(publicKey)]);
      const authData = authenticatorData(rpId, FLAG_ATTESTED_DATA, attested);
      const attestationObject = isoCBOR.encode(
        new Map<string, CborValue>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', new Uint8Array(authData)],
        ]),
      );
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key' as const,
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', challenge)),
          attestationObject: b64url(attestationObject),
          transports: ['internal', 'hybrid'],
        },
      };
    },

    /** What the browser sends back from navigator.credentials.get() for these options. */
    authenticate({ challenge, rpId }: Ceremony) {
      counter += 1;
      const authData = authenticatorData(rpId, 0);
      const data = clientData('webauthn.get', challenge);
      const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), privateKey);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key' as const,
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(data),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          ...(userHandle === undefined ? {} : { userHandle }),
        },
      };
    },
  };
}

type CborValue = Parameters<typeof isoCBOR.encode>[0];

/** The public key as COSE (RFC 9053): EC2 on P-256 for ES256. */
function coseKeyOf(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: 'jwk' });
  if (!jwk.x || !jwk.y) throw new Error('not an EC key');
  const cose = new Map<number, CborValue>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, new Uint8Array(Buffer.from(jwk.x, 'base64url'))],
    [-3, new Uint8Array(Buffer.from(jwk.y, 'base64url'))],
  ]);
  return Buffer.from(isoCBOR.encode(cose));
}

export type SoftAuthenticator = ReturnType<typeof createSoftAuthenticator>;
