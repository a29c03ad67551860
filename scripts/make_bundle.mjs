// Bundle the app's Python modules into one zip of their bytecode:
//     node scripts/make_bundle.mjs SITE_DIR
// writes SITE_DIR/app.zip, run by build_site.sh, whose pyscript.toml names it instead of the
// sources; the entry scripts (web/main.py, web/ai_worker.py) put it first on sys.path, and
// Python imports straight from it.  The modules are those the entry scripts import, found by
// scripts/app_modules.py on SITE_DIR's sources (so nothing only the command line uses).
// One download instead of one per module, and nothing to compile at start-up: each module is
// shipped once, as the .pyc this very Pyodide compiles (so it fits its Python) the way the
// standard library's subset is (scripts/stdlib_subset.py), without its source (a traceback
// names the file and line, which the repository shows) and without the docstrings of
// modules and functions, which nothing in the browser reads.  Classes keep theirs: a
// dataclass without one builds one from its signature at import.  Measured: see
// docs/benchmarks.md.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const site = resolve(process.argv[2] || "site");
const lister = fileURLToPath(new URL("app_modules.py", import.meta.url));
const sources = execFileSync("python3", [lister, site], { encoding: "utf8" }).trim().split("\n");
const { loadPyodide } = await import(pathToFileURL(`${site}/vendor/pyodide/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${site}/vendor/pyodide/` });
pyodide.FS.mkdirTree("/site");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: site }, "/site");
pyodide.globals.set("sources", sources.join("\n"));
// The standard library's compiler and zip writer (stdlib_subset.py), classes keeping their
// docstrings.
pyodide.FS.writeFile("/tmp/stdlib_subset.py",
                     readFileSync(fileURLToPath(new URL("stdlib_subset.py", import.meta.url))));
console.log(pyodide.runPython(`
import os, sys, zipfile

sys.path.insert(0, "/tmp")
from stdlib_subset import add, pyc  # the same bytes each build

os.chdir("/site")
sources = sources.split("\\n")

with zipfile.ZipFile("app.zip.tmp", "w") as bundle:
    for source in sources:
        with open(source, "rb") as file:
            add(bundle, source + "c", pyc(file.read(), source, classes=False))  # zipimport's name
os.replace("app.zip.tmp", "app.zip")
f"app.zip: the bytecode of {len(sources)} modules, {os.path.getsize('app.zip'):,} bytes"
`));
