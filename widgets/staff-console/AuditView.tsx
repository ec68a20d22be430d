import T from '../../site/_data/staffConsole.json';
import { pageQuery, type ConsoleState } from './consoleUrl';
import { PagedTable } from './PagedTable';
import { ErrorAlert, ViewSection, when } from './parts';
import { staffApi } from './staffClient';
import type { Arrival, Go, OnGate } from './StaffConsole';
import { useConsoleLoad } from './useConsoleLoad';

const A = T.audit;

/** The audit log, newest first, read-only: who did what to which record, and when. */
export function AuditView({ state, go, onGate, arrival }: { state: ConsoleState; go: Go; onGate: OnGate; arrival: Arrival }) {
  const query = pageQuery(state.auditPage);
  const {
    data: list,
    error,
    headingRef,
  } = useConsoleLoad(onGate, arrival, () => staffApi.audit(query).then((page) => ({ rows: page.entries, total: page.total })), query);

  return (
    <ViewSection id="staff-audit-title" heading={A.heading} headingRef={headingRef}>
      <p className="staff-lead-text">{A.lead}</p>
      <ErrorAlert message={error} />
      <PagedTable
        texts={A}
        columns={[A.columns.at, A.columns.who, A.columns.action, A.columns.record, A.columns.detail]}
        list={list}
        page={state.auditPage}
        onPage={(auditPage) => go({ ...state, auditPage })}
        row={(entry) => (
          <tr key={entry.id}>
            <td className="staff-nowrap">{when(entry.at)}</td>
            <td className="staff-wrap">{entry.actorEmail}</td>
            <td>
              <code>{entry.action}</code>
            </td>
            <td className="staff-wrap">{`${entry.recordType} ${entry.recordId}`}</td>
            <td className="staff-wrap">{entry.detail}</td>
          </tr>
        )}
      />
    </ViewSection>
  );
}
