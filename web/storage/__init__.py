"""What the page keeps in the browser's storage, as pure Python tested in CPython: the recent
games (recent.py), the older single save (saved.py) and reading stored JSON safely
(bounded_json.py).  web/browser/keeper.py reads and writes the browser's storage with them.
"""
