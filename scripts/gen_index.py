"""Write the games' lists into index.html: each board's stylesheet, from the registry.

    python3 scripts/gen_index.py         # after adding a game (tests/test_site.py fails
                                         # while index.html is not what this writes)

The page links one stylesheet per game (web/boards/<id>.css, engine/contract/plugins.py's
`stylesheet`) between two markers; everything else in index.html is left as it is.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "index.html"
BEGIN = "  <!-- the boards' stylesheets: scripts/gen_index.py -->\n"
END = "  <!-- end of the boards' stylesheets -->\n"


def links() -> str:
    sys.path.insert(0, str(ROOT))
    from engine.contract.plugins import PLUGINS

    return "".join(f'  <link rel="stylesheet" href="./{p.stylesheet}">\n' for p in PLUGINS)


def render(html: str) -> str:
    """`html` with the stylesheet links between the markers made the registry's."""
    if html.count(BEGIN) != 1 or html.count(END) != 1:
        raise SystemExit(f"gen_index: {PAGE.name} must hold each marker once")
    head, rest = html.split(BEGIN)
    return head + BEGIN + links() + END + rest.split(END)[1]


if __name__ == "__main__":
    PAGE.write_text(render(PAGE.read_text()))
    print(f"{PAGE.name}: the stylesheets of {links().count('<link')} boards")
