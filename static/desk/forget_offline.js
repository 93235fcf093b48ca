/* After a logout: the phone forgets the referee pages its service worker kept
   (templates/scoring/service_worker.js), so the next account sees none of them offline.
   Chromium does not empty Cache Storage for `Clear-Site-Data: "cache"`, so the page the logout
   leads to does it: the logout sets the cookie `desk_forget_offline` (desk.views.LogoutView),
   this script empties every cache named "desk-referee-..." (scoring.referee.offline.CACHE_PREFIX),
   then removes the cookie. localStorage is not touched: saves waiting in the offline queue
   (desk/queue.js) stay on the phone and are sent from the table's page. */
(function () {
  "use strict";
  var COOKIE = "desk_forget_offline";
  var PREFIX = "desk-referee-";
  if (document.cookie.split("; ").indexOf(COOKIE + "=1") < 0) { return; }
  function forgotten() {
    document.cookie = COOKIE + "=; Max-Age=0; path=/; SameSite=Lax";
  }
  if (!window.caches) { forgotten(); return; }
  window.caches.keys()
    .then(function (names) {
      return Promise.all(names.filter(function (name) { return name.indexOf(PREFIX) === 0; })
        .map(function (name) { return window.caches.delete(name); }));
    })
    .then(forgotten, function () { /* kept: the next page tries again */ });
})();
