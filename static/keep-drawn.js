// The last views the engine drew for a kept game, kept with it (issue 44): its scoreboard
// and the form for the next hand, in the game's record in IndexedDB (forgotten with it).
// A cold load without the network shows them at once while the engine starts behind them
// (several seconds on a slow phone); a Save tapped before the engine is ready waits,
// saying so, and then goes through the engine. Each is HTML the engine drew with the
// server's templates, shown only while the game and its queue are as they were then:
// nothing here draws a page, reads a hand or says a word of its own.
(() => {
  "use strict";

  // What a drawn view depends on: the snapshot's version, the queue (each hand, and whether
  // the server refused it), the hands removed from it (kept-copy.js) and the language.
  const mark = (record, language) =>
    JSON.stringify([record.snapshot.version, language, (record.removed || []).length,
      record.queue.map((q) => [q.number, q.hand, Boolean(q.refused), Boolean(q.replace)])]);

  // ``which`` ("board" or "form") as last drawn, if the game still is as it was then.
  function drawn(record, language, which) {
    const kept = record.drawn && record.drawn[which];
    return kept && kept.mark === mark(record, language) ? kept : null;
  }

  // Keeps a view just drawn (``view``: {html, state}) for the game as it was when asked
  // for (``asked``: its mark then), if it still is. The phone's storage full: the views are
  // forgotten, the record stored without them (its queue is never lost for them), and a
  // cold load waits for the engine as before.
  function remember(record, language, which, view, asked, store) {
    if (asked !== mark(record, language)) return Promise.resolve();
    record.drawn = Object.assign({}, record.drawn, { [which]: Object.assign({ mark: asked }, view) });
    return store(record).catch(() => {
      delete record.drawn;
      return store(record).catch(() => {});
    });
  }

  // The engine starting (``promise``): ``ready()`` says whether it is; ``wait(form)`` says
  // ``words`` in ``status`` until it is, shown, so that the table sees why a Save waits, and
  // holds the form's buttons (a second tap would queue the hand twice) until it is.
  function waiting(promise, status, words) {
    let ready = false;
    const done = () => {
      ready = true;
      if (status.textContent === words) status.textContent = "";
    };
    promise.then(done, done);
    return {
      ready: () => ready,
      wait: (form) => {
        if (ready) return promise;
        status.textContent = words;
        status.scrollIntoView({ block: "nearest" });
        const keys = [...form.querySelectorAll("button:not([disabled])")];
        const hold = (held) => keys.forEach((key) => { key.disabled = held; });
        hold(true);
        promise.then(() => hold(false), () => hold(false));
        return promise;
      },
    };
  }

  globalThis.KeptDrawn = { mark, drawn, remember, waiting };
})();
