// The rules engine in the phone (issue 34): the server's own Python engine, run in
// WebAssembly by Pyodide in a worker (static/phone-engine-worker.js). No page loads this
// file on its first load; a page that needs the engine (a game kept on this phone) loads
// it, then
//
//   const engine = await PhoneEngine.load(urls);   // { started, read, preview, ... }
//   const answer = await engine.preview({ game, seats, settings, state, hand });
//
// with the addresses the server gives (scorekeeper/web/phone_engine.py, ``urls``). Each
// call takes and answers plain JSON-ready objects, as scorekeeper/engine/phone.py
// describes them (``text`` passes JSON text through unparsed). No rule lives here.
"use strict";

(function () {
  let loading = null;

  function start(urls) {
    const worker = new Worker(urls.worker);
    const waiting = new Map();
    let next = 0;
    worker.onmessage = (event) => {
      const { id, text, error } = event.data;
      const pending = waiting.get(id);
      waiting.delete(id);
      if (error === undefined) pending.resolve(text);
      else pending.reject(new Error(error));
    };
    function send(message) {
      return new Promise((resolve, reject) => {
        next += 1;
        waiting.set(next, { resolve, reject });
        worker.postMessage({ id: next, urls, ...message });
      });
    }
    const call = (name) => (request) =>
      send({ call: name, text: JSON.stringify(request) }).then(JSON.parse);
    return send({}).then((started) => ({
      started, // "snapshot" (this phone's, restored) or "scratch"
      read: call("read"),
      preview: call("preview"),
      resume: call("resume"),
      batch: call("batch"),
      text: (name, text) => send({ call: name, text }),
    }));
  }

  // The engine, loaded once per page however often it is asked for; a failed load may be
  // tried again.
  function load(urls) {
    if (!loading) {
      loading = start(urls).catch((error) => {
        loading = null;
        throw error;
      });
    }
    return loading;
  }

  globalThis.PhoneEngine = { load };
})();
