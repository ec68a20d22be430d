// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { servedValues } from './servedValues';

function host(html: string): HTMLElement {
  const element = document.createElement('dc-test-form');
  element.innerHTML = html;
  return element;
}

describe('servedValues', () => {
  it('takes what was typed into the served form, by name; a checkbox gives whether it is checked', () => {
    const element = host('<form><input name="email" value="jana@example.de"><input name="password"><input type="checkbox" name="termsAccepted" checked></form>');
    expect(servedValues(element, { email: '', password: '', termsAccepted: false })).toEqual({ email: 'jana@example.de', password: '', termsAccepted: true });
  });

  it('keeps the initial value where the served form has no such control, or there is no form', () => {
    expect(servedValues(host('<form><input name="other" value="x"></form>'), { email: 'a' })).toEqual({ email: 'a' });
    expect(servedValues(host('<p>no form</p>'), { email: '' })).toEqual({ email: '' });
    expect(servedValues(undefined, { email: '' })).toEqual({ email: '' });
  });
});
