// Compile PyScript's own Python modules ahead of time, for web/interpreter.mjs:
//     node scripts/make_pyscript_bytecode.mjs VENDOR_DIR
// writes VENDOR_DIR/pyscript/python-bytecode.json: {path of the .pyc: its bytes in base64}.
// At every start PyScript writes its Python package (./pyscript/*.py, kept as strings in its
// core chunk) into the interpreter's files and imports it, compiling ~30 KB of source in a
// cold tab.  web/interpreter.mjs writes these .pyc files first, where Python looks for them.
// They are "checked" .pyc files: Python uses one only if the source PyScript wrote has the
// same hash, and compiles the source as before otherwise, so a stale file costs time, never
// correctness.  Run by build_vendor.sh after copying PyScript and Pyodide into VENDOR_DIR;
// e2e/test_startup.py checks the page uses them.
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

import { pyscriptSources } from "./pyscript_sources.mjs";

const vendor = resolve(process.argv[2] || "vendor");
const HOME = "/home/pyodide";           // Pyodide's working directory, where PyScript writes

const sources = pyscriptSources(vendor);
const bytecode = {};
if (!sources) {
  console.warn("WARNING: PyScript's Python modules not found in its core chunk: no bytecode " +
               "(the page still works, compiling them at start-up)");
} else {
  const { loadPyodide } = await import(pathToFileURL(`${vendor}/pyodide/pyodide.mjs`).href);
  const pyodide = await loadPyodide({ indexURL: `${vendor}/pyodide/` });
  const compile = pyodide.runPython(`
import py_compile
lambda source: py_compile.compile(source, doraise=True,
                                  invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)`);
  const walk = (entries, folder) => {
    for (const [name, value] of Object.entries(entries)) {
      const path = `${folder}/${name}`;
      if (typeof value === "object") {
        pyodide.FS.mkdirTree(path);
        walk(value, path);
      } else if (name.endsWith(".py")) {
        pyodide.FS.writeFile(path, value);
        const cached = compile(path);
        bytecode[cached] = Buffer.from(pyodide.FS.readFile(cached)).toString("base64");
      }
    }
  };
  walk(sources, HOME);
}
writeFileSync(`${vendor}/pyscript/python-bytecode.json`, JSON.stringify(bytecode));
console.log(`python-bytecode.json: ${Object.keys(bytecode).length} of PyScript's modules`);
