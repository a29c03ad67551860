// The interpreter module pyscript.toml names: Pyodide from vendor/, started from the memory
// snapshot vendor/pyodide/snapshot.bin.gz (made by scripts/make_snapshot.mjs at build time)
// so the browser skips initialising Python, which is most of a cold start.  Falls back to a
// normal start when the snapshot is missing or does not load.  globalThis.pyodideSnapshot
// says which happened ("used", "missing", or "failed: <why>"), for tests and benchmarks.
// index.html calls start() as soon as the page is parsed, so Python starts while PyScript is
// still loading its own modules; PyScript's loadPyodide() call then takes that interpreter.
import { loadPyodide as load, version } from "../vendor/pyodide/pyodide.mjs";

export { version };

const indexURL = new URL("../vendor/pyodide/", import.meta.url).href;
const UNZIPPED_HEADER = "X-Snapshot-Unzipped";   // set by sw.js on the copy it keeps

async function fetchSnapshot() {
  const response = await fetch(indexURL + "snapshot.bin.gz");
  if (!response.ok) throw new Error(`snapshot: HTTP ${response.status}`);
  if (response.headers.get(UNZIPPED_HEADER)) {     // the service worker's copy: read it whole
    const snapshot = new Uint8Array(await response.arrayBuffer());
    performance.mark("snapshot read from the service worker's unzipped copy");
    return snapshot;
  }
  // Unzip while it downloads.  A server may unzip it already (Content-Encoding): look at the
  // first bytes to know.
  const reader = response.body.getReader();
  const first = await reader.read();
  const zipped = !first.done && first.value[0] === 0x1f && first.value[1] === 0x8b;
  let stream = new ReadableStream({
    start(controller) { if (!first.done) controller.enqueue(first.value); },
    async pull(controller) {
      const { value, done } = await reader.read();
      if (done) controller.close(); else controller.enqueue(value);
    },
  });
  if (zipped) stream = stream.pipeThrough(new DecompressionStream("gzip"));
  const snapshot = new Uint8Array(await new Response(stream).arrayBuffer());
  performance.mark(zipped ? "snapshot downloaded and unzipped"
                          : "snapshot downloaded (unzipped by the server)");
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

// Pyodide from the snapshot, or from scratch when the snapshot cannot be used; either way with
// PyScript's bytecode in place before PyScript writes and imports its modules.
async function startPython(options) {
  // Start the snapshot's download at once; Pyodide fetches its wasm meanwhile.
  const snapshot = fetchSnapshot();
  snapshot.catch(() => {});
  const bytecode = fetchBytecode();
  let pyodide;
  try {
    pyodide = await load({ ...options, indexURL, _loadSnapshot: snapshot });
    performance.mark("Pyodide started from the snapshot");
    globalThis.pyodideSnapshot = "used";
  } catch (err) {
    globalThis.pyodideSnapshot = /HTTP 404/.test(String(err)) ? "missing" : `failed: ${err}`;
    if (globalThis.pyodideSnapshot !== "missing") console.warn("Pyodide snapshot not used:", err);
    pyodide = await load({ ...options, indexURL });
  }
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
