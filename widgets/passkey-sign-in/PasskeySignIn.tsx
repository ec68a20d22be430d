import { useState } from 'react';
import { FORM_TEXT, Spinner } from '../lib/accountForm';
import { PasskeyError, signInWithPasskey } from '../lib/passkeyClient';
import { safeNextPath } from '../../shared/nextPath';

const T = FORM_TEXT.passkeySignIn;

type Status = 'idle' | 'waiting' | 'failed';

/**
 * <dc-passkey-sign-in> (site island, light DOM) on /sign_in: "Sign in with a passkey" for staff
 * (issue 32). POST /dc_api/wa_v1/passkeys/sign-in/options, the browser's passkey dialog (the
 * site's discoverable passkeys, user verification required), POST /passkeys/sign-in; the server
 * starts a passkey-verified session and names the page to go to (staff: /staff, others: /account),
 * unless the page was opened with a `?next=` of this site (/sign_in?next=/staff), which wins. A refusal or
 * a closed dialog is shown under the button. Served as an island-only control: not shown without
 * JavaScript, invisible until the element is defined (its room kept).
 */
export function PasskeySignIn() {
  const [status, setStatus] = useState<Status>('idle');
  const [failure, setFailure] = useState('');
  const waiting = status === 'waiting';

  const start = () => {
    if (waiting) return;
    setStatus('waiting');
    signInWithPasskey().then(
      (next) => window.location.assign(safeNextPath(new URLSearchParams(window.location.search).get('next')) ?? next),
      (reason: unknown) => {
        setFailure(reason instanceof PasskeyError ? reason.message : String(reason));
        setStatus('failed');
      },
    );
  };

  return (
    <div className="auth-passkey" aria-busy={waiting ? 'true' : undefined}>
      <p className="auth-passkey-text">
        <strong>{T.heading}</strong> {T.text}
      </p>
      <button type="button" className="btn btn-secondary btn-lg auth-submit" disabled={waiting} onClick={start}>
        {waiting ? <Spinner /> : null}
        {waiting ? T.submitting : T.submit}
      </button>
      <p className={status === 'failed' ? 'auth-status auth-status-error' : 'auth-status'} role="status">
        {status === 'failed' ? failure : ''}
      </p>
    </div>
  );
}
