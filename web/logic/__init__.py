"""The page's logic, without the browser: pure Python, tested in CPython.

Nothing here imports `js`, `pyscript`, `pyodide` or web.browser (tests/test_layers.py);
web/browser/ puts what these modules decide and make on the page.
"""
