// The interpreter module pyscript.toml names: Pyodide from vendor/, with the site's own
// standard library (python_stdlib_app.zip: what the page imports, as bytecode, made by
// scripts/make_stdlib.mjs; web/stdlib_fallback.py fetches the whole library should anything
// else ever be imported).  A repeat visit starts from the memory snapshot the service worker
// keeps (vendor/pyodide/snapshot.bin.gz, made by scripts/make_snapshot.mjs), which skips
// initialising Python; a first visit starts from scratch, as downloading the snapshot would
// cost more than it saves (docs/benchmarks.md).  globalThis.pyodideSnapshot says which
// happened ("used", "not cached", or "failed: <why>"), for tests and benchmarks.
// index.html calls start() as soon as the page is parsed, so Python starts while PyScript is
// still loading its own modules; PyScript's loadPyodide() call then takes that interpreter.
import { loadPyodide as load, version } from "../vendor/pyodide/pyodide.mjs";

export { version };

const indexURL = new URL("../vendor/pyodide/", import.meta.url).href;
const UNZIPPED_HEADER = "X-Snapshot-Unzipped";   // set by sw.js on the copy it keeps

// The snapshot, if the service worker has it (it fetches it in the background after a first
// visit): a first visit starts Python from scratch rather than download 4-5 MB more, which
// costs more time than it saves on any real connection (docs/benchmarks.md).  The worker
// keeps it unzipped and marked so; an older worker's zipped copy is unzipped here.
async function cachedSnapshot() {
  return (globalThis.caches && await caches.match(indexURL + "snapshot.bin.gz")) || null;
}

async function readSnapshot(hit) {
  if (hit.headers.get(UNZIPPED_HEADER)) {
    const snapshot = new Uint8Array(await hit.arrayBuffer());
    performance.mark("snapshot read from the service worker's cache");
    return snapshot;
  }
  const stream = hit.body.pipeThrough(new DecompressionStream("gzip"));
  const snapshot = new Uint8Array(await new Response(stream).arrayBuffer());
  performance.mark("snapshot read from the service worker's cache and unzipped");
  return snapshot;
}

// PyScript's own modules as bytecode (scripts/make_pyscript_bytecode.mjs): {path: base64}.
// Never fails: without them Python compiles the sources, as it would anyway.
function fetchBytecode() {
  return fetch(new URL("../vendor/pyscript/python-bytecode.json", import.meta.url))
    .then((response) => (response.ok ? response.json() : {}))
    .catch(() => ({}));
}

function writeBytecode(pyodide, files) {
  for (const [path, base64] of Object.entries(files)) {
    pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    pyodide.FS.writeFile(path, Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
  }
}

// The whole standard library, fetched synchronously (an import cannot wait) into the
// interpreter's files, for web/stdlib_fallback.py when the subset lacks a module.
const FULL_STDLIB = "/lib/python_stdlib_full.zip";

function fullStdlibLoader(pyodide) {
  return () => {
    const request = new XMLHttpRequest();
    request.open("GET", indexURL + "python_stdlib.zip", false);
    request.overrideMimeType("text/plain; charset=x-user-defined");   // bytes, in a sync request
    request.send();
    if (request.status !== 200) throw new Error(`python_stdlib.zip: HTTP ${request.status}`);
    const text = request.responseText;
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
    pyodide.FS.writeFile(FULL_STDLIB, bytes);
    console.warn("The site's standard library lacked a module: fetched the whole library");
    return FULL_STDLIB;
  };
}

function installFallback(pyodide) {
  const rest = pyodide.pyimport("_stdlib_index").REST;
  pyodide.pyimport("stdlib_fallback").install(fullStdlibLoader(pyodide), rest);
  rest.destroy();
}

// Pyodide from the snapshot, or from scratch when the snapshot cannot be used; either way with
// the site's standard library (make_stdlib.mjs) and PyScript's bytecode in place before
// PyScript writes and imports its modules.
async function startPython(options) {
  options = { ...options, indexURL, stdLibURL: indexURL + "python_stdlib_app.zip" };
  const bytecode = fetchBytecode();
  const hit = await cachedSnapshot();        // a look in the cache: no download either way
  let pyodide = null;
  globalThis.pyodideSnapshot = "not cached";
  if (hit) {
    try {   // read while Pyodide compiles its wasm
      pyodide = await load({ ...options, _loadSnapshot: readSnapshot(hit) });
      // The snapshot holds the random module as it was when the site was built, the same for
      // every tab and every visitor: seeded afresh, from the browser's randomness.
      pyodide.runPython("import random; random.seed()");
      performance.mark("Pyodide started from the snapshot");
      globalThis.pyodideSnapshot = "used";
    } catch (err) {
      globalThis.pyodideSnapshot = `failed: ${err}`;
      console.warn("Pyodide snapshot not used:", err);
    }
  }
  if (!pyodide) {
    pyodide = await load(options);
    performance.mark("Pyodide started");
  }
  installFallback(pyodide);
  writeBytecode(pyodide, await bytecode);
  return pyodide;
}

let started = null;     // the interpreter start() began, not yet handed to PyScript

export function start() {
  started ??= startPython({});
  return started;
}

// What PyScript calls.  It passes its stdout and stderr (and indexURL, which is ours to set);
// an early start takes them once it is running.  Any other option needs a start of its own.
export async function loadPyodide(options = {}) {
  const { stdout, stderr, indexURL: _, ...others } = options;
  if (!started || Object.keys(others).length) return startPython(options);
  const pyodide = await started;
  started = null;       // handed over: a second call gets a start of its own
  if (stdout) pyodide.setStdout({ batched: stdout });
  if (stderr) pyodide.setStderr({ batched: stderr });
  return pyodide;
}
