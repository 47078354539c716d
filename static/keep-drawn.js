// The last views drawn for a kept game, kept with it (issues 44, 69): its scoreboard and
// the form for the next hand, in the game's record in IndexedDB (forgotten with it), drawn
// by the server with each snapshot (KeptStore.takeDrawn) or by the engine in the phone.
// A cold load without the network shows them at once while the engine starts behind them
// (seconds on a phone), the page saying it checks the rules meanwhile; a Save tapped
// before the engine is ready waits, saying so, and then goes through the engine. Each is
// HTML drawn with the server's templates, shown only while the game and its queue are as
// they were then: nothing here draws a page, reads a hand or says a word of its own.
(() => {
  "use strict";

  const mark = (record, language) => KeptStore.mark(record, language); // kept-store.js

  // ``which`` ("board" or "form") as last drawn, if the game still is as it was then.
  function drawn(record, language, which) {
    const kept = record.drawn && record.drawn[which];
    return kept && kept.mark === mark(record, language) ? kept : null;
  }

  // Keeps a view just drawn (``view``: {html, state}) for the game as it was when asked
  // for (``asked``: its mark then), if it still is (``store``: KeptStore's, which drops the
  // views rather than the record when the phone's storage is full).
  function remember(record, language, which, view, asked, store) {
    if (asked !== mark(record, language)) return Promise.resolve();
    record.drawn = Object.assign({}, record.drawn, { [which]: Object.assign({ mark: asked }, view) });
    return store(record).catch(() => {});
  }

  // The engine starting (``promise``): ``checking`` (the page's line saying it checks the
  // rules) shown until it is ready; ``ready()`` says whether it is; ``wait(form)`` says
  // ``words`` in ``status`` until it is, shown, so that the table sees why a Save waits, and
  // holds the form's buttons (a second tap would queue the hand twice) until it is.
  function waiting(promise, status, words, checking) {
    let ready = false;
    const done = () => {
      ready = true;
      checking.hidden = true;
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
