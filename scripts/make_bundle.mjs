// Bundle the app's Python modules into one zip with their bytecode:
//     node scripts/make_bundle.mjs SITE_DIR
// writes SITE_DIR/app.zip, run by build_site.sh, whose pyscript.toml names it instead of the
// sources; the entry scripts (web/main.py, web/ai_worker.py) put it first on sys.path, and
// Python imports straight from it.  The modules are those the entry scripts import, found by
// scripts/app_modules.py on SITE_DIR's sources (so nothing only the command line uses).
// One download instead of one per module, and nothing left to compile at start-up: beside
// each source lies its .pyc, made by this very Pyodide (so it fits its Python) and marked
// "unchecked", so Python takes it without looking at timestamps.  Sources stay in the zip
// for tracebacks.  Measured: see docs/benchmarks.md.
import { execFileSync } from "node:child_process";
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
console.log(pyodide.runPython(`
import os, py_compile, zipfile

os.chdir("/site")
sources = sources.split("\\n")
def add(bundle, name, data):
    entry = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))  # the same bytes each build
    entry.compress_type = zipfile.ZIP_DEFLATED
    bundle.writestr(entry, data)

with zipfile.ZipFile("app.zip.tmp", "w") as bundle:
    for source in sources:
        py_compile.compile(source, cfile="/tmp/module.pyc", dfile=source, doraise=True,
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        with open(source, "rb") as text, open("/tmp/module.pyc", "rb") as code:
            add(bundle, source, text.read())
            add(bundle, source + "c", code.read())    # where zipimport looks for it
os.replace("app.zip.tmp", "app.zip")
f"app.zip: {len(sources)} modules with their bytecode, {os.path.getsize('app.zip'):,} bytes"
`));
