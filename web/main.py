"""The page's entry script, run by index.html: opens the game page (web/browser/page.py).

On the built site the app's modules come as one zip with their bytecode (scripts/build_site.sh);
while developing, as separate sources, and the zip is not there (a missing sys.path entry is
skipped).  The performance marks are for the start-up breakdown in docs/benchmarks.md.
"""

import sys

from pyscript import window

window.performance.mark("main.py started")
sys.path.insert(0, "app.zip")

from web.browser.page import start  # noqa: E402  (after the path: on the built site it is in the zip)

window.performance.mark("app modules imported")
PAGE = start()
