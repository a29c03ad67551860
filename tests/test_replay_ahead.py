"""A long link replayed ahead of opening it, a slice at a time (web/logic/replay_ahead.py)."""

from __future__ import annotations

import engine.formats.record
from engine.formats.record import encode
from web.logic import replay_ahead
from web.logic.navigation import Place, navigate
from web.logic.session import Session

SHUFFLE = ["e2g1", "e7g8", "g1e2", "g8e7"]


def link(plies: int) -> str:
    return "#gwyddbwyll/1//" + ".".join(SHUFFLE[k % 4] for k in range(plies))


def test_a_long_link_is_replayed_in_slices_and_its_positions_kept_for_its_session():
    address = link(250)
    assert replay_ahead.moves_in(address) == 250 and replay_ahead.moves_in("#nonsense") == 0
    assert list(replay_ahead.slices(address, 100)) == [(100, 250), (200, 250)]
    session = Session.from_fragment(address[1:])
    kept = session.known.line
    assert len(kept) == 251 and session.ply == 250 and session.moves == (SHUFFLE * 63)[:250]
    session.play_text("g1e2")  # its list grows; the positions kept do not
    again = Session.from_fragment(address[1:])
    assert len(again.known.line) == 251 and again.known.line[250] is kept[250]  # not replayed
    other = Session.from_fragment(link(8)[1:])
    assert other.known.line[1] is not kept[1] and len(other.known.line) == 9


def test_a_link_with_a_bad_move_keeps_its_error_and_opening_it_says_why():
    address = link(150).replace("g1e2", "g1g1", 1)  # the third move goes nowhere
    assert list(replay_ahead.slices(address, 100)) == []
    assert replay_ahead.moves_in("#" + address[1:]) == 150
    try:
        Session.from_fragment(address[1:])
    except Exception as err:
        assert "move 3 ('g1g1')" in str(err)
    else:
        raise AssertionError("a bad link opened")


def refuse_replays(monkeypatch) -> None:
    """Any replay but the slices' fails the test."""

    def replayed_again(*args, **kwargs):
        raise AssertionError("replayed again")

    monkeypatch.setattr(engine.formats.record, "replay_notated", replayed_again)


def test_a_long_link_that_fails_late_is_reported_from_its_slices(monkeypatch):
    address = link(300) + ".e7e7"  # the 301st move: the knight on e7 goes nowhere
    assert replay_ahead.moves_in(address) == 301
    assert list(replay_ahead.slices(address, 100)) == [(100, 301), (200, 301), (300, 301)]
    refuse_replays(monkeypatch)
    opening = navigate(Place(address=address, history=None, side_lines="", saved=[]))
    assert opening.opening is not None and opening.opening.offers is not None
    assert "move 301 (" in (opening.opening.message or "")
    legal = opening.opening.offers.legal_part
    assert legal is not None and legal.moves == tuple((SHUFFLE * 75)[:300])
    session = Session.from_fragment(encode(legal))  # its positions kept: not replayed again
    assert session.ply == 300 and len(session.known.line) == 301
