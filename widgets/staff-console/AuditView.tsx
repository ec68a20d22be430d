import { useEffect, useRef, useState } from 'react';
import T from '../../site/_data/staffConsole.json';
import { pageQuery, pageRange, type ConsoleState } from './consoleUrl';
import { ErrorAlert, fill, Pager, TableRegion, when } from './parts';
import { staffApi, type AuditEntry } from './staffClient';
import type { Arrival, Go, OnGate } from './StaffConsole';

const A = T.audit;

/** The audit log, newest first, read-only: who did what to which record, and when. */
export function AuditView({ state, go, onGate, arrival }: { state: ConsoleState; go: Go; onGate: OnGate; arrival: Arrival }) {
  const [list, setList] = useState<{ entries: AuditEntry[]; total: number } | null>(null);
  const [error, setError] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const query = pageQuery(state.auditPage);

  useEffect(() => {
    let live = true;
    staffApi.audit(query).then(
      (page) => live && setList({ entries: page.entries, total: page.total }),
      (failure: unknown) => {
        if (live && !onGate(failure)) setError(failure instanceof Error ? failure.message : T.failed);
      },
    );
    return () => {
      live = false;
    };
  }, [query, onGate]);
  useEffect(() => {
    if (arrival.focus) headingRef.current?.focus();
  }, [arrival]);

  const range = list ? pageRange(state.auditPage, list.entries.length, list.total) : null;
  return (
    <section className="staff-view" aria-labelledby="staff-audit-title">
      <div className="staff-view-head">
        <h2 id="staff-audit-title" ref={headingRef} tabIndex={-1}>
          {A.heading}
        </h2>
      </div>
      <p className="staff-lead-text">{A.lead}</p>
      <ErrorAlert message={error} />
      <p className="staff-count" role="status">
        {range && list ? (list.total === 0 ? A.none : fill(A.range, { from: range.from, to: range.to, total: list.total })) : ''}
      </p>
      {list && list.entries.length > 0 ? (
        <TableRegion label={A.table}>
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">{A.columns.at}</th>
                <th scope="col">{A.columns.who}</th>
                <th scope="col">{A.columns.action}</th>
                <th scope="col">{A.columns.record}</th>
                <th scope="col">{A.columns.detail}</th>
              </tr>
            </thead>
            <tbody>
              {list.entries.map((entry) => (
                <tr key={entry.id}>
                  <td className="staff-nowrap">{when(entry.at)}</td>
                  <td className="staff-wrap">{entry.actorEmail}</td>
                  <td>
                    <code>{entry.action}</code>
                  </td>
                  <td className="staff-wrap">{`${entry.recordType} ${entry.recordId}`}</td>
                  <td className="staff-wrap">{entry.detail}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      ) : null}
      {range ? (
        <Pager
          label={A.pagingLabel}
          page={state.auditPage}
          pages={range.pages}
          previous={A.previous}
          next={A.next}
          onPage={(auditPage) => go({ ...state, auditPage })}
        />
      ) : null}
    </section>
  );
}
