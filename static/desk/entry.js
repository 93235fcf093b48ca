/* Hand and penalty forms: show only the fields the chosen outcome or penalty uses.
   The server checks everything; without JavaScript every field simply stays visible. */
(function () {
  "use strict";

  function selected(form, name) {
    var checked = form.querySelector('input[name="' + name + '"]:checked');
    if (checked) { return checked.value; }
    var select = form.querySelector('select[name="' + name + '"]');
    return select ? select.value : "";
  }

  function toggle(elements, attribute, value) {
    elements.forEach(function (element) {
      var wanted = element.getAttribute(attribute).split(" ").filter(Boolean);
      element.hidden = wanted.length > 0 && value !== "" && wanted.indexOf(value) === -1;
    });
  }

  function setUpHandForm(form) {
    var groups = Array.prototype.slice.call(form.querySelectorAll("fieldset[data-outcomes]"))
      .filter(function (group) { return !group.hasAttribute("data-outcome-group"); })
      // the columns of a per-seat grid (Han, Fu, Yakuman) each follow their own outcomes
      .concat(Array.prototype.slice.call(form.querySelectorAll(".per-seat-grid [data-outcomes]")));
    function update() { toggle(groups, "data-outcomes", selected(form, "outcome")); }
    form.addEventListener("change", update);
    update();
  }

  function setUpPenaltyForm(form) {
    var fields = Array.prototype.map.call(form.querySelectorAll("[data-kinds]"), function (input) {
      var wrapper = input.closest(".field");
      if (wrapper) { wrapper.setAttribute("data-kinds", input.getAttribute("data-kinds")); }
      return wrapper || input;
    });
    function update() { toggle(fields, "data-kinds", selected(form, "kind")); }
    form.addEventListener("change", update);
    update();
  }

  /* The page's announcement (the last save, the hand to enter now): written into its status
     region once the page has loaded, a moment after the region itself, so that a screen reader
     says it (a live region's text present at load is not announced). */
  function announce(region) {
    window.setTimeout(function () {
      region.textContent = region.getAttribute("data-announce");
    }, 250);
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-announce]").forEach(announce);
    document.querySelectorAll("form.hand-form").forEach(setUpHandForm);
    document.querySelectorAll("form.penalty-form").forEach(setUpPenaltyForm);
  });
}());
