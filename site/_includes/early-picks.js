(function () {
  var order = 0;
  addEventListener('click', function (event) {
    var target = event.target, control = target && target.closest ? target.closest('[data-pick]') : null;
    if (!control || control.closest('[data-ready]')) return;
    var group = control.getAttribute('data-pick');
    if (group) document.querySelectorAll('[data-pick="' + group + '"]').forEach(function (other) {
      if (other !== control) other.removeAttribute('data-picks');
    });
    control.setAttribute('data-picked', String(++order));
    control.setAttribute('data-picks', String((Number(control.getAttribute('data-picks')) || 0) + 1));
  }, true);
})();
