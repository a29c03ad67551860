"""The code's shape, for review: the longest modules, classes and functions of engine/ and web/.

    python3 -m scripts.shape [--top N]

Sizes are signals to read in review, not targets to meet: a long function that reads well
stays; a short one packed to fit does not.  What is enforced is ruff's complexity rules
(pyproject.toml: branches, returns, arguments and statements per function), which
`make test` runs.
"""

from __future__ import annotations

import argparse
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted(p for d in ("engine", "web") for p in (ROOT / d).rglob("*.py"))


def spans(kinds: tuple[type, ...]) -> list[tuple[int, str]]:
    """(lines, where) of every class or function of `kinds`, from its first line to its last."""
    out = []
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, kinds):
                where = f"{path.relative_to(ROOT)}:{node.lineno} {node.name}"
                out.append((node.end_lineno - node.lineno + 1, where))
    return sorted(out, reverse=True)


def modules() -> list[tuple[int, str]]:
    return sorted(
        (
            (len(p.read_text(encoding="utf-8").splitlines()), str(p.relative_to(ROOT)))
            for p in SOURCES
        ),
        reverse=True,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=8, help="how many of each to list")
    args = parser.parse_args(argv)
    for title, rows in (
        ("modules", modules()),
        ("classes", spans((ast.ClassDef,))),
        ("functions", spans((ast.FunctionDef, ast.AsyncFunctionDef))),
    ):
        print(f"longest {title} (lines):")
        for lines, where in rows[: args.top]:
            print(f"  {lines:5}  {where}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
