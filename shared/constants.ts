/**
 * Business constants of SPEC section 9: every interval and limit, once.
 * Widgets, server and tests import them from here.
 */
export const INTERVALS = {
  /** Home metrics card: highlighted item advances. */
  metricsMs: 3000,
  /** Home why-choose-us tabs advance. */
  whyChooseUsMs: 4000,
  /** Contact form simulated submit. */
  contactSubmitMs: 2000,
  /** Contact form sent state, then the form clears. */
  contactSentMs: 3000,
  /** Copy-link confirmations (blog, dashboards). */
  copyConfirmMs: 2000,
  /** Under-construction progress bar reaches its value after this delay. */
  progressDelayMs: 500,
  /** Sign-up success, then redirect to /sign_in. */
  signUpRedirectMs: 3000,
  /** Press simulated load before the real fetch. */
  pressLoadMs: 1000,
  /** Blog simulated load before the real fetch. */
  blogLoadMs: 500,
  /** Reset-password simulation. */
  resetSubmitMs: 2000,
  /** Reset-password warning toast. */
  resetToastMs: 3000,
} as const;

export const LIMITS = {
  nameMin: 2,
  messageMin: 10,
  signInPasswordMin: 6,
  signUpPasswordMin: 8,
  personNameMin: 2,
  phoneMaxDigits: 16,
  /** A national number (leading 0) has at least this many digits, the 0 included (DESIGN). */
  phoneNationalMinDigits: 6,
  blogSideListMax: 10,
} as const;

/** Under-construction progress target (SPEC 2.9). */
export const CONSTRUCTION_PROGRESS = 75;

/** Theme storage (SPEC 9). */
export const THEME_STORAGE_KEY = 'dc_theme';

/** Base path of the product's own API (SPEC 7). */
export const API_BASE = '/dc_api/wa_v1';
