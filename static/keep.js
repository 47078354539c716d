// A game kept on this phone, to go on without the network (issue 34). No page loads this
// file on its first load: app.js loads it when "Keep this game on this phone" is tapped,
// or for a game this phone keeps; the kept page (templates/kept.html, web/kept.py) runs on
// it when the server cannot be reached.
//
// - Keep: the game's snapshot (GET /games/<id>/offline) goes into IndexedDB, and the engine
//   (Pyodide, its worker, the engine's zip), the kept page and its scripts into Cache
//   Storage, where the service worker finds them offline.
// - Offline, the engine in the phone draws the scoreboard and the hand form with the
//   server's own templates (scorekeeper/pages: sheet, form; entered, preview_entered check
//   and score a hand); this file puts the HTML in place and static/hand.js wires the keys.
//   Each hand saved goes into the game's queue in IndexedDB, in order, before it is shown.
// - When the server answers again, the queue is sent in order (POST .../offline/hands):
//   saved, it is cleared; a hand another phone recorded shows both versions to choose
//   from; a hand the rules refuse opens in the form with the server's words.
//
// No rule lives here: every rule is the engine's, every word the page's.
(() => {
  "use strict";
  const DB = "scorekeeper-offline";
  const STORE = "games";
  const ENGINE_CACHE = "kept-engine";
  const PAGE_CACHE = "kept-pages";
  const NAME = "scorekeeper:phone-name";
  const PATIENCE = 6000; // ms before a request that hangs counts as no connection
  const PROBE = 4000; // ms between tries to reach the server from the kept page
  const flag = (id) => "scorekeeper:kept:" + id;

  // --- storage ------------------------------------------------------------------------------

  function database() {
    return new Promise((resolve, reject) => {
      const opening = indexedDB.open(DB, 1);
      opening.onupgradeneeded = () => opening.result.createObjectStore(STORE, { keyPath: "id" });
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => reject(opening.error);
    });
  }

  function stored(id) {
    return database().then(
      (db) =>
        new Promise((resolve, reject) => {
          const asked = db.transaction(STORE).objectStore(STORE).get(id);
          asked.onsuccess = () => resolve(asked.result || null);
          asked.onerror = () => reject(asked.error);
        }),
    );
  }

  // Resolves once the record is on the phone's disk: nothing is shown as recorded before.
  function store(record) {
    return database().then(
      (db) =>
        new Promise((resolve, reject) => {
          const writing = db.transaction(STORE, "readwrite");
          writing.objectStore(STORE).put(record);
          writing.oncomplete = () => resolve(record);
          writing.onerror = () => reject(writing.error);
          writing.onabort = () => reject(writing.error);
        }),
    );
  }

  // Takes a kept game off the phone: its snapshot and queue, its kept page, its mark.
  function forget(id, pageUrl) {
    return database()
      .then(
        (db) =>
          new Promise((resolve, reject) => {
            const deleting = db.transaction(STORE, "readwrite");
            deleting.objectStore(STORE).delete(id);
            deleting.oncomplete = () => resolve();
            deleting.onerror = () => reject(deleting.error);
          }),
      )
      .then(() => caches.open(PAGE_CACHE))
      .then((cache) => cache.delete(pageUrl))
      .then(() => remember(flag(id), null));
  }

  function remember(key, value) {
    try {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
    } catch (error) {
      // private mode: the game is still kept, app.js just will not know it by itself
    }
  }

  function recalled(key) {
    try {
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

  // --- words ----------------------------------------------------------------------------------

  function wordsOf(doc) {
    return (id, values) =>
      doc.querySelector("template#" + id).content.textContent.trim().replace(/\{(\w+)\}/g, (_, k) => values[k]);
  }

  function element(tag, attributes, children) {
    const made = document.createElement(tag);
    Object.entries(attributes || {}).forEach(([name, value]) => {
      if (value === null || value === undefined || value === false) return;
      if (name === "text") made.textContent = value;
      else made.setAttribute(name, value === true ? "" : value);
    });
    (children || []).forEach((child) => {
      if (child !== null && child !== undefined) made.append(child);
    });
    return made;
  }

  const signed = (p) => (p > 0 ? "+" + p : p < 0 ? "\u2212" + -p : "0");

  // --- Keep, on the scoreboard -------------------------------------------------------------

  function askWhose(say, players, place) {
    return new Promise((resolve) => {
      const pad = element("div", { class: "pad names" });
      players.forEach((name) => {
        const key = element("button", { type: "button", class: "btn key-name" }, [
          element("bdi", { dir: "auto", text: name }),
        ]);
        key.addEventListener("click", () => {
          box.remove();
          resolve(name);
        });
        pad.append(key);
      });
      const box = element("fieldset", { class: "line", id: "keep-whose" }, [
        element("legend", { text: say("kept-whose") }),
        pad,
      ]);
      place.closest("p").after(box);
    });
  }

  // Downloads one file into the cache, saying how many of its bytes have come.
  function download(cache, item, counted) {
    return cache.match(item.url, { ignoreVary: true }).then((hit) => {
      if (hit) {
        counted(item.size, 0);
        return null;
      }
      return fetch(item.url, { credentials: "same-origin" }).then((response) => {
        if (!response.ok) throw new Error(item.url + ": " + response.status);
        const reader = response.clone().body.getReader();
        let read = 0;
        const pump = () =>
          reader.read().then(({ done, value }) => {
            if (done) return null;
            const before = Math.min(read, item.size);
            read += value.length;
            counted(Math.min(read, item.size) - before, 0);
            return pump();
          });
        return Promise.all([pump(), cache.put(item.url, response)]).then(() => {
          // What the server sent for it (Pyodide's files go gzipped): a response the service
          // worker passed on reports its bytes as decoded.
          counted(Math.max(0, item.size - read), item.sent || item.size);
        });
      });
    });
  }

  async function keepGame(button) {
    const status = document.getElementById("keep-status");
    const bar = document.getElementById("keep-progress");
    button.disabled = true;
    let say = null;
    try {
      const shell = await keptShell(button.dataset.page);
      say = wordsOf(shell.doc);
      const setup = shell.setup;
      const snapshot = await json(setup.snapshot);
      if (!snapshot.ok) throw new Error(String(snapshot.status));
      const players = snapshot.body.seated;
      let by = recalled(NAME);
      if (!by || players.indexOf(by) < 0) by = await askWhose(say, players, button);
      remember(NAME, by);
      status.textContent = say("kept-loading");
      const started = performance.now();
      const total = setup.downloads.reduce((sum, item) => sum + item.size, 0);
      bar.style.width = "100%";
      bar.max = total;
      bar.value = 0;
      bar.hidden = false;
      let wire = 0;
      const counted = (bytes, sent) => {
        bar.value = Math.min(total, bar.value + bytes);
        wire += sent;
      };
      await storeShell(shell, counted);
      // A game kept before with hands still queued keeps them, and the snapshot they follow.
      const before = await stored(setup.id);
      const queued = before && before.queue.length ? before : null;
      await store({
        id: setup.id,
        snapshot: queued ? queued.snapshot : snapshot.body,
        queue: queued ? queued.queue : [],
        by: queued ? queued.by : by,
        language: setup.language,
      });
      remember(flag(setup.id), "1");
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      bar.value = total;
      status.textContent = say("kept-done", { size: (wire / 1e6).toFixed(1), seconds });
      status.dataset.bytes = String(wire);
    } catch (error) {
      bar.hidden = true;
      status.textContent = say ? say("kept-failed") : "";
    } finally {
      button.disabled = false;
    }
  }

  // A kept game's live scoreboard: the snapshot follows the game while the queue is empty;
  // hands still queued go to the kept page, which sends them.
  async function onScoreboard(button) {
    const id = Number(button.dataset.game);
    button.addEventListener("click", () => keepGame(button));
    if (button.dataset.asked) keepGame(button);
    const record = await stored(id).catch(() => null);
    if (!record) return;
    if (record.queue.length) {
      location.replace(button.dataset.page);
      return;
    }
    const refresh = () =>
      stored(id).then((now) => {
        if (!now || now.queue.length) return null;
        return json(button.dataset.snapshot).then((answer) => {
          if (!answer.ok) return null;
          now.snapshot = answer.body;
          return store(now);
        });
      }).catch(() => {});
    refresh();
    document.addEventListener("scorekeeper:live", refresh);
    renew(button.dataset.page).catch(() => {});
  }

  // The kept page and what it runs on, as this server now has them: after an update the
  // page names new files, which are downloaded before the page is stored again.
  async function renew(pageUrl) {
    await storeShell(await keptShell(pageUrl), () => {});
  }

  // A game's kept page as the server sends it now: the response (to store), its words'
  // document and its setup (what it runs on). Throws when the server will not give it.
  async function keptShell(pageUrl) {
    const answer = await fetch(pageUrl, { credentials: "same-origin" });
    if (!answer.ok) throw new Error(String(answer.status));
    const doc = new DOMParser().parseFromString(await answer.clone().text(), "text/html");
    return { answer, doc, setup: JSON.parse(doc.getElementById("kept-setup").textContent) };
  }

  // Everything the kept page runs on into the engine's cache, then the page itself: so a
  // kept game never opens on a page whose scripts are not on the phone. ``counted``
  // hears of the bytes as they come.
  async function storeShell(shell, counted) {
    const cache = await caches.open(ENGINE_CACHE);
    for (const item of shell.setup.downloads) await download(cache, item, counted);
    await (await caches.open(PAGE_CACHE)).put(shell.setup.page, shell.answer);
  }

  // --- the kept page -------------------------------------------------------------------------

  async function keptPage(setup) {
    const say = wordsOf(document);
    const status = document.getElementById("kept-status");
    const boardPlace = document.getElementById("kept-board");
    const entryPlace = document.getElementById("kept-entry");
    const conflictPlace = document.getElementById("kept-conflict");
    const notice = document.getElementById("offline");
    if (notice) notice.remove(); // this page says itself how it stands
    let record = await stored(setup.id);
    if (!record) {
      status.textContent = say("kept-failed");
      return;
    }
    const engine = PhoneEngine.load(setup.engine);
    const table = () => {
      const snap = record.snapshot;
      return {
        game: snap.game,
        seats: snap.seats,
        settings: snap.settings,
        players: snap.seated,
        language: record.language || setup.language,
      };
    };
    const call = (name, request) =>
      engine.then((phone) => phone.batch([Object.assign({ call: name }, table(), request)])).then((a) => a[0]);
    // The state after the first ``count`` queued hands (all of them by default).
    const stateAfter = (count) => {
      const hands = record.queue.slice(0, count).map((q) => q.hand);
      if (!hands.length) return Promise.resolve(record.snapshot.state);
      return call("resume", { state: record.snapshot.state, hands }).then((answer) => answer.state);
    };

    // The view last asked for is the one shown: a slow redraw never covers a later one.
    let asked = 0;
    function view(which) {
      boardPlace.hidden = which !== "board";
      entryPlace.hidden = which !== "entry";
      conflictPlace.hidden = which !== "conflict";
      window.scrollTo(0, 0);
    }

    // --- the scoreboard, from the engine's sheet ---
    async function board() {
      const turn = ++asked;
      // The hands the server's scoreboard shows (a long game's last ones: shown_from on),
      // and the queued ones after them.
      const snap = record.snapshot;
      const known = snap.hands.length;
      const first = snap.shown_state ? snap.shown_from : known + 1; // a snapshot kept before
      const sheet = await call("sheet", {
        state: snap.shown_state || snap.state,
        hands: snap.hands.filter((h) => h.number >= first).map((h) => h.hand).concat(record.queue.map((q) => q.hand)),
        seating: { players: snap.players, changes: snap.substitutions || [] },
        pending: known,
        pending_mark: say("kept-pending"),
      });
      if (sheet.error !== undefined) {
        // The queued hands no longer follow the game as the server has it: said, kept.
        boardPlace.replaceChildren(element("p", { class: "err", text: sheet.error }));
        if (turn === asked) view("board");
        return;
      }
      // The parts the server's scoreboard draws by the same template (templates/_sheet.html),
      // drawn by the engine in the phone: the totals, the hands' table and its legend.
      const drawn = (html) => {
        const made = document.createElement("template");
        made.innerHTML = html;
        return made.content;
      };
      const parts = [drawn(sheet.tiles_html)];
      parts.push(drawn(sheet.banner_html), drawn(sheet.turn_html));
      if (sheet.record) {
        const next = element("button", { class: "btn primary big", type: "button", id: "record", text: sheet.record });
        next.addEventListener("click", () => entry(null));
        parts.push(next);
      }
      const section = element("section", { class: "board" }, parts);
      const shown = [section];
      if (first > 1) shown.push(element("p", { class: "muted", id: "kept-known", text: say("kept-earlier", { last: first - 1 }) }));
      if (sheet.count) {
        const table = element("table", { class: "hands" + (sheet.paired ? " paired" : "") });
        table.innerHTML = sheet.head_html + (sheet.paired ? sheet.hands_html : "<tbody>" + sheet.hands_html + "</tbody>");
        shown.push(table, drawn(sheet.legend_html));
      }
      // A queued hand the server refused, left for the scoreboard: what it said, and the
      // way to remove it from this phone (it is opened again by saving it or by a reload).
      const refused = record.queue.length && record.queue[0].refused;
      if (refused) shown.unshift(dropper(0, refused));
      boardPlace.replaceChildren(...shown);
      if (turn === asked) view("board");
    }

    // A queued hand the server will not take as it is (refused, or the game over there):
    // "Remove hand N from this phone", asked again before it is done, after the server's
    // ``said`` when the form cannot show them. The hands after it stay queued, each a
    // place earlier, and are sent.
    function dropper(index, said) {
      const number = record.queue[index].number;
      const ask = element("div", { class: "drop-ask", id: "drop-ask", hidden: true }, [
        element("p", { text: say("kept-drop-ask", { number }) }),
        element("p", { class: "actions" }, [
          element("button", { type: "button", class: "btn danger", id: "drop-yes", text: say("kept-drop-yes") }),
          " ",
          element("button", { type: "button", class: "btn", id: "drop-no", text: say("kept-drop-no") }),
        ]),
      ]);
      const open = element("button", { type: "button", class: "btn ghost", id: "drop", text: say("kept-drop", { number }) });
      open.addEventListener("click", () => {
        ask.hidden = false;
        open.hidden = true;
        ask.querySelector("#drop-no").focus();
      });
      ask.querySelector("#drop-no").addEventListener("click", () => {
        ask.hidden = true;
        open.hidden = false;
      });
      ask.querySelector("#drop-yes").addEventListener("click", async () => {
        // The hands recorded after it follow the server's game in its place.
        record.queue.splice(index, 1);
        record.queue.slice(index).forEach((queued) => { queued.number -= 1; });
        await store(record);
        status.textContent = "";
        await board();
        sync();
      });
      const parts = said ? [element("ul", {}, said.map((text) => element("li", { text })))] : [];
      return element("div", { class: said ? "error-summary drop" : "drop", role: said ? "alert" : null }, [...parts, open, ask]);
    }

    // --- the hand form, drawn by the engine with the server's template ---
    // The form for a new hand (``index`` null) or for queued hand ``index`` again, with the
    // entries ``values`` and the refusals ``problems`` ({field, error}) or ``said`` (the
    // server's sentences).
    async function entry(index, values, problems, said) {
      const turn = ++asked;
      const editing = index !== null && index !== undefined;
      const state = await stateAfter(editing ? index : record.queue.length);
      const request = { state, values: values || {}, problems: problems || [], said: said || [] };
      // The form of a queued hand again starts from its record (what the engine read).
      if (editing) request.hand = record.queue[index].record || record.queue[index].hand;
      const drawn = await call("form", request);
      if (drawn.error !== undefined) {
        // No hand to enter here (the game is over): the engine says so in the table's words;
        // a queued hand the server refused can then only be removed from this phone.
        status.textContent = drawn.error;
        await board();
        return;
      }
      entryPlace.innerHTML = drawn.html;
      const form = entryPlace.querySelector("form#hand");
      form.dataset.previewUrl = setup.page;
      const summaryBox = form.querySelector(".error-summary");
      if (editing && said && summaryBox) summaryBox.append(dropper(index, null));
      const back = element("p", {}, [element("button", { type: "button", class: "btn", id: "kept-to-board", text: say("kept-back") })]);
      back.firstChild.addEventListener("click", () => board());
      entryPlace.append(back);
      // hand.js previews through the engine here, not the server.
      window.scorekeeperPreview = (data) =>
        call("preview_entered", { state, values: posted(data), seated: record.snapshot.seated }).then(
          (answer) => (answer.problem || answer.error ? {} : answer),
        );
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        const submitter = event.submitter;
        const action = submitter && submitter.name && submitter.name !== "save" ? submitter.name : null;
        save(index, state, form, action);
      });
      // Shown once hand.js has wired its keys (it asks one seat at a time): a finger on the
      // form before then would tap a key the script then folds away.
      const script = element("script", { src: setup.hand });
      const shown = () => {
        script.remove();
        if (turn !== asked) return;
        view("entry");
        if (summaryBox) summaryBox.focus();
      };
      script.addEventListener("load", shown);
      script.addEventListener("error", shown);
      document.body.append(script);
    }

    function posted(data) {
      const values = {};
      data.forEach((value, name) => {
        if (name !== "number" && name !== "revision" && name !== "csrf_token" && name !== "save") values[name] = value;
      });
      return values;
    }

    async function save(index, state, form, action) {
      const values = posted(new FormData(form));
      const answer = await call("entered", { state, values, action });
      if (answer.error !== undefined) {
        await entry(index, values, answer.problems);
        return;
      }
      const editing = index !== null && index !== undefined;
      const after = record.snapshot.version;
      const before = editing ? record.queue[index] : null;
      if (editing) {
        const queued = record.queue[index];
        record.queue[index] = { number: queued.number, after: queued.after, hand: answer.body, record: answer.hand };
      } else {
        const number = record.snapshot.next_number + record.queue.length;
        record.queue.push({ number, after, hand: answer.body, record: answer.hand });
      }
      try {
        await store(record);
      } catch (error) {
        // Not written to the phone's storage: not queued, and the form keeps the entries.
        if (editing) record.queue[index] = before;
        else record.queue.pop();
        status.textContent = say("kept-not-stored");
        return;
      }
      remember(flag(setup.id), "1");
      await board();
      if (editing) sync();
    }

    // --- both versions of a hand, to choose one ---
    function conflict(answer) {
      const found = answer.conflict;
      const version = (which, titled) => {
        const points = found[which].points || [];
        const button = element("button", { type: "button", class: "btn primary", id: "keep-" + which, text: say("kept-choose") });
        button.addEventListener("click", () => choose(which, found.server.revision));
        return element("div", { class: "version", id: "version-" + which }, [
          element("h3", { text: titled }),
          element("p", { text: found[which].text || "" }),
          element("ul", {}, found.sides.map((side, s) => element("li", {}, [
            element("bdi", { dir: "auto", text: side }), " ",
            element("b", { text: points[s] === undefined ? "" : "\u2066" + signed(points[s]) + "\u2069" }),
          ]))),
          button,
        ]);
      };
      conflictPlace.replaceChildren(
        element("p", {}, [element("b", { text: answer.message })]),
        element("div", { class: "versions" }, [version("server", say("kept-server")), version("phone", say("kept-phone"))]),
      );
      // Side by side, however narrow the phone, long names broken rather than pushed off
      // it (styled here: no page pays for it).
      Object.assign(conflictPlace.querySelector(".versions").style, {
        display: "grid", gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr)", gap: "8px", overflowWrap: "anywhere",
      });
      conflictPlace.querySelectorAll(".versions ul").forEach((list) => {
        Object.assign(list.style, { listStyle: "none", paddingInlineStart: "0" });
      });
      asked += 1;
      view("conflict");
    }

    // Keeping this phone's version replaces the server's version that was shown, and only
    // it: changed on another phone since, the server shows the two again.
    async function choose(which, shownRevision) {
      if (which === "phone") Object.assign(record.queue[0], { replace: true, revision: shownRevision });
      else record.queue.shift();
      await store(record);
      sync();
    }

    // --- back online ---
    let syncing = false;
    async function sync() {
      if (syncing) return;
      syncing = true;
      try {
        const fresh = await json(setup.snapshot);
        if (fresh.status === 404 && !record.queue.length) {
          // The game is no longer this phone's (it left the game's group, or was removed
          // from it; or the game was deleted): nothing of it stays on the phone (issue 42).
          // Hands still queued stay, and say why they cannot be sent.
          await forget(setup.id, setup.page);
          location.replace(setup.scoreboard);
          return;
        }
        if (!fresh.ok) {
          // The server answers but will not take the hands (the edit link changed, the
          // game deleted): it says why, and the queue stays on this phone.
          status.textContent = fresh.body.message || fresh.body.error;
          if (!boardPlace.childElementCount) await board();
          return;
        }
        if (!record.queue.length) {
          record.snapshot = fresh.body;
          await store(record);
          location.replace(setup.scoreboard);
          return;
        }
        status.textContent = say("kept-sending");
        // Hands saved on the form while these are on their way stay queued after them.
        const sending = record.queue.length;
        const hands = record.queue.map((q) =>
          Object.assign({ number: q.number, after: q.after, hand: q.hand }, q.replace ? { replace: true, revision: q.revision } : {}));
        const sent = await json(setup.send, {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": fresh.body.csrf_token },
          body: JSON.stringify({ by: record.by, hands }),
        });
        const answer = sent.body;
        if (sent.ok) {
          record.queue = record.queue.slice(sending);
        } else if (sent.status === 409 || sent.status === 422) {
          record.queue = record.queue.slice(answer.index);
        } else {
          status.textContent = answer.message || answer.error;
          return;
        }
        const now = await json(setup.snapshot);
        if (now.ok) record.snapshot = now.body;
        await store(record);
        if (sent.ok && !record.queue.length) {
          location.replace(setup.scoreboard);
        } else if (sent.ok) {
          status.textContent = "";
          if (entryPlace.hidden) await board();
        } else if (sent.status === 409 && answer.conflict) {
          status.textContent = "";
          conflict(answer);
        } else {
          // The server's sentences head the hand's form (not said twice over it). Not sent
          // again by itself: only once it is saved again, or removed from this phone.
          status.textContent = "";
          record.queue[0].refused = answer.table || [answer.message];
          await entry(0, null, null, record.queue[0].refused);
        }
      } catch (error) {
        status.textContent = say("kept-offline");
        if (!entryPlace.hidden || !conflictPlace.hidden) return;
        if (!boardPlace.childElementCount) {
          await board();
          if (/\/hands\/new$/.test(location.pathname)) await entry(null);
        }
      } finally {
        syncing = false;
      }
    }

    await sync();
    const again = () => {
      const refused = record.queue.length && record.queue[0].refused;
      if (entryPlace.hidden && conflictPlace.hidden && !refused) sync();
    };
    window.addEventListener("online", again);
    setInterval(again, PROBE);
  }

  // --- start --------------------------------------------------------------------------------

  const setupData = document.getElementById("kept-setup");
  if (setupData) {
    const setup = JSON.parse(setupData.textContent);
    setup.hand = setup.downloads.map((d) => d.url).find((url) => /\/hand\.js/.test(url));
    keptPage(setup).catch(() => {
      document.getElementById("kept-status").textContent = wordsOf(document)("kept-failed");
    });
  } else {
    const button = document.getElementById("keep");
    if (button) onScoreboard(button);
  }
})();
