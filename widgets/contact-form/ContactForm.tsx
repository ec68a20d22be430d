import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { INTERVALS } from '../../shared/constants';
import { emit, hostOf, type ElementProps } from '../lib/defineElement';
import {
  contactFieldError,
  hasErrors,
  validateContact,
  type ContactErrors,
  type ContactField,
  type ContactValues,
} from '../../shared/validation';
import { contactFieldSpecs } from '../../shared/contactFields';
import { COMPANY_EMAIL, CONTACT_FIELDS, HONEYPOT_FIELD, VARIANT_TEXT, sendFailureMessage } from '../../shared/contactRequest';
import {
  EMPTY_CONTACT,
  buttonText,
  firstInvalidField,
  parseHeadingLevel,
  parseVariant,
  submittedValues,
  textOr,
  type FormStatus,
} from './formModel';
import { defaultEndpoint, newIdempotencyKey, sendContactRequest } from './sendContactRequest';
import type { DcContactFormAttributes } from './attributes';

/** Where a form without `action` sends: the contact endpoint of the site this script came from. */
const DEFAULT_ENDPOINT = defaultEndpoint(import.meta.url);

/** The attributes of <dc-contact-form> (attributes.ts, written from api.json) and r2wc's container. */
export type ContactFormProps = ElementProps & DcContactFormAttributes;

/** The `dc-submit` (and legacy `submit`) event's detail: the form values, trimmed. */
export type ContactSubmitDetail = ContactValues;

/** How long a pointer press on the submit button lets the blur check of the field wait for the submit. */
const POINTER_GRACE_MS = 1000;

/** The static (no-JavaScript) form of the site's pages, in the element's light DOM. */
function staticForm(container: ContactFormProps['container']): HTMLFormElement | null {
  const host = hostOf(container);
  return host && host !== (container as unknown) ? host.querySelector<HTMLFormElement>(':scope > form.lead-form') : null;
}

/** Values typed into the static form before the element took over: kept. */
function lightDomValues(container: ContactFormProps['container']): ContactValues {
  const values = { ...EMPTY_CONTACT };
  const form = staticForm(container);
  if (!form) return values;
  for (const field of CONTACT_FIELDS) {
    const control = form.elements.namedItem(field);
    if (control && 'value' in control && typeof control.value === 'string') values[field] = control.value;
  }
  return values;
}

/** The field of the static form that has focus, with its selection where the control has one. */
function servedFocus(form: HTMLFormElement): { field: ContactField; selection: [number, number] | null } | null {
  const active = form.ownerDocument.activeElement;
  if (!(active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) || !form.contains(active)) return null;
  const field = CONTACT_FIELDS.find((name) => name === active.name);
  if (!field) return null;
  let selection: [number, number] | null = null;
  try {
    if (active.selectionStart !== null && active.selectionEnd !== null) selection = [active.selectionStart, active.selectionEnd];
  } catch {
    selection = null;
  }
  return { field, selection };
}

const warned = new Set<string>();
function warnOnce(message: string | undefined): void {
  if (!message || warned.has(message)) return;
  warned.add(message);
  console.warn(`<dc-contact-form>: ${message}`);
}

function ErrorIcon() {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true">
      <circle cx="10" cy="10" r="8" />
      <path d="M10 6v4.5M10 13.5v.01" />
    </svg>
  );
}

/**
 * <dc-contact-form>: the contact form of SPEC 2.7 with the SPEC 5 rules and SPEC 8 messages.
 * Each field is checked when it loses focus and all of them on submit; a field's error clears as
 * soon as it is typed in; a blocked submit moves focus to the first invalid field. A valid submit
 * fires `dc-submit` and the legacy `submit` (detail: the trimmed values, both cancelable).
 * The values are POSTed (./sendContactRequest) to `action`, or without it to the contact endpoint of the site
 * the script came from (3.0.0); 'Processing...' lasts until the answer and at least 2 s;
 * '✓ Message Sent!' only after a 201; a refusal shows the server's messages on their fields, any
 * other failure a message with the company's address, and every typed value stays. A listener that
 * cancels `dc-submit` takes the values over: nothing is sent, and the form shows 'Processing...'
 * for 2 s, '✓ Message Sent!' for 3 s and clears (the partner's handler has the contact request).
 */
export function ContactForm({ container, variant, heading, headingLevel, submitLabel, action, contactEmail }: ContactFormProps) {
  const parsedVariant = parseVariant(variant);
  const parsedLevel = parseHeadingLevel(headingLevel);
  warnOnce(parsedVariant.warning);
  warnOnce(parsedLevel.warning);
  const text = VARIANT_TEXT[parsedVariant.value];
  const headingText = textOr(heading, text.heading);
  const idleButton = textOr(submitLabel, text.submit);
  const Heading = `h${parsedLevel.value}` as 'h2';

  const endpoint = (action ?? '').trim() || DEFAULT_ENDPOINT;
  const failureEmail = textOr(contactEmail, COMPANY_EMAIL);
  const [values, setValues] = useState<ContactValues>(() => lightDomValues(container));
  const [failure, setFailure] = useState('');
  const [honeypot, setHoneypot] = useState('');
  const [errors, setErrors] = useState<ContactErrors>({});
  const [status, setStatus] = useState<FormStatus>('idle');
  const [focusField, setFocusField] = useState<{ field: ContactField } | null>(null);
  const inputs = useRef<Partial<Record<ContactField, HTMLInputElement | HTMLTextAreaElement | null>>>({});

  const fields = useMemo(() => contactFieldSpecs(parsedVariant.value), [parsedVariant.value]);

  // A submission a `dc-submit` listener took over (processing 2 s, sent 3 s, then a cleared form).
  // The timers start in the submit handler itself, so the states last exactly their intervals.
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
  /** The sent state for 3 s, then a cleared form. */
  const showSent = () => {
    setStatus('sent');
    timer.current = setTimeout(() => {
      timer.current = null;
      setValues({ ...EMPTY_CONTACT });
      setErrors({});
      setStatus('idle');
    }, INTERVALS.contactSentMs);
  };
  const startHandedOver = () => {
    setStatus('processing');
    timer.current = setTimeout(showSent, INTERVALS.contactSubmitMs);
  };

  // One key per submission: a retry of the same values after a timeout or a network error reuses
  // it, so the server stores the contact request once.
  const submission = useRef<{ key: string; values: string } | null>(null);
  const startSend = async (detail: ContactValues) => {
    setStatus('processing');
    setFailure('');
    const snapshot = JSON.stringify(detail);
    if (submission.current?.values !== snapshot) submission.current = { key: newIdempotencyKey(), values: snapshot };
    const minimum = new Promise<void>((resolve) => {
      timer.current = setTimeout(resolve, INTERVALS.contactSubmitMs);
    });
    const page = typeof location !== 'undefined' ? `${location.origin}${location.pathname}` : '';
    const [outcome] = await Promise.all([
      sendContactRequest(endpoint, { ...detail, variant: parsedVariant.value, [HONEYPOT_FIELD]: honeypot, page }, { idempotencyKey: submission.current.key }),
      minimum,
    ]);
    timer.current = null;
    if (!mounted.current) return;
    if (outcome.kind === 'sent') {
      submission.current = null;
      showSent();
      return;
    }
    setStatus('idle');
    if (outcome.kind === 'invalid') {
      const { variant: variantError, ...fieldErrors } = outcome.errors;
      setErrors(fieldErrors);
      if (variantError) setFailure(variantError);
      const first = firstInvalidField(fieldErrors);
      if (first) setFocusField({ field: first });
      return;
    }
    setFailure(sendFailureMessage(outcome.reason, failureEmail));
  };

  // The static form has handed its values over: it goes, so the page has one form with these labels.
  // A visitor typing in it keeps typing in the same field of the element, at the same place (issue 34).
  useLayoutEffect(() => {
    const form = staticForm(container);
    if (!form) return;
    const typing = servedFocus(form);
    form.remove();
    if (!typing) return;
    const input = inputs.current[typing.field];
    input?.focus();
    try {
      if (typing.selection) input?.setSelectionRange(typing.selection[0], typing.selection[1]);
    } catch {
      // type="email" has no selection API: the caret stays where focus() put it (the end).
    }
  }, [container]);

  // Focus after the render that set aria-invalid (layout effect: before paint, no frame wait), so
  // the field is announced together with its error.
  useLayoutEffect(() => {
    if (focusField) inputs.current[focusField.field]?.focus();
  }, [focusField]);

  const busy = status !== 'idle';

  const onInput = (field: ContactField, value: string) => {
    if (failure) setFailure('');
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => {
      if (!previous[field]) return previous;
      const next = { ...previous };
      delete next[field];
      return next;
    });
  };

  const submitButton = useRef<HTMLButtonElement | null>(null);
  const pointerPress = useRef(0);
  const onBlur = (field: ContactField, value: string, next: EventTarget | null) => {
    // A pointer press on the submit button: the submit checks every field anyway, and an error
    // appearing now would push the button away from under the pointer before the click lands.
    // Tabbing to the button is no such press: the field is checked as it loses focus (SPEC 5).
    const pressed = Date.now() - pointerPress.current < POINTER_GRACE_MS;
    pointerPress.current = 0;
    if (busy || (pressed && next !== null && next === submitButton.current)) return;
    const message = contactFieldError(field, { ...values, [field]: value });
    setErrors((previous) => {
      if ((previous[field] ?? '') === message) return previous;
      const next = { ...previous };
      if (message) next[field] = message;
      else delete next[field];
      return next;
    });
  };

  const onSubmit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (busy) return;
    const found = validateContact(values);
    if (hasErrors(found)) {
      setErrors(found);
      const first = firstInvalidField(found);
      if (first) setFocusField({ field: first });
      return;
    }
    setErrors({});
    const detail: ContactSubmitDetail = submittedValues(values);
    const host = hostOf(container);
    // Both events are cancelable; `submit` is the deprecated name (it collides with the native
    // form event). A listener that calls preventDefault() takes over: nothing is sent, and the
    // states acknowledge the hand-over. No personal data is logged.
    const goOnNew = host ? emit<ContactSubmitDetail>(host, 'dc-submit', detail, { cancelable: true }) : true;
    const goOnLegacy = host ? emit<ContactSubmitDetail>(host, 'submit', detail, { cancelable: true }) : true;
    if (!(goOnNew && goOnLegacy)) {
      console.info(`<dc-contact-form> ${parsedVariant.value} form handed to a dc-submit listener (the element sent nothing).`);
      startHandedOver();
      return;
    }
    void startSend(detail);
  };

  const announcement = status === 'processing' ? 'Processing...' : status === 'sent' ? text.sentAnnouncement : '';

  return (
    <section className="cf" part="card" aria-labelledby="cf-heading" data-variant={parsedVariant.value}>
      <Heading id="cf-heading" className="cf-heading" part="heading">
        {headingText}
      </Heading>
      <p className="cf-intro">{text.intro}</p>
      <form className="cf-form" noValidate onSubmit={onSubmit} aria-labelledby="cf-heading" aria-busy={busy ? 'true' : 'false'}>
        {fields.map((spec) => {
          const { field } = spec;
          const id = `cf-${field}`;
          const error = errors[field] ?? '';
          const describedBy = [spec.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
          const common = {
            id,
            name: field,
            className: 'input',
            value: values[field],
            placeholder: spec.placeholder,
            autoComplete: spec.autoComplete,
            minLength: spec.minLength,
            maxLength: spec.maxLength,
            required: true,
            readOnly: busy,
            'aria-invalid': Boolean(error),
            'aria-describedby': describedBy || undefined,
            ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => {
              inputs.current[field] = element;
            },
            onInput: (event: { currentTarget: { value: string } }) => onInput(field, event.currentTarget.value),
            onBlur: (event: { currentTarget: { value: string }; relatedTarget: EventTarget | null }) =>
              onBlur(field, event.currentTarget.value, event.relatedTarget),
          };
          return (
            <div className={`field field-${field}`} key={field}>
              <label htmlFor={id}>{spec.label}</label>
              {spec.type === 'textarea' ? (
                <textarea {...common} rows={spec.rows} />
              ) : (
                // A string: Preact drops an attribute set to the boolean false.
                <input {...common} type={spec.type} inputMode={spec.inputMode} pattern={spec.pattern} spellCheck={spec.spellCheck === false ? 'false' : undefined} />
              )}
              {spec.hint ? (
                <p id={`${id}-hint`} className="field-hint">
                  {spec.hint}
                </p>
              ) : null}
              <p id={`${id}-error`} className="field-error" aria-live="polite">
                {error ? (
                  <>
                    <ErrorIcon />
                    <span>{error}</span>
                  </>
                ) : null}
              </p>
            </div>
          );
        })}
        <div className="cf-hp" aria-hidden="true">
          <label htmlFor="cf-hp">Leave this field empty</label>
          <input
            id="cf-hp"
            type="text"
            name={HONEYPOT_FIELD}
            tabIndex={-1}
            autoComplete="off"
            value={honeypot}
            onInput={(event: { currentTarget: { value: string } }) => setHoneypot(event.currentTarget.value)}
          />
        </div>
        <div className="cf-alert" role="alert">
          {failure ? (
            <p>
              <ErrorIcon />
              <span>{failure}</span>
            </p>
          ) : null}
        </div>
        <div className="cf-actions">
          <button
            type="submit"
            className={`btn btn-primary cf-submit${status === 'sent' ? ' is-sent' : ''}`}
            part="submit"
            ref={submitButton}
            onPointerDown={() => {
              pointerPress.current = Date.now();
            }}
            aria-disabled={busy ? 'true' : undefined}
          >
            {status === 'processing' ? <span className="spinner" aria-hidden="true" /> : null}
            {buttonText(status, idleButton)}
          </button>
          <p className={`cf-status${status === 'sent' ? ' is-sent' : ''}`} role="status">
            {announcement}
          </p>
        </div>
      </form>
    </section>
  );
}
