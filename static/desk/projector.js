/* The projector pages through its rows by itself and reloads when the desk publishes or
   confirms something (the version in the state JSON changes). No one touches it. */
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

  function startPaging() {
    var container = document.querySelector(".pageable");
    if (!container) { return; }
    var pages = paginate(container);
    var index = 0;
    show(pages, index);
    var seconds = Number(body.getAttribute("data-seconds")) || 12;
    window.setInterval(function () {
      index = (index + 1) % pages.length;
      show(pages, index);
    }, seconds * 1000);
    window.addEventListener("resize", function () { window.location.reload(); });
  }

  function poll() {
    var url = body.getAttribute("data-state-url");
    fetch(url, {cache: "no-store", credentials: "same-origin"})
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (state) {
        if (state && state.version !== body.getAttribute("data-version")) {
          window.location.reload();
        }
      })
      .catch(function () { /* the venue's network hiccups: try again next time */ });
  }

  /* The results reveal: on the projector's own keyboard (opened with the director's account,
     the only case in which the page carries data-reveal-url), space, the right arrow or a
     presenter's "next" key reveal the next place, the left arrow or "previous" takes one back.
     The desk keeps the step; the page reloads to show it. */
  function revealKeys() {
    var url = body.getAttribute("data-reveal-url");
    if (!url) { return; }
    var busy = false;
    document.addEventListener("keydown", function (event) {
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
      }).then(function () { window.location.reload(); })
        .catch(function () { busy = false; });
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    revealKeys();
    startPaging();
    window.setInterval(poll, (Number(body.getAttribute("data-poll")) || 10) * 1000);
  });
}());
