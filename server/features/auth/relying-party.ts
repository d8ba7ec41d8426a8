/**
 * Who a passkey belongs to, in WebAuthn's terms: the host name of the public address (a passkey
 * made for one host never works for another) and the origin the browser must report.
 * WebAuthn refuses IP addresses as that name: an instance is reached by a domain (or localhost).
 */
export interface RelyingParty {
  id: string;
  origin: string;
}

export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin };
}
