/* The projector pages through its rows by itself and, when the desk publishes or confirms
   something (its version in /live/ changes, static/desk/live.js), fetches itself again and
   swaps in the new screen without reloading. No one touches it. */
(function () {
  "use strict";

  var body = document.body;

  function paginate(container) {
    var items = Array.prototype.slice.call(container.children);
    var screen = document.querySelector(".screen");
    var limit = screen.getBoundingClientRect().bottom;
    var pages = [];
    var page = [];
    items.forEach(function (item) { item.hidden = false; });
    var offset = 0;
    items.forEach(function (item) {
      var rect = item.getBoundingClientRect();
      if (page.length && rect.bottom - offset > limit) {
        pages.push(page);
        page = [];
        offset = rect.top - items[0].getBoundingClientRect().top;
      }
      page.push(item);
    });
    if (page.length) { pages.push(page); }
    return pages;
  }

  function show(pages, index) {
    pages.forEach(function (page, i) {
      page.forEach(function (item) { item.hidden = i !== index; });
    });
    var label = document.querySelector(".pages");
    if (label) { label.textContent = pages.length > 1 ? (index + 1) + " / " + pages.length : ""; }
  }

  var paging = null;

  function startPaging() {
    window.clearInterval(paging);
    paging = null;
    var container = document.querySelector(".pageable");
    if (!container) { return; }
    var pages = paginate(container);
    var index = 0;
    show(pages, index);
    var seconds = Number(body.getAttribute("data-seconds")) || 12;
    paging = window.setInterval(function () {
      index = (index + 1) % pages.length;
      show(pages, index);
    }, seconds * 1000);
  }

  /* The page again (never from the browser's cache: the clock's seconds must be fresh): its
     header, its screen and the body's data (version, poll, reveal step) replace the old. */
  function refresh() {
    return window.deskLive.fetchPage("no-store").then(function (page) {
      ["header.bar", "main.screen"].forEach(function (selector) {
        var fresh = page.querySelector(selector);
        var old = document.querySelector(selector);
        if (fresh && old) { old.replaceWith(document.importNode(fresh, true)); }
      });
      Array.prototype.slice.call(body.attributes).forEach(function (attribute) {
        if (attribute.name.indexOf("data-") === 0 && !page.body.hasAttribute(attribute.name)) {
          body.removeAttribute(attribute.name);
        }
      });
      Array.prototype.slice.call(page.body.attributes).forEach(function (attribute) {
        body.setAttribute(attribute.name, attribute.value);
      });
      document.title = page.title;
      startPaging();
      if (window.deskClocks) { window.deskClocks(); }
    });
  }

  /* The results reveal: on the projector's own keyboard (opened with the director's account,
     the only case in which the page carries data-reveal-url), space, the right arrow or a
     presenter's "next" key reveal the next place, the left arrow or "previous" takes one back.
     The desk keeps the step; the page fetches itself again to show it. */
  function revealKeys() {
    var busy = false;
    document.addEventListener("keydown", function (event) {
      var url = body.getAttribute("data-reveal-url");
      if (!url) { return; }
      var forward = event.key === " " || event.key === "ArrowRight" || event.key === "PageDown";
      var back = event.key === "ArrowLeft" || event.key === "PageUp";
      if ((!forward && !back) || busy) { return; }
      event.preventDefault();
      busy = true;
      var data = new FormData();
      data.append("action", forward ? "next" : "back");
      data.append("step", body.getAttribute("data-reveal-step"));
      fetch(url, {
        method: "POST", body: data, credentials: "same-origin",
        headers: {"X-CSRFToken": body.getAttribute("data-csrf"), "Accept": "application/json"}
      }).then(refresh)
        .then(function () { busy = false; }, function () { busy = false; });
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    revealKeys();
    startPaging();
    /* A window of another size (the projector's screen changed, a phone turned or showed its
       address bar) pages the rows again for that size, a moment after the last change; the
       page is not reloaded (a reload at every change would never settle on a phone). */
    var resized = null;
    window.addEventListener("resize", function () {
      window.clearTimeout(resized);
      resized = window.setTimeout(startPaging, 200);
    });
    window.deskLive.watch({
      url: function () { return body.getAttribute("data-live-url"); },
      key: "projector",
      version: function () { return body.getAttribute("data-version"); },
      seconds: function () { return Number(body.getAttribute("data-poll")) || 10; },
      changed: refresh
    });
  });
}());
