#!/usr/bin/env bash
# Copy the runtime the page needs from node_modules into vendor/ (git-ignored).
# Pyodide and PyScript come from npm, pinned in package-lock.json; nothing is fetched at run time.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d node_modules/pyodide ] && [ -d node_modules/@pyscript/core ] || npm ci --no-audit --no-fund
rm -rf vendor.tmp && mkdir -p vendor.tmp/pyodide vendor.tmp/pyscript
cp node_modules/pyodide/{pyodide.mjs,pyodide.asm.mjs,pyodide.asm.wasm,python_stdlib.zip,pyodide-lock.json} vendor.tmp/pyodide/
# PyScript's chunk names are content-hashed: copy by glob and refer only to core.js / core.css.
cp node_modules/@pyscript/core/dist/*.js node_modules/@pyscript/core/dist/*.css vendor.tmp/pyscript/
# The standard library the site imports, as bytecode (the page's stdLibURL).
node scripts/make_stdlib.mjs vendor.tmp
# Python's start-up state as a memory snapshot, for web/interpreter.mjs (fits only this wasm).
node scripts/make_snapshot.mjs vendor.tmp/pyodide
# PyScript's own Python modules compiled ahead, for web/interpreter.mjs to put in place.
node scripts/make_pyscript_bytecode.mjs vendor.tmp
rm -rf vendor && mv vendor.tmp vendor && touch vendor/.built
echo "vendor/ built: $(du -sh vendor | cut -f1)"
