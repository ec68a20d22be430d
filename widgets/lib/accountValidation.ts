import { LIMITS } from '../../shared/constants';
import { PASSWORD_CLASSES, PASSWORD_SPECIALS, charCount } from '../../shared/validation';

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
    lowercase: PASSWORD_CLASSES.lowercase.test(password),
    uppercase: PASSWORD_CLASSES.uppercase.test(password),
    digit: PASSWORD_CLASSES.digit.test(password),
    special: PASSWORD_CLASSES.special.test(password),
  };
  return (Object.keys(PASSWORD_REQUIREMENT_LABELS) as PasswordRequirement[]).map((id) => ({
    id,
    label: PASSWORD_REQUIREMENT_LABELS[id],
    met: met[id],
  }));
}
