import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { INTERVALS } from '../lib/constants';
import { emit, hostOf, type ElementProps } from '../lib/defineElement';
import {
  contactFieldError,
  hasErrors,
  validateContact,
  type ContactErrors,
  type ContactField,
  type ContactValues,
} from '../lib/validation';
import {
  CONTACT_FIELDS,
  EMPTY_CONTACT,
  VARIANT_TEXT,
  buttonText,
  firstInvalidField,
  parseHeadingLevel,
  parseVariant,
  submittedValues,
  textOr,
  type FormStatus,
} from './formModel';

export interface ContactFormProps extends ElementProps {
  /** 'contact' (default) or 'consultation'. */
  variant?: string;
  /** Overrides the variant's heading. */
  heading?: string;
  /** Level of the heading element, 1-6 (default 2). */
  headingLevel?: string;
  /** Overrides the variant's submit button text. */
  submitLabel?: string;
}

/** The `submit` event's detail: the form values, trimmed. */
export type ContactSubmitDetail = ContactValues;

interface FieldSpec {
  label: string;
  type: 'text' | 'email' | 'tel' | 'textarea';
  autoComplete: string;
  placeholder: string;
  hint?: string;
  inputMode?: 'text' | 'email' | 'tel';
}

const warned = new Set<string>();
function warnOnce(message: string | undefined): void {
  if (!message || warned.has(message)) return;
  warned.add(message);
  console.warn(`<dc-contact-form>: ${message}`);
}

function ErrorIcon() {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="8" />
      <path d="M10 6v4.5M10 13.5v.01" />
    </svg>
  );
}

/**
 * <dc-contact-form>: the contact form of SPEC 2.7 with the SPEC 5 rules and SPEC 8 messages.
 * Each field is checked when it loses focus and all of them on submit; a field's error clears as
 * soon as it is typed in; a blocked submit moves focus to the first invalid field. A valid submit
 * fires `submit` (detail: the trimmed values), logs the submission, shows 'Processing...' for 2 s,
 * then '✓ Message Sent!' for 3 s, and clears the form. Nothing is sent anywhere by the element.
 */
export function ContactForm({ container, variant, heading, headingLevel, submitLabel }: ContactFormProps) {
  const parsedVariant = parseVariant(variant);
  const parsedLevel = parseHeadingLevel(headingLevel);
  warnOnce(parsedVariant.warning);
  warnOnce(parsedLevel.warning);
  const text = VARIANT_TEXT[parsedVariant.value];
  const headingText = textOr(heading, text.heading);
  const idleButton = textOr(submitLabel, text.submit);
  const Heading = `h${parsedLevel.value}` as 'h2';

  const [values, setValues] = useState<ContactValues>({ ...EMPTY_CONTACT });
  const [errors, setErrors] = useState<ContactErrors>({});
  const [status, setStatus] = useState<FormStatus>('idle');
  const [focusField, setFocusField] = useState<{ field: ContactField } | null>(null);
  const inputs = useRef<Partial<Record<ContactField, HTMLInputElement | HTMLTextAreaElement | null>>>({});

  const fields = useMemo<Record<ContactField, FieldSpec>>(
    () => ({
      name: { label: 'Name', type: 'text', autoComplete: 'name', placeholder: 'e.g. Jana Weber' },
      email: { label: 'Email', type: 'email', autoComplete: 'email', placeholder: 'e.g. jana.weber@company.com', inputMode: 'email' },
      phone: {
        label: 'Phone',
        type: 'tel',
        autoComplete: 'tel',
        placeholder: 'e.g. +49 621 1234567',
        hint: 'With country code; spaces, hyphens and brackets are fine.',
        inputMode: 'tel',
      },
      message: { label: text.messageLabel, type: 'textarea', autoComplete: 'off', placeholder: text.messagePlaceholder },
    }),
    [text],
  );

  // The simulated submission of SPEC 4 (processing 2 s, sent 3 s, then a cleared form). The timers
  // start in the submit handler itself, so the states last exactly their intervals.
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
  const startSimulation = () => {
    setStatus('processing');
    timer.current = setTimeout(() => {
      setStatus('sent');
      timer.current = setTimeout(() => {
        timer.current = null;
        setValues({ ...EMPTY_CONTACT });
        setErrors({});
        setStatus('idle');
      }, INTERVALS.contactSentMs);
    }, INTERVALS.contactSubmitMs);
  };

  // Focus after the render that set aria-invalid (layout effect: before paint, no frame wait), so
  // the field is announced together with its error.
  useLayoutEffect(() => {
    if (focusField) inputs.current[focusField.field]?.focus();
  }, [focusField]);

  const busy = status !== 'idle';

  const onInput = (field: ContactField, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => {
      if (!previous[field]) return previous;
      const next = { ...previous };
      delete next[field];
      return next;
    });
  };

  const submitButton = useRef<HTMLButtonElement | null>(null);
  const onBlur = (field: ContactField, value: string, next: EventTarget | null) => {
    // Focus moving to the submit button: the submit checks every field anyway, and an error
    // appearing now would push the button away from under the pointer before the click lands.
    if (busy || (next !== null && next === submitButton.current)) return;
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
    // SPEC 4 / 7: the form sends nothing itself; it logs that a submission happened, never the
    // visitor's values (the console belongs to the embedding partner's page). Partners forward the event.
    console.info(`<dc-contact-form> ${parsedVariant.value} form submitted (simulated; nothing was sent)`);
    const host = hostOf(container);
    if (host) emit<ContactSubmitDetail>(host, 'submit', detail);
    startSimulation();
  };

  const announcement = status === 'processing' ? 'Processing...' : status === 'sent' ? text.sentAnnouncement : '';

  return (
    <section className="cf" part="card" aria-labelledby="cf-heading" data-variant={parsedVariant.value}>
      <Heading id="cf-heading" className="cf-heading" part="heading">
        {headingText}
      </Heading>
      <p className="cf-intro">{text.intro}</p>
      <form className="cf-form" noValidate onSubmit={onSubmit} aria-labelledby="cf-heading" aria-busy={busy ? 'true' : 'false'}>
        {CONTACT_FIELDS.map((field) => {
          const spec = fields[field];
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
            required: true,
            readOnly: busy,
            'aria-invalid': (error ? 'true' : 'false') as 'true' | 'false',
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
                <textarea {...common} rows={5} />
              ) : (
                <input {...common} type={spec.type} inputMode={spec.inputMode} spellCheck={false} />
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
        <div className="cf-actions">
          <button
            type="submit"
            className={`btn btn-primary cf-submit${status === 'sent' ? ' is-sent' : ''}`}
            part="submit"
            ref={submitButton}
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
