/* Countdowns: every element with data-remaining (seconds) shows m:ss; with data-running it
   counts down once a second (role="timer": a screen reader reads it when asked, never by itself). The server sends the seconds left when the page is built, so
   the laptop's and the phones' clocks do not need to agree. A page that swaps in fresh
   content (the projector) calls window.deskClocks() again. */
(function () {
  "use strict";

  var timer = null;

  function format(seconds) {
    var sign = seconds < 0 ? "−" : "";
    var s = Math.abs(Math.round(seconds));
    var h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
    var mm = (h ? String(m).padStart(2, "0") : String(m));
    return sign + (h ? h + ":" : "") + mm + ":" + String(r).padStart(2, "0");
  }

  function start() {
    window.clearInterval(timer);
    timer = null;
    var loaded = Date.now();
    var clocks = Array.prototype.slice.call(document.querySelectorAll("[data-remaining]"));
    function tick() {
      var passed = (Date.now() - loaded) / 1000;
      clocks.forEach(function (element) {
        var remaining = Number(element.getAttribute("data-remaining"));
        if (element.hasAttribute("data-running")) { remaining -= passed; }
        element.textContent = format(remaining);
        var over = remaining <= 0;
        element.classList.toggle("over", over);
        var banner = element.getAttribute("data-over-banner");
        if (over && banner) {
          var target = document.getElementById(banner);
          if (target && target.hidden) {
            // An alert filled in as it is shown: a screen reader says it once.
            target.hidden = false;
            if (!target.textContent.trim()) { target.textContent = target.getAttribute("data-text") || ""; }
          }
        }
      });
    }
    tick();
    if (clocks.some(function (element) { return element.hasAttribute("data-running"); })) {
      timer = window.setInterval(tick, 1000);
    }
  }

  window.deskClocks = start;
  document.addEventListener("DOMContentLoaded", start);
}());
