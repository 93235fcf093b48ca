/* The referee pages' service worker (served by scoring.views.offline): network first, the
   phone's copy when there is no connection. Only GET requests of the desk itself are kept;
   saves (POST) always go to the network, and the page's queue (desk/queue.js) keeps them when
   they cannot. */
"use strict";
const CACHE = "{{ cache_name|escapejs }}";

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith("desk-referee-") && name !== CACHE)
        .map((name) => caches.delete(name))))
      .then(() => self.clients.claim())
  );
});

function keep(request, response) {
  if (response && response.ok && !response.redirected && response.type === "basic") {
    const copy = response.clone();
    return caches.open(CACHE).then((cache) => cache.put(request, copy)).then(() => response);
  }
  return Promise.resolve(response);
}

// The page asks for its own address and its scripts and styles to be kept (the first visit,
// before this worker controlled the page).
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type !== "keep" || !Array.isArray(data.urls)) { return; }
  event.waitUntil(Promise.all(data.urls.map((url) => {
    if (new URL(url, self.location.href).origin !== self.location.origin) { return null; }
    return fetch(url, { credentials: "same-origin" })
      .then((response) => keep(new Request(url), response))
      .catch(() => null);
  })));
});

// A page (and its scripts and styles) gets the phone's copy when the network has not answered
// within this time: a Wi-Fi that is connected but passes nothing shows the table quickly. The
// network's answer, when it comes later, still refreshes the copy. Milliseconds, from the
// desk's settings (DESK_OFFLINE_PAGE_WAIT_MS).
const NETWORK_WAIT = {{ page_wait_ms }};

function copyOf(request) {
  return caches.match(request, { ignoreVary: true, ignoreSearch: false });
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) { return; }
  const network = fetch(request).then((response) => keep(request, response));
  event.waitUntil(network.catch(() => null));
  event.respondWith(new Promise((resolve) => {
    let done = false;
    const answer = (response) => { if (!done && response) { done = true; resolve(response); } };
    const fallback = () => copyOf(request).then((hit) => {
      if (hit) { answer(hit); } else { network.then(answer, () => answer(Response.error())); }
    });
    const timer = setTimeout(fallback, NETWORK_WAIT);
    network.then((response) => { clearTimeout(timer); answer(response); }, () => {
      clearTimeout(timer);
      fallback();
    });
  }));
});
