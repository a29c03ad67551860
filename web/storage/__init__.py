"""What the page keeps in the browser's storage, as pure Python tested in CPython: the games
kept over any storage object (store.py), the recent games' format (recent.py), the older single
save (saved.py) and reading stored JSON safely (bounded_json.py).  web/browser/keeper.py gives
the store the browser's storage.
"""
