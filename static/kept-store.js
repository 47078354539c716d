// Where a phone keeps its kept games (issues 34, 44, 67): one script for the page (kept.html
// and keep.js on the scoreboard load it) and the service worker (web/offline/pwa.py puts it
// in front of sw.js), so that the names of the database and the caches, the database's
// version and its opener are written once. The engine's worker (phone-engine-worker.js)
// names the snapshots' cache and makes their key itself, as snapshotKey does. Each kept game is a record in IndexedDB ({id, snapshot, queue, by, removed,
// drawn}); the engine's files and the kept pages are in Cache Storage.
(() => {
  "use strict";
  const NAMES = {
    DATABASE: "scorekeeper-offline",
    VERSION: 1,
    GAMES: "games", // the records, by the game's id
    ENGINE: "kept-engine", // the engine's files and the kept page's scripts: one build
    PAGES: "kept-pages", // each kept game's page (web/offline/kept.py)
    SNAPSHOTS: "kept-engine-snapshot", // the engine's memory snapshot (phone-engine-worker.js)
    CHECKED: "kept-engine-checked", // the engine's files this phone checked: {address: sha256}
  };

  // One connection for the life of the page or the worker (issue 54): one opened per call
  // was never closed. Asked to close (a newer version opened elsewhere), it closes, and
  // the next call opens it again.
  let opened = null;
  function database() {
    if (!opened) {
      opened = new Promise((resolve, reject) => {
        const opening = indexedDB.open(NAMES.DATABASE, NAMES.VERSION);
        opening.onupgradeneeded = () => opening.result.createObjectStore(NAMES.GAMES, { keyPath: "id" });
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          db.onversionchange = db.onclose = () => {
            db.close();
            opened = null;
          };
          resolve(db);
        };
      }).catch((error) => {
        opened = null;
        throw error;
      });
    }
    return opened;
  }

  // One request on the kept games (``act``), resolved once it is on the phone's disk.
  function transact(mode, act) {
    return database().then((db) => new Promise((resolve, reject) => {
      try {
        const doing = db.transaction(NAMES.GAMES, mode);
        const asked = act(doing.objectStore(NAMES.GAMES));
        doing.oncomplete = () => resolve(asked.result);
        doing.onerror = doing.onabort = () => reject(doing.error);
      } catch (error) {
        reject(error); // a record the store cannot hold: nothing written
      }
    }));
  }

  // The engine's memory snapshot's key in SNAPSHOTS (phone-engine-worker.js keeps one, keep.js
  // removes every other): made of exactly the Pyodide, library and engine of ``engine`` (the
  // engine's addresses, web/offline/phone_engine.py's ``urls``).
  const snapshotKey = (engine) => {
    const made = [engine.pyodide, engine.stdlib, engine.engine].map(encodeURIComponent).join("&");
    return new URL("/engine/snapshot?" + made, self.location.href).href;
  };

  const stored = (id) => transact("readonly", (games) => games.get(id)).then((found) => found || null);
  const forget = (id) => transact("readwrite", (games) => games.delete(id));

  // What a view drawn for a kept game depends on: the snapshot's version, the queue (each
  // hand, and whether the server refused it), the hands removed from it (kept-copy.js)
  // and the language (keep-drawn.js keeps the last drawn views under it).
  const mark = (record, language) =>
    JSON.stringify([record.snapshot.version, language, (record.removed || []).length,
      record.queue.map((q) => [q.number, q.hand, Boolean(q.refused), Boolean(q.replace)])]);

  // The views the server drew with the snapshot (``snapshot.drawn``: the kept board and the
  // next hand's form, web/offline/kept.py's ``drawn_views``) become the record's last drawn
  // ones, for a cold load offline to show at once (issue 69), while nothing is queued and
  // the phone's copy holds the hands removed the server drew them with. They are taken off
  // the snapshot, so stored once.
  function takeDrawn(record) {
    const views = record.snapshot && record.snapshot.drawn;
    if (!views) return record;
    delete record.snapshot.drawn;
    if (record.queue.length || (record.removed || []).length !== views.removed) return record;
    const asked = mark(record, views.language);
    record.drawn = {};
    ["board", "form"].filter((which) => views[which]).forEach((which) => {
      record.drawn[which] = Object.assign({ mark: asked }, views[which]);
    });
    return record;
  }

  // ``record`` written, its snapshot's drawn views taken (``takeDrawn``); answers it. The
  // phone's storage full, it is written without its drawn views (a cold load then waits for
  // the engine): a queued hand is never lost for them.
  const put = (record) => transact("readwrite", (games) => games.put(record));
  const store = (record) => put(takeDrawn(record)).catch((error) => {
    if (!record.drawn) throw error;
    delete record.drawn;
    return put(record);
  }).then(() => record);

  // The engine's files this phone has checked, byte for byte, against the digests the server
  // listed (issue 82): once per build, when keep.js stores it. A scoreboard then asks only
  // whether the build it would keep is the one checked (``sameBuild``); the service worker
  // checks each file against this list where the engine starts, so a file planted in the
  // cache after the check is still never run.
  const CHECKED_KEY = () => new URL("/engine/checked", self.location.href).href;
  const checked = () => caches.open(NAMES.CHECKED)
    .then((cache) => cache.match(CHECKED_KEY()))
    .then((found) => (found ? found.json() : null))
    .catch(() => null);
  const check = (listed) => caches.open(NAMES.CHECKED).then((cache) =>
    cache.put(CHECKED_KEY(), new Response(JSON.stringify(listed), { headers: { "Content-Type": "application/json" } })));
  // The files ``listed`` ({address: sha256}) are the ones ``before`` lists, with the same bytes.
  const sameBuild = (before, listed) => Boolean(before) &&
    Object.keys(listed).every((url) => before[url] === listed[url]);

  self.KeptStore = Object.assign(
    { database, transact, stored, store, forget, mark, takeDrawn, snapshotKey, checked, check, sameBuild }, NAMES);
})();
