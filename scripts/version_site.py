"""Make a built site one version, whole: its files under v/<VERSION>/, and the service worker
told every file of it.  Run by build_site.sh as its last step:

    python3 scripts/version_site.py SITE_DIR

Before, SITE_DIR holds the site as it is served from the repo root.  After:

    index.html, manifest.webmanifest, icons/, sw.js, .nojekyll   the shell, at the root
    v/<VERSION>/...                                               everything else

VERSION is a hash of every file's path and bytes, so any change makes a new one.  The page
names its files by their versioned paths (index.html's own references are rewritten here;
Python asks web/browser/dom.py's `asset_url`, which reads index.html's data-assets), so a page
of one version can only ever ask for files of that version: a deploy can never mix old and new
files in one load, whatever the browser's HTTP cache holds.  sw.js gets VERSION and FILES
(every file of the version with a hash of its bytes): it stores them all before the version is
used, copies those it already holds from an older version, and serves each page its own
version's files (see sw.js).  It also gets BUILT, the time of this build, the one thing two
builds of the same tree differ in: a browser installs a new worker only when sw.js changed
from the one it runs, and a deploy taken back to an earlier build (a version the browser
holds already) must be installed again to be served.  Installing a version stored before
downloads nothing.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import sys
from datetime import UTC, datetime
from pathlib import Path

SHELL = ("index.html", "manifest.webmanifest", "icons", "sw.js", ".nojekyll")  # stay at the root
NOT_CACHED = ("sw.js", ".nojekyll")  # the browser fetches sw.js itself
STAGING = "v/.staging"


def file_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def site_files(site: Path) -> list[Path]:
    return sorted(p for p in site.rglob("*") if p.is_file())


def version_of(site: Path, moved: list[str]) -> str:
    """A hash of every file's path and bytes (index.html's references still unversioned, so the
    hash does not depend on itself)."""
    digest = hashlib.sha256()
    for path in site_files(site):
        name = path.relative_to(site).as_posix()
        if name != "sw.js":
            digest.update(f"{name}\0{file_hash(path)}\n".encode())
    digest.update(json.dumps(moved).encode())
    return digest.hexdigest()[:16]


def versioned_references(html: str, moved: list[str], prefix: str) -> str:
    """index.html's references to moved files ("./web/…", "./app.zip") made "./v/<V>/…"."""
    names = "|".join(re.escape(name) for name in moved)
    html = re.sub(rf"""(["'`])\./({names})(?=[/"'`])""", rf"\1./{prefix}\2", html)
    # the first screens' list of downloads (scripts/make_first_screens.py): bare paths
    return re.sub(rf'("(?:url|after)":")({names})(?=[/"])', rf"\1{prefix}\2", html)


def stamp_page(html: str, version: str, prefix: str) -> str:
    html, count = re.subn(
        r"<html([^>]*)>",
        rf'<html\1 data-version="{version}" data-assets="./{prefix}">',
        html,
        count=1,
    )
    if count != 1:
        raise SystemExit("version_site: index.html has no <html> tag")
    return html


def stamp_worker(text: str, version: str, files: dict[str, str], built: str) -> str:
    listing = json.dumps(files, indent=0, sort_keys=True)
    stamps = (
        (r'^const VERSION = "dev";', f'const VERSION = "{version}";'),
        (r"^const FILES = \{\};", f"const FILES = {listing};"),
        (r'^const BUILT = "";', f'const BUILT = "{built}";'),
    )
    for pattern, stamped in stamps:
        text, count = re.subn(pattern, stamped, text, count=1, flags=re.M)
        if count != 1:
            raise SystemExit(f"version_site: sw.js has no {pattern} to stamp")
    return text


def main(argv: list[str] | None = None) -> int:
    site = Path((argv or sys.argv[1:])[0]).resolve()
    moved = sorted(p.name for p in site.iterdir() if p.name not in SHELL and p.name != "v")
    if not moved:
        raise SystemExit(f"version_site: nothing to version in {site}")
    page = site / "index.html"
    version = version_of(site, moved)
    prefix = f"v/{version}/"
    staging = site / STAGING
    staging.mkdir(parents=True)
    for name in moved:
        shutil.move(str(site / name), str(staging / name))
    staging.rename(site / prefix)
    page.write_text(
        stamp_page(versioned_references(page.read_text(), moved, prefix), version, prefix)
    )
    # PyScript finds the interpreter from the page (the files from the config's own folder)
    config = site / prefix / "pyscript.toml"
    config.write_text(versioned_references(config.read_text(), ["web"], prefix))
    files = {
        p.relative_to(site).as_posix(): file_hash(p)
        for p in site_files(site)
        if p.relative_to(site).as_posix() not in NOT_CACHED
    }
    worker = site / "sw.js"
    built = datetime.now(UTC).isoformat(timespec="milliseconds")
    worker.write_text(stamp_worker(worker.read_text(), version, files, built))
    print(f"version {version}: {len(files)} files, under {prefix}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
