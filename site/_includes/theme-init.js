(function () {
  var root = document.documentElement, dark = false;
  try {
    var stored = JSON.parse(localStorage.getItem('dc_theme') || 'null');
    dark = !!stored && stored.isDark === true;
  } catch (e) {}
  root.setAttribute('data-theme', dark ? 'dark' : 'light');
})();
