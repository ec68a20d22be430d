import T from '../../site/_data/staffConsole.json';
import type { ConsoleState } from './consoleUrl';
import { consoleLink, ErrorAlert, fill, RequestStateCells, StaffTable, ViewSection, when } from './parts';
import type { StaffContactRequest } from '../../shared/contactRequestSchema';
import { staffApi, type StaffAccount } from './staffClient';
import type { Go, OnGate } from './StaffConsole';
import { OPENED, useConsoleLoad } from './useConsoleLoad';

const C = T.clients;

/**
 * A client's requests (GET /staff/users/{id}/requests): the contact and consultation requests sent
 * with the account's address, newest first; each opens the inbox's own request view (a real
 * link to /staff?lead=…, so it also opens in a new tab).
 */
export function ClientRequestsPanel({
  account,
  state,
  go,
  onClose,
  onGate,
}: {
  account: StaffAccount;
  state: ConsoleState;
  go: Go;
  onClose: () => void;
  onGate: OnGate;
}) {
  const {
    data: requests,
    error,
    headingRef,
  } = useConsoleLoad(onGate, OPENED, () => staffApi.requestsOf(account.id).then((answer) => answer.requests), account.id);
  const name = `${account.firstName} ${account.lastName}`.trim() || account.email;
  const base = `staff-requests-${account.id}`;

  const target = (contactRequest: StaffContactRequest): ConsoleState => ({ ...state, view: 'leads', lead: contactRequest.id });

  return (
    <ViewSection
      id={`${base}-title`}
      heading={fill(C.requestsHeading, { name })}
      headingRef={headingRef}
      panel={{ close: C.close, onClose }}
    >
      <p className="staff-lead-text">{fill(C.requestsLead, { email: account.email })}</p>
      <ErrorAlert message={error} />
      {requests === null ? (
        error === '' ? (
          <p className="staff-count">{C.requestsLoading}</p>
        ) : null
      ) : requests.length === 0 ? (
        <p className="staff-count">{C.requestsNone}</p>
      ) : (
        <StaffTable
          label={fill(C.requestsTable, { email: account.email })}
          columns={[
            C.requestColumns.date,
            C.requestColumns.variant,
            C.requestColumns.status,
            C.requestColumns.handled,
            C.requestColumns.message,
          ]}
        >
          {requests.map((contactRequest) => (
            <tr key={contactRequest.id}>
              <td className="staff-nowrap">
                <a {...consoleLink(go, target(contactRequest), { focus: true })}>{when(contactRequest.receivedAt)}</a>
              </td>
              <RequestStateCells contactRequest={contactRequest} />
              <td>
                <p className="staff-excerpt">{contactRequest.message}</p>
              </td>
            </tr>
          ))}
        </StaffTable>
      )}
    </ViewSection>
  );
}
