// The service worker. /sw.js serves this file with SHELL (the app shell's URLs), OFFLINE
// (the page for a page never stored), KEYED (the paths whose answers carry a game's edit
// key), EDIT_LINK (an edit link inside a page), FORGET (the header that has it forget
// every stored page), COPY (the header that marks a page fetched only to be kept: its
// answer never changes the phone's cookie), SAID_ONCE (the header of a page not kept only
// for the message it shows once) and VERSION defined in front of it, and then
// static/kept-store.js (KeptStore: the kept games' database and caches, as the page has
// them), by scorekeeper/web/offline/pwa.py: one response, so that a phone that keeps no
// game fetches nothing of them.
//
// - Stylesheets, scripts and icons: from the cache first; their URLs carry a content
//   hash, so a stored copy is never stale. Install stores what every page uses (SHELL);
//   the rest is stored when a page first uses it, so a phone that only follows a game
//   never downloads the hand form's scripts.
// - Pages: from the network first, and a copy is kept, so a scoreboard opened once stays
//   readable when the connection drops. The page's own script then says it is offline.
// - The scoreboard's live polls, the JSON API and every POST go to the network untouched:
//   a failed poll is how a page learns it is offline, and a save is never faked.
// - A page answered with FORGET (the first after this phone left a group or was removed
//   from one) drops every stored page, and every kept game the server no longer gives this
//   phone: its kept page, and its snapshot and queue in IndexedDB (issue 42). A page the
//   server now answers 404 drops its copy.
// - Nothing that carries an edit key is ever stored, so that the key cannot outlive a new
//   edit link, or be read from the phone's storage: KEYED paths go to the network
//   untouched, and neither a page marked no-store nor one holding an edit link is kept.
// - Bounded (issue 54): the shell cache holds one copy of each file (a script of new content
//   replaces its old copy: ``storeOnly``), and an old shell cache goes with its worker. The
//   kept engine's cache holds one build (keep.js removes what the server no longer lists);
//   a page kept with an older build is served this one's files of the same kind.
// - The engine's files are downloaded here when a page asks (``engine``: their addresses and
//   digests; issue 56): each is stored whole, only once its bytes have the digest the server
//   listed, and a file of the same kind stored before goes (one of each kind). A download
//   goes on when the page that asked is left; a page asking for a file on its way waits for
//   it, so no file is fetched twice.
/* global SHELL, OFFLINE, KEYED, EDIT_LINK, FORGET, COPY, SAID_ONCE, VERSION, KeptStore */
"use strict";

const SHELL_CACHE = "shell-" + VERSION;
const PAGES = "pages";
const MAX_PAGES = 60;
const PATIENCE = 4000; // ms to wait for the network before a stored page is shown
// What static/keep.js stores for a kept game: the engine's files and the kept pages.
const KEPT_ENGINE = KeptStore.ENGINE;
const KEPT_PAGES = KeptStore.PAGES;
const ENGINE_FILE = /\/engine\/(?:pyodide-[^/]+\/[^/]+|worker-[0-9a-f]+\.js|(?:scorekeeper|stdlib)-[0-9a-f]+\.zip|words-[a-z]+-[0-9a-f]+\.mo)$/;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith("shell-") && key !== SHELL_CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(purge)
      .then(() => self.clients.claim()),
  );
});

// An engine file's kind: its address without the hash or the release that names it
// (scorekeeper-<hash>.zip, pyodide-<version>/pyodide.js).
function kind(pathname) {
  return pathname.replace(/^(.*\/engine\/pyodide)-[^/]+\//, "$1/").replace(/-[0-9a-f]+(\.\w+)$/, "$1");
}

// The file of the same kind as ``url`` of the one build kept, if any, while its bytes are
// the ones checked (``genuine``, with ``listed``).
function sameKind(cache, url, listed) {
  const wanted = kind(url.pathname);
  return cache.keys().then((requests) => {
    const found = requests.find((kept) => kind(new URL(kept.url).pathname) === wanted);
    return found ? cache.match(found, { ignoreVary: true }).then((kept) => genuine(cache, found.url, kept, listed)) : undefined;
  });
}

// Stores ``response`` for the static file ``request`` as its only copy (issue 54): the
// copies of the same file of other content (another ?v=) go, so the shell cache holds one
// copy of each file however often it changes.
function storeOnly(cache, request, response) {
  const path = new URL(request.url).pathname;
  return cache
    .keys()
    .then((kept) =>
      Promise.all(
        kept
          .filter((old) => old.url !== request.url && new URL(old.url).pathname === path)
          .map((old) => cache.delete(old)),
      ),
    )
    .then(() => cache.put(request, response));
}

function keyed(url) {
  return KEYED.test(new URL(url).pathname);
}

function noStore(response) {
  return /no-store/.test(response.headers.get("Cache-Control") || "");
}

// Drops stored pages that carry an edit key: an older worker kept scoreboards that
// printed the edit link.
function purge() {
  return caches.open(PAGES).then((cache) =>
    cache.keys().then((requests) =>
      Promise.all(
        requests.map((request) =>
          cache.match(request).then((response) => {
            if (!response || keyed(request.url) || noStore(response)) return cache.delete(request);
            return response.text().then((body) => EDIT_LINK.test(body) && cache.delete(request));
          }),
        ),
      ),
    ),
  );
}

function storable(response) {
  return (
    response.ok &&
    response.type === "basic" &&
    !response.redirected &&
    (response.headers.get("Content-Type") || "").startsWith("text/html") &&
    !noStore(response)
  );
}

// Keeps a copy of a page unless it holds an edit link.
function keep(url, copy) {
  if (keyed(url)) return Promise.resolve();
  return copy
    .clone()
    .text()
    .then((body) => {
      if (EDIT_LINK.test(body)) return undefined;
      return caches.open(PAGES).then((cache) => cache.put(url, copy).then(() => trim(cache)));
    });
}

function trim(cache) {
  return cache.keys().then((keys) =>
    Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_PAGES)).map((key) => cache.delete(key))),
  );
}

// Fetches a page and keeps it when it may be kept. A page not kept only for the message it
// shows once (SAID_ONCE: the scoreboard after a save) is fetched again, and the copy
// without the message kept; a page never to be kept is fetched once, not twice.
function fetchAndKeep(request, again) {
  return fetch(request).then((response) => {
    if (response.headers.get(FORGET)) {
      forgetting = Promise.all([caches.delete(PAGES), forgetKept()]).catch(() => {});
    } else if (response.status === 404) {
      caches.open(PAGES).then((cache) => cache.delete(request.url)).catch(() => {});
    }
    if (storable(response)) {
      keep(request.url, response.clone()).catch(() => {});
    } else if (
      again &&
      response.ok &&
      response.type === "basic" &&
      !response.redirected &&
      response.headers.get(SAID_ONCE)
    ) {
      fetchAndKeep(copyRequest(request.url), false).catch(() => {});
    }
    return response;
  });
}

// The kept games this phone may no longer open, taken off it: each kept page is asked for
// again, and one the server answers 404 (the game is in a group this phone left or was
// removed from) goes, with its snapshot and queue. One it cannot reach stays.
let forgetting = Promise.resolve();

function forgetKept() {
  return caches.open(KEPT_PAGES).then((cache) =>
    cache.keys().then((requests) =>
      Promise.all(
        requests.map((request) =>
          fetch(copyRequest(request.url)).then(
            (answer) => {
              if (answer.status !== 404) return undefined;
              const found = /\/games\/(\d+)\/kept$/.exec(new URL(request.url).pathname);
              return Promise.all([cache.delete(request), found ? forgetGame(Number(found[1])) : null]);
            },
            () => undefined,
          ),
        ),
      ),
    ),
  );
}

// Deletes the kept game's record (snapshot and queue) from IndexedDB.
function forgetGame(id) {
  return KeptStore.forget(id).catch(() => undefined);
}

// A page fetched in the background only to keep a copy of it. The server leaves the
// phone's cookie as it is for it: a page opened meanwhile may have changed the cookie.
function copyRequest(url) {
  return new Request(url, { credentials: "same-origin", headers: { [COPY]: "1" } });
}

function stored(request) {
  return caches.match(request.url, { ignoreVary: true, ignoreSearch: false });
}

// A game this phone keeps (static/keep.js) has a page of its own for when the server
// cannot be reached: its scoreboard and hand form, drawn by the engine in the phone.
function keptPage(url) {
  const found = /^(.*\/games\/\d+)(?:\/hands\/new|\/kept)?$/.exec(new URL(url).pathname);
  if (!found) return Promise.resolve(undefined);
  return caches.open(KEPT_PAGES).then((cache) => cache.match(found[1] + "/kept", { ignoreVary: true }));
}

function storedOrKept(request) {
  return keptPage(request.url).then((kept) => kept || stored(request));
}

function page(event) {
  const request = event.request;
  const network = fetchAndKeep(request, true);
  event.waitUntil(network.then(() => forgetting).catch(() => {}));
  const slow = new Promise((resolve) => setTimeout(resolve, PATIENCE)).then(() =>
    storedOrKept(request).then((copy) => copy || network),
  );
  const failed = network.catch(() =>
    storedOrKept(request).then((copy) => copy || caches.match(OFFLINE, { ignoreVary: true })).then(
      (copy) => copy || Response.error(),
    ),
  );
  return Promise.race([failed, slow]);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || keyed(request.url)) return;
  if (ENGINE_FILE.test(url.pathname)) {
    // The engine a kept game runs on (keep.js stored it): from the cache, else the
    // network. The cache holds one build (keep.js removes the one before): a game's page
    // kept before it asks for the files of that build, which the server no longer has
    // (404) or cannot be reached for, and gets the same files of the one kept, which
    // make a whole engine as theirs did.
    // Each stored file is served only while its bytes are the ones this phone checked
    // (``genuine``): the engine never runs a file planted in the cache since (issue 82).
    const busy = downloading.get(request.url);
    const waited = busy ? busy.done.catch(() => {}) : Promise.resolve();
    event.respondWith(
      waited.then(() => Promise.all([caches.open(KEPT_ENGINE), KeptStore.checked()])).then(([cache, listed]) =>
        cache.match(request, { ignoreVary: true }).then((hit) => genuine(cache, request.url, hit, listed)).then(
          (hit) =>
            hit ||
            fetch(request).then(
              (answer) => (answer.ok ? answer : sameKind(cache, url, listed).then((kept) => kept || answer)),
              (error) =>
                sameKind(cache, url, listed).then((kept) => {
                  if (kept) return kept;
                  throw error;
                }),
            ),
        ),
      ),
    );
  } else if (url.pathname.startsWith("/static/")) {
    event.respondWith(
      caches.match(request, { ignoreVary: true }).then(
        (hit) =>
          hit ||
          // Offline, a page kept before an update asks for the old version of a file:
          // the current one (the same path) serves it.
          fetch(request)
            .then((response) => {
              // Stored for offline use once a page has used it (install stores only what
              // every page uses); its URL carries its content hash, so it never goes stale.
              if (response.ok && response.type === "basic") {
                const copy = response.clone();
                event.waitUntil(
                  caches.open(SHELL_CACHE).then((cache) => storeOnly(cache, request, copy)),
                );
              }
              return response;
            })
            .catch(() => caches.match(request, { ignoreVary: true, ignoreSearch: true })),
      ),
    );
  } else if (request.mode === "navigate") {
    event.respondWith(page(event));
  }
});

// ``stored`` (the kept engine's cache's response for ``url``, or none) if its bytes are the
// ones the checked list (KeptStore.checked) gives its address; one that differs is deleted,
// so the engine's file is fetched from the server instead (offline: the engine does not
// start). A file the list does not name (kept before there was a list) is served.
function genuine(cache, url, stored, listed) {
  if (!stored) return Promise.resolve(undefined);
  const wanted = listed && listed[url];
  if (!wanted) return Promise.resolve(stored);
  return stored.clone().arrayBuffer().then((bytes) => crypto.subtle.digest("SHA-256", bytes)).then((digest) => {
    if (hex(digest) === wanted) return stored;
    return cache.delete(url, { ignoreVary: true }).then(() => undefined);
  });
}

// The engine's files on their way (``download``), by address: a second ask waits for the first.
const downloading = new Map();
const MOST_FILES = 16; // files a page may ask for at once
const LARGEST = 32 * 1024 * 1024; // bytes: a file larger is not the engine's

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// Downloads the engine's file ``url`` into the kept engine's cache unless it is there with
// the bytes of ``sha256``; ``heard`` hears of each part's bytes as they come. Answers, to
// each page that asked, the bytes it downloaded (decoded; 0 for a file stored already).
// Refused: a file whose bytes differ (a wrong or foreign answer), or larger than LARGEST.
function download(url, sha256, heard) {
  const busy = downloading.get(url);
  if (busy) {
    busy.heard.push(heard);
    return busy.done;
  }
  const listeners = [heard];
  const done = caches.open(KEPT_ENGINE).then(async (cache) => {
    const stored = await cache.match(url, { ignoreVary: true });
    if (stored && hex(await crypto.subtle.digest("SHA-256", await stored.arrayBuffer())) === sha256) return 0;
    const answer = await fetch(url, { credentials: "same-origin" });
    if (!answer.ok) throw new Error(String(answer.status));
    const reader = answer.body.getReader();
    const parts = [];
    let read = 0;
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      read += part.value.length;
      if (read > LARGEST) throw new Error("too large");
      parts.push(part.value);
      listeners.forEach((tell) => tell(part.value.length));
    }
    const bytes = await new Blob(parts).arrayBuffer();
    if (hex(await crypto.subtle.digest("SHA-256", bytes)) !== sha256) throw new Error("not the file listed");
    const type = answer.headers.get("Content-Type");
    await cache.put(url, new Response(bytes, { headers: type ? { "Content-Type": type } : {} }));
    // One file of each kind: the one stored before this one (an older build's) goes.
    const wanted = kind(new URL(url).pathname);
    for (const old of await cache.keys()) {
      if (old.url !== url && kind(new URL(old.url).pathname) === wanted) await cache.delete(old);
    }
    return read;
  });
  const entry = { heard: listeners, done };
  downloading.set(url, entry);
  const over = () => downloading.delete(url);
  done.then(over, over);
  return done;
}

// The files a page asks this worker to download (``asked``: [{url, sha256}]): only the
// engine's, on this server, with a digest; each told on ``port`` (bytes, then done or failed).
function downloads(asked, port) {
  const tell = (message) => port && port.postMessage(message);
  const wanted = (Array.isArray(asked) ? asked : []).slice(0, MOST_FILES).filter((item) => {
    if (!item || typeof item.url !== "string" || !/^[0-9a-f]{64}$/.test(item.sha256 || "")) return false;
    const url = new URL(item.url, self.location.href);
    return url.origin === self.location.origin && ENGINE_FILE.test(url.pathname);
  });
  return Promise.all(
    wanted.map((item) => {
      const url = new URL(item.url, self.location.href).href;
      return download(url, item.sha256, (bytes) => tell({ bytes })).then(
        (sent) => tell({ done: true, sent }),
        (error) => tell({ failed: String((error && error.message) || error), name: error && error.name }),
      );
    }),
  );
}

// A page asks for a fresh copy of itself to be kept (app.js: after a live update, or for
// the first page, which loaded before this worker ran).
self.addEventListener("message", (event) => {
  if (event.data && event.data.engine) {
    event.waitUntil(downloads(event.data.engine, event.ports[0]).catch(() => {}));
    return;
  }
  const url = event.data && event.data.keep;
  if (typeof url !== "string" || new URL(url).origin !== self.location.origin || keyed(url)) {
    return;
  }
  const assets = Array.isArray(event.data.assets) ? event.data.assets : [];
  const wanted = assets.filter(
    (asset) =>
      typeof asset === "string" &&
      new URL(asset).origin === self.location.origin &&
      new URL(asset).pathname.startsWith("/static/"),
  );
  event.waitUntil(
    Promise.all([
      fetchAndKeep(copyRequest(url), false),
      caches.open(SHELL_CACHE).then((cache) =>
        Promise.all(
          wanted.map((asset) =>
            cache.match(asset).then(
              (hit) =>
                hit ||
                fetch(asset).then(
                  (answer) => answer.ok && storeOnly(cache, new Request(asset), answer),
                ),
            ),
          ),
        ),
      ),
    ]).catch(() => {}),
  );
});
