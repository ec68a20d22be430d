(function () {
  var root = document.documentElement, dark = false;
  try {
    var stored = JSON.parse(localStorage.getItem('dc_theme') || 'null');
    dark = !!stored && stored.isDark === true;
  } catch {
    // no stored choice, or storage blocked: light
  }
  root.setAttribute('data-theme', dark ? 'dark' : 'light');
})();
