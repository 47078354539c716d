// The hand form never loses a hand being typed. Every tap is copied to this phone's local
// storage; a reload brings the entries back; the copy is forgotten only when the server
// answers that the hand is saved. A save that cannot reach the server says so and offers
// "Retry". Every word shown comes from the page. hand.js, loaded first, reacts to the
// change events this script replays, so the form looks as if the taps were made again.
// A kept game's page without the network (keep.js) runs it on the form for the next hand
// that its engine draws (issue 82): there the form's ``data-draft`` names the server's form
// whose copy it is, the taps typed there before the reload come back, and the copy is
// forgotten once the hand is queued on the phone (keep.js says so: "scorekeeper:queued");
// the kept page sends the hand itself, so nothing here does.
(() => {
  "use strict";
  const form = document.getElementById("hand");
  if (!form || !window.localStorage) return;
  const PATIENCE = 15000; // ms before a save that hangs counts as not sent
  const keptPage = form.dataset.draft !== undefined;
  const address = keptPage ? form.dataset.draft : location.pathname;
  const KEY = "scorekeeper:draft:" + address;
  const SKIP = ["csrf_token", "number", "revision"];
  const note = document.getElementById("draft-note");
  const alarm = document.getElementById("save-offline");
  const identity = () => ({
    number: form.elements.number ? form.elements.number.value : "",
    revision: form.elements.revision ? form.elements.revision.value : "",
  });

  // The entries in page order; a count that filled itself in (a ``sum`` rule) is left out, so that
  // hand.js fills it in again.
  function entries() {
    return Array.from(form.elements)
      .filter((el) => el.name && SKIP.indexOf(el.name) < 0 && !el.closest(".seat.auto"))
      .filter((el) => el.type !== "submit" && el.type !== "button")
      .filter((el) => (el.type === "radio" ? el.checked : el.type !== "hidden" && el.value !== ""))
      .map((el) => [el.name, el.value]);
  }

  function read() {
    try {
      return JSON.parse(localStorage.getItem(KEY) || "null");
    } catch (error) {
      return null;
    }
  }

  function keep() {
    try {
      localStorage.setItem(KEY, JSON.stringify(Object.assign(identity(), { entries: entries() })));
    } catch (error) {
      // Storage full or refused (private mode): the form itself still holds the entries.
    }
  }

  // A game this phone keeps (static/keep.js) hears of each save with the game as saved.
  const game = (/\/games\/(\d+)\//.exec(form.action) || [])[1];
  const kept = () => Boolean(game && localStorage.getItem("scorekeeper:kept:" + game));
  function stash(key, value) {
    try {
      localStorage.setItem(key, value);
    } catch (error) {
      // Storage full or refused: the kept copy follows the game on the scoreboard instead.
    }
  }

  function forget() {
    try {
      localStorage.removeItem(KEY);
    } catch (error) {
      // nothing kept, nothing to forget
    }
  }

  function replay(saved) {
    saved.forEach(([name, value]) => {
      const field = Array.from(form.elements).find(
        (el) => el.name === name && (el.type !== "radio" || el.value === value),
      );
      if (!field || field.disabled) return;
      if (field.type === "radio") field.checked = true;
      else field.value = value;
      field.dispatchEvent(new Event("change", { bubbles: true }));
    });
  }

  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

  if ("submitted" in form.dataset) {
    // The server sent the form back (a problem to fix): what it shows is the latest.
    keep();
  } else {
    const draft = read();
    const here = identity();
    if (draft && draft.number === here.number && draft.revision === here.revision) {
      if (!same(draft.entries, entries())) {
        replay(draft.entries);
        if (note) note.hidden = false;
      }
    } else if (draft) {
      forget(); // a copy of a hand since saved, or of an older version of this one
    }
  }

  form.addEventListener("change", keep);
  form.addEventListener("input", keep);

  if (note) {
    document.getElementById("draft-discard").addEventListener("click", () => {
      forget();
      location.replace(address);
    });
  }
  if (keptPage) {
    form.addEventListener("scorekeeper:queued", forget);
    return;
  }

  const buttons = () => Array.from(form.querySelectorAll('button[type="submit"], #retry'));
  let last = null;

  // The server has something to show (a problem, a conflict): let it show its own page by
  // sending the form the plain way. Nothing was stored by the first try.
  function sendPlainly(submitter) {
    if (submitter && submitter.name) {
      const field = document.createElement("input");
      field.type = "hidden";
      field.name = submitter.name;
      field.value = submitter.value;
      form.appendChild(field);
    }
    form.submit();
  }

  function notSent() {
    if (alarm) {
      alarm.hidden = false;
      document.getElementById("retry").focus({ preventScroll: true });
    }
    if (window.scorekeeper) window.scorekeeper.offline(true);
  }

  function send(submitter) {
    last = submitter;
    keep();
    if (alarm) alarm.hidden = true;
    const body = new FormData(form);
    if (submitter && submitter.name) body.append(submitter.name, submitter.value);
    const control = new AbortController();
    const giveUp = setTimeout(() => control.abort(), PATIENCE);
    buttons().forEach((b) => { b.disabled = true; });
    fetch(form.action, {
      method: "POST",
      body: body,
      headers: Object.assign({ Accept: "application/json" }, kept() ? { "X-Scorekeeper-Kept": "1" } : {}),
      credentials: "same-origin",
      signal: control.signal,
    })
      .then((response) => {
        const type = response.headers.get("Content-Type") || "";
        if (response.ok && type.indexOf("application/json") === 0) {
          return response.json().then((answer) => {
            forget(); // the server has the hand
            // A game this phone keeps: the game as saved, for keep.js to take (issue 44).
            if (answer.kept) stash("scorekeeper:saved:" + answer.kept.id, JSON.stringify(answer.kept));
            if (window.scorekeeper) window.scorekeeper.offline(false);
            location.assign(answer.next);
          });
        }
        sendPlainly(submitter);
        return null;
      })
      .catch(notSent)
      .finally(() => {
        clearTimeout(giveUp);
        buttons().forEach((b) => { b.disabled = false; });
      });
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    send(event.submitter || document.getElementById("save"));
  });
  document.getElementById("retry").addEventListener("click", () => send(last));
})();
