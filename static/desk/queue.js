/* The referee pages' offline queue (docs/architecture.md, "The offline queue").

   A hand, a correction, a penalty or a referee call saved without connection is kept on the phone
   (localStorage: it survives a reload and a closed tab) and sent to the desk, in order, when the
   connection is back: on the `online` event, on every page load and every 30 seconds while
   something waits. Each save carries its one-time submission id, so the desk saves it once even
   if it arrives twice. The desk answers JSON (scoring/views/queued.py): saved, duplicate, stale
   (another device saved meanwhile: the referee chooses), refused or invalid (kept until the
   referee dismisses it). No rule of the game is here: the queue shows what was typed, and the
   totals are marked "not yet counted" until the desk has them.

   Every save is written to the queue before it is sent, even online (a Wi-Fi that is connected
   but passes nothing must not lose it), and a send the network has not answered within 10 s
   counts as not sent. The queue is kept by table and session, so a renewed link still finds it.

   Without this script, without storage or service workers, the forms post as they always did. */
(function () {
  "use strict";

  var panel = document.getElementById("desk-queue");
  var textsNode = document.getElementById("desk-queue-texts");
  if (!panel || !textsNode || !window.fetch || !window.JSON) { return; }
  var storage;
  try {
    storage = window.localStorage;
    var probe = "desk-queue-probe";
    storage.setItem(probe, "1");
    storage.removeItem(probe);
  } catch (error) {
    return; // no storage: the page behaves as without this script
  }
  var TEXTS = JSON.parse(textsNode.textContent);
  var tableUrl = panel.getAttribute("data-table-url");
  // Kept by table and session, not by link: a renewed link still finds what waits (sent to the
  // old link it is refused; "Send again" sends it to this page's link).
  var tableId = panel.getAttribute("data-table-id");
  var sessionNumber = panel.getAttribute("data-session");
  // The most saves the desk takes as waiting (X-Desk-Waiting): its limit, from the page.
  var MAX_WAITING = parseInt(panel.getAttribute("data-max-waiting"), 10) || 0;
  var KEY = tableId && sessionNumber ? "desk-queue:table:" + tableId + ":" + sessionNumber : "desk-queue:" + tableUrl;
  var OLD_KEY = "desk-queue:" + tableUrl; // before the queue was kept by table
  try {
    if (KEY !== OLD_KEY && storage.getItem(OLD_KEY) && !storage.getItem(KEY)) {
      storage.setItem(KEY, storage.getItem(OLD_KEY));
      storage.removeItem(OLD_KEY);
    }
  } catch (error) { /* it stays where it was */ }
  var sending = false;
  var savedNow = 0;
  var dirty = false;

  function text(name, params) {
    var value = TEXTS[name] || name;
    Object.keys(params || {}).forEach(function (key) {
      value = value.replace("%(" + key + ")s", params[key]);
    });
    return value;
  }

  function newId() {
    if (window.crypto && window.crypto.randomUUID) { return window.crypto.randomUUID(); }
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    var hex = Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
    return hex.slice(0, 8) + "-" + hex.slice(8, 12) + "-" + hex.slice(12, 16) + "-" + hex.slice(16, 20) + "-" + hex.slice(20);
  }

  /* What waits. A value that is not the queue's JSON (a half-written save, another script) is
     moved aside to a backup key, never overwritten: what was typed may still be read there. */
  function load() {
    var raw = storage.getItem(KEY);
    if (!raw) { return []; }
    try {
      var items = JSON.parse(raw);
      if (Array.isArray(items)) { return items; }
    } catch (error) { /* below */ }
    try { storage.setItem(KEY + ":backup:" + Date.now(), raw); storage.removeItem(KEY); } catch (error) { /* kept as it is */ }
    return [];
  }

  /* Write the queue; false when the phone refused (its storage is full). */
  function store(items) {
    try {
      if (items.length) { storage.setItem(KEY, JSON.stringify(items)); } else { storage.removeItem(KEY); }
      return true;
    } catch (error) {
      return false;
    }
  }

  /* Tell the desk how many saves wait now (a HEAD of the table's page): the dashboard forgets a
     number reported before a save was dropped, dismissed or sent. */
  function report() {
    var count = load().length;
    return fetch(tableUrl, {
      method: "HEAD",
      credentials: "same-origin",
      headers: { "X-Desk-Waiting": String(Math.min(MAX_WAITING, count)) }
    }).catch(function () { return null; });
  }

  function setField(item, name, value) {
    item.fields = item.fields.filter(function (pair) { return pair[0] !== name; });
    item.fields.push([name, String(value)]);
  }

  /* The token of now (the cookie, else this page's forms): the one stored with a save may have
     been rotated since (a log-in, a PIN), and the form field would win over the header. */
  function csrfToken() {
    var match = document.cookie.match(/(?:^|; )csrftoken=([^;]+)/);
    if (match) { return decodeURIComponent(match[1]); }
    var field = document.querySelector('input[name="csrfmiddlewaretoken"]');
    return field ? field.value : "";
  }

  // -- what was typed, in the page's own words --------------------------------------------------

  function clean(value) { return (value || "").replace(/\s+/g, " ").trim(); }

  function labelOf(form, element) {
    if (element.id) {
      var label = form.querySelector('label[for="' + element.id + '"]');
      if (label) { return clean(label.textContent).replace(/\s*\*$/, ""); }
    }
    var fieldset = element.closest("fieldset");
    var legend = fieldset && fieldset.querySelector("legend");
    return legend ? clean(legend.textContent) : "";
  }

  function describe(form) {
    var groups = [];
    var byName = {};
    Array.prototype.forEach.call(form.elements, function (element) {
      var type = element.type;
      if (!element.name || element.disabled || ["hidden", "submit", "button"].indexOf(type) !== -1) { return; }
      if (element.closest("[hidden]")) { return; }
      var name, value;
      if (type === "radio" || type === "checkbox") {
        if (!element.checked) { return; }
        var fieldset = element.closest("fieldset");
        var legend = fieldset && fieldset.querySelector("legend");
        var own = element.closest("label");
        if (type === "checkbox" && !fieldset) { name = ""; value = own ? clean(own.textContent) : labelOf(form, element); }
        else { name = legend ? clean(legend.textContent) : ""; value = own ? clean(own.textContent) : element.value; }
      } else if (element.tagName === "SELECT") {
        if (!element.value) { return; }
        name = labelOf(form, element);
        value = clean(element.options[element.selectedIndex].text);
      } else {
        if (!clean(element.value)) { return; }
        name = labelOf(form, element);
        value = clean(element.value);
      }
      var key = element.name + "|" + name;
      if (!byName[key]) { byName[key] = { name: name, values: [] }; groups.push(byName[key]); }
      byName[key].values.push(value);
    });
    return groups.map(function (group) {
      var values = group.values.join(", ");
      return group.name ? group.name + ": " + values : values;
    }).join(" · ");
  }

  // -- the panel at the top ----------------------------------------------------------------------

  function element(tag, className, content) {
    var node = document.createElement(tag);
    if (className) { node.className = className; }
    if (content !== undefined) { node.textContent = content; }
    return node;
  }

  function button(label, className, action) {
    var node = element("button", className, label);
    node.type = "button";
    node.addEventListener("click", action);
    return node;
  }

  var saveButton = document.querySelector('form[data-queue="hand"] button.save');
  var saveLabel = saveButton ? saveButton.textContent : "";

  function render() {
    var items = load();
    if (saveButton) { saveButton.textContent = items.length ? text("save_next") : saveLabel; }
    var seatStrip = document.querySelector(".seat-strip");
    var handsTable = document.querySelector("table.hands");
    [seatStrip, handsTable].forEach(function (node) {
      if (node) { node.classList.toggle("not-counted", items.length > 0); }
    });
    panel.textContent = "";
    if (!items.length) {
      if (savedNow) {
        panel.hidden = false;
        var done = element("p", "queue-done", text("saved_reload") + " ");
        done.appendChild(button(text("reload"), "link-button", function () { window.location.reload(); }));
        panel.appendChild(done);
      } else {
        panel.hidden = true;
      }
      return;
    }
    panel.hidden = false;
    var allHands = items.every(function (item) { return item.kind === "hand"; });
    var one = items.length === 1;
    var heading = text((allHands ? "hands" : "items") + (one ? "_one" : "_many"), { count: items.length });
    panel.appendChild(element("h2", "queue-heading", heading));
    panel.appendChild(element("p", "queue-note", text("not_counted")));
    var list = element("ol", "queue-items");
    items.forEach(function (item) {
      var entry = element("li", "queue-item queue-" + item.state);
      entry.setAttribute("data-state", item.state);
      var said = element("p", "queue-description", item.description);
      if (item.state === "conflict") { said.className += " visually-hidden"; }
      entry.appendChild(said);
      if (item.state === "conflict") {
        entry.appendChild(element("p", "queue-message", text("conflict")));
        var sides = element("div", "queue-sides");
        var theirs = element("div", "queue-side queue-theirs");
        theirs.appendChild(element("h3", "", text("desk_now")));
        var theirList = element("ul", "plain");
        (item.latest || []).forEach(function (line) { theirList.appendChild(element("li", "", line)); });
        theirs.appendChild(theirList);
        var mine = element("div", "queue-side queue-mine");
        mine.appendChild(element("h3", "", text("yours")));
        mine.appendChild(element("p", "", item.description));
        sides.appendChild(theirs);
        sides.appendChild(mine);
        entry.appendChild(sides);
        var actions = element("p", "queue-actions");
        actions.appendChild(button(text("keep_mine"), "queue-keep", function () { keepMine(item.id); }));
        actions.appendChild(button(text("drop_mine"), "secondary queue-drop", function () {
          if (window.confirm(text("drop_confirm"))) { drop(item.id); }
        }));
        entry.appendChild(actions);
      } else if (item.state === "refused") {
        entry.appendChild(element("p", "queue-message", text(item.held ? "held" : "refused") + " " + item.message));
        if (item.base && item.base !== tableUrl) { entry.appendChild(element("p", "help", text("old_link"))); }
        var dismiss = element("p", "queue-actions");
        dismiss.appendChild(button(text("send_again"), (item.held ? "" : "secondary ") + "queue-again", function () { sendAgain(item.id); }));
        dismiss.appendChild(button(text("dismiss"), "secondary queue-dismiss", function () { drop(item.id); }));
        entry.appendChild(dismiss);
      }
      list.appendChild(entry);
    });
    panel.appendChild(list);
    if (items[0].state === "waiting") {
      var again = element("p", "queue-actions");
      again.appendChild(button(sending ? text("sending") : text("send_now"), "secondary queue-send", function () { flush(); }));
      panel.appendChild(again);
    }
  }

  // -- changing the queue ----------------------------------------------------------------------

  function update(id, change) {
    var items = load();
    items.forEach(function (item) { if (item.id === id) { change(item); } });
    store(items);
    return items;
  }

  /* Remove an item; the next one, if it was typed after it, now expects the revision this one
     expected (this one was never saved). */
  function drop(id) {
    var items = load();
    var index = items.map(function (item) { return item.id; }).indexOf(id);
    if (index === -1) { return; }
    var gone = items.splice(index, 1)[0];
    var next = items[index];
    if (next && next.chained) {
      var revision = gone.state === "conflict" && gone.deskRevision !== null ? gone.deskRevision : gone.revision;
      next.revision = revision;
      setField(next, "revision", revision);
      if (index === 0) { next.chained = gone.chained; }
    }
    store(items);
    render();
    report();
    flush();
  }

  /* A refused save, sent again as it is (after a log-in, a PIN, a new page, a reopened table). */
  function sendAgain(id) {
    update(id, function (item) {
      item.state = "waiting";
      item.held = false;
      item.message = "";
      var base = item.base || "";
      if (base && base !== tableUrl && item.url.indexOf(base) === 0) {
        item.url = tableUrl + item.url.slice(base.length); // the link was renewed: this page's
        item.base = tableUrl;
      }
    });
    render();
    flush();
  }

  /* After the other device's save: send mine with the table's revision now and a new id. */
  function keepMine(id) {
    update(id, function (item) {
      item.state = "waiting";
      item.revision = item.deskRevision;
      setField(item, "revision", item.deskRevision);
      setField(item, "submission", newId());
    });
    render();
    flush();
  }

  function enqueue(form, kind, submitter) {
    var items = load();
    var fields = [];
    new FormData(form).forEach(function (value, name) { fields.push([name, String(value)]); });
    var revision = parseInt(form.elements.revision ? form.elements.revision.value : "0", 10);
    var handsBefore = items.filter(function (item) { return item.kind === "hand"; }).length;
    var number = parseInt(panel.getAttribute("data-hand") || "0", 10);
    var title;
    if (kind === "hand") { title = text("hand", { number: number + handsBefore }); }
    else if (kind === "correction") { title = text("correction", { number: form.getAttribute("data-hand") || "" }); }
    else if (kind === "call") { title = text("call"); }
    else { title = text("penalty"); }
    var item = {
      id: newId(),
      url: form.getAttribute("action") || window.location.pathname,
      base: tableUrl,
      kind: kind,
      fields: fields,
      revision: revision,
      chained: items.length > 0, // typed after the one before it, on this phone
      description: title + ": " + (describe(form) || (submitter ? clean(submitter.textContent) : "")),
      state: "waiting",
      message: "",
      latest: [],
      deskRevision: null
    };
    if (kind === "penalty") { setField(item, "confirmed", "True"); }
    items.push(item);
    return store(items) ? item : null;
  }

  /* The next form gets a new one-time id: the one just queued is spent. */
  function freshForms(form) {
    var id = newId();
    document.querySelectorAll('input[name="submission"]').forEach(function (input) { input.value = id; });
    if (form && form.classList.contains("hand-form")) {
      form.reset();
      document.querySelectorAll('input[name="submission"]').forEach(function (input) { input.value = id; });
      form.dispatchEvent(new Event("change"));
      dirty = false;
      window.scrollTo(0, 0);
    }
  }

  // -- sending -----------------------------------------------------------------------------------

  function body(item, token) {
    var data = new URLSearchParams();
    item.fields.forEach(function (pair) {
      if (pair[0] !== "csrfmiddlewaretoken") { data.append(pair[0], pair[1]); }
    });
    if (token) { data.append("csrfmiddlewaretoken", token); }
    return data;
  }

  // Milliseconds before a save the network does not answer counts as not sent (a Wi-Fi that
  // is connected but passes nothing): the desk's setting DESK_OFFLINE_SAVE_WAIT_MS, from the page.
  var SEND_TIMEOUT = parseInt(panel.getAttribute("data-save-wait"), 10) || 10000;

  function post(item, waiting) {
    var token = csrfToken();
    var controller = window.AbortController ? new AbortController() : null;
    var timer = controller ? window.setTimeout(function () { controller.abort(); }, SEND_TIMEOUT) : null;
    return fetch(item.url, {
      method: "POST",
      credentials: "same-origin",
      headers: {
        "X-Desk-Queue": "1",
        "X-Desk-Waiting": String(Math.min(MAX_WAITING, waiting)),
        "X-CSRFToken": token,
        "Accept": "application/json"
      },
      body: body(item, token),
      signal: controller ? controller.signal : undefined
    }).then(function (response) {
      var type = response.headers.get("Content-Type") || "";
      if (type.indexOf("application/json") !== -1) { return response.json(); }
      if (response.status === 404) { return { status: "refused", message: text("link_gone") }; }
      // a refused token, a log-in or a PIN asked for: held until the referee acts, not final
      if (response.status === 403 || response.redirected) { return { status: "refused", held: true, message: text("forbidden") }; }
      return { status: "retry" }; // a proxy's error page, a server restarting: later
    }).then(function (answer) {
      if (timer) { window.clearTimeout(timer); }
      return answer;
    }, function (error) {
      if (timer) { window.clearTimeout(timer); }
      throw error;
    });
  }

  function flush() {
    // The phone knows it has no network: wait for the `online` event rather than try.
    if (sending || navigator.onLine === false) { return Promise.resolve(); }
    var items = load();
    if (!items.length || items[0].state !== "waiting") { return Promise.resolve(); }
    sending = true;
    render();
    function next() {
      var queue = load();
      var item = queue[0];
      if (!item || item.state !== "waiting") { return null; }
      return post(item, queue.length - 1).then(function (answer) {
        if (answer.status === "saved" || answer.status === "duplicate") {
          var rest = load().filter(function (other) { return other.id !== item.id; });
          if (rest[0] && rest[0].chained && answer.revision !== null && answer.revision !== undefined) {
            rest[0].revision = answer.revision;
            setField(rest[0], "revision", answer.revision);
          }
          store(rest);
          savedNow += 1;
          render();
          return next();
        }
        if (answer.status === "stale") {
          update(item.id, function (it) {
            it.state = "conflict";
            it.latest = answer.latest || [];
            it.message = answer.message || "";
            it.deskRevision = answer.revision;
          });
          return null;
        }
        if (answer.status === "refused" || answer.status === "invalid") {
          update(item.id, function (it) {
            var details = [];
            Object.keys(answer.errors || {}).forEach(function (name) {
              (answer.errors[name] || []).forEach(function (error) {
                if (details.indexOf(error) === -1 && error !== answer.message) { details.push(error); }
              });
            });
            it.state = "refused";
            it.held = !!answer.held;
            it.message = [answer.message].concat(details).filter(Boolean).join(" ");
          });
          return null;
        }
        return null; // retry later
      });
    }
    return Promise.resolve().then(next).catch(function () { return null; }).then(function () {
      sending = false;
      render();
      var left = load();
      if (!left.length && savedNow && !dirty && navigator.onLine !== false) {
        window.location.reload();
      }
    });
  }

  // -- the forms ---------------------------------------------------------------------------------

  function kindOf(form) { return form.getAttribute("data-queue"); }

  function isConfirmedPenalty(form) {
    var confirmed = form.elements.confirmed;
    return confirmed && (confirmed.value === "True" || confirmed.value === "on");
  }

  /* The phone's storage is full: say so, and post the form as without the queue. */
  function postAsBefore(form) {
    window.alert(text("storage_full"));
    HTMLFormElement.prototype.submit.call(form);
  }

  function queueIt(form, kind, submitter) {
    if (!enqueue(form, kind, submitter)) { postAsBefore(form); return; }
    shownQueued(form, kind, navigator.onLine === false ? "offline" : "kept");
  }

  function shownQueued(form, kind, said) {
    freshForms(form);
    render();
    var note = document.getElementById("desk-queue-offline");
    if (!note) {
      note = element("p", "queue-offline", text(said));
      note.id = "desk-queue-offline";
      note.setAttribute("role", "status");
      panel.insertBefore(note, panel.firstChild);
    }
    if (kind !== "hand") { window.location.assign(tableUrl); }
  }

  function onSubmit(event) {
    var form = event.target;
    var kind = kindOf(form);
    if (!kind || event.defaultPrevented) { return; }
    var offline = navigator.onLine === false;
    var waiting = load().length > 0;
    if (kind === "penalty" && !isConfirmedPenalty(form) && !offline && !waiting) {
      return; // the desk computes the penalty first: nothing is saved by this step
    }
    event.preventDefault();
    if (offline || waiting) { queueIt(form, kind, event.submitter); return; }
    // Online, nothing waiting: on the phone first (a Wi-Fi that passes nothing must not lose
    // it), then sent now; the desk's answer removes it.
    if (form.dataset.sending) { return; }
    var item = enqueue(form, kind, event.submitter);
    if (!item) { postAsBefore(form); return; }
    form.dataset.sending = "1";
    sending = true;
    post(item, 0).then(function (answer) {
      sending = false;
      if (answer.status === "saved" || answer.status === "duplicate") {
        store(load().filter(function (other) { return other.id !== item.id; }));
        window.location.assign(tableUrl);
        return;
      }
      if (answer.status === "retry") { delete form.dataset.sending; shownQueued(form, kind, "no_answer"); return; }
      // refused or invalid: the desk's own page says why, as without the queue
      store(load().filter(function (other) { return other.id !== item.id; }));
      delete form.dataset.sending;
      HTMLFormElement.prototype.submit.call(form);
    }, function () {
      sending = false; // no answer (no network, or none within the time): it waits
      delete form.dataset.sending;
      shownQueued(form, kind, "no_answer");
    });
  }

  function keepPage() {
    if (!("serviceWorker" in navigator)) { return; }
    var url = panel.getAttribute("data-sw-url");
    if (!url) { return; }
    var scope = url.replace(/[^/]*$/, "");
    navigator.serviceWorker.register(url, { scope: scope }).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      var urls = [window.location.href.split("#")[0]];
      document.querySelectorAll('script[src], link[rel="stylesheet"][href], link[rel="icon"][href]').forEach(function (node) {
        urls.push(node.src || node.href);
      });
      if (tableUrl && urls.indexOf(new URL(tableUrl, window.location.href).href) === -1) {
        urls.push(new URL(tableUrl, window.location.href).href);
      }
      if (registration.active) { registration.active.postMessage({ type: "keep", urls: urls }); }
      document.documentElement.setAttribute("data-desk-offline-ready", "1");
    }).catch(function () { /* no service worker: the queue still works while the page is open */ });
  }

  document.addEventListener("submit", onSubmit);
  document.addEventListener("input", function (event) {
    if (event.target.form && kindOf(event.target.form)) { dirty = true; }
  });
  window.addEventListener("online", function () { flush(); });
  window.setInterval(function () {
    var items = load();
    if (!items.length) { return; }
    if (items[0].state === "waiting") { flush(); return; }
    // Held by a choice to make: still tell the desk this phone is here, with what waits.
    fetch(tableUrl, { method: "HEAD", credentials: "same-origin", headers: { "X-Desk-Waiting": String(Math.min(MAX_WAITING, items.length)) } })
      .catch(function () { return null; });
  }, 30000);
  // A page restored from the phone's copy carries a spent id: every form gets a new one.
  freshForms(null);
  render();
  flush();
  keepPage();
  window.addEventListener("storage", function (event) {
    if (event.key === KEY) { render(); } // another tab changed this table's queue
  });
  window.deskQueue = { flush: flush, load: load };
}());
