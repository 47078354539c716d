// This phone's copy of a kept game (issue 44): the hands it holds that the server has not
// got. A queued hand the game no longer takes, removed from the queue (or the phone's
// version of a hand set aside for the server's), stays in the game's record in IndexedDB
// (``removed``); "Save this phone's copy" on the kept board saves them, with the hands
// still queued, in a file the engine writes (scorekeeper/pages/phone.py ``copy``), in the
// table's words. Nothing here reads a hand or says a word of its own.
(() => {
  "use strict";

  // ``queued`` taken off ``record``'s queue, with what the server said of it.
  function removing(record, queued) {
    const { number, hand, refused } = queued;
    const removed = { number, hand, record: queued.record, said: refused || [], removed_at: new Date().toISOString() };
    record.removed = (record.removed || []).concat([removed]);
  }

  // The copy, from the engine in the phone (``call``), saved as a file; a request the engine
  // cannot read is said in ``status``.
  async function save(call, id, record, status) {
    const copy = await call("copy", { id, by: record.by, queued: record.queue, removed: record.removed || [] });
    if (copy.error !== undefined) return void (status.textContent = copy.error);
    const href = URL.createObjectURL(new Blob([copy.text], { type: "application/json" }));
    Object.assign(document.createElement("a"), { href, download: copy.filename }).click();
    setTimeout(() => URL.revokeObjectURL(href), 1000);
  }

  window.KeptCopy = { removing, save };
})();
