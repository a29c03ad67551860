#!/usr/bin/env bash
# Assemble the deployable static site in DEST (default site/): the page, its Python, the
# vendored runtime.  GitHub Pages publishes this folder; an e2e test serves it under a sub-path.
set -euo pipefail
cd "$(dirname "$0")/.."
DEST="${1:-site}"
[ -f vendor/.built ] || ./scripts/build_vendor.sh
rm -rf "$DEST" && mkdir -p "$DEST"
cp index.html pyscript.toml sw.js manifest.webmanifest "$DEST"/
touch "$DEST/.nojekyll"
for dir in engine web vendor icons; do
  (tar -cf - --exclude=__pycache__ --exclude='*.pyc' --exclude=READY "$dir") | (cd "$DEST" && tar -xf -)
done
# The app's modules as one zip with their bytecode (one download, nothing to compile), which
# the site's pyscript.toml names instead of the sources.
node scripts/make_bundle.mjs "$DEST"
python3 scripts/gen_pyscript_toml.py --bundle "$DEST/pyscript.toml"
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
# The service worker's cache is named after a hash of everything else in the site, so each
# deploy that changes a file installs a new worker, which deletes the old cache.
VERSION=$(cd "$DEST" && find . -type f ! -name sw.js -print0 | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum | cut -c1-16)
sed -i "s/^const VERSION = \"dev\";/const VERSION = \"$VERSION\";/" "$DEST/sw.js"
grep -q "^const VERSION = \"$VERSION\";" "$DEST/sw.js" || { echo "could not stamp sw.js" >&2; exit 1; }
echo "site built in $DEST: $(du -sh "$DEST" | cut -f1)"
