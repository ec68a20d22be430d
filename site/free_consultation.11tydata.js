import { consultationJsonLd } from './_pageData/contactData.js';
import { fillCompanyDeep } from './_config/companyText.js';
import { contactEndpoint, contactForm } from './_pageData/contactForm.js';

/** The people the visitor may talk to: the leadership team of about.json, checked so a renamed field fails the build. */
function consultationPeople(about) {
  const members = about?.team?.members;
  if (!Array.isArray(members) || members.length === 0) {
    throw new Error('/free_consultation lists the leadership team from site/_data/about.json (team.members), which is missing or empty');
  }
  for (const member of members) {
    for (const key of ['name', 'role', 'image']) {
      if (typeof member?.[key] !== 'string' || member[key] === '') {
        throw new Error(`/free_consultation: about.json team member ${JSON.stringify(member?.name ?? member)} has no '${key}'`);
      }
    }
    if (!Array.isArray(member.expertise)) throw new Error(`/free_consultation: about.json team member ${member.name} has no 'expertise' list`);
  }
  return members;
}

/** /free_consultation: its people, and the free consultation as a schema.org Service (head.njk prints `jsonLd`). */
export default {
  contactEndpoint,
  contactForm: contactForm('consultation'),
  eleventyComputed: {
    consultationPeople: (data) => consultationPeople(data.about),
    jsonLd: (data) => fillCompanyDeep(consultationJsonLd(data.company, data.consultation), data.company),
  },
};
