import type { CDPSession, Page } from '@playwright/test';

export interface VirtualAuthenticator {
  cdp: CDPSession;
  authenticatorId: string;
  /** Whether the authenticator verifies its user (fingerprint, PIN): false makes every ceremony fail as a closed dialog does. */
  setUserVerified(verified: boolean): Promise<void>;
}

/**
 * A platform authenticator in this page's browser, as a laptop's fingerprint reader: Chromium's
 * CDP virtual authenticator (CTAP2, internal transport, resident keys, user verification that
 * succeeds). Passkeys it makes stay in it for the page's context.
 */
export async function virtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  return {
    cdp,
    authenticatorId,
    setUserVerified: (verified) => cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: verified }).then(() => undefined),
  };
}
