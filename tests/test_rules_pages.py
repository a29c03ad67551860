"""The rules pages as the Rules dialog shows them (issue 24, item 9): the dialog's title says
"How to play <game>", so a page does not open with its game's name again."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine import games

RULES = Path(__file__).resolve().parent.parent / "web" / "rules"


@pytest.mark.parametrize("game_id", games.ids())
def test_a_rules_page_does_not_repeat_the_dialogs_title(game_id):
    text = (RULES / f"{game_id}.html").read_text(encoding="utf-8")
    first = re.search(r"<h[1-6][^>]*>(.*?)</h[1-6]>", text)
    assert first is not None
    assert first.group(1).strip().lower() != games.name(game_id).lower(), first.group(0)
    assert not text.lstrip().startswith(f"<h3>{games.name(game_id)}"), text[:80]
