#!/usr/bin/env bash
# Assemble the deployable static site in DEST (default site/): the page, its Python, the
# vendored runtime, as one version under DEST/v/<hash>/ (scripts/version_site.py).  GitHub
# Pages publishes this folder; e2e tests serve it under a sub-path.
set -euo pipefail
cd "$(dirname "$0")/.."
DEST="${1:-site}"
[ -f vendor/.built ] || ./scripts/build_vendor.sh
rm -rf "$DEST" && mkdir -p "$DEST"
cp index.html pyscript.toml sw.js manifest.webmanifest "$DEST"/
touch "$DEST/.nojekyll"
for dir in engine web vendor icons; do
  (tar -cf - --exclude=__pycache__ --exclude='*.pyc' --exclude=READY --exclude=.built "$dir") | (cd "$DEST" && tar -xf -)
done
# The app's modules as one zip with their bytecode (one download, nothing to compile), which
# the site's pyscript.toml names instead of the sources.
node scripts/make_bundle.mjs "$DEST"
python3 scripts/gen_pyscript_toml.py --bundle "$DEST/pyscript.toml"
# Python's memory snapshot made again with the app's pure modules the first screen imports
# already imported, from this app.zip: a visit that starts from it skips their import.
# shellcheck disable=SC2046  # one module name a word
node scripts/make_snapshot.mjs "$DEST/vendor/pyodide" "$DEST/app.zip" $(python3 scripts/snapshot_modules.py)
# Each game's start position drawn into the page, for the first screen before Python runs.
python3 scripts/make_first_screens.py "$DEST"
# The entry script inline: one request fewer before the page can be played.
python3 - "$DEST/index.html" web/main.py <<'PY'
import sys
page, script = sys.argv[1], open(sys.argv[2]).read()
tag = '<script type="py" src="./web/main.py" config="./pyscript.toml"></script>'
html = open(page).read()
assert html.count(tag) == 1 and "</script" not in script, "cannot inline web/main.py"
open(page, "w").write(html.replace(tag, f'<script type="py" config="./pyscript.toml">\n{script}</script>'))
PY
# The sources are in app.zip now; only the computer's worker is loaded by its path.  The
# engine's data files stay (each game's puzzles, fetched when Puzzles is opened).
find "$DEST/engine" -name '*.py' -delete
find "$DEST/engine" -depth -type d -empty -delete
find "$DEST/web" -name '*.py' ! -path "$DEST/web/ai_worker.py" -delete
# One version, whole: everything but the shell under v/<hash of the site>/, the page's
# references rewritten to it, and sw.js told every file of it (see that script).
python3 scripts/version_site.py "$DEST"
echo "site built in $DEST: $(du -sh "$DEST" | cut -f1)"
