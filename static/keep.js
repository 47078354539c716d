// A game kept on this phone, to go on without the network (issues 34, 44, 46). app.js loads
// it on Keep, or for a game this phone keeps; the kept page (kept.html, web/kept.py) runs on it.
// - Keep: the game's snapshot (GET /games/<id>/offline) into IndexedDB; the engine, the kept
//   page and its scripts into Cache Storage, where the service worker finds them. Nothing is
//   asked first (issue 56): the engine's files are downloaded by the service worker, each
//   stored whole once its bytes have the digest the server lists, so that a page left
//   mid-download loses nothing fetched; a stored file whose bytes differ is fetched again.
// - The hands this phone records without the network are marked with its name: the one the
//   server knows (its member's name in the game's group), else the one its player gives
//   when asked on the kept page, once, after a hand is recorded there; never before.
// - Offline, the engine in the phone draws every view with the server's templates; this file
//   puts the HTML in place and answers its buttons; hand.js wires the form's keys. Each hand
//   saved is queued in IndexedDB, in order, before it is shown. A reload shows the board and
//   the form drawn before (by the server with each snapshot, or by the engine after a save:
//   keep-drawn.js) the moment it loads, while the engine starts (issue 69).
// - Back online, the queue is sent in order (POST .../offline/hands); a clash shows both
//   versions; a refused hand opens in the form. Every rule is the engine's, every word the page's.
(() => {
  "use strict";
  // The kept games' database and caches: kept-store.js (KeptStore), shared with sw.js.
  const NAME = "scorekeeper:phone-name";
  const SAVED = "scorekeeper:saved:";
  const PATIENCE = 6000; // ms before a request that hangs counts as no connection
  const PROBE = 4000; // ms between tries to reach the server from the kept page
  const SILENT = 60000; // ms without a word from the service worker's download: it stopped
  const NOT_ENTRIES = ["number", "revision", "csrf_token", "save"];
  const flag = (id) => "scorekeeper:kept:" + id;

  // --- storage ------------------------------------------------------------------------------

  const stored = (id) => KeptStore.stored(id);
  const store = (record) => KeptStore.store(record); // the views the server drew taken with it

  // The snapshot's address for ``record`` (none yet: a phone's copy of nothing removed): the
  // server draws the kept board with the hands its copy holds removed (issue 69).
  const snapshotOf = (url, record) => url + "?removed=" + ((record && record.removed) || []).length;

  // Kept game ``id``, once it has taken the game as the last save on the server's form left
  // it (draft.js stashes the save's answer): it holds every hand saved, whatever the network.
  async function caughtUp(id) {
    const [record, saved] = [await stored(id), JSON.parse(remember(SAVED + id) || "null")];
    if (saved && record && !record.queue.length && saved.version > record.snapshot.version) await store(Object.assign(record, { snapshot: saved }));
    remember(SAVED + id, null);
    return record;
  }

  // localStorage (refused in private mode); ``value`` null forgets ``key``; answers its value.
  function remember(key, value) {
    try {
      if (value === null) localStorage.removeItem(key);
      else if (value !== undefined) localStorage.setItem(key, value);
      return localStorage.getItem(key);
    } catch (error) {
      return null;
    }
  }

  function json(url, options) {
    const control = new AbortController();
    const giveUp = setTimeout(() => control.abort(), PATIENCE);
    return fetch(url, Object.assign({ credentials: "same-origin", signal: control.signal,
      headers: { Accept: "application/json" } }, options || {}))
      .then((response) => response.json().then((body) => ({ status: response.status, ok: response.ok, body })))
      .finally(() => clearTimeout(giveUp));
  }

  // The page's words, by the id of their <template>, each {name} filled in.
  function wordsOf(doc) {
    return (id, values) =>
      doc.querySelector("template#" + id).content.textContent.trim().replace(/\{(\w+)\}/g, (_, k) => values[k]);
  }

  // --- Keep, on the scoreboard -------------------------------------------------------------

  // The SHA-256 of ``bytes`` in hex.
  async function sha256(bytes) {
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
  }

  // Whether a stored ``response`` holds the file ``item`` names (its digest, as the server
  // lists it): a file planted in the cache, or cut short, is not used.
  const genuine = async (response, item) => Boolean(item.sha256) && (await sha256(await response.arrayBuffer())) === item.sha256;

  // An engine's file, downloaded and stored by the service worker (sw.js): it goes on when
  // this page is left, and the next page's Keep waits for it rather than fetching it again.
  // Answers [the bytes the worker downloaded (0 for one stored already), the bytes heard].
  async function byWorker(item, counted) {
    const registration = await navigator.serviceWorker.ready;
    let heard = 0;
    return new Promise((resolve, reject) => {
      const channel = new MessageChannel();
      // A worker stopped or replaced meanwhile never answers: silent for SILENT, it failed
      // (Keep says so, and the next scoreboard tries again, what was stored kept).
      let silent = 0;
      const waiting = () => {
        clearTimeout(silent);
        silent = setTimeout(() => reject(new Error(item.url + ": no answer")), SILENT);
      };
      waiting();
      channel.port1.onmessage = (event) => {
        waiting();
        const said = event.data || {};
        if (said.bytes) {
          const part = Math.min(heard + said.bytes, item.size) - Math.min(heard, item.size);
          heard += said.bytes;
          counted(part, 0);
        } else if (said.done) {
          clearTimeout(silent);
          resolve([said.sent, heard]);
        } else if (said.failed) {
          clearTimeout(silent);
          // Named as thrown there: a full storage is said as such (QuotaExceededError).
          reject(Object.assign(new Error(item.url + ": " + said.failed), { name: said.name || "Error" }));
        }
      };
      registration.active.postMessage({ engine: [{ url: item.url, sha256: item.sha256 }] }, [channel.port2]);
    });
  }

  // Downloads one file into the cache, saying how many of its bytes have come; one stored
  // already is used only while its bytes are the file's (``genuine``).
  async function download(cache, item, counted) {
    const hit = await cache.match(item.url, { ignoreVary: true });
    if (hit && (await genuine(hit, item))) return counted(item.size, 0);
    if (/\/engine\//.test(item.url) && item.sha256 && navigator.serviceWorker.controller) {
      // The worker puts the right bytes over a wrong copy itself: deleting it here could
      // delete the right bytes the scoreboard's own download (which this one joins) has
      // just stored. A wrong copy left after a failure goes, so it is never served.
      try {
        const [sent, heard] = await byWorker(item, counted);
        return counted(Math.max(0, item.size - heard), sent ? item.sent || item.size : 0);
      } catch (error) {
        const left = await cache.match(item.url, { ignoreVary: true });
        if (left && !(await genuine(left, item))) await cache.delete(item.url, { ignoreVary: true });
        throw error;
      }
    }
    if (hit) await cache.delete(item.url, { ignoreVary: true });
    const response = await fetch(item.url, { credentials: "same-origin" });
    if (!response.ok) throw new Error(item.url + ": " + response.status);
    const bytes = await response.arrayBuffer();
    if (item.sha256 && (await sha256(bytes)) !== item.sha256) throw new Error(item.url + ": not the file listed");
    const type = response.headers.get("Content-Type");
    await cache.put(item.url, new Response(bytes, { headers: type ? { "Content-Type": type } : {} }));
    // What the server sent for it (compressed).
    return counted(item.size, item.sent || item.size);
  }

  async function keepGame(button) {
    const [status, bar] = ["keep-status", "keep-progress"].map((id) => document.getElementById(id));
    button.disabled = true;
    let say = null;
    try {
      const held = await stored(Number(button.dataset.game)).catch(() => null);
      const asked = json(snapshotOf(button.dataset.snapshot, held)).catch((error) => ({ error })); // with the page: one wait on a slow link
      const shell = await keptShell(button.dataset.page);
      say = wordsOf(shell.doc);
      const setup = shell.setup;
      const snapshot = await asked;
      if (!snapshot.ok) throw snapshot.error || new Error(String(snapshot.status));
      // The name this phone's player gave, if they sit at this table (none asked here).
      const name = remember(NAME);
      const by = name && snapshot.body.seated.indexOf(name) >= 0 ? name : null;
      status.textContent = say("kept-loading");
      const started = performance.now();
      const total = setup.downloads.reduce((sum, item) => sum + item.size, 0);
      Object.assign(bar, { max: total, value: 0, hidden: false }).style.width = "100%";
      let wire = 0;
      await storeShell(shell, (bytes, sent) => { bar.value = Math.min(total, bar.value + bytes); wire += sent; });
      const before = await stored(setup.id); // its hands still queued kept, and the snapshot they follow
      const kept = before && before.queue.length ? before : { snapshot: snapshot.body, queue: [], by };
      const removed = (before && before.removed) || []; // this phone's copy (kept-copy.js)
      const drawn = before ? before.drawn : undefined; // the views last drawn, kept with it
      await store({ id: setup.id, snapshot: kept.snapshot, queue: kept.queue, by: kept.by, removed, drawn });
      remember(flag(setup.id), "1");
      // One decimal with the page's decimal sign ("0,5 Mo en 0,2 s"), as the server's pages write it
      const decimal = new Intl.NumberFormat(document.documentElement.lang || undefined, {
        minimumFractionDigits: 1, maximumFractionDigits: 1,
      });
      bar.value = total;
      status.textContent = say("kept-done", {
        size: decimal.format(wire / 1e6), seconds: decimal.format((performance.now() - started) / 1000),
      });
      button.dataset.stored = "1";
    } catch (error) {
      bar.hidden = true;
      status.textContent = say ? say(error && error.name === "QuotaExceededError" ? "kept-full" : "kept-failed") : "";
    } finally {
      button.disabled = false;
    }
  }

  // A kept game's scoreboard: the snapshot follows the game while nothing is queued.
  async function onScoreboard(button) {
    const id = Number(button.dataset.game);
    button.addEventListener("click", () => keepGame(button));
    if (button.dataset.asked) keepGame(button);
    const record = await caughtUp(id).catch(() => null);
    if (!record) return;
    document.getElementById("kept-copy-line").hidden = !(record.removed || []).length; // kept-copy.js
    if (record.queue.length) return location.replace(button.dataset.page);
    const refresh = () =>
      stored(id).then((now) => now && !now.queue.length && json(snapshotOf(button.dataset.snapshot, now)).then(
        (answer) => answer.ok && store(Object.assign(now, { snapshot: answer.body })),
      )).catch(() => {});
    refresh();
    document.addEventListener("scorekeeper:live", refresh);
    // The kept page and what it runs on, as the server now has them (new files first); the
    // button says once they are stored (data-stored), as it does once Keep is done.
    keptShell(button.dataset.page).then((shell) => storeShell(shell, () => {}))
      .then(() => { button.dataset.stored = "1"; }).catch(() => {});
  }

  // A game's kept page as the server sends it now: the response, its document and setup.
  async function keptShell(pageUrl) {
    const answer = await fetch(pageUrl, { credentials: "same-origin" });
    if (!answer.ok) throw new Error(String(answer.status));
    const doc = new DOMParser().parseFromString(await answer.clone().text(), "text/html");
    return { answer, doc, setup: JSON.parse(doc.getElementById("kept-setup").textContent) };
  }

  // What the kept page runs on into the cache (``counted`` hears of the bytes), then the page;
  // then what the server no longer serves goes (``prune``). Each file is checked byte for
  // byte once per build (issue 82): a build this phone checked already is only looked for,
  // file by file, so that a scoreboard load reads none of its megabytes; the service
  // worker checks each file again where the engine starts (sw.js).
  async function storeShell(shell, counted) {
    const cache = await caches.open(KeptStore.ENGINE);
    const listed = Object.fromEntries(shell.setup.downloads.filter((item) => item.sha256)
      .map((item) => [new URL(item.url, location.href).href, item.sha256]));
    const checked = KeptStore.sameBuild(await KeptStore.checked(), listed);
    await Promise.all(shell.setup.downloads.map(async (item) => {
      if (checked && (await cache.match(item.url, { ignoreVary: true }))) return counted(item.size, 0);
      return download(cache, item, counted);
    }));
    if (!checked) await KeptStore.check(listed);
    await (await caches.open(KeptStore.PAGES)).put(shell.setup.page, shell.answer);
    await prune(cache, shell.setup);
  }

  // One build of the engine on the phone (issue 54): once the server's build is stored,
  // every file of the engine's cache the server's ``build`` does not list goes (an older
  // engine's, an older Pyodide's, older scripts), and every engine snapshot but the one of
  // this build (the worker's key: phone-engine-worker.js). Another kept game's page asks
  // for the files of the build it was kept with: the service worker answers with this one's.
  async function prune(cache, setup) {
    if (!Array.isArray(setup.build)) return;
    const current = new Set(setup.build.map((url) => new URL(url, location.href).href));
    for (const old of await cache.keys()) if (!current.has(old.url)) await cache.delete(old);
    const key = KeptStore.snapshotKey(setup.engine);
    const snapshots = await caches.open(KeptStore.SNAPSHOTS);
    for (const old of await snapshots.keys()) if (old.url !== key) await snapshots.delete(old);
  }

  // --- the kept page -------------------------------------------------------------------------

  async function keptPage(setup) {
    const say = wordsOf(document);
    const status = document.getElementById("kept-status");
    const places = ["board", "entry", "conflict"].map((view) => document.getElementById("kept-" + view));
    const [boardPlace, entryPlace, conflictPlace] = places;
    document.querySelectorAll("#offline").forEach((notice) => notice.remove()); // this page says how it stands
    const record = await caughtUp(setup.id);
    if (!record) throw new Error("not kept on this phone"); // said below
    // A name its player gave since it was kept (on another game's kept page) marks its hands.
    const named = remember(NAME);
    if (!record.by && named && record.snapshot.seated.indexOf(named) >= 0) {
      record.by = named;
      store(record).catch(() => {});
    }
    // The engine starts once the page's first view is shown (``open``): a view drawn before
    // is on the screen before the engine's start takes the phone's CPU (issue 69).
    let shown = null;
    const engine = new Promise((resolve) => { shown = resolve; }).then(() => PhoneEngine.load(setup.engine));
    const language = setup.language; // its words file came with the page (issue 44), whatever the game was kept in
    const checking = document.getElementById("kept-checking"); // "checking the rules…" until the engine is ready
    const starting = KeptDrawn.waiting(engine, status, say("kept-ready"), checking);
    // A call of the engine in the phone, about this table; finished ("finish now") as on the
    // server once no hand is queued (queued ones are drawn as recorded, the refusal on top).
    const call = (name, request) => {
      const { game, seats, settings, seated, finished_after: over } = record.snapshot;
      const table = { call: name, game, seats, settings, players: seated, language, finished_after: record.queue.length ? undefined : over };
      return engine.then((phone) => phone.batch([Object.assign(table, request)])).then((answers) => answers[0]);
    };
    const posted = (data) => Object.fromEntries([...data].filter(([name]) => NOT_ENTRIES.indexOf(name) < 0));

    // The view last asked for is the one shown: a slow redraw never covers a later one.
    let asked = 0;
    function view(which, turn) {
      if (turn !== asked) return;
      places.forEach((place) => { place.hidden = place.id !== "kept-" + which; });
      window.scrollTo(0, 0);
    }

    // The views' buttons, by id: the engine draws each view afresh.
    const answers = {
      record: () => entry(null), "kept-to-board": () => board(), "kept-copy": () => KeptCopy.save(call, setup.id, record, status),
      drop: (key) => asking(key, true), "drop-no": (key) => asking(key, false), "drop-yes": drop,
      "keep-server": () => choose("server"), "keep-phone": (key) => choose("phone", Number(key.dataset.revision)),
    };
    document.addEventListener("click", (event) => {
      const key = event.target.closest("button[id]");
      if (key && answers[key.id]) answers[key.id](key);
    });
    // --- the scoreboard: every hand and the queued ones; on top, a refused one to remove ---
    async function board() {
      const turn = ++asked;
      // Before the engine is ready, as last drawn (keep-drawn.js), if the game is as it was.
      const kept = !starting.ready() && KeptDrawn.drawn(record, language, "board");
      if (kept) {
        boardPlace.innerHTML = kept.html;
        view("board", turn);
        return askWhose();
      }
      const snap = record.snapshot;
      const mark = KeptDrawn.mark(record, language);
      const known = snap.hands.length;
      const first = snap.shown_state ? snap.shown_from : known + 1; // a snapshot kept before
      const refused = record.queue.length ? record.queue[0].refused : null;
      const sheet = await call("sheet", {
        state: snap.shown_state || snap.state,
        hands: snap.hands.filter((h) => h.number >= first).map((h) => h.hand).concat(record.queue.map((q) => q.hand)),
        seating: { players: snap.players, changes: snap.substitutions || [] },
        pending: known,
        pending_mark: say("kept-pending"),
        earlier: first - 1,
        refused: refused ? { number: record.queue[0].number, said: refused, hand: record.queue[0].record } : null,
        copy: { queued: record.queue.length, removed: (record.removed || []).length },
      });
      if (sheet.error === undefined) boardPlace.innerHTML = sheet.html;
      // The queued hands no longer follow the game as the server has it: said, kept.
      else boardPlace.replaceChildren(Object.assign(document.createElement("p"), { className: "err", textContent: sheet.error }));
      view("board", turn);
      if (sheet.error !== undefined) return;
      askWhose();
      // Kept for a cold load, with the form for the next hand drawn ahead (keep-drawn.js).
      const hands = record.queue.map((q) => q.hand);
      KeptDrawn.remember(record, language, "board", { html: sheet.html }, mark, store);
      call("form", { state: snap.state, hands, values: {}, problems: [], said: [] }).then((next) => next.error === undefined &&
        KeptDrawn.remember(record, language, "form", { html: next.html + next.back_html, state: next.state }, mark, store));
    }

    // "Whose phone is this?", once a hand waits here to be sent, for a phone the server
    // knows no name of and whose player gave none: under the board's button, the table
    // going on meanwhile. The name tapped marks the hands sent from here, and this phone's
    // next kept games where it sits at the table (issue 56).
    function askWhose() {
      if (record.by || record.snapshot.phone || !record.queue.length) return;
      const box = document.importNode(document.getElementById("kept-whose").content, true).firstElementChild;
      (boardPlace.querySelector("section.board") || boardPlace.firstElementChild || boardPlace).after(box);
      box.addEventListener("click", (event) => {
        const key = event.target.closest("button");
        if (!key) return;
        box.remove();
        record.by = key.value;
        remember(NAME, key.value);
        store(record).catch(() => {});
      });
    }

    // "Remove hand N from this phone" (a hand the server will not take), asked again first.
    function asking(key, open) {
      const box = key.closest(".drop");
      box.querySelector("#drop-ask").hidden = !open;
      box.querySelector("#drop").hidden = open;
      if (open) box.querySelector("#drop-no").focus();
    }

    // Removed, it stays in this phone's copy; the hands after it go a place up and are sent.
    async function drop() {
      KeptCopy.removing(record, record.queue.shift());
      record.queue.forEach((queued) => { queued.number -= 1; });
      await store(record);
      status.textContent = "";
      await board();
      sync();
    }

    // --- the hand form, drawn by the engine with the server's template ---
    // The form for a new hand (``index`` null) or queued hand ``index`` again, with ``values``
    // and ``problems`` ({field, error}) or ``said`` (the server's, with the way to remove it).
    async function entry(index, values, problems, said) {
      const turn = ++asked;
      const editing = index !== null && index !== undefined;
      // The form follows the hands queued before it (the engine answers the state after them).
      const hands = record.queue.slice(0, editing ? index : record.queue.length).map((q) => q.hand);
      const request = { state: record.snapshot.state, hands, values: values || {}, problems: problems || [], said: said || [] };
      // The form of a queued hand again starts from its record (what the engine read).
      if (editing) request.hand = record.queue[index].record || record.queue[index].hand;
      if (editing && said) request.drop = record.queue[index].number;
      // Before the engine is ready, a new hand's form as last drawn (keep-drawn.js).
      const kept = !editing && !values && !starting.ready() && KeptDrawn.drawn(record, language, "form");
      const drawn = kept ? { html: kept.html, back_html: "", state: kept.state } : await call("form", request);
      if (drawn.error !== undefined) {
        // No hand to enter (the game is over): the engine says so; a refused hand can be removed.
        status.textContent = drawn.error;
        return board();
      }
      const state = drawn.state;
      entryPlace.innerHTML = drawn.html + drawn.back_html;
      const form = entryPlace.querySelector("form#hand");
      const summaryBox = form.querySelector(".error-summary");
      if (summaryBox && drawn.drop_html) summaryBox.insertAdjacentHTML("beforeend", drawn.drop_html);
      // hand.js previews through the engine here, not the server.
      window.scorekeeperPreview = (data) =>
        call("preview_entered", { state, values: posted(data), seated: record.snapshot.seated }).then(
          (answer) => (answer.problem || answer.error ? {} : answer),
        );
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        const name = event.submitter && event.submitter.name;
        save(index, state, form, name && name !== "save" ? name : null);
      });
      // A new hand's form is the server's form's copy (draft.js): the taps typed there, or
      // here, before a reload come back, saying so (issue 82).
      // (A page kept by an earlier version names neither, until the scoreboard stores it anew.)
      const copied = !editing && setup.form && setup.draft;
      if (copied) form.dataset.draft = setup.form;
      // Shown once hand.js has wired its keys (a key tapped before would be folded away),
      // and draft.js has put back the taps not saved (it replays them through hand.js).
      const scripts = [setup.hand].concat(copied ? [setup.draft] : []).map((src) =>
        Object.assign(document.createElement("script"), { src, async: false }));
      let left = scripts.length;
      scripts.forEach((script) => {
        script.onload = script.onerror = () => {
          script.remove();
          if (--left) return;
          view("entry", turn);
          if (turn === asked && summaryBox) summaryBox.focus();
        };
      });
      document.body.append(...scripts);
    }

    async function save(index, state, form, action) {
      const values = posted(new FormData(form));
      starting.wait(form); // "getting ready", until the engine is
      const answer = await call("entered", { state, values, action });
      if (answer.error !== undefined) return entry(index, values, answer.problems);
      const editing = index !== null && index !== undefined;
      const before = record.queue.slice();
      const queued = editing
        ? { number: before[index].number, after: before[index].after }
        : { number: record.snapshot.next_number + before.length, after: record.snapshot.version };
      Object.assign(queued, { hand: answer.body, record: answer.hand });
      record.queue.splice(editing ? index : before.length, editing ? 1 : 0, queued);
      // Not written to the phone's storage: not queued, and the form keeps the entries.
      const written = await store(record).catch(() => {
        record.queue = before;
        status.textContent = say("kept-not-stored");
      });
      if (!written) return;
      remember(flag(setup.id), "1");
      // Queued on this phone: its copy as typed is no longer needed (draft.js).
      form.dispatchEvent(new Event("scorekeeper:queued"));
      await board();
      if (editing) sync();
    }

    // --- both versions of a hand, to choose one: templates/_kept.html's clash ---
    async function conflict(answer) {
      const turn = ++asked;
      const drawn = answer.html ? { html: answer.html } : await call("clash", { answer }); // the server's, at once
      if (drawn.error !== undefined) status.textContent = answer.message;
      conflictPlace.innerHTML = drawn.html || "";
      view("conflict", turn);
    }

    // This phone's version replaces only the server's version shown (``revision``). Chosen, the
    // board shows while the hands go, sent again every few seconds till the server answers.
    async function choose(which, revision) {
      if (which === "phone") Object.assign(record.queue[0], { replace: true, revision });
      else KeptCopy.removing(record, record.queue.shift());
      await store(record);
      view("board", ++asked);
      await sync();
      // Still here: drawn afresh, but for a hand kept over the server's (shown as last drawn).
      if (!boardPlace.hidden && (!(record.queue[0] || {}).replace || !boardPlace.childElementCount)) await board();
    }

    // --- back online ---
    let syncing = false;
    async function sync() {
      if (syncing) return;
      syncing = true;
      try {
        const fresh = await json(snapshotOf(setup.snapshot, record));
        if (fresh.status === 404 && !record.queue.length) {
          // No longer this phone's game (issue 42): not its snapshot, its kept page nor its mark.
          await KeptStore.forget(setup.id);
          await (await caches.open(KeptStore.PAGES)).delete(setup.page);
          remember(flag(setup.id), null);
          return location.replace(setup.scoreboard);
        }
        if (!fresh.ok) {
          // Not taken (the edit link changed, the phone removed): it says why; the queue stays.
          status.textContent = fresh.body.message || fresh.body.error;
          if (!boardPlace.childElementCount) await board();
          return;
        }
        if (!record.queue.length) {
          record.snapshot = fresh.body;
          await store(record);
          if (location.hash !== "#copy") return location.replace(setup.scoreboard);
          return asked ? undefined : board(); // opened for this phone's copy, to save it
        }
        status.textContent = say("kept-sending");
        // Hands saved on the form while these are on their way stay queued after them.
        const sending = record.queue.length;
        const hands = record.queue.map((q) =>
          Object.assign({ number: q.number, after: q.after, hand: q.hand }, q.replace ? { replace: true, revision: q.revision } : {}));
        const headers = { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": fresh.body.csrf_token };
        const sent = await json(setup.send, { method: "POST", headers, body: JSON.stringify({ by: record.by, hands }) });
        const answer = sent.body;
        if (!sent.ok && sent.status !== 409 && sent.status !== 422) {
          status.textContent = answer.message || answer.error;
          return;
        }
        record.queue = record.queue.slice(sent.ok ? sending : answer.index);
        const now = await json(snapshotOf(setup.snapshot, record));
        if (now.ok) record.snapshot = now.body;
        await store(record);
        status.textContent = "";
        if (sent.ok && !record.queue.length) {
          location.replace(setup.scoreboard);
        } else if (sent.ok) {
          if (entryPlace.hidden) await board();
        } else if (sent.status === 409 && answer.conflict) {
          await conflict(answer);
        } else {
          // The server's sentences head the hand's form (not said twice over it). Not sent
          // again by itself: only once it is saved again, or removed from this phone.
          record.queue[0].refused = answer.table || [answer.message];
          await entry(0, null, null, record.queue[0].refused);
        }
      } catch (error) {
        status.textContent = say("kept-offline");
        if (entryPlace.hidden && conflictPlace.hidden) await open();
      } finally {
        syncing = false;
      }
    }

    // The page's view (the form on the form's address, else the board), once: at once when
    // it was drawn for the game as it is (by the server with the snapshot, or by the engine
    // here: issue 69), else once the server cannot be reached, drawn by the engine.
    let opened = false;
    async function open() {
      if (opened) return;
      opened = true;
      if (!/\/hands\/new$/.test(location.pathname)) return board();
      board().catch(() => {}); // behind the form, for its way back (not waited for)
      await entry(null);
    }
    const which = /\/hands\/new$/.test(location.pathname) ? "form" : "board";
    const painted = () => requestAnimationFrame(() => setTimeout(shown));
    if (KeptDrawn.drawn(record, language, which)) open().then(painted, painted);
    else shown();
    await sync();
    const again = () => entryPlace.hidden && conflictPlace.hidden && !(record.queue[0] || {}).refused && sync();
    window.addEventListener("online", again);
    setInterval(again, PROBE);
  }

  // --- start --------------------------------------------------------------------------------

  const [setupData, button] = ["kept-setup", "keep"].map((id) => document.getElementById(id));
  const failed = () => { document.getElementById("kept-status").textContent = wordsOf(document)("kept-failed"); };
  if (setupData) keptPage(JSON.parse(setupData.textContent)).catch(failed);
  else if (button && globalThis.KeptStore) onScoreboard(button);
  else if (button) {
    // On the scoreboard (app.js brings this script), with the kept games' storage first.
    const script = Object.assign(document.createElement("script"), { src: button.dataset.store });
    script.onload = () => onScoreboard(button);
    document.body.append(script);
  }
})();
