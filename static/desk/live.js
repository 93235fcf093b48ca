/* Live pages (the public standings, the projector): every few seconds the page asks the desk
   for its version, a tiny JSON the desk answers 304 while nothing changed, and fetches itself
   again only when the version it was made from is no longer the desk's. While the tab is
   hidden it asks nothing; it asks at once when the tab is shown again. After a failure (the
   venue's network) it waits longer each time, up to 8 times the interval. No scoring here:
   the desk renders every page. */
(function () {
  "use strict";

  /* options: url(), key, version(), seconds(), changed() -> a promise (fetch and show). */
  function watch(options) {
    var failures = 0;
    var timer = null;
    var busy = false;

    function hidden() { return document.visibilityState === "hidden"; }

    function schedule(delay) {
      window.clearTimeout(timer);
      timer = hidden() ? null : window.setTimeout(check, delay);
    }

    function interval() {
      return (options.seconds() || 20) * 1000 * Math.min(8, Math.pow(2, failures));
    }

    function check() {
      if (busy || hidden()) { return; }
      busy = true;
      fetch(options.url(), {
        cache: "no-cache", credentials: "same-origin", headers: {"Accept": "application/json"}
      })
        .then(function (response) {
          if (!response.ok) { throw new Error(String(response.status)); }
          return response.json();
        })
        .then(function (versions) {
          return versions[options.key] === options.version() ? null : options.changed();
        })
        .then(function () { failures = 0; }, function () { failures += 1; })
        .then(function () { busy = false; schedule(interval()); });
    }

    document.addEventListener("visibilitychange", function () {
      if (hidden()) { window.clearTimeout(timer); timer = null; } else { schedule(0); }
    });
    schedule(interval());
    return {check: check};
  }

  /* This page again, as a document; `cache`: "no-cache" (a 304 reuses the browser's copy) or
     "no-store" (a page whose clock must be fresh). */
  function fetchPage(cache) {
    return fetch(window.location.href, {cache: cache || "no-cache", credentials: "same-origin"})
      .then(function (response) {
        if (!response.ok) { throw new Error(String(response.status)); }
        return response.text();
      })
      .then(function (html) { return new DOMParser().parseFromString(html, "text/html"); });
  }

  window.deskLive = {watch: watch, fetchPage: fetchPage};

  /* The public standings: the marker inside #main names the version; #main is swapped. */
  document.addEventListener("DOMContentLoaded", function () {
    function marker() { return document.querySelector("#main [data-live-url]"); }
    if (!marker()) { return; }
    watch({
      url: function () { return marker().getAttribute("data-live-url"); },
      key: marker().getAttribute("data-live-key"),
      version: function () { return marker().getAttribute("data-live-version"); },
      seconds: function () { return Number(marker().getAttribute("data-live-poll")); },
      changed: function () {
        return fetchPage("no-cache").then(function (page) {
          var fresh = page.getElementById("main");
          if (fresh && fresh.querySelector("[data-live-url]")) {
            document.getElementById("main").innerHTML = fresh.innerHTML;
            document.title = page.title;
          }
        });
      }
    });
  });
}());
