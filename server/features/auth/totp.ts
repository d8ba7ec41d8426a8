import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { TOTP_TOLERANCE_SECONDS } from './two-factor.limits';

/** A new secret for an authenticator app: 20 random bytes, Base32 as the apps take it. */
export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// address, and its QR code as an SVG data: URL (made here, so no script draws it). */
export async function totpEnrolment(secret: string, issuer: string, account: string) {
  const uri = generateURI({ issuer, label: account, secret });
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * The time step of a valid code, or null. A code whose step is not after `lastStep` is refused:
 * each code works once, even within its 30 seconds.
 */
export async function acceptedTotpStep(
  secret: string,
  code: string,
  lastStep: number | null,
  nowMs: number,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(nowMs / 1000),
    epochTolerance: TOTP_TOLERANCE_SECONDS,
    ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
  });
  // The default strategy is TOTP, whose answer names the time step; a counter-based answer would not.
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
