"""The browser side of the site, grouped by what may run where:

- logic/    the page's pure logic (the game on screen, the computer's turn, what the screen
            shows, navigation, links, the move list, the advice's views, motion): no browser
            imports, tested in CPython.
- storage/  the pure logic of what the page keeps in the browser's storage (the recent
            games, the old single save, JSON read safely), tested in CPython.
- boards/   one pure renderer per game (SVG and HTML text), with its stylesheet.
- worker/   the computer's thinking for the worker, pure and tested in CPython.
- browser/  the DOM adapters: they read events and storage, call the pure parts, and write
            what those make; nothing else imports them (tests/test_layers.py).

main.py and ai_worker.py are the entry scripts index.html and the page load by path;
interpreter.mjs and stdlib_fallback.py start Python with the site's own standard library.
"""
