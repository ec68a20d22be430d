import { useEffect, useState } from 'react';
import { FORM_TEXT, SubmitButton, FailureStatus } from '../lib/accountForm';
import { hostOf, type ElementProps } from '../lib/defineElement';
import { clearPicks, pickCount } from '../lib/picks';
import { safeNextPath } from '../../shared/nextPath';

const T = FORM_TEXT.passkeySignIn;

type Status = 'idle' | 'waiting' | 'failed';

/** The elements whose served button was pressed before they woke (./define notes them). */
const pressedEarly = new WeakSet<Element>();

/**
 * Notes whether the served button of `host` was pressed before the element woke (the page's
 * early-press script marked it, site/_includes/early-picks.js) and clears the mark. Called by
 * ./define before the element is defined: its first render empties the served markup
 * (preact/compat's render), so the component cannot read the mark itself.
 */
export function noteEarlyPress(host: Element): void {
  if (pickCount(host.querySelector('[data-pick]')) > 0) pressedEarly.add(host);
  clearPicks(host);
}

/** Whether `host` was pressed early (once: the note is taken). */
function takeEarlyPress(container: ElementProps['container']): boolean {
  const host = hostOf(container);
  if (!host || !pressedEarly.has(host)) return false;
  pressedEarly.delete(host);
  return true;
}

/**
 * <dc-passkey-sign-in> (site island, light DOM) on /sign_in: "Sign in with a passkey" (issue 32),
 * for staff and for clients who added a passkey on /account. The WebAuthn code
 * (../lib/passkeyClient with @simplewebauthn/browser, 3.6 KB gzip) is loaded when the button is
 * pressed, not with the page. Then POST /dc_api/wa_v1/passkeys/sign-in/options, the browser's
 * passkey dialog (the site's discoverable passkeys, user verification required), POST
 * /passkeys/sign-in; the server starts a passkey-verified session and names the page to go to
 * (staff: /staff, others: /account), unless the page was opened with a `?next=` of this site
 * (/sign_in?next=/staff), which wins. A refusal or a closed dialog is shown under the button.
 * The served button is visible from the first paint (with JavaScript): a press before this element
 * woke is marked by the page's early-press script and starts the sign-in as it wakes (issue 34).
 */
export function PasskeySignIn({ container }: ElementProps) {
  const [early] = useState(() => takeEarlyPress(container));
  const [status, setStatus] = useState<Status>('idle');
  const [failure, setFailure] = useState('');
  const waiting = status === 'waiting';

  const start = () => {
    if (waiting) return;
    setStatus('waiting');
    import('../lib/passkeyClient')
      .then((client) =>
        client.signInWithPasskey().catch((reason: unknown) => {
          throw new Error(reason instanceof client.PasskeyError ? reason.message : T.failed);
        }),
      )
      .then(
        (next) => window.location.assign(safeNextPath(new URLSearchParams(window.location.search).get('next')) ?? next),
        (reason: unknown) => {
          // The module could not be loaded (offline): the general message, never the browser's.
          setFailure(reason instanceof Error && reason.name === 'Error' ? reason.message : T.failed);
          setStatus('failed');
        },
      );
  };

  useEffect(() => {
    if (early) start();
    // Once, as the element wakes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className="auth-passkey" aria-busy={waiting ? 'true' : undefined}>
      <p className="auth-passkey-text">
        <strong>{T.heading}</strong> {T.text}
      </p>
      <SubmitButton busy={waiting} label={T.submit} busyLabel={T.submitting} onClick={start} />
      <FailureStatus failure={status === 'failed' ? failure : ''} />
    </div>
  );
}
