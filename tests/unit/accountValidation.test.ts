import { describe, expect, it } from 'vitest';
import { passwordRequirements } from '../../widgets/lib/accountValidation';
import { INPUT_MAX, PASSWORD_SPECIALS, signUpPasswordError } from '../../shared/validation';

const met = (password: string) =>
  Object.fromEntries(passwordRequirements(password).map((check) => [check.id, check.met]));

describe('passwordRequirements', () => {
  it('lists the five parts in order with their labels', () => {
    expect(passwordRequirements('').map((c) => c.id)).toEqual(['length', 'lowercase', 'uppercase', 'digit', 'special']);
    expect(passwordRequirements('')[0]!.label).toBe('At least 8 characters');
    expect(Object.values(met(''))).toEqual([false, false, false, false, false]);
  });

  it('counts code points for the length, without trimming', () => {
    expect(met('1234567').length).toBe(false);
    expect(met('12345678').length).toBe(true);
    expect(met('       x').length).toBe(true);
    expect(met('😀😀😀😀😀😀😀').length).toBe(false); // 7 characters, 14 UTF-16 units
  });

  it('recognises each class, letters of any script, and only the listed specials', () => {
    expect(met('ä')).toMatchObject({ lowercase: true, uppercase: false });
    expect(met('Ä')).toMatchObject({ lowercase: false, uppercase: true });
    expect(met('7').digit).toBe(true);
    for (const special of PASSWORD_SPECIALS) expect(met(special).special).toBe(true);
    for (const other of ['-', '_', ' ', '^', '(', '€']) expect(met(other).special).toBe(false);
  });

  it.each([
    'Mannheim#2025',
    'mannheim#2025',
    'MANNHEIM#2025',
    'Mannheim2025',
    'Mannheim#',
    'Aa1@',
    'Aa1@aaaa',
    'Ää1&xxxx',
    'Passwort 1!',
    'Pass-word_123',
    '😀😀Aa1#😀😀',
    '',
    'Aa1@' + 'x'.repeat(INPUT_MAX.password - 4),
  ])('agrees with signUpPasswordError for %j', (password) => {
    const allMet = passwordRequirements(password).every((check) => check.met);
    expect(allMet).toBe(signUpPasswordError(password) === '');
  });
});
