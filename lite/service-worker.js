// The static site's service worker, written over JupyterLite's own by lite/build_site.py
// (Voici registers whatever file is at the site's root under this name).
//
// A second visit of any lesson starts from this browser's copy of Pyodide's core (the 8 MB
// pyodide.asm.wasm, the standard library) and the wheels, the extensions' scripts and Voici's
// own: those are answered cache-first from one Cache Storage cache. Its name carries the
// build's version (a hash of the files it may hold), so a new build installs a new worker,
// which deletes the old build's cache as it takes over. Pages, the site's configuration and the
// lessons' contents always come from the network.
//
// It also keeps what JupyterLite's worker does for the kernel: it answers the page's heartbeat,
// and relays the kernel's file-system (/api/drive) and input (/api/stdin/) requests to the
// page over a BroadcastChannel, answering with what the page posts back.
"use strict";

const VERSION = "__CACHE_VERSION__";
const PREFIX = "fivecrowns-lab-";
const CACHE = PREFIX + VERSION;
// Under the worker's folder (the site's root): the files a build never changes in place.
const CACHED = ["static/pyodide/", "extensions/", "voici/build/", "build/", "static/fontawesome/"];
const RELAY = new BroadcastChannel("/sw-api.v1");
const ROOT = new URL("./", self.location.href);

self.addEventListener("install", (event) => {
  event.waitUntil(self.skipWaiting());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      const old = names.filter((name) => name.startsWith(PREFIX) && name !== CACHE);
      await Promise.all(old.map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.endsWith("/api/service-worker-heartbeat")) {
    event.respondWith(new Response("ok"));
  } else if (url.pathname.includes("/api/drive") || url.pathname.includes("/api/stdin/")) {
    event.respondWith(relay(event.request, url.pathname));
  } else if (event.request.method === "GET" && cacheable(url)) {
    event.respondWith(cacheFirst(event));
  }
});

function cacheable(url) {
  if (!url.href.startsWith(ROOT.href) || url.search) return false;
  const path = url.href.slice(ROOT.href.length);
  return CACHED.some((folder) => path.startsWith(folder));
}

async function cacheFirst(event) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(event.request);
  if (kept) return kept;
  const response = await fetch(event.request);
  if (response.status === 200) event.waitUntil(cache.put(event.request, response.clone()));
  return response;
}

// The kernel's synchronous request, posted to the page that started it; the page's answer
// (same browsing context, same request id) becomes the response.
async function relay(request, pathname) {
  const message = await request.json();
  return new Promise((resolve) => {
    function answer(event) {
      const reply = event.data;
      if (
        reply.browsingContextId !== message.browsingContextId ||
        reply.requestId !== message.requestId
      ) {
        return;
      }
      RELAY.removeEventListener("message", answer);
      resolve(new Response(JSON.stringify(reply.response)));
    }
    RELAY.addEventListener("message", answer);
    RELAY.postMessage({ ...message, pathname });
  });
}
