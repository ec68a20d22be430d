import { useState, type FormEvent } from 'react';
import T from '../../site/_data/staffConsole.json';
import { DASHBOARD_CATEGORY_MAX, DASHBOARD_TITLE_MAX } from '../../shared/clientDashboards';
import { Confirm, fill, Outcome, RowAction, ViewSection } from './parts';
import { staffApi, type StaffAccount, type StaffDashboard } from './staffClient';
import type { OnGate } from './StaffConsole';
import { OPENED, useConsoleLoad } from './useConsoleLoad';

const D = T.dashboards;

/**
 * A client's dashboards in the console (issue 32): the list in the client's order (Move up / Move
 * down, Remove after a question) and a form that adds one from a title, a category and the pasted
 * Power BI embed code or link. The API checks the code with the gallery's rule; its refusal is
 * shown under the form as it words it.
 */
export function DashboardsPanel({ account, onClose, onGate }: { account: StaffAccount; onClose: () => void; onGate: OnGate }) {
  const {
    data: list,
    setData: setList,
    error,
    setError,
    failed,
    load,
    headingRef,
  } = useConsoleLoad(onGate, OPENED, () => staffApi.dashboards(account.id).then((answer) => answer.dashboards), account.id);
  const [formError, setFormError] = useState('');
  const [notice, setNotice] = useState('');
  const [removing, setRemoving] = useState<StaffDashboard | null>(null);
  const [draft, setDraft] = useState({ title: '', category: '', snippet: '' });
  const name = `${account.firstName} ${account.lastName}`.trim() || account.email;
  const base = `staff-dashboards-${account.id}`;

  const clear = () => {
    setError('');
    setNotice('');
    setFormError('');
  };

  const move = (dashboard: StaffDashboard, position: number) => {
    clear();
    staffApi.moveDashboard(account.id, dashboard.id, position).then((answer) => {
      setList(answer.dashboards);
      setNotice(fill(D.moved, { title: dashboard.title, n: position + 1, total: answer.dashboards.length }));
    }, failed);
  };

  const remove = (dashboard: StaffDashboard) => {
    setRemoving(null);
    clear();
    staffApi.removeDashboard(account.id, dashboard.id).then(() => {
      setNotice(fill(D.removed, { title: dashboard.title }));
      void load();
    }, failed);
  };

  const onAdd = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    clear();
    staffApi.addDashboard(account.id, draft).then(
      (added) => {
        setDraft({ title: '', category: '', snippet: '' });
        setNotice(fill(D.added, { title: added.title }));
        void load();
      },
      (failure: unknown) => failed(failure, setFormError),
    );
  };

  return (
    <ViewSection id={`${base}-title`} heading={fill(D.heading, { name })} headingRef={headingRef} panel={{ close: D.close, onClose }}>
      <p className="staff-lead-text">{D.lead}</p>
      <Outcome notice={notice} error={error} />
      {removing ? (
        <Confirm
          id={`${base}-confirm`}
          question={fill(D.removeConfirm, { title: removing.title, name })}
          yes={D.remove}
          no={D.cancel}
          danger
          onYes={() => remove(removing)}
          onNo={() => setRemoving(null)}
        />
      ) : null}
      {list === null ? (
        <p className="staff-count">{D.loading}</p>
      ) : list.length === 0 ? (
        <p className="staff-count">{D.none}</p>
      ) : (
        <ol className="staff-passkeys" aria-label={fill(D.listLabel, { name })}>
          {list.map((dashboard, index) => (
            <li key={dashboard.id} className="staff-passkey">
              <div>
                <p className="staff-passkey-name">{dashboard.title}</p>
                <p className="staff-passkey-times">
                  {[dashboard.category, fill(D.position, { n: index + 1, total: list.length })].filter(Boolean).join(' · ')}
                </p>
              </div>
              <div className="staff-actions">
                <RowAction label={D.moveUp} subject={dashboard.title} disabled={index === 0} onClick={() => move(dashboard, index - 1)} />
                <RowAction
                  label={D.moveDown}
                  subject={dashboard.title}
                  disabled={index === list.length - 1}
                  onClick={() => move(dashboard, index + 1)}
                />
                <RowAction
                  label={D.remove}
                  subject={dashboard.title}
                  onClick={() => {
                    clear();
                    setRemoving(dashboard);
                  }}
                />
              </div>
            </li>
          ))}
        </ol>
      )}
      <form className="staff-note" aria-labelledby={`${base}-add`} onSubmit={onAdd}>
        <h4 id={`${base}-add`}>{D.addHeading}</h4>
        <label htmlFor={`${base}-new-title`}>{D.title}</label>
        <input
          id={`${base}-new-title`}
          className="staff-input"
          type="text"
          required
          maxLength={DASHBOARD_TITLE_MAX}
          value={draft.title}
          onChange={(event) => setDraft({ ...draft, title: event.target.value })}
        />
        <label htmlFor={`${base}-new-category`}>{D.category}</label>
        <input
          id={`${base}-new-category`}
          className="staff-input"
          type="text"
          maxLength={DASHBOARD_CATEGORY_MAX}
          value={draft.category}
          onChange={(event) => setDraft({ ...draft, category: event.target.value })}
        />
        <label htmlFor={`${base}-new-snippet`}>{D.snippet}</label>
        <p id={`${base}-hint`} className="staff-passkey-times">
          {D.snippetHint}
        </p>
        <textarea
          id={`${base}-new-snippet`}
          className="staff-input"
          required
          spellCheck={false}
          value={draft.snippet}
          aria-invalid={formError ? 'true' : undefined}
          aria-describedby={formError ? `${base}-hint ${base}-error` : `${base}-hint`}
          onChange={(event) => setDraft({ ...draft, snippet: event.target.value })}
        />
        {formError ? (
          <p id={`${base}-error`} className="staff-field-error" role="alert">
            {formError}
          </p>
        ) : null}
        <div className="staff-actions">
          <button type="submit" className="btn btn-primary btn-sm">
            {D.add}
          </button>
        </div>
      </form>
    </ViewSection>
  );
}
