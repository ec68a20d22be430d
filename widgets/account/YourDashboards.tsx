import { createElement, useEffect, useState } from 'react';
import { accountPage as T } from '../../site/_data/accounts.json';
import company from '../../site/_data/company.json';
import { accountApi } from './accountClient';

/** The empty state's contact line, with the company's address and phone as links. */
function Contact() {
  const [before, afterEmail = ''] = T.dashboardsContact.split('{email}');
  const [between, afterPhone = ''] = afterEmail.split('{phone}');
  return (
    <p className="account-card-lead">
      {before}
      <a href={`mailto:${company.email}`}>{company.email}</a>
      {between}
      <a href={`tel:${company.phoneHref}`}>{company.phone}</a>
      {afterPhone.replace('{hours}', company.businessHours.text)}
    </p>
  );
}

/**
 * The gallery, with its code (widgets/dashboard-gallery, about 10 KB gzip with its chunks) loaded now:
 * /account does not carry it, so a client without dashboards never downloads it.
 */
function Gallery() {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    import('../dashboard-gallery/define').catch(() => setFailed(true));
  }, []);
  if (failed) return <p className="account-alert" role="alert">{T.loadFailed}</p>;
  return createElement('dc-dashboard-gallery', { src: accountApi.dashboardsUrl, label: T.dashboardsLabel, 'heading-level': '3' });
}

/**
 * "Your dashboards" on /account (issue 32): the Power BI reports staff gave this client, in
 * `<dc-dashboard-gallery>` reading GET /me/dashboards (only the session's own list), its code loaded
 * only then (./Gallery); with none, who to contact, and no gallery code at all.
 */
export function YourDashboards({ count }: { count: number }) {
  return (
    <section className="account-card account-dashboards" aria-labelledby="account-dashboards-title">
      <h2 id="account-dashboards-title">{T.dashboardsHeading}</h2>
      {count === 0 ? (
        <>
          <p className="account-card-lead">{T.dashboardsEmpty}</p>
          <Contact />
        </>
      ) : (
        <>
          <p className="account-card-lead">{T.dashboardsLead}</p>
          <Gallery />
        </>
      )}
    </section>
  );
}
