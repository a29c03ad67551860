// The standard library the site needs, as bytecode: writes VENDOR_DIR/pyodide/python_stdlib_app.zip
// (what web/interpreter.mjs gives Pyodide as stdLibURL) next to the full python_stdlib.zip
// (kept, fetched only if a module outside the subset is ever imported).  Run by build_vendor.sh:
//     node scripts/make_stdlib.mjs VENDOR_DIR
// The subset is what Pyodide imports to start plus what the app's modules (engine/, web/) and
// PyScript's import, with all they import in turn (scripts/stdlib_subset.py says how).  The
// build fails loudly if a fresh Pyodide started with the subset cannot import all of it.
import { readFileSync, readdirSync, renameSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

import { flatSources, pyscriptSources } from "./pyscript_sources.mjs";

const vendor = resolve(process.argv[2] || "vendor");
const root = resolve(new URL("..", import.meta.url).pathname);
const { loadPyodide } = await import(pathToFileURL(`${vendor}/pyodide/pyodide.mjs`).href);

// Modules of ours the page never imports (the command line).
const NEVER_IN_BROWSER = ["engine/__main__.py"];

function appSources() {
  const out = {};
  const walk = (folder) => {
    for (const name of readdirSync(join(root, folder))) {
      const path = join(folder, name);
      if (name === "__pycache__") continue;
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else if (name.endsWith(".py") && !NEVER_IN_BROWSER.includes(path)) out[path] = readFileSync(join(root, path), "utf8");
    }
  };
  walk("engine");
  walk("web");
  const pyscript = pyscriptSources(vendor);
  if (!pyscript) throw new Error("PyScript's Python modules not found in its core chunk");
  return { ...out, ...flatSources(pyscript) };
}

function subsetModule(pyodide) {
  pyodide.FS.writeFile("/tmp/stdlib_subset.py", readFileSync(join(root, "scripts/stdlib_subset.py")));
  return pyodide.runPython("import sys; sys.path.insert(0, '/tmp'); import stdlib_subset; stdlib_subset");
}

const full = await loadPyodide({ indexURL: `${vendor}/pyodide/`, env: {} });
const subset = subsetModule(full);
const fallback = readFileSync(join(root, "web/stdlib_fallback.py"), "utf8");
const made = JSON.parse(subset.build_json(JSON.stringify(appSources()), fallback,
                                         "/tmp/python_stdlib_app.zip"));
const failed = Object.entries(made.failed);
if (failed.length) {
  console.error("make_stdlib: the app imports standard modules this Pyodide cannot import:");
  for (const [name, why] of failed) console.error(`  ${name}: ${why}`);
  process.exit(1);
}
const dest = `${vendor}/pyodide/python_stdlib_app.zip`;
const { writeFileSync } = await import("node:fs");
writeFileSync(`${dest}.tmp`, full.FS.readFile("/tmp/python_stdlib_app.zip"));

// The check: a fresh Pyodide on the subset imports every module the full one had loaded.
const lean = await loadPyodide({ indexURL: `${vendor}/pyodide/`, env: {},
                                 stdLibURL: `${dest}.tmp` });
const missing = Object.entries(JSON.parse(
  subsetModule(lean).check_json(JSON.stringify(made.modules))));
if (missing.length) {
  console.error("make_stdlib: the subset lacks modules the site needs:");
  for (const [name, why] of missing) console.error(`  ${name}: ${why}`);
  process.exit(1);
}
renameSync(`${dest}.tmp`, dest);
console.log(`python_stdlib_app.zip: ${made.files.length} modules as bytecode, ` +
            `${statSync(dest).size.toLocaleString("en")} bytes ` +
            `(the app names ${made.wanted.length} standard modules)`);
