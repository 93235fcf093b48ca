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

  /* Where the keyboard was, as a way to find the same control in fresh content: its id, else
     its link or its field, else its place among its parent's children up to `root`. */
  function focusPath(element, root) {
    if (!element || element === root || !root.contains(element)) { return null; }
    if (element.id) { return {id: element.id}; }
    if (element.matches("a[href]")) { return {selector: 'a[href="' + CSS.escape(element.getAttribute("href")) + '"]'}; }
    if (element.name) { return {selector: '[name="' + CSS.escape(element.name) + '"]'}; }
    var steps = [];
    for (var node = element; node && node !== root; node = node.parentElement) {
      steps.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
    }
    return {steps: steps};
  }

  function findAgain(path, root) {
    if (path.id) { return document.getElementById(path.id); }
    if (path.selector) { return root.querySelector(path.selector); }
    var node = root;
    for (var i = 0; node && i < path.steps.length; i += 1) { node = node.children[path.steps[i]]; }
    return node;
  }

  /* `root`'s content replaced by `fresh`'s, for a keyboard and a screen reader too: the focus
     stays on the same control (or goes to the page's heading when that control is gone), the
     checkboxes keep their state ("Show all columns"), and `status` says what happened. */
  function swap(root, fresh, status) {
    var path = focusPath(document.activeElement, root);
    var checked = {};
    root.querySelectorAll("input[type=checkbox][id]").forEach(function (box) { checked[box.id] = box.checked; });
    root.innerHTML = fresh.innerHTML;
    Object.keys(checked).forEach(function (id) {
      var box = document.getElementById(id);
      if (box && root.contains(box)) { box.checked = checked[id]; }
    });
    if (path) {
      var again = findAgain(path, root);
      if (!again || again.closest("[hidden]")) {
        again = root.querySelector("h1");
        if (again) { again.setAttribute("tabindex", "-1"); }
      }
      if (again) { again.focus({preventScroll: true}); }
    }
    if (status) {
      status.textContent = "";
      window.setTimeout(function () { status.textContent = status.getAttribute("data-live-text"); }, 100);
    }
  }

  window.deskLive = {watch: watch, fetchPage: fetchPage, swap: swap};

  /* The public standings: the marker inside the live content names the version; that content
     ([data-live-content], else #main) is swapped, and [data-live-status] says so. */
  document.addEventListener("DOMContentLoaded", function () {
    function content(doc) { return doc.querySelector("[data-live-content]") || doc.getElementById("main"); }
    function marker() { return content(document).querySelector("[data-live-url]"); }
    if (!marker()) { return; }
    watch({
      url: function () { return marker().getAttribute("data-live-url"); },
      key: marker().getAttribute("data-live-key"),
      version: function () { return marker().getAttribute("data-live-version"); },
      seconds: function () { return Number(marker().getAttribute("data-live-poll")); },
      changed: function () {
        return fetchPage("no-cache").then(function (page) {
          var fresh = content(page);
          if (fresh && fresh.querySelector("[data-live-url]")) {
            swap(content(document), fresh, document.querySelector("[data-live-status]"));
            document.title = page.title;
          }
        });
      }
    });
  });
}());
