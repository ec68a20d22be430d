import { createElement } from 'react';
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
 * "Your dashboards" on /account (issue 32): the Power BI reports staff gave this client, in
 * `<dc-dashboard-gallery>` reading GET /me/dashboards (only the session's own list); with none, who
 * to contact. The gallery's script is on the page through the inert `<template>` of
 * site/account.njk (a page gets the scripts of the elements its HTML names).
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
          {createElement('dc-dashboard-gallery', { src: accountApi.dashboardsUrl, label: T.dashboardsLabel, 'heading-level': '3' })}
        </>
      )}
    </section>
  );
}
