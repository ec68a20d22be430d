import { describe, expect, it } from 'vitest';
import { csvCell, contactRequestsCsv } from '../../server/contactRequests/csv';
import { contactFieldSpecs } from '../../shared/contactFields';
import { PHONE_HTML_PATTERN, contactFormHtml } from '../../shared/contactFormHtml';
import { escapeHtml } from '../../shared/escapeHtml';
import { HONEYPOT_FIELD, readContactRequestInput, validateContactRequest } from '../../shared/contactRequest';
import { phoneError } from '../../shared/validation';

describe('contact request input', () => {
  it('reads every field as a string, a missing variant as contact', () => {
    expect(readContactRequestInput({ name: 1, email: 'a@b.c', variant: ' Consultation ', [HONEYPOT_FIELD]: 'x', page: '/p' })).toEqual({
      values: { name: '', email: 'a@b.c', phone: '', message: '' },
      variant: 'consultation',
      honeypot: 'x',
      page: '/p',
    });
    expect(readContactRequestInput(null).variant).toBe('contact');
    expect(validateContactRequest(readContactRequestInput({ variant: 'x' })).variant).toMatch(/contact or consultation/);
  });
});

describe('CSV cells', () => {
  it('quotes everything, doubles quotes, neutralises formulas', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${start}1+1`)).toBe(`"'${start}1+1"`);
    expect(csvCell(null)).toBe('""');
    expect(csvCell(3)).toBe('"3"');
    expect(contactRequestsCsv([]).startsWith('\uFEFF"id"')).toBe(true);
  });
});

describe('the static form', () => {
  it('its phone pattern agrees with the shared phone rule', () => {
    const pattern = new RegExp(`^(?:${PHONE_HTML_PATTERN})$`, 'v');
    const samples = ['+49 621 4305 8870', '+49 (621) 4305-8870', '0621 1234', '0621 123 4567', '(0621) 123-4567', '062112', '06211', '0123', '00 49 621 1234', '0621234567890123', '06212345678901234', '0 +621 1234', '+', '', '1', '12345678901234567', '1234567890123456', '+0 621', '(+49) 621', '49-621-1234', 'abc', '+49 621 x'];
    for (const sample of samples) expect(pattern.test(sample), sample).toBe(sample.trim() !== '' && phoneError(sample) === '');
  });

  it('has the fields, labels, native constraints, honeypot and escapes values', () => {
    const html = contactFormHtml({ variant: 'consultation', values: { name: '"><script>x</script>' }, errors: { email: 'Please enter a valid email address' } });
    expect(html).toContain('method="post" action="/dc_api/wa_v1/contact"');
    expect(html).toContain('<label for="lf-message">What would you like to discuss?</label>');
    expect(html).toMatch(/<input id="lf-email" name="email" class="form-input" required aria-invalid="true" aria-describedby="lf-email-error" type="email"/);
    expect(html).toContain('minlength="2"');
    expect(html).toContain('minlength="10"');
    expect(html).toContain(`name="${HONEYPOT_FIELD}" tabindex="-1"`);
    expect(html).toContain(`value="${escapeHtml('"><script>x</script>')}"`);
    expect(html).not.toContain('<script>');
    expect(html).toContain('name="variant" value="consultation"');
  });
});

describe('the contact fields, described once', () => {
  it('the static form renders every field of the description with its label and attributes', () => {
    for (const variant of ['contact', 'consultation'] as const) {
      const html = contactFormHtml({ variant });
      for (const spec of contactFieldSpecs(variant)) {
        const control = new RegExp(`<(input|textarea) id="lf-${spec.field}" name="${spec.field}"[^>]*>`).exec(html)?.[0] ?? '';
        expect(html).toContain(`<label for="lf-${spec.field}">${escapeHtml(spec.label)}</label>`);
        expect(control).toContain(`placeholder="${escapeHtml(spec.placeholder)}"`);
        expect(control).toContain(`autocomplete="${spec.autoComplete}"`);
        if (spec.maxLength !== undefined) expect(control).toContain(`maxlength="${spec.maxLength}"`);
        else expect(control).not.toContain('maxlength');
        if (spec.minLength !== undefined) expect(control).toContain(`minlength="${spec.minLength}"`);
        if (spec.inputMode) expect(control).toContain(`inputmode="${spec.inputMode}"`);
        if (spec.hint) expect(html).toContain(escapeHtml(spec.hint));
      }
    }
  });
});

describe('privacy policy and contact request retention', () => {
  it('states the retention of form requests the server applies by default', async () => {
    const { loadConfig } = await import('../../server/config');
    const { readFileSync } = await import('node:fs');
    const text = readFileSync('site/_data/legal/privacy.json', 'utf8');
    expect(text).toContain(`deleted automatically ${loadConfig({}).contactRequests.retentionDays} days after we received it`);
    expect(text).toContain('We do not store your IP address with the request.');
    expect(text).toContain("forwarded from there by email to our team's inbox ({company.email})");
  });
});
