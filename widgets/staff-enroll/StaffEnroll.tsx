import { useRef, useState, type FormEvent } from 'react';
import { FORM_TEXT, TextField, focusFirstError, SubmitButton, FailureStatus } from '../lib/accountForm';
import type { ElementProps } from '../lib/defineElement';
import { PasskeyError, registerPasskey } from '../lib/passkeyClient';
import { servedValues } from '../lib/servedValues';
import { safeNextPath } from '../../shared/nextPath';
import { passkeyNameError } from '../../shared/passkeys';

const T = FORM_TEXT.staffEnroll;

type Status = 'idle' | 'waiting' | 'failed';

/**
 * <dc-staff-enroll> (site island, light DOM) on /staff/enroll/<token> (the staff CLI's link): the
 * passkey's name (shared/passkeys rule), then the browser's passkey dialog. POST
 * /dc_api/wa_v1/passkeys/enrollment/options with the token the server wrote into the served form,
 * the registration, POST /passkeys/enrollment; the server signs the staff member in with a
 * passkey-verified session and the page goes on to the page it names (the staff console). A refusal (a dead link, a closed
 * dialog, a failed check) is shown under the button; what was typed stays.
 */
export function StaffEnroll({ container }: ElementProps) {
  // The token the server wrote into the served form; else the link's last path segment.
  const [served] = useState(() => {
    const values = servedValues(container, { token: '', name: '' });
    return { ...values, token: values.token || (window.location.pathname.split('/').pop() ?? '') };
  });
  const [name, setName] = useState(served.name);
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState<Status>('idle');
  const [failure, setFailure] = useState('');
  const formRef = useRef<HTMLFormElement>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === 'waiting') return;
    const problem = passkeyNameError(name);
    setError(problem || undefined);
    if (problem) {
      setStatus('idle');
      focusFirstError(formRef.current, ['name'], { name: problem });
      return;
    }
    setStatus('waiting');
    registerPasskey('/passkeys/enrollment/options', { token: served.token }, '/passkeys/enrollment', { token: served.token, name: name.trim() }).then(
      (answer) => window.location.assign(safeNextPath((answer as { next?: unknown } | null)?.next) ?? '/account'),
      (reason: unknown) => {
        const known = reason instanceof PasskeyError ? reason : null;
        if (known?.field === 'name') setError(known.message);
        setFailure(known?.message ?? String(reason));
        setStatus('failed');
      },
    );
  };

  const waiting = status === 'waiting';
  return (
    <form ref={formRef} className="auth-form" noValidate aria-label={T.label} aria-busy={waiting ? 'true' : undefined} onSubmit={onSubmit}>
      <input type="hidden" name="token" value={served.token} />
      <TextField
        id="staff-enroll-name"
        name="name"
        label={T.name}
        placeholder={T.namePlaceholder}
        hint={T.nameHint}
        autoComplete="off"
        value={name}
        error={error}
        onValue={(value) => {
          setName(value);
          if (error) setError(undefined);
          if (status === 'failed') setStatus('idle');
        }}
      />
      <SubmitButton busy={waiting} label={T.submit} busyLabel={T.submitting} />
      <FailureStatus failure={status === 'failed' ? failure : ''} />
    </form>
  );
}
