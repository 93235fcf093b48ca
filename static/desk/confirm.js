/* Buttons that ask first: a form with data-confirm="consequence" opens the page's
   <dialog id="confirm-dialog"> with that text; "Cancel" keeps everything as it was, the
   confirm button posts the form with confirmed=1. Without JavaScript the same POST (without
   confirmed=1) shows the server's confirm page instead, so nothing happens in one tap. */
(function () {
  "use strict";

  function setUp() {
    var dialog = document.getElementById("confirm-dialog");
    if (!dialog || typeof dialog.showModal !== "function") { return; }
    var text = dialog.querySelector(".consequence");
    var ok = dialog.querySelector("button[value='confirm']");
    var pending = null;

    document.addEventListener("submit", function (event) {
      var form = event.target;
      if (!form.hasAttribute || !form.hasAttribute("data-confirm")) { return; }
      if (form.querySelector("input[name='confirmed']")) { return; }
      event.preventDefault();
      pending = form;
      var button = form.querySelector("button[type='submit']");
      text.textContent = form.getAttribute("data-confirm");
      ok.textContent = button ? button.textContent : ok.getAttribute("data-label");
      dialog.showModal();
    });

    dialog.addEventListener("close", function () {
      var form = pending;
      pending = null;
      if (!form || dialog.returnValue !== "confirm") { return; }
      var field = document.createElement("input");
      field.type = "hidden";
      field.name = "confirmed";
      field.value = "1";
      form.appendChild(field);
      form.submit();
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setUp);
  } else {
    setUp();
  }
})();
