import { COMPANY as company } from '../../shared/company';
import { PASSKEY_REAUTH_MS } from '../../shared/passkeys';
import type { RouteRateLimit } from '../api/routeRateLimit';

/**
 * Sign-in and session settings (server/config.ts reads them from the environment; reasons there).
 */
export interface AccountSettings {
  /** A session unused this long ends (DC_SESSION_IDLE_DAYS, default 7). */
  sessionIdleMs: number;
  /** A session ends this long after sign-in, used or not (DC_SESSION_ABSOLUTE_DAYS, default 30). */
  sessionAbsoluteMs: number;
  /** Failed sign-ins per account (DC_SIGN_IN_ACCOUNT_RATE_MAX / _WINDOW_S, default 5 per 900 s). */
  accountFailures: RouteRateLimit;
  /** Failed sign-ins per client IP (DC_SIGN_IN_IP_RATE_MAX / _WINDOW_S, default 20 per 900 s). */
  ipFailures: RouteRateLimit;
  /** SITE_URL: the origin of the links in account mails (default: siteUrl of site/_data/company.json). Never the request's Host. */
  siteUrl: string;
  /** A password-reset link works this long (1 h). */
  resetTtlMs: number;
  /** A verification link (sign-up, email change) works this long (24 h). */
  verificationTtlMs: number;
  /** Reset links asked for per address (DC_RESET_ACCOUNT_RATE_MAX / _WINDOW_S, default 3 per 900 s). */
  resetPerAccount: RouteRateLimit;
  /** Reset links asked for per client IP (DC_RESET_IP_RATE_MAX / _WINDOW_S, default 10 per 900 s). */
  resetPerIp: RouteRateLimit;
  /** Verification links re-sent per account (DC_VERIFY_RESEND_RATE_MAX / _WINDOW_S, default 3 per 900 s). */
  verificationResend: RouteRateLimit;
  /** Staff invitations sent per staff member (DC_STAFF_INVITE_RATE_MAX / _WINDOW_S, default 10 per 3600 s). */
  staffInvitations: RouteRateLimit;
  /** A sign-in this recent counts as re-authenticated for adding a passkey (PASSKEY_REAUTH_MS, 5 min; else the password). */
  passkeyReauthMs: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export const DEFAULT_ACCOUNT_SETTINGS: AccountSettings = {
  sessionIdleMs: 7 * DAY_MS,
  sessionAbsoluteMs: 30 * DAY_MS,
  accountFailures: { max: 5, timeWindowMs: 15 * 60_000 },
  ipFailures: { max: 20, timeWindowMs: 15 * 60_000 },
  siteUrl: company.siteUrl,
  resetTtlMs: 60 * 60_000,
  verificationTtlMs: DAY_MS,
  resetPerAccount: { max: 3, timeWindowMs: 15 * 60_000 },
  resetPerIp: { max: 10, timeWindowMs: 15 * 60_000 },
  verificationResend: { max: 3, timeWindowMs: 15 * 60_000 },
  staffInvitations: { max: 10, timeWindowMs: 60 * 60_000 },
  passkeyReauthMs: PASSKEY_REAUTH_MS,
};
export { DAY_MS };
