import { useEffect, useRef, useState, type FormEvent } from 'react';
import T from '../../site/_data/staffConsole.json';
import { STAFF_NOTE_MAX } from '../../shared/staffContactRequests';
import type { ConsoleState } from './consoleUrl';
import { Confirm, consoleLink, ErrorAlert, fill, Outcome, when } from './parts';
import { staffApi, type ContactRequestDetail } from './staffClient';
import type { Arrival, Go, OnGate } from './StaffConsole';
import { useConsoleLoad } from './useConsoleLoad';

const D = T.request;
const L = T.leads;
/** The request's heading takes focus once the request has loaded (below), not on arrival. */
const AT_REST: Arrival = {};

/**
 * One request opened: every field, where it came from, each delivery attempt with its error; the
 * internal note (saved with "Save Note"), "Mark Handled" / "Mark Not Handled", "Retry Delivery"
 * for a failed one, "Delete Request" after a confirmation. The API's refusals are shown as it
 * words them; what happened is said in a status region. Focus starts on the request's heading.
 */
export function ContactRequestDetailView({ state, go, onGate }: { state: ConsoleState; go: Go; onGate: OnGate }) {
  const [note, setNote] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const {
    data: detail,
    setData: setDetail,
    error,
    setError,
    failed: refused,
    headingRef,
  } = useConsoleLoad(
    onGate,
    AT_REST,
    () =>
      staffApi.lead(state.lead).then((loaded) => {
        setNote(loaded.note);
        return loaded;
      }),
    state.lead,
  );
  const deleteRef = useRef<HTMLButtonElement>(null);
  const back = { ...state, lead: '' };

  const failed = (failure: unknown) => {
    setBusy(false);
    refused(failure);
  };

  const focused = useRef(false);
  useEffect(() => {
    if (!detail || focused.current) return;
    focused.current = true;
    headingRef.current?.focus();
  }, [detail, headingRef]);

  const act = (run: () => Promise<ContactRequestDetail>, done: string) => {
    setBusy(true);
    setError('');
    setNotice('');
    run().then((updated) => {
      setBusy(false);
      setDetail(updated);
      setNotice(done);
    }, failed);
  };

  const saveNote = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    act(() => staffApi.patchLead(state.lead, { note }), D.noteSaved);
  };

  const erase = () => {
    setConfirming(false);
    setBusy(true);
    setError('');
    staffApi.deleteLead(state.lead).then(() => go(back, { notice: D.deleted, focus: true }), failed);
  };

  const backLink = (
    <a className="staff-back" {...consoleLink(go, back, { focus: true })}>
      {D.back}
    </a>
  );

  if (!detail)
    return (
      <section className="staff-view" aria-label={D.loading}>
        {backLink}
        <ErrorAlert message={error} />
        {error === '' ? <p className="island-loading">{D.loading}</p> : null}
      </section>
    );

  const { lead: contactRequest, deliveryAttempts } = detail;
  const F = D.fields;
  const facts: [string, string][] = [
    [F.variant, L.variants[contactRequest.variant]],
    [F.status, L.statuses[contactRequest.status]],
    [F.name, contactRequest.name],
    [F.email, contactRequest.email],
    [F.phone, contactRequest.phone || '—'],
    [F.source, contactRequest.source || D.unknownSource],
    [F.receivedAt, when(contactRequest.receivedAt)],
    [F.deliveredAt, when(contactRequest.deliveredAt, D.notYet)],
    [F.handledAt, when(contactRequest.handledAt, L.no)],
    [F.attempts, String(contactRequest.attempts)],
  ];

  return (
    <section className="staff-view staff-lead" aria-labelledby="staff-lead-title">
      {backLink}
      <h2 id="staff-lead-title" ref={headingRef} tabIndex={-1}>
        {fill(D.heading, { name: contactRequest.name })}
      </h2>
      <dl className="staff-facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="staff-message">
        <h3>{F.message}</h3>
        <p>{contactRequest.message}</p>
      </div>
      <div className="staff-actions">
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={busy}
          onClick={() =>
            act(
              () => staffApi.patchLead(contactRequest.id, { handled: contactRequest.handledAt === null }),
              contactRequest.handledAt === null ? D.markedHandled : D.markedOpen,
            )
          }
        >
          {contactRequest.handledAt === null ? D.markHandled : D.markOpen}
        </button>
        {contactRequest.status === 'failed' ? (
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={busy}
            onClick={() => act(() => staffApi.retryLead(contactRequest.id), D.retried)}
          >
            {D.retry}
          </button>
        ) : null}
        <button
          ref={deleteRef}
          type="button"
          className="btn btn-danger btn-sm"
          disabled={busy || confirming}
          onClick={() => setConfirming(true)}
        >
          {D.delete}
        </button>
      </div>
      {confirming ? (
        <Confirm
          id="staff-lead-delete"
          question={D.deleteConfirm}
          yes={D.deleteYes}
          no={D.cancel}
          danger
          onYes={erase}
          onNo={() => {
            setConfirming(false);
            requestAnimationFrame(() => deleteRef.current?.focus());
          }}
        />
      ) : null}
      <Outcome notice={notice} error={error} />
      <form className="staff-note" onSubmit={saveNote}>
        <h3 id="staff-note-title">{D.noteHeading}</h3>
        <label htmlFor="staff-note">{D.noteLabel}</label>
        <textarea
          id="staff-note"
          className="staff-input"
          rows={4}
          maxLength={STAFF_NOTE_MAX}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
        <div>
          <button type="submit" className="btn btn-secondary btn-sm" disabled={busy}>
            {D.saveNote}
          </button>
        </div>
      </form>
      <div className="staff-attempts">
        <h3>{D.attemptsHeading}</h3>
        {deliveryAttempts.length === 0 ? (
          <p>{D.attemptsNone}</p>
        ) : (
          <ol role="list">
            {deliveryAttempts.map((attempt) => (
              <li key={attempt.attempt} className="staff-attempt" data-ok={attempt.error === null ? 'true' : 'false'}>
                <strong>{fill(D.attempt, { n: attempt.attempt })}</strong> <span>{when(attempt.finishedAt)}</span>
                <p>{attempt.error ?? D.accepted}</p>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
