#!/usr/bin/env bash
# Install Debian's chromium when it is missing (Playwright's own browser download does not
# work offline; the tests drive /usr/bin/chromium through executable_path).
set -euo pipefail
command -v chromium >/dev/null 2>&1 && exit 0
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
$SUDO apt-get update
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium
