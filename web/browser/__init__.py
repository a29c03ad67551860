"""The DOM adapters (browser only): each binds a part of the page's events, reads the
browser's state and storage, calls the pure modules of web/logic, web/storage and web/boards,
and writes what they make.  page.py puts them together; web/main.py starts it.
"""
