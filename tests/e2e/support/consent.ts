import type { BrowserContext } from '@playwright/test';
import { COOKIE_NAME, POLICY_VERSION } from '../../../widgets/lib/consentCookie';
import { type ConsentCategories } from '../../../widgets/lib/consentRecord';

/**
 * Starts the context as a returning visitor who already chose, so the consent
 * banner does not show. Default: only strictly necessary (Reject All).
 */
export async function seedConsent(
  context: BrowserContext,
  choice: Partial<Omit<ConsentCategories, 'strictlyNecessary'>> = {},
  baseURL = `http://localhost:${process.env.E2E_PORT ?? 4173}`,
): Promise<void> {
  const now = new Date().toISOString();
  const record = {
    consentId: '5f0c4a52-7c1e-4c55-9a43-0d5c2d1f9e10',
    timestamp: now,
    timezone: 'Europe/Berlin',
    policyVersion: POLICY_VERSION,
    categories: {
      strictlyNecessary: true,
      functional: choice.functional ?? false,
      analytics: choice.analytics ?? false,
      marketing: choice.marketing ?? false,
    },
    ipMasked: 'unavailable',
    ipHash: 'unavailable',
    location: { country: 'Unknown', region: 'Unknown', city: 'Unknown' },
    lastUpdated: now,
  };
  await context.addCookies([
    { name: COOKIE_NAME, value: encodeURIComponent(JSON.stringify(record)), url: baseURL, sameSite: 'Lax' },
  ]);
}
