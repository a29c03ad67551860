"""The Analyse panel's text and marks (web/logic/analysis.py), from hand-made analyses."""

from __future__ import annotations

from engine import games
from engine.ai.analysis import Analysis, Candidate
from web import boards
from web.logic.analysis import Mark, margin_text, marks, panel_html, percent, words
from web.logic.move_names import move_words

GW = games.get("gwyddbwyll")


def gw_analysis(**changes) -> Analysis:
    best = (Candidate("d2c4", 0.641, 120, False), Candidate("e3e4", 0.58, 80, False))
    values = {
        "to_move": 0,
        "chances": (0.62, 0.38),
        "best": best,
        "line": ("d2c4", "e6e5"),
        "margin": None,
        "playouts": 1234,
        "elapsed": 1.25,
        "done": False,
    }
    return Analysis(**{**values, **changes})


def test_numbers_and_words():
    assert percent(0.625) == "62%" and percent(0.0) == "0%" and percent(1.0) == "100%"
    assert margin_text(None, ("Black", "White")) == ""
    assert margin_text(3.5, ("Black", "White")) == "Expected margin: Black ahead by 3.5 points"
    assert margin_text(-1.0, ("Black", "White")) == "Expected margin: White ahead by 1.0 points"
    assert margin_text(0.0, ("Black", "White")) == "Expected margin: level"
    assert (
        words(gw_analysis(), ("White", "Black"), ["Nd2c4", "e3e4"])
        == "Win chance: White 62%, Black 38%. Best move: Nd2c4 (White 64%)."
    )
    over = gw_analysis(to_move=-1, best=(), chances=(1.0, 0.0))
    assert words(over, ("White", "Black"), []) == "Win chance: White 100%, Black 0%."


def test_the_moves_read_as_the_move_list_writes_them():
    # a knight's move gets its letter, a pawn's none; a move that does not replay ends the list
    assert move_words(GW, GW.new(), ["d2c4", "e6e5"]) == ["Nd2c4", "e6e5"]
    assert move_words(GW, GW.new(), ["e3e4", "e3e4", "e6e5"]) == ["e3e4"]


def test_the_panel_lists_chances_best_moves_and_the_line():
    html = panel_html(
        gw_analysis(), ("White", "Black"), ("p0", "p1"), ["Nd2c4", "e3e4"], ["Nd2c4", "e6e5"]
    )
    assert '<ol class="chances" aria-label="Win chance">' in html
    assert html.count('<li><span class="swatch') == 2 and ">62%<" in html and ">38%<" in html
    assert 'data-move="d2c4"' in html and "White 64%" in html and 'data-move="e3e4"' in html
    assert '<p class="line">Nd2c4 e6e5</p>' in html
    assert "1,234 playouts in 1.2 s · thinking…" in html and "disabled" not in html
    assert " disabled>" in panel_html(
        gw_analysis(), ("White", "Black"), ("p0", "p1"), ["Nd2c4", "e3e4"], [], playable=False
    )


def test_a_glance_and_the_end_read_plainly():
    glance = gw_analysis(best=(), line=(), playouts=0, elapsed=0.0)
    html = panel_html(glance, ("White", "Black"), ("p0", "p1"), [], [])
    assert "At a glance; the computer is thinking…" in html and "Best moves" not in html
    over = gw_analysis(to_move=-1, best=(), line=(), done=True)
    assert "The game is over here." in panel_html(over, ("White", "Black"), ("p0", "p1"), [], [])
    stig = gw_analysis(margin=2.5)
    assert "Expected margin: Black ahead by 2.5 points" in panel_html(
        stig, ("Black", "White"), ("p0", "p1"), [], []
    )
    names = ("<b>", "White")  # names are text, never markup
    assert "<b>" not in panel_html(gw_analysis(), names, ("p0", "p1"), ["Nd2c4"], [])


def test_marks_outline_the_cells_a_best_move_touches():
    got = marks(GW, boards.get("gwyddbwyll"), GW.new(), gw_analysis())
    assert got == [Mark(("d2", "c4"), 1, "64%"), Mark(("e3", "e4"), 2, "58%")]
    rug = games.get("rugpile")  # a 3x3 tile laid at a3 covers a3 to c5
    tile = gw_analysis(best=(Candidate("3x3a3", 0.5, 10, False),))
    assert marks(rug, boards.get("rugpile"), rug.new(), tile) == [
        Mark(("a3", "b3", "c3", "a4", "b4", "c4", "a5", "b5", "c5"), 1, "50%", whole=True)
    ]
    stale = gw_analysis(best=(Candidate("3x3a3", 0.5, 10, False),))
    assert marks(GW, boards.get("gwyddbwyll"), GW.new(), stale) == []


def test_a_wythe_mark_says_where_the_black_half_goes():
    """Issue 24, item 8: Wythe's hint did not show which square takes the black half.  A
    domino c3d3 lays its black half on c3: the mark is one piece, dark on c3."""
    wythe = games.get("wythe")
    domino = gw_analysis(best=(Candidate("c3d3", 0.5, 10, False),))
    assert marks(wythe, boards.get("wythe"), wythe.new(), domino) == [
        Mark(("c3", "d3"), 1, "50%", whole=True, dark="c3")
    ]
    # Gwyddbwyll's from and to are separate cells, neither a black half.
    assert all(
        not m.whole and not m.dark
        for m in marks(GW, boards.get("gwyddbwyll"), GW.new(), gw_analysis())
    )


def test_best_moves_are_alternatives_from_one_position():
    # each from the start (not a line): a knight's move and a pawn's
    from web.logic.analysis import alternatives

    assert alternatives(GW, GW.new(), ["d2c4", "e3e4"]) == ["Nd2c4", "e3e4"]
    assert alternatives(GW, GW.new(), ["d2c4", "e6e5"]) == []  # Black's move: stale


def test_hints_are_offered_and_said():
    from web.logic.analysis import hint_available, hint_text, hints_field

    assert hint_available(False, False)  # hot-seat: always
    assert not hint_available(True, False)  # the computer: off by default
    assert hint_available(True, True)
    assert hint_text("White", "Nd2c4", 0.641) == "Hint for White: Nd2c4 (win chance after it 64%)."
    assert 'name="hints" checked>' in hints_field(True)
    assert 'name="hints">' in hints_field(False)


def test_the_move_list_marks_the_moves_played_after_a_hint():
    from web.logic.move_list import move_list_html
    from web.logic.session import Session

    session = Session("gwyddbwyll")
    session.hint_at = ()  # a hint for the start position
    session.play_text("e3e4")  # played after it
    session.play_text("e6e5")  # no hint for this one
    assert session.hinted == {(0,)} and session.hint_at is None
    rows = session.tree.rows()
    html = move_list_html(rows, [r.move for r in rows], session.path, None, session.hinted)
    assert html.count("played after a hint") == 1
    assert html.index("played after a hint") < html.index("e6e5")
    session.goto(0)  # another first move: a side line, unmarked
    session.play_text("c3c4")
    assert session.hinted == {(0,)} and session.path == (1,)
    session.promote()  # the marks follow the moves they mark
    assert session.tree.main_line() == ("c3c4",) and session.hinted == {(1,)}


def test_the_effort_says_one_playout_and_no_zero_seconds():
    from web.logic.analysis import effort_text

    assert effort_text(1, 0.02, True) == "1 playout in under 0.1 s · settled"
    assert effort_text(2, 0.049, False) == "2 playouts in under 0.1 s · thinking…"
    assert effort_text(1234, 1.23, False) == "1,234 playouts in 1.2 s · thinking…"
    assert effort_text(0, 0.0, False) == "At a glance; the computer is thinking…"
    assert effort_text(0, 0.0, True) == "0 playouts in under 0.1 s · settled"  # a won position
