// For browsers too old to run ES modules (the KaiOS browser of JioPhone-class feature phones): they
// run none of the site's scripts, yet they do run JavaScript, so <noscript> does not help them. This
// one file, loaded with `nomodule` (which every modern browser skips without fetching it), gives
// them what <noscript> gives a browser without JavaScript: the no-JavaScript sheet where the page
// names one (data-sheet), the splash's move to /home (data-next, data-after-ms). Old syntax on
// purpose: these browsers know no arrow functions.
(function () {
  var script = document.currentScript;
  if (!script) return;
  var sheet = script.getAttribute('data-sheet');
  if (sheet) {
    var link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = sheet;
    document.head.appendChild(link);
  }
  var next = script.getAttribute('data-next');
  if (next) {
    setTimeout(function () {
      location.replace(next);
    }, Number(script.getAttribute('data-after-ms')) || 0);
  }
})();
