import { describe, it, expect } from 'vitest';
import {
  FIRST_NAME_ENCODED_TEXT,
  LAST_NAME_ENCODED_TEXT,
  NAME_ENCODED_TEXT,
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  EMAIL_TOO_LONG,
  FIRST_NAME_TOO_LONG,
  FIRST_NAME_TOO_SHORT,
  INPUT_MAX,
  LAST_NAME_TOO_LONG,
  LAST_NAME_TOO_SHORT,
  MESSAGE_REQUIRED,
  MESSAGE_TOO_LONG,
  MESSAGE_TOO_SHORT,
  NAME_REQUIRED,
  NAME_TOO_LONG,
  NAME_TOO_SHORT,
  PASSWORDS_DO_NOT_MATCH,
  PASSWORD_REQUIRED,
  PASSWORD_TOO_LONG,
  PHONE_INVALID,
  PHONE_REQUIRED,
  SIGN_IN_PASSWORD_TOO_SHORT,
  SIGN_UP_FAILED,
  SIGN_UP_PASSWORD_TOO_SHORT,
  SIGN_UP_PASSWORD_WEAK,
  TERMS_NOT_ACCEPTED,
  charCount,
  contactFieldError,
  contactNameError,
  firstNameError,
  lastNameError,
  emailError,
  hasErrors,
  messageError,
  normalizePhone,
  phoneError,
  readSignUpValues,
  signInPasswordError,
  signUpEmailError,
  signUpErrorMessage,
  signUpFieldError,
  signUpPasswordError,
  validateContact,
  validateReset,
  validateSignIn,
  validateSignUp,
  type ContactValues,
  type SignUpValues,
} from '../../shared/validation';
import { ApiError } from '../../widgets/sign-up-form/apiClient';
import { signUpBody } from '../support/signUp';

const validContact: ContactValues = {
  name: 'Jana Weber',
  email: 'jana.weber@example.de',
  phone: '+49 621 1234567',
  message: 'We would like to talk about a Power BI rollout.',
};

const validSignUp: SignUpValues = signUpBody('jana.weber@example.de');

describe('messages (SPEC 8, exact strings)', () => {
  it('states the maximum lengths in their messages', () => {
    expect(EMAIL_TOO_LONG).toContain('254');
    expect(PASSWORD_TOO_LONG).toContain(String(INPUT_MAX.password));
    expect(NAME_TOO_LONG).toContain(String(INPUT_MAX.name));
    expect(FIRST_NAME_TOO_LONG).toMatch(/^First name/);
    expect(LAST_NAME_TOO_LONG).toMatch(/^Last name/);
  });
});

describe('charCount', () => {
  it('counts code points, not UTF-16 units', () => {
    expect(charCount('')).toBe(0);
    expect(charCount('ab')).toBe(2);
    expect(charCount('😀')).toBe(1);
    expect('😀'.length).toBe(2);
  });
});

describe('email rule (one for every form)', () => {
  it('requires a value, spaces alone count as empty', () => {
    expect(emailError('')).toBe(EMAIL_REQUIRED);
    expect(emailError('   ')).toBe(EMAIL_REQUIRED);
  });

  it('accepts text@text.text', () => {
    expect(emailError('a@b.c')).toBe('');
    expect(emailError('jana.weber+news@data-clarity.example.de')).toBe('');
  });

  it('ignores surrounding spaces but refuses inner spaces', () => {
    expect(emailError('  jana@example.de ')).toBe('');
    expect(emailError('jana weber@example.de')).toBe(EMAIL_INVALID);
    expect(emailError('jana@exam ple.de')).toBe(EMAIL_INVALID);
    expect(emailError('jana@example.d e')).toBe(EMAIL_INVALID);
    expect(emailError('jana@example.de\tx')).toBe(EMAIL_INVALID);
  });

  it('refuses a missing part, a missing dot or a second at sign', () => {
    for (const bad of ['jana', 'jana@', '@example.de', 'jana@example', 'jana@example.', 'jana@.de', 'a@b@c.de']) {
      expect(emailError(bad), bad).toBe(EMAIL_INVALID);
    }
  });

  it('accepts 254 characters and refuses 255', () => {
    const at254 = `${'a'.repeat(64)}@${'b'.repeat(186)}.de`;
    expect(at254.length).toBe(254);
    expect(emailError(at254)).toBe('');
    expect(emailError(`a${at254}`)).toBe(EMAIL_TOO_LONG);
  });

});

describe('contact form', () => {
  it('name: required, 2 characters after trimming, at most 100', () => {
    expect(contactNameError('')).toBe(NAME_REQUIRED);
    expect(contactNameError('   ')).toBe(NAME_REQUIRED);
    expect(contactNameError('J')).toBe(NAME_TOO_SHORT);
    expect(contactNameError(' J ')).toBe(NAME_TOO_SHORT);
    expect(contactNameError('Jo')).toBe('');
    expect(contactNameError('  Jo  ')).toBe('');
    expect(contactNameError('x'.repeat(100))).toBe('');
    expect(contactNameError('x'.repeat(101))).toBe(NAME_TOO_LONG);
  });

  it('phone: required', () => {
    expect(phoneError('')).toBe(PHONE_REQUIRED);
    expect(phoneError('  ')).toBe(PHONE_REQUIRED);
  });

  it('phone: accepts +, spaces, hyphens and parentheses', () => {
    expect(phoneError('+49 621 1234567')).toBe('');
    expect(phoneError('+49 (621) 123-4567')).toBe('');
    expect(phoneError('49-621-1234567')).toBe('');
    expect(phoneError('(621) 1234567')).toBe('');
    expect(normalizePhone('+49 (621) 123-4567')).toBe('+496211234567');
  });

  it('phone: accepts a national number (0, then 1-9, at least 6 digits, at most 16)', () => {
    expect(phoneError('0621 123 4567')).toBe('');
    expect(phoneError('(0621) 123-4567')).toBe('');
    expect(phoneError('0 6 2 1 1 2')).toBe('');
    expect(phoneError('062112')).toBe('');
    expect(phoneError('06211')).toBe(PHONE_INVALID);
    expect(phoneError('0123')).toBe(PHONE_INVALID);
    expect(phoneError('0')).toBe(PHONE_INVALID);
    expect(phoneError('0621234567890123')).toBe('');
    expect(phoneError('06212345678901234')).toBe(PHONE_INVALID);
  });

  it('phone: refuses 0 then 0, a + before a 0, a lone +, letters, a + not in front', () => {
    expect(phoneError('00 49 621 1234567')).toBe(PHONE_INVALID);
    expect(phoneError('0 0621 1234567')).toBe(PHONE_INVALID);
    expect(phoneError('+0621 1234567')).toBe(PHONE_INVALID);
    expect(phoneError('0+621 1234567')).toBe(PHONE_INVALID);
    expect(phoneError('+')).toBe(PHONE_INVALID);
    expect(phoneError('()')).toBe(PHONE_INVALID);
    expect(phoneError('621 CALL NOW')).toBe(PHONE_INVALID);
    expect(phoneError('49+621')).toBe(PHONE_INVALID);
    expect(phoneError('++49621')).toBe(PHONE_INVALID);
    expect(phoneError('621.123.4567')).toBe(PHONE_INVALID);
  });

  it('phone: a single digit 1-9 is enough, 16 digits pass, 17 do not', () => {
    expect(phoneError('1')).toBe('');
    expect(phoneError('1234567890123456')).toBe('');
    expect(phoneError('+1234 5678 9012 3456')).toBe('');
    expect(phoneError('12345678901234567')).toBe(PHONE_INVALID);
    expect(phoneError('+1234 5678 9012 34567')).toBe(PHONE_INVALID);
  });

  it('message: required, 10 characters after trimming, at most 5000', () => {
    expect(messageError('')).toBe(MESSAGE_REQUIRED);
    expect(messageError('  \n ')).toBe(MESSAGE_REQUIRED);
    expect(messageError('123456789')).toBe(MESSAGE_TOO_SHORT);
    expect(messageError('  123456789   ')).toBe(MESSAGE_TOO_SHORT);
    expect(messageError('1234567890')).toBe('');
    expect(messageError('x'.repeat(INPUT_MAX.message))).toBe('');
    expect(messageError('x'.repeat(INPUT_MAX.message + 1))).toBe(MESSAGE_TOO_LONG);
  });

  it('validateContact returns only the fields in error', () => {
    expect(validateContact(validContact)).toEqual({});
    expect(hasErrors(validateContact(validContact))).toBe(false);
    const errors = validateContact({ name: 'J', email: 'jana@', phone: '', message: 'Hi' });
    expect(errors).toEqual({
      name: NAME_TOO_SHORT,
      email: EMAIL_INVALID,
      phone: PHONE_REQUIRED,
      message: MESSAGE_TOO_SHORT,
    });
    expect(hasErrors(errors)).toBe(true);
    expect(validateContact({ ...validContact, email: '' })).toEqual({ email: EMAIL_REQUIRED });
  });

  it('contactFieldError checks one field (on blur)', () => {
    const values = { ...validContact, phone: '0123' };
    expect(contactFieldError('phone', values)).toBe(PHONE_INVALID);
    expect(contactFieldError('name', values)).toBe('');
  });
});

describe('sign-in form', () => {
  it('password: required, 6 characters, never trimmed, at most 128', () => {
    expect(signInPasswordError('')).toBe(PASSWORD_REQUIRED);
    expect(signInPasswordError('12345')).toBe(SIGN_IN_PASSWORD_TOO_SHORT);
    expect(signInPasswordError('123456')).toBe('');
    expect(signInPasswordError('      ')).toBe('');
    expect(signInPasswordError('x'.repeat(128))).toBe('');
    expect(signInPasswordError('x'.repeat(129))).toBe(PASSWORD_TOO_LONG);
  });

  it('validateSignIn uses the shared email rule', () => {
    expect(validateSignIn({ email: 'jana@example.de', password: 'secret' })).toEqual({});
    expect(validateSignIn({ email: '', password: '' })).toEqual({
      email: EMAIL_REQUIRED,
      password: PASSWORD_REQUIRED,
    });
    expect(validateSignIn({ email: 'jana @example.de', password: '12345' })).toEqual({
      email: EMAIL_INVALID,
      password: SIGN_IN_PASSWORD_TOO_SHORT,
    });
  });
});

describe('sign-up form', () => {
  it('accepts a complete, valid form', () => {
    expect(validateSignUp(validSignUp)).toEqual({});
  });

  it('names: required and 2 characters after trimming, at most 100', () => {
    const check = (firstName: string, lastName: string) => validateSignUp({ ...validSignUp, firstName, lastName });
    expect(check('', '')).toEqual({ firstName: FIRST_NAME_TOO_SHORT, lastName: LAST_NAME_TOO_SHORT });
    expect(check(' J ', 'W  ')).toEqual({ firstName: FIRST_NAME_TOO_SHORT, lastName: LAST_NAME_TOO_SHORT });
    expect(check(' Jo ', 'We')).toEqual({});
    expect(check('x'.repeat(100), 'y'.repeat(100))).toEqual({});
    expect(check('x'.repeat(101), 'y'.repeat(101))).toEqual({
      firstName: FIRST_NAME_TOO_LONG,
      lastName: LAST_NAME_TOO_LONG,
    });
  });

  it('email: an empty address gets the "valid address" message (no "required" in SPEC 8)', () => {
    expect(signUpEmailError('')).toBe(EMAIL_INVALID);
    expect(signUpEmailError('jana@example')).toBe(EMAIL_INVALID);
    expect(signUpEmailError('jana @example.de')).toBe(EMAIL_INVALID);
    expect(signUpEmailError('jana@example.de')).toBe('');
    expect(signUpEmailError(`${'a'.repeat(250)}@b.de`)).toBe(EMAIL_TOO_LONG);
  });

  it('password: 7 vs 8 characters', () => {
    expect(signUpPasswordError('')).toBe(SIGN_UP_PASSWORD_TOO_SHORT);
    expect(signUpPasswordError('Ab1@xyz')).toBe(SIGN_UP_PASSWORD_TOO_SHORT);
    expect(signUpPasswordError('Ab1@wxyz')).toBe('');
  });

  it('password: each missing class is refused', () => {
    expect(signUpPasswordError('ABCDEF1@')).toBe(SIGN_UP_PASSWORD_WEAK); // no lowercase
    expect(signUpPasswordError('abcdef1@')).toBe(SIGN_UP_PASSWORD_WEAK); // no uppercase
    expect(signUpPasswordError('Abcdefg@')).toBe(SIGN_UP_PASSWORD_WEAK); // no digit
    expect(signUpPasswordError('Abcdefg1')).toBe(SIGN_UP_PASSWORD_WEAK); // no special
  });

  it('password: every special of @$!%*?&# counts, other symbols do not', () => {
    for (const special of '@$!%*?&#') {
      expect(signUpPasswordError(`Abcdef1${special}`), special).toBe('');
    }
    for (const other of ['-', '_', ' ', '^', '+', '.']) {
      expect(signUpPasswordError(`Abcdef1${other}`), other).toBe(SIGN_UP_PASSWORD_WEAK);
    }
    // Other characters are allowed next to a real special one.
    expect(signUpPasswordError('Über-Passwort 1#')).toBe('');
  });

  it('password: 64 and 128 characters are accepted, 129 are not', () => {
    const base = 'Aa1#';
    expect(signUpPasswordError(base + 'x'.repeat(60))).toBe('');
    expect(signUpPasswordError(base + 'x'.repeat(124))).toBe('');
    expect(signUpPasswordError(base + 'x'.repeat(125))).toBe(PASSWORD_TOO_LONG);
  });

  it('confirmPassword must equal the password exactly', () => {
    expect(signUpFieldError('confirmPassword', { ...validSignUp, confirmPassword: 'Mannheim#2026' })).toBe(
      PASSWORDS_DO_NOT_MATCH,
    );
    expect(signUpFieldError('confirmPassword', { ...validSignUp, confirmPassword: 'Mannheim#2025 ' })).toBe(
      PASSWORDS_DO_NOT_MATCH,
    );
    expect(signUpFieldError('confirmPassword', { ...validSignUp, confirmPassword: '' })).toBe(PASSWORDS_DO_NOT_MATCH);
    expect(signUpFieldError('confirmPassword', validSignUp)).toBe('');
  });

  it('terms must be accepted', () => {
    expect(validateSignUp({ ...validSignUp, termsAccepted: false })).toEqual({ termsAccepted: TERMS_NOT_ACCEPTED });
  });

  it('reports every bad field at once', () => {
    expect(
      Object.keys(
        validateSignUp({
          firstName: '',
          lastName: '',
          email: '',
          password: 'short',
          confirmPassword: 'other',
          termsAccepted: false,
        }),
      ).sort(),
    ).toEqual(['confirmPassword', 'email', 'firstName', 'lastName', 'password', 'termsAccepted']);
  });
});

describe('readSignUpValues (untrusted server input)', () => {
  it('copies well-typed fields', () => {
    expect(readSignUpValues({ ...validSignUp, extra: 'ignored' })).toEqual(validSignUp);
  });

  it('turns missing or wrongly typed fields into values that fail validation', () => {
    const values = readSignUpValues({ firstName: 42, email: ['a@b.de'], termsAccepted: 'true' });
    expect(values).toEqual({
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      confirmPassword: '',
      termsAccepted: false,
    });
    expect(hasErrors(validateSignUp(values))).toBe(true);
    expect(readSignUpValues(null).termsAccepted).toBe(false);
    expect(readSignUpValues('text').email).toBe('');
  });
});

describe('reset password', () => {
  it('requires a valid email without spaces', () => {
    expect(validateReset({ email: '' })).toEqual({ email: EMAIL_REQUIRED });
    expect(validateReset({ email: 'jana@example' })).toEqual({ email: EMAIL_INVALID });
    expect(validateReset({ email: 'ja na@example.de' })).toEqual({ email: EMAIL_INVALID });
    expect(validateReset({ email: 'jana@example.de' })).toEqual({});
  });
});

describe('signUpErrorMessage', () => {
  it("prefers the server's data.message", () => {
    expect(signUpErrorMessage(new ApiError(409, 'HTTP 409', { message: 'An account with this email already exists.' }))).toBe(
      'An account with this email already exists.',
    );
    expect(signUpErrorMessage({ data: { message: 'From server' }, message: 'Own' })).toBe('From server');
  });

  it("falls back to the error's own message", () => {
    expect(signUpErrorMessage(new Error('Network down'))).toBe('Network down');
    expect(signUpErrorMessage({ data: { message: '' }, message: 'Own' })).toBe('Own');
    expect(signUpErrorMessage({ data: 'text body', message: 'Own' })).toBe('Own');
  });

  it('falls back to the fixed text', () => {
    expect(signUpErrorMessage(undefined)).toBe(SIGN_UP_FAILED);
    expect(signUpErrorMessage(null)).toBe(SIGN_UP_FAILED);
    expect(signUpErrorMessage('boom')).toBe(SIGN_UP_FAILED);
    expect(signUpErrorMessage({})).toBe(SIGN_UP_FAILED);
    expect(signUpErrorMessage(new Error(''))).toBe(SIGN_UP_FAILED);
    expect(signUpErrorMessage({ data: { message: 7 }, message: '  ' })).toBe(SIGN_UP_FAILED);
  });
});

describe('contact form rules at their edges (issue 8)', () => {
  it('name: 1 vs 2 characters after trimming, counted as a person counts them', () => {
    expect(contactNameError('A')).toBe(NAME_TOO_SHORT);
    expect(contactNameError('\t A \n')).toBe(NAME_TOO_SHORT);
    expect(contactNameError('Al')).toBe('');
    expect(contactNameError('\t Al \n')).toBe('');
    expect(contactNameError('A l')).toBe(''); // an inner space counts
    expect(contactNameError('李')).toBe(NAME_TOO_SHORT);
    expect(contactNameError('李明')).toBe('');
    expect(contactNameError('😀')).toBe(NAME_TOO_SHORT); // two UTF-16 units, one character
  });

  it('email: spaces inside are invalid, spaces around are ignored', () => {
    expect(emailError(' ')).toBe(EMAIL_REQUIRED);
    expect(emailError('jana @example.de')).toBe(EMAIL_INVALID);
    expect(emailError('jana@ example.de')).toBe(EMAIL_INVALID);
    expect(emailError('jana@example .de')).toBe(EMAIL_INVALID);
    expect(emailError('jana@example.de ')).toBe('');
    expect(emailError(' jana@example.de')).toBe('');
    expect(emailError('jana@exam\u00a0ple.de')).toBe(EMAIL_INVALID); // a no-break space is a space too
  });

  it('phone: +, spaces, hyphens and parentheses are allowed, in any mix', () => {
    expect(phoneError('+49 621 4305 8870')).toBe('');
    expect(phoneError('+49-621-4305-8870')).toBe('');
    expect(phoneError('+49 (0)621 4305 8870')).toBe(''); // '(0)' leaves '+490621…': first digit 4
    expect(phoneError('(+49) 621 43058870')).toBe(''); // brackets removed first, then '+' leads
    expect(phoneError(' +4962143058870 ')).toBe('');
  });

  it('phone: a leading 0 is valid only as a national number (then 1-9), never after +', () => {
    expect(phoneError('0')).toBe(PHONE_INVALID);
    expect(phoneError('0049 621 43058870')).toBe(PHONE_INVALID);
    expect(phoneError('+0 621')).toBe(PHONE_INVALID);
    expect(phoneError('(0621) 43058870')).toBe('');
  });

  it('phone: 16 digits pass and 17 fail, with or without + and separators', () => {
    const sixteen = '1234567890123456';
    expect(phoneError(sixteen)).toBe('');
    expect(phoneError(`+${sixteen}`)).toBe('');
    expect(phoneError('+12 (345) 678-901 234-56')).toBe('');
    expect(phoneError(`${sixteen}7`)).toBe(PHONE_INVALID);
    expect(phoneError(`+${sixteen}7`)).toBe(PHONE_INVALID);
    expect(phoneError('+12 (345) 678-901 234-567')).toBe(PHONE_INVALID);
  });

  it('phone: other separators or characters are invalid', () => {
    for (const bad of ['+49/621/43058870', '+49.621.43058870', '+49 621 4305 887x', '+49_621', '49 621 +4305']) {
      expect(phoneError(bad), bad).toBe(PHONE_INVALID);
    }
    expect(phoneError('+ 49 621')).toBe(''); // a space after the plus is removed like any other
  });

  it('message: 9 vs 10 characters after trimming', () => {
    expect(messageError('123456789')).toBe(MESSAGE_TOO_SHORT);
    expect(messageError('\n123456789\n\n')).toBe(MESSAGE_TOO_SHORT);
    expect(messageError('1234567890')).toBe('');
    expect(messageError('12345 7890')).toBe(''); // inner spaces count
    expect(messageError('😀'.repeat(9))).toBe(MESSAGE_TOO_SHORT);
    expect(messageError('😀'.repeat(10))).toBe('');
  });
});

describe('control and invisible characters in names and emails (issue 15)', () => {
  const smuggled = [
    '\u0000', // NUL
    '\u0007', // BEL
    '\u001b', // ESC
    '\u007f', // DEL
    '\u0085', // NEL (C1)
    '\u009b', // CSI (C1)
    '\u200b', // zero-width space
    '\u202e', // right-to-left override
    '\u2066', // left-to-right isolate
    '\u2060', // word joiner
    '\ufeff', // BOM inside the text
    '\u00ad', // soft hyphen
    '\u2028', // line separator
    '\u{e0041}', // tag character
    '\ud800', // lone surrogate
  ];

  it.each(smuggled.map((c) => [JSON.stringify(c), c]))('refuses %s inside every name with its SPEC 8 message', (_label, c) => {
    expect(firstNameError(`Ja${c}na`)).toBe(FIRST_NAME_TOO_SHORT);
    expect(lastNameError(`We${c}ber`)).toBe(LAST_NAME_TOO_SHORT);
    expect(contactNameError(`Ja${c}na`)).toBe(NAME_TOO_SHORT);
  });

  it.each(smuggled.map((c) => [JSON.stringify(c), c]))('refuses %s inside every email with its SPEC 8 message', (_label, c) => {
    expect(emailError(`nul${c}@example.com`)).toBe(EMAIL_INVALID);
    expect(signUpEmailError(`x@y.co${c}<script>`)).toBe(EMAIL_INVALID);
    expect(emailError(`x@exa${c}mple.com`)).toBe(EMAIL_INVALID);
  });

  it('refuses the reported values', () => {
    expect(signUpEmailError('nul\u0000@example.com')).toBe(EMAIL_INVALID);
    expect(signUpEmailError('x@y.co\u0000<script>')).toBe(EMAIL_INVALID);
    expect(validateSignUp({ firstName: 'A\u0000B', lastName: 'Weber', email: 'a@b.co', password: 'Mannheim#2025', confirmPassword: 'Mannheim#2025', termsAccepted: true })).toEqual({ firstName: FIRST_NAME_TOO_SHORT });
  });

  it('keeps names that need ZWNJ/ZWJ, accents and any script, and ignores surrounding whitespace', () => {
    expect(firstNameError('\u0645\u06cc\u200c\u0631\u0632\u0627')).toBe(''); // Persian with ZWNJ
    expect(lastNameError('\u0915\u094d\u200d\u0937')).toBe(''); // Devanagari with ZWJ
    expect(firstNameError('Zoë-Ångström')).toBe('');
    expect(contactNameError('  Jana Weber\t')).toBe('');
    expect(emailError(' jana@example.de\n')).toBe('');
    expect(emailError('ja\u200dna@example.de')).toBe(EMAIL_INVALID);
  });
});

describe('RFC 2047 encoded words in every field that reaches a mail header (issue 35)', () => {
  const encoded = [
    '=?UTF-8?B?4oCuZmRwLmV4ZQ==?=', // U+202E "fdp.exe": a reversed file name once decoded
    '=?utf-8?q?Jana=0D=0ABcc=3A_x=40y=2Ez?=', // CR/LF in the subject once decoded
    '=?ISO-8859-1?Q?J=F6rg?=',
    '=?UTF-8*en?B?SmFuYQ==?=', // RFC 2231 language tag
    '=??B??=',
  ];

  it.each(encoded.map((word) => [word]))('refuses %s in every name with a message naming the field', (word) => {
    expect(contactNameError(`Jana ${word}`)).toBe(NAME_ENCODED_TEXT);
    expect(contactNameError(word)).toBe(NAME_ENCODED_TEXT);
    expect(firstNameError(`${word} Jana`)).toBe(FIRST_NAME_ENCODED_TEXT);
    expect(lastNameError(word)).toBe(LAST_NAME_ENCODED_TEXT);
  });

  it.each(encoded.map((word) => [word]))('refuses %s in an email address', (word) => {
    expect(emailError(`${word}@example.de`)).toBe(EMAIL_INVALID);
    expect(signUpEmailError(`jana@${word}.de`)).toBe(EMAIL_INVALID);
  });

  it('keeps names with "=" or "?" that are not an encoded word', () => {
    expect(contactNameError('Jana = Weber?')).toBe('');
    expect(contactNameError('Who? =Jana')).toBe('');
    expect(firstNameError('Jana=?')).toBe('');
    expect(lastNameError('?=Weber')).toBe('');
    expect(emailError('jana=weber?@example.de')).toBe('');
  });
});
