(function () {
  // Signed in? The server sets dc_signed_in=1 (no secret) next to its HttpOnly session cookie;
  // the header shows Account / Sign Out instead of Sign In / Sign Up from the first paint.
  if (/(?:^|;\s*)dc_signed_in=1(?:;|$)/.test(document.cookie)) document.documentElement.setAttribute('data-signed-in', '');
})();
