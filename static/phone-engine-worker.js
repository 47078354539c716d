// The worker that runs the rules engine in the phone (issue 34): Pyodide and the engine's
// zip, loaded on the first message, then each message one call of
// scorekeeper/engine/phone.py (its JSON text in, its JSON text out). It runs beside the
// page, so a long call never freezes the screen; it is served with its own Content
// Security Policy, the only one that lets WebAssembly compile (scorekeeper/web/phone_engine.py).
//
// Started once from scratch, Python compiles Pyodide's start and the engine from source:
// seconds on a phone, at every reload. So the first start keeps a memory snapshot of the
// interpreter with the engine imported (Pyodide's `makeMemorySnapshot`), gzipped in Cache
// Storage under the addresses of the Pyodide, library and engine it was made of; every
// later start on this phone restores it instead (issue 46). It is taken before the engine
// is asked anything, so it holds no game and no name, and before any words are read, so it
// holds no language: its key needs none. A snapshot that is not whole (gzip's check) or
// that this Pyodide refuses is dropped, and the engine started from scratch.
//
// The engine's words in a language but English are a file of their own (urls.words, by
// language: a kept page names its own language's only), fetched with the engine's zip and
// written where the engine reads them (scorekeeper/engine/core/language.py) on either
// start. One that cannot be fetched (offline, and not kept on this phone) is left out: the
// engine then says its sentences in English rather than fail.
/* global loadPyodide */
"use strict";

const SNAPSHOTS = "kept-engine-snapshot";
let engine = null;

// The snapshot's key: made of exactly this Pyodide, library and engine.
function snapshotKey(urls) {
  const made = [urls.pyodide, urls.stdlib, urls.engine].map(encodeURIComponent).join("&");
  return new URL("/engine/snapshot?" + made, self.location.href).href;
}

const gzip = (bytes, stream) =>
  new Response(new Blob([bytes]).stream().pipeThrough(stream)).arrayBuffer();

async function savedSnapshot(key) {
  try {
    const cache = await caches.open(SNAPSHOTS);
    const found = await cache.match(key);
    if (!found) return null;
    return new Uint8Array(await gzip(await found.arrayBuffer(), new DecompressionStream("gzip")));
  } catch (error) {
    forget(key);
    return null;
  }
}

function forget(key) {
  caches.open(SNAPSHOTS).then((cache) => cache.delete(key)).catch(() => {});
}

// Kept in the background: the phone's only snapshot (an older engine's goes). A phone
// whose storage is full keeps none, and starts from scratch next time.
async function keepSnapshot(key, snapshot) {
  try {
    const packed = await gzip(snapshot, new CompressionStream("gzip"));
    const cache = await caches.open(SNAPSHOTS);
    for (const old of await cache.keys()) if (old.url !== key) await cache.delete(old);
    await cache.put(key, new Response(packed, { headers: { "Content-Type": "application/gzip" } }));
  } catch (error) {
    // Not kept: the next start compiles again.
  }
}

// Where the engine reads a language's words: beside its unpacked zip.
const WORDS = "/engine/scorekeeper/engine/catalogues/";

// Each words file named, as [language, bytes], null for one not fetched.
function fetchWords(urls) {
  const named = Object.entries(urls.words || {}).filter(([language]) => /^[a-z]{2}$/.test(language));
  return Promise.all(named.map(([language, url]) =>
    fetch(url).then((response) => (response.ok ? response.arrayBuffer() : null))
      .catch(() => null).then((body) => [language, body])));
}

function writeWords(pyodide, words) {
  pyodide.FS.mkdirTree(WORDS);
  for (const [language, body] of words) {
    if (body) pyodide.FS.writeFile(WORDS + language + ".mo", new Uint8Array(body));
  }
}

async function start(urls) {
  importScripts(urls.pyodide + "pyodide.js");
  const words = fetchWords(urls);
  const engineZip = fetch(urls.engine).then((response) => {
    if (!response.ok) throw new Error("could not load " + urls.engine + ": " + response.status);
    return response.arrayBuffer();
  });
  // The engine's zip downloads while Pyodide compiles its core.
  // The standard library cut to what the engine imports, and a lock file of no packages
  // (the engine loads none), when the server names them (a page kept before does not).
  const options = { indexURL: urls.pyodide, stdLibURL: urls.stdlib };
  if (urls.lock) options.lockFileContents = { info: urls.lock, packages: {} };
  const key = snapshotKey(urls);
  const saved = await savedSnapshot(key);
  if (saved) {
    try {
      const [pyodide, zip] = await Promise.all([loadPyodide({ ...options, _loadSnapshot: saved }), engineZip]);
      // The snapshot's files are not in it: the engine's, for what it imports later.
      pyodide.unpackArchive(zip, "zip", { extractDir: "/engine" });
      writeWords(pyodide, await words);
      return { phone: pyodide.pyimport("scorekeeper.pages.phone"), started: "snapshot" };
    } catch (error) {
      forget(key);
    }
  }
  const [pyodide, zip] = await Promise.all([loadPyodide({ ...options, _makeSnapshot: true }), engineZip]);
  pyodide.unpackArchive(zip, "zip", { extractDir: "/engine" });
  // Imported by Python's own code, so that no JavaScript object is held when the snapshot
  // is taken (Pyodide refuses one that holds any it cannot name); the pages' templates
  // compiled too, else every start compiles them again for its first page.
  pyodide.runPython("import sys; sys.path.insert(0, '/engine'); import scorekeeper.pages.phone; "
    + "import scorekeeper.pages.render; scorekeeper.pages.render.compile_phone_templates()");
  try {
    keepSnapshot(key, pyodide.makeMemorySnapshot());
  } catch (error) {
    // This Pyodide took none: the next start compiles again.
  }
  writeWords(pyodide, await words); // after the snapshot: it holds no language
  return { phone: pyodide.pyimport("scorekeeper.pages.phone"), started: "scratch" };
}

const CALLS = new Set(["read", "preview", "resume", "batch"]);

self.onmessage = async (event) => {
  const { id, urls, call, text } = event.data;
  try {
    if (!engine) engine = start(urls);
    const { phone, started } = await engine;
    if (call && !CALLS.has(call)) throw new Error("no such call: " + call);
    self.postMessage({ id, text: call ? phone[call](text) : started });
  } catch (error) {
    if (!call) engine = null; // a failed load may be tried again
    self.postMessage({ id, error: String(error) });
  }
};
