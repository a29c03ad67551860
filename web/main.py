"""The page's entry script, run by index.html: opens the game page (web/browser/page.py).

On the built site the app's modules come as one zip with their bytecode (scripts/build_site.sh);
while developing, as separate sources, and the zip is not there (a missing sys.path entry is
skipped).  The performance marks are for the start-up breakdown in docs/benchmarks.md.

Should Python fail to open the page (a module that will not import, an error while opening
the game), index.html's `startFailed` says so on the page and marks it failed: the player
sees a sentence, never a traceback (that goes to the console).
"""

import sys

from pyscript import window

window.performance.mark("main.py started")
sys.path.insert(0, "app.zip")

try:
    from web.browser.page import start

    window.performance.mark("app modules imported")
    PAGE = start()
except Exception as err:
    window.startFailed(f"{type(err).__name__}: {err}")
    raise
