"""web/stdlib_fallback.py: a module the site's standard-library subset lacks is imported from
the whole library, fetched once; anything else is left to fail as it would."""

import importlib
import sys
import zipfile

import pytest

from web import stdlib_fallback


@pytest.fixture
def whole_library(tmp_path):
    """A stand-in for python_stdlib.zip, and a finder installed for two of its names."""
    path = tmp_path / "whole.zip"
    with zipfile.ZipFile(path, "w") as library:
        library.writestr("spare_module_x.py", "VALUE = 42\n")
        library.writestr("spare_package_x/__init__.py", "")
        library.writestr("spare_package_x/inner.py", "VALUE = 'inner'\n")
    loads = []

    def load():
        loads.append(path)
        return path

    finder = stdlib_fallback.install(
        load, ["spare_module_x", "spare_package_x", "spare_package_x.inner"]
    )
    yield finder, loads
    sys.meta_path.remove(finder)
    for name in ("spare_module_x", "spare_package_x", "spare_package_x.inner"):
        sys.modules.pop(name, None)


def test_a_missing_module_comes_from_the_whole_library_fetched_once(whole_library):
    _, loads = whole_library
    assert importlib.import_module("spare_module_x").VALUE == 42
    inner = importlib.import_module("spare_package_x.inner")
    assert inner.VALUE == "inner" and inner.__file__.startswith(str(loads[0]))
    assert len(loads) == 1
    # the package came from the whole library, so its modules are found there directly
    assert stdlib_fallback.missing() == ["spare_module_x", "spare_package_x"]


def test_other_names_fail_as_before_and_fetch_nothing(whole_library):
    _, loads = whole_library
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("no_such_module_anywhere")
    assert loads == [] and stdlib_fallback.missing() == []
