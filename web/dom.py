"""Small DOM helpers shared by the page's modules (browser only)."""

from pyodide.ffi import jsnull
from pyscript import document


def by_id(name):
    return document.getElementById(name)


def found(element) -> bool:
    """A DOM lookup found something (JavaScript's null arrives as jsnull, not None)."""
    return element is not None and element is not jsnull
