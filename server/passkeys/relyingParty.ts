import { COMPANY } from '../../shared/company';

/**
 * The WebAuthn relying party: the site as passkeys know it. Its id (the host name a passkey is
 * bound to) and the origin every answer must come from are read from the server's configured
 * SITE_URL (server/config.ts), never from the request's Host, which a client chooses.
 */
export interface RelyingParty {
  /** The RP ID: SITE_URL's host name (www.dataclarity.de; localhost in tests). */
  id: string;
  /** The one origin a ceremony's clientDataJSON may name. */
  origin: string;
  /** What the browser's dialog shows. */
  name: string;
}

export function relyingPartyFor(siteUrl: string): RelyingParty {
  const url = new URL(siteUrl);
  return { id: url.hostname, origin: url.origin, name: COMPANY.name };
}
