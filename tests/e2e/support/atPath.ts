/**
 * For `expect(page).toHaveURL(atPath('/account'))`: the page's path is exactly `path`. A pattern
 * like /\/account$/ also matches `/sign_in?next=/account`, so it passed before a sign-in had
 * answered (a race that showed under load).
 */
export function atPath(path: string): (url: URL) => boolean {
  return (url) => url.pathname === path;
}
