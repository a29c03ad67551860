// The standard library the site needs, as bytecode: writes VENDOR_DIR/pyodide/python_stdlib_app.zip
// (what web/interpreter.mjs gives Pyodide as stdLibURL) next to the full python_stdlib.zip
// (kept, fetched only if a module outside the subset is ever imported).  Run by build_vendor.sh:
//     node scripts/make_stdlib.mjs VENDOR_DIR
// The subset is what Pyodide imports to start plus what the Python the browser runs (the app's
// modules and scripts: scripts/app_modules.py --browser) and PyScript's import, with all they
// import in turn (scripts/stdlib_subset.py says how).  The build fails loudly if a fresh
// Pyodide started with the subset cannot import all of it.
import { execFileSync } from "node:child_process";
import { readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

import { flatSources, pyscriptSources } from "./pyscript_sources.mjs";

const vendor = resolve(process.argv[2] || "vendor");
const root = resolve(new URL("..", import.meta.url).pathname);
const { loadPyodide } = await import(pathToFileURL(`${vendor}/pyodide/pyodide.mjs`).href);

function appSources() {
  const lister = join(root, "scripts/app_modules.py");
  const paths = execFileSync("python3", [lister, "--browser", root], { encoding: "utf8" });
  const out = {};
  for (const path of paths.trim().split("\n")) out[path] = readFileSync(join(root, path), "utf8");
  const pyscript = pyscriptSources(vendor);
  if (!pyscript) throw new Error("PyScript's Python modules not found in its core chunk");
  return { ...out, ...flatSources(pyscript) };
}

function subsetModule(pyodide) {
  pyodide.FS.writeFile("/tmp/stdlib_subset.py", readFileSync(join(root, "scripts/stdlib_subset.py")));
  return pyodide.runPython("import sys; sys.path.insert(0, '/tmp'); import stdlib_subset; stdlib_subset");
}

// Python calls into stdlib_subset.py, JSON both ways.
const call = (pyodide, name, ...args) => JSON.parse(
  subsetModule(pyodide).call_json(name, ...args.map((a) => JSON.stringify(a))));

function stop(title, problems) {
  if (!Object.keys(problems).length) return;
  console.error(`make_stdlib: ${title}`);
  for (const [name, why] of Object.entries(problems)) console.error(`  ${name}: ${why}`);
  process.exit(1);
}

const start = (stdLibURL) => loadPyodide({ indexURL: `${vendor}/pyodide/`, env: {},
                                           ...(stdLibURL ? { stdLibURL } : {}) });
const fallback = readFileSync(join(root, "web/stdlib_fallback.py"), "utf8");
const dest = `${vendor}/pyodide/python_stdlib_app.zip`;
const wanted = call(await start(), "wanted_by", appSources());
if (process.env.STDLIB_DEBUG) console.log("wanted:", wanted.join(" "));

// 1. With the whole library: what the app's imports load, less what is left out on purpose.
const full = await start();
const first = call(full, "closure", wanted);
stop("the app imports standard modules this Pyodide cannot import:", first.failed);
call(full, "write", first.modules, "/tmp/first.zip", fallback);
writeFileSync(`${dest}.first`, full.FS.readFile("/tmp/first.zip"));

// 2. With that subset: what really loads once the left-out imports fail in their try.
const second = call(await start(`${dest}.first`), "closure", wanted);
stop("the app's imports fail without the modules left out:", second.failed);
const files = call(full, "write", second.modules, "/tmp/final.zip", fallback);
writeFileSync(`${dest}.tmp`, full.FS.readFile("/tmp/final.zip"));
unlinkSync(`${dest}.first`);

// 3. The check: a fresh Pyodide on the final subset imports all of it.
stop("the subset lacks modules the site needs:",
     call(await start(`${dest}.tmp`), "check", second.modules));
renameSync(`${dest}.tmp`, dest);
console.log(`python_stdlib_app.zip: ${files.length} modules as bytecode, ` +
            `${statSync(dest).size.toLocaleString("en")} bytes ` +
            `(the app names ${wanted.length} standard modules)`);
