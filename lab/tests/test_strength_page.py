"""lab/notebook.md's writer (lab/strength.py) keeps the page's hand-written sections
when it saves a new result, and reads its saved results back."""

from __future__ import annotations

from lab import strength

MATCH = {
    "wins": 3,
    "draws": 0,
    "losses": 1,
    "by_seat": {"0": [2, 0, 0], "1": [1, 0, 1]},
    "games": 4,
    "score": 0.75,
    "low": 0.3,
    "high": 0.95,
    "scale": 0.25,
    "seed": 9,
    "seconds": 10,
    "budgets": {"hard": {"playouts": 2100}, "medium": {"playouts": 525}},
    "plies": 80,
    "seats": 2,
}


def test_a_new_result_keeps_the_hand_written_sections(tmp_path, monkeypatch):
    monkeypatch.setattr(strength, "PAGE", str(tmp_path / "strength.md"))
    hand = "## A match by hand\n\nTwelve games, traced."
    strength.save({"matches": {}, "rates": {}})
    assert strength.hand_written() == ""
    page = (tmp_path / "strength.md").read_text()
    (tmp_path / "strength.md").write_text(
        page.replace(strength.HAND_MARK, strength.HAND_MARK + "\n\n" + hand)
    )
    strength.record("matches", "stigmergy:hard:medium", MATCH)
    page = (tmp_path / "strength.md").read_text()
    assert hand in page
    assert "| stigmergy | hard vs medium | 4 | 3/0/1 | 75.0% |" in page
    assert strength.load()["matches"]["stigmergy:hard:medium"] == MATCH
    assert strength.hand_written() == hand
