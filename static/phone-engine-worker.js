// The worker that runs the rules engine in the phone (issue 34): Pyodide and the engine's
// zip, loaded on the first message, then each message one call of
// scorekeeper/engine/phone.py (its JSON text in, its JSON text out). It runs beside the
// page, so a long call never freezes the screen; it is served with its own Content
// Security Policy, the only one that lets WebAssembly compile (scorekeeper/web/phone_engine.py).
/* global loadPyodide */
"use strict";

let engine = null;

async function start(urls) {
  importScripts(urls.pyodide + "pyodide.js");
  const engineZip = fetch(urls.engine).then((response) => {
    if (!response.ok) throw new Error("could not load " + urls.engine + ": " + response.status);
    return response.arrayBuffer();
  });
  // The engine's zip downloads while Pyodide compiles its core.
  // The standard library cut to what the engine imports, and a lock file of no packages
  // (the engine loads none), when the server names them (a page kept before does not).
  const options = { indexURL: urls.pyodide, stdLibURL: urls.stdlib };
  if (urls.lock) options.lockFileContents = { info: urls.lock, packages: {} };
  const [pyodide, zip] = await Promise.all([loadPyodide(options), engineZip]);
  pyodide.unpackArchive(zip, "zip", { extractDir: "/engine" });
  pyodide.pyimport("sys").path.insert(0, "/engine");
  return pyodide.pyimport("scorekeeper.pages.phone");
}

const CALLS = new Set(["read", "preview", "resume", "batch"]);

self.onmessage = async (event) => {
  const { id, urls, call, text } = event.data;
  try {
    if (!engine) engine = start(urls);
    const phone = await engine;
    if (call && !CALLS.has(call)) throw new Error("no such call: " + call);
    self.postMessage({ id, text: call ? phone[call](text) : null });
  } catch (error) {
    if (!call) engine = null; // a failed load may be tried again
    self.postMessage({ id, error: String(error) });
  }
};
