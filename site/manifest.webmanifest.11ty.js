import { ICON_BACKGROUND, MANIFEST_ICONS } from '../build/siteIcons.mjs';

/** The web app manifest (issue 36): name, colours and the icons build/siteIcons.mjs makes. */
export const data = { permalink: '/manifest.webmanifest', eleventyExcludeFromCollections: true, sitemap: false };

export function render({ company }) {
  return JSON.stringify(
    {
      name: company.name,
      short_name: company.name,
      description: company.slogan,
      start_url: '/',
      scope: '/',
      display: 'browser',
      background_color: '#ffffff',
      theme_color: ICON_BACKGROUND,
      icons: MANIFEST_ICONS,
    },
    null,
    2,
  );
}
