// Bundle the app's Python modules into one zip of their bytecode:
//     node scripts/make_bundle.mjs SITE_DIR
// writes SITE_DIR/app.zip, run by build_site.sh, whose pyscript.toml names it instead of the
// sources; the entry scripts (web/main.py, web/ai_worker.py) put it first on sys.path, and
// Python imports straight from it.  The modules are those the entry scripts import, found by
// scripts/app_modules.py on SITE_DIR's sources (so nothing only the command line uses).
// One download instead of one per module, and nothing to compile at start-up: each module is
// shipped once, as the .pyc this very Pyodide compiles (so it fits its Python), without its
// source (a traceback names the file and line, which the repository shows) and without the
// docstrings of modules and functions, which nothing in the browser reads.  Classes keep
// theirs: a dataclass without one builds one from its signature at import.  Measured: see
// docs/benchmarks.md.
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
import ast, importlib.util, marshal, os, zipfile

os.chdir("/site")
sources = sources.split("\\n")
DOCUMENTED = (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef)

def without_docstrings(tree):
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, DOCUMENTED) and body and isinstance(body[0], ast.Expr) \\
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            node.body = body[1:] or [ast.copy_location(ast.Pass(), body[0])]
    return tree

def bytecode(source):
    """A sourceless .pyc (hash-based, unchecked: the header's flags 1) of a source file."""
    with open(source, "rb") as file:
        text = file.read()
    code = compile(without_docstrings(ast.parse(text, source)), source, "exec", dont_inherit=True)
    header = importlib.util.MAGIC_NUMBER + (1).to_bytes(4, "little")
    return header + importlib.util.source_hash(text) + marshal.dumps(code)

def add(bundle, name, data):
    entry = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))  # the same bytes each build
    entry.compress_type = zipfile.ZIP_DEFLATED
    bundle.writestr(entry, data)

with zipfile.ZipFile("app.zip.tmp", "w") as bundle:
    for source in sources:
        add(bundle, source + "c", bytecode(source))    # where zipimport looks for it
os.replace("app.zip.tmp", "app.zip")
f"app.zip: the bytecode of {len(sources)} modules, {os.path.getsize('app.zip'):,} bytes"
`));
