import { useRef, useState, type FormEvent } from 'react';
import T from '../../site/_data/staffConsole.json';
import { Confirm, fill, Outcome, RowAction, ViewSection, when } from './parts';
import type { StaffMember } from '../../shared/staffMember';
import { StaffApiError, staffApi } from './staffClient';
import type { Arrival, OnGate } from './StaffConsole';
import { useConsoleLoad } from './useConsoleLoad';

const S = T.team;

/**
 * Who is staff (GET /staff/members), and inviting a colleague (POST /staff/invitations): the
 * address is checked by the server with the site's email rule, and its message shows under the
 * field, which keeps what was typed; a sent invitation says until when its link works, and is listed
 * under "Invited" until the link is used (only then is the colleague staff). "Send new link" mails
 * a member or an invitee a fresh link (the old one stops working); "Remove staff role" asks first,
 * and is not offered for oneself (the API refuses that and the last staff member, and says why).
 */
export function TeamView({ onGate, arrival }: { onGate: OnGate; arrival: Arrival }) {
  const { data: list, error, setError, failed, load, headingRef } = useConsoleLoad(onGate, arrival, () => staffApi.members());
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState('');
  const [notice, setNotice] = useState('');
  const [sending, setSending] = useState(false);
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  const fieldRef = useRef<HTMLInputElement>(null);

  const clear = () => {
    setError('');
    setNotice('');
    setFieldError('');
  };

  const invite = (address: string, fromForm: boolean) => {
    clear();
    setSending(true);
    staffApi.invite(address).then(
      (sent) => {
        setSending(false);
        if (fromForm) setEmail('');
        setNotice(fill(S.invited, { email: sent.account.email, until: when(sent.expiresAt) }));
        void load();
      },
      (failure: unknown) => {
        setSending(false);
        if (onGate(failure)) return;
        const message = failure instanceof StaffApiError ? (failure.errors.email ?? '') : '';
        if (fromForm && message !== '') {
          setFieldError(message);
          fieldRef.current?.focus();
        } else failed(failure);
      },
    );
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    invite(email, true);
  };

  const remove = (member: StaffMember) => {
    setRemoving(null);
    clear();
    staffApi.removeMember(member.id).then(() => {
      setNotice(fill(S.removed, { email: member.email }));
      headingRef.current?.focus();
      void load();
    }, failed);
  };

  const name = (member: Pick<StaffMember, 'firstName' | 'lastName' | 'email'>) =>
    `${member.firstName} ${member.lastName}`.trim() || member.email;

  return (
    <ViewSection id="staff-team-title" heading={S.heading} headingRef={headingRef}>
      <p className="staff-lead-text">{S.lead}</p>
      <form className="staff-note" aria-labelledby="staff-invite-title" noValidate onSubmit={onSubmit}>
        <h3 id="staff-invite-title">{S.inviteHeading}</h3>
        <label htmlFor="staff-invite-email">{S.email}</label>
        <p id="staff-invite-hint" className="staff-passkey-times">
          {S.emailHint}
        </p>
        <div className="staff-search">
          <input
            ref={fieldRef}
            id="staff-invite-email"
            className="staff-input"
            type="email"
            autoComplete="off"
            value={email}
            aria-invalid={fieldError ? 'true' : undefined}
            aria-describedby={fieldError ? 'staff-invite-hint staff-invite-error' : 'staff-invite-hint'}
            onChange={(event) => setEmail(event.target.value)}
          />
          <button type="submit" className="btn btn-primary btn-sm" disabled={sending}>
            {S.invite}
          </button>
        </div>
        {fieldError ? (
          <p id="staff-invite-error" className="staff-field-error">
            {fieldError}
          </p>
        ) : null}
      </form>
      <Outcome notice={notice} error={error} />
      {removing ? (
        <Confirm
          id="staff-member-confirm"
          question={fill(S.removeConfirm, { name: name(removing), email: removing.email })}
          yes={S.removeYes}
          no={S.cancel}
          danger
          onYes={() => remove(removing)}
          onNo={() => setRemoving(null)}
        />
      ) : null}
      {list === null ? (
        error === '' ? (
          <p className="staff-count">{S.loading}</p>
        ) : null
      ) : (
        <ul className="staff-passkeys" aria-label={S.listLabel}>
          {list.members.map((member) => (
            <li key={member.id} className="staff-passkey">
              <div>
                <p className="staff-passkey-name">
                  {name(member)}
                  {member.id === list.you ? <span className="staff-badge">{S.you}</span> : null}
                  {member.active ? null : (
                    <span className="staff-badge" data-tone="failed">
                      {S.deactivated}
                    </span>
                  )}
                </p>
                <p className="staff-passkey-times">{[member.email, fill(S.since, { date: when(member.createdAt) })].join(' · ')}</p>
              </div>
              {member.id === list.you ? null : (
                <div className="staff-actions">
                  <RowAction
                    label={S.resend}
                    subject={member.email}
                    disabled={sending || !member.active}
                    onClick={() => invite(member.email, false)}
                  />
                  <RowAction
                    label={S.remove}
                    subject={member.email}
                    onClick={() => {
                      clear();
                      setRemoving(member);
                    }}
                  />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {list !== null && list.invited.length > 0 ? (
        <>
          <h3 id="staff-invited-title">{S.invitedHeading}</h3>
          <ul className="staff-passkeys" aria-labelledby="staff-invited-title">
            {list.invited.map((invitation) => (
              <li key={invitation.id} className="staff-passkey">
                <div>
                  <p className="staff-passkey-name">
                    {name(invitation)}
                    <span className="staff-badge">{S.pending}</span>
                  </p>
                  <p className="staff-passkey-times">
                    {[invitation.email, fill(S.linkUntil, { until: when(invitation.expiresAt) })].join(' · ')}
                  </p>
                </div>
                <div className="staff-actions">
                  <RowAction
                    label={S.resend}
                    subject={invitation.email}
                    disabled={sending}
                    onClick={() => invite(invitation.email, false)}
                  />
                </div>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </ViewSection>
  );
}
