#!/usr/bin/env bash
# Assemble the deployable static site in DEST (default site/): the page, its Python, the
# vendored runtime.  GitHub Pages publishes this folder; an e2e test serves it under a sub-path.
set -euo pipefail
cd "$(dirname "$0")/.."
DEST="${1:-site}"
[ -f vendor/.built ] || ./scripts/build_vendor.sh
rm -rf "$DEST" && mkdir -p "$DEST"
cp index.html pyscript.toml "$DEST"/
touch "$DEST/.nojekyll"
for dir in engine web vendor; do
  (tar -cf - --exclude=__pycache__ --exclude='*.pyc' --exclude=READY "$dir") | (cd "$DEST" && tar -xf -)
done
echo "site built in $DEST: $(du -sh "$DEST" | cut -f1)"
