import { LIMITS } from './constants';
import { PASSWORD_SPECIALS, charCount } from './validation';

/**
 * The sign-up password rule of SPEC 5 split into the parts a person can tick off while typing
 * (the live checklist under the password field). `signUpPasswordError` in ./validation stays the
 * rule that decides; tests/unit/accountValidation.test.ts checks that the two always agree.
 */

export type PasswordRequirement = 'length' | 'lowercase' | 'uppercase' | 'digit' | 'special';

export interface PasswordRequirementCheck {
  id: PasswordRequirement;
  /** Short label for the checklist. */
  label: string;
  met: boolean;
}

const SPECIAL = new RegExp(`[${PASSWORD_SPECIALS}]`);

/** The labels, in checklist order. */
export const PASSWORD_REQUIREMENT_LABELS: Record<PasswordRequirement, string> = {
  length: `At least ${LIMITS.signUpPasswordMin} characters`,
  lowercase: 'A lowercase letter',
  uppercase: 'An uppercase letter',
  digit: 'A number',
  special: `A special character (${PASSWORD_SPECIALS.split('').join(' ')})`,
};

/** Which parts of the sign-up password rule `password` meets (not trimmed, code points counted). */
export function passwordRequirements(password: string): PasswordRequirementCheck[] {
  const met: Record<PasswordRequirement, boolean> = {
    length: charCount(password) >= LIMITS.signUpPasswordMin,
    lowercase: /\p{Ll}/u.test(password),
    uppercase: /\p{Lu}/u.test(password),
    digit: /[0-9]/.test(password),
    special: SPECIAL.test(password),
  };
  return (Object.keys(PASSWORD_REQUIREMENT_LABELS) as PasswordRequirement[]).map((id) => ({
    id,
    label: PASSWORD_REQUIREMENT_LABELS[id],
    met: met[id],
  }));
}
