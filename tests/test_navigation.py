"""Which game the page opens (web/logic/navigation.py), and what links, saved games and offers
open (web/logic/sharing.py), decided from plain values in CPython: one test per case."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import games
from engine.formats.record import encode, make_record
from web.logic.navigation import SIDE_LINES_LOST, Place, Shown, navigate, pick, picked, start_link
from web.logic.seats import SEAT_KINDS
from web.logic.session import DEFAULT_GAME, Session, side_lines_text
from web.logic.sharing import Offers, Problem, read_record, resume, take_offer
from web.storage.recent import Entry, entry_for

KINDS = [kind for kind, _ in SEAT_KINDS]
WYTHE = "#wythe/1/size=8/a1a2.a3a4"  # a link: two moves of Wythe (as the page writes it)
BAD_MOVE = "#wythe/1//a1a2.zz"  # a link whose second move cannot be read
UNKNOWN = "#nosuchgame/1//a1"  # a link to no game we have


def saved(address: str, seats=("human", "easy"), id="e1", updated=1, **fields) -> Entry:
    """A saved game of the position a link shows."""
    entry = entry_for(Session.from_fragment(address.lstrip("#")), seats, id, "r1", updated)
    return replace(entry, **fields)


def place(address="", history=None, side_lines="", saved=(), kinds=KINDS) -> Place:
    return Place(address, history, side_lines, tuple(saved), kinds)


def shown(address="#rugpile/1/", tried=None, entry_id="e0", game="rugpile") -> Shown:
    return Shown(address, tried, entry_id, game)


def fragment_of(opening) -> str:
    return opening.session.fragment()


# --------------------------------------------------------------------------- at start-up


@pytest.mark.parametrize("kept", ["{not a record", '[Game "Wythe"]\n\n1. zz9'])
def test_side_lines_that_cannot_be_read_are_not_dropped_without_a_word(kept):
    history = ("e1", "r1", ["human", "easy"])
    opening = navigate(place(WYTHE, history, kept)).opening
    assert fragment_of(opening) == WYTHE[1:] and opening.continues is not None
    assert opening.message == SIDE_LINES_LOST
    shown = Shown("#other", None, "e0", "wythe")
    assert navigate(place(WYTHE, history, kept), shown).opening.message == SIDE_LINES_LOST


def test_a_reload_reopens_this_tabs_game_with_its_seats_and_side_lines():
    tree = Session.from_fragment("wythe/1//a1a2.a3a4")
    tree.goto(1)
    tree.play_text("c1c2")  # a side line after a1a2
    tree.goto_path((0, 0))
    history = ("e7", "r3", ["human", "easy"])
    opening = navigate(place(WYTHE, history, side_lines_text(tree))).opening
    assert opening.session.moves == ["a1a2", "a3a4"] and opening.seats == ["human", "easy"]
    assert opening.continues == ("e7", "r3", fragment_of(opening), ["human", "easy"])
    assert opening.session.tree.children((0,)) == ("a3a4", "c1c2")  # the side line kept
    assert opening.message is None  # nothing to say after a reload


def test_a_reload_with_seats_of_another_game_opens_a_game_of_its_own():
    opening = navigate(place(WYTHE, ("e7", "r3", ["human"] * 3))).opening
    assert fragment_of(opening) == WYTHE[1:]
    assert opening.seats is None and opening.continues is None


def test_a_history_entry_at_a_bad_address_opens_as_a_bad_link():
    opening = navigate(place(BAD_MOVE, ("e7", "r3", ["human", "human"]))).opening
    assert opening.message.startswith("This link does not open a game: ")
    assert fragment_of(opening) == "wythe/1/size=8/"  # a fresh board of the link's game


def test_the_start_replays_the_link_else_the_newest_saved_game_else_nothing():
    older = saved("#wythe/1/size=8/a1a2", id="e1", updated=1)
    newer = saved(WYTHE, id="e2", updated=2)
    # with no address, the newest saved game: the one `starting` opens
    assert start_link(place(saved=[older, newer])) == WYTHE[1:]
    assert fragment_of(navigate(place(saved=[older, newer])).opening) == WYTHE[1:]
    assert start_link(place(BAD_MOVE, saved=[older])) == BAD_MOVE  # a link, even a bad one
    assert start_link(place(WYTHE, ("e7", "r3", ["human", "easy"]))) == WYTHE  # a reload
    assert start_link(place()) == ""  # a fresh game: nothing to replay
    assert start_link(place("#", saved=[older])) == "wythe/1/size=8/a1a2"


def test_a_link_opens_a_new_game_of_its_own():
    opening = navigate(place(WYTHE, saved=[saved("#wythe/1//a1a2")])).opening
    assert fragment_of(opening) == WYTHE[1:] and opening.continues is None
    assert opening.seats is None and opening.message == ""


def test_a_link_to_a_saved_game_resumes_it_with_its_seats():
    entry = saved(WYTHE)
    opening = navigate(place(WYTHE, saved=[saved("#rugpile/1//3x3a3", id="e2"), entry])).opening
    assert opening.continues == entry and opening.seats == ["human", "easy"]
    assert fragment_of(opening) == WYTHE[1:] and opening.message == ""
    written_otherwise = "#wythe/1//a1a2.a3a4"  # the same position, options left out
    assert navigate(place(written_otherwise, saved=[entry])).opening.continues == entry


def test_a_link_to_a_saved_game_that_cannot_be_opened_sets_it_aside():
    entry = saved(WYTHE, seats=("human",))  # one seat in a two-player game
    opening = navigate(place(WYTHE, saved=[entry])).opening
    assert opening.set_aside == entry and not opening.error  # a note, not an error
    assert opening.message.startswith("Your saved game could not be opened, so it was set aside")
    assert 'data-action="legal-part" data-ply="2"' in opening.message
    assert 'data-action="fresh"' not in opening.message
    assert fragment_of(opening) == "wythe/1/size=8/"  # a fresh game of its game


def test_a_bad_link_says_why_offers_what_it_can_and_shows_its_games_board():
    newest = saved("#rugpile/1//3x3a3", updated=9)
    opening = navigate(place(BAD_MOVE, saved=[saved(WYTHE, id="e2"), newest])).opening
    message = opening.message
    assert opening.error and message.startswith("This link does not open a game: ")
    assert 'data-action="legal-part" data-ply="1"' in message  # a1a2 is legal
    assert "Start a fresh game of Wythe" in message
    assert 'data-action="resume" data-entry="e1"' in message  # the newest saved game
    assert fragment_of(opening) == "wythe/1/size=8/"
    assert opening.offers.legal_part.moves == ("a1a2",)


def test_a_bad_link_offers_the_players_unfinished_game_not_a_newer_finished_one():
    unfinished = saved("#rugpile/1//3x3a3", id="e1", updated=5)
    finished = saved("#rugpile/1//3x3a3.3x3b2.2x2d1", id="e2", updated=9)
    assert finished.finished and not unfinished.finished
    message = navigate(place(BAD_MOVE, saved=[finished, unfinished])).opening.message
    assert 'data-action="resume" data-entry="e1"' in message and 'data-entry="e2"' not in message
    only_finished = navigate(place(BAD_MOVE, saved=[finished])).opening.message
    assert 'data-action="resume"' not in only_finished


def test_a_link_is_unquoted_once_only():
    opening = navigate(place("#%2567wyddbwyll")).opening  # '%67wyddbwyll', not 'gwyddbwyll'
    assert opening.error and opening.session.game.id == DEFAULT_GAME


def test_a_bad_link_to_no_game_we_have_opens_the_default_game():
    opening = navigate(place(UNKNOWN)).opening
    assert opening.message.startswith("This link does not open a game: ")
    assert opening.offers.legal is None and opening.session.game.id == DEFAULT_GAME


@pytest.mark.parametrize(
    "address", ["#gwyddbwyll", "#Gwyddbwyll/", " gwyddbwyll ", "#%67wyddbwyll", "#gwyddbwyll%2F"]
)
def test_a_link_that_names_only_a_game_opens_a_fresh_game_of_it(address):
    opening = navigate(place(address, saved=[saved(WYTHE)])).opening
    assert opening.session.game.id == "gwyddbwyll" and opening.session.moves == []
    assert not opening.error and opening.message == ""
    assert start_link(place(address, saved=[saved(WYTHE)])) == ""  # nothing to replay


def test_a_link_that_names_only_a_game_resumes_its_unfinished_game_as_a_pick_does():
    unfinished = saved("#wythe/1/size=8/a1a2", id="e1", updated=5)
    finished = saved("#wythe/1//a1a2.a3a4", id="e2", updated=9, finished=True)
    opening = navigate(place("#wythe", saved=[finished, unfinished])).opening
    assert opening.continues == unfinished and opening.seats == ["human", "easy"]
    assert start_link(place("#wythe", saved=[finished, unfinished])) == unfinished.fragment
    typed = navigate(place("#wythe", saved=[finished, unfinished]), shown()).opening
    assert typed.continues == unfinished and typed.message == ""


@pytest.mark.parametrize(
    "address,says",
    [
        ("#gwyddbwyll/9//", "unknown rules version '9' for Gwyddbwyll"),
        ("#gwyddbwyll/1", "it may have been cut short"),
        ("#gwyddbwyll/1/nosuch=1/", "has no option 'nosuch'"),
        ("#Gwyddbwyll/1//", "unknown game 'Gwyddbwyll'"),  # a record's game id is exact
    ],
)
def test_a_bad_link_that_names_a_game_offers_and_shows_a_fresh_game_of_it(address, says):
    for opening in (navigate(place(address)).opening, navigate(place(address), shown()).opening):
        assert opening.error and says in opening.announce
        assert "Start a fresh game of Gwyddbwyll" in opening.message
        assert opening.session.game.id == "gwyddbwyll" and opening.session.moves == []


def test_without_a_link_the_newest_saved_game_resumes():
    older, newer = saved(WYTHE, updated=1), saved("#rugpile/1//3x3a3", id="e2", updated=5)
    opening = navigate(place("", saved=[older, newer])).opening
    assert opening.continues == newer and opening.seats == ["human", "easy"]
    assert opening.message is None


def test_without_a_link_a_newest_save_that_cannot_be_opened_is_set_aside():
    entry = saved(WYTHE, fragment="wythe/1//a1a2.zz")
    opening = navigate(place("#", saved=[entry])).opening
    assert opening.set_aside == entry
    assert 'data-action="legal-part" data-ply="1"' in opening.message
    assert fragment_of(opening) == "wythe/1/size=8/"  # a fresh game of its game


def test_a_first_visit_opens_a_fresh_default_game():
    opening = navigate(place("")).opening
    assert opening.session.game.id == DEFAULT_GAME and opening.session.moves == []
    assert opening.message is None and opening.continues is None and opening.seats is None


# --------------------------------------------------------------------------- later


def test_the_hashchange_after_a_popstate_changes_nothing():
    history = ("e0", "r1", ["human", "human"])
    decision = navigate(place("#rugpile/1/", history), shown())
    assert decision.opening is None and decision.tried is None


def test_back_reopens_the_game_of_its_history_entry_and_clears_the_message():
    history = ("e5", "r1", ["easy", "human"])
    decision = navigate(place(WYTHE, history), shown())
    assert decision.opening.continues == ("e5", "r1", WYTHE[1:], ["easy", "human"])
    assert decision.opening.message == "" and decision.tried is None


def test_a_link_typed_in_opens_its_game_once():
    decision = navigate(place(WYTHE), shown())
    assert fragment_of(decision.opening) == WYTHE[1:] and decision.tried == WYTHE


def test_the_address_shown_or_tried_already_changes_nothing():
    assert navigate(place("#rugpile/1/"), shown()) == navigate(place(), shown(address=""))
    assert navigate(place(BAD_MOVE), shown(tried=BAD_MOVE)).opening is None


def test_a_bad_link_typed_in_shows_the_board_of_its_game():
    decision = navigate(place(BAD_MOVE), shown())
    assert decision.opening.message.startswith("This link does not open a game: ")
    assert fragment_of(decision.opening) == "wythe/1/size=8/" and decision.tried == BAD_MOVE


def test_a_bad_link_to_no_game_we_have_leaves_the_game_shown():
    decision = navigate(place(UNKNOWN), shown(game="petrify"))
    assert decision.opening.session is None and decision.tried == UNKNOWN
    assert "Start a fresh game of Petrify" in decision.opening.message  # of the game shown


def test_an_emptied_address_opens_nothing():
    decision = navigate(place("#"), shown())
    assert decision.opening is None and decision.tried == "#"


def test_a_typed_link_to_a_saved_game_that_cannot_be_opened_leaves_the_game_shown():
    entry = saved(WYTHE, seats=("human",))
    decision = navigate(place(WYTHE, saved=[entry]), shown())
    assert decision.opening.set_aside == entry and decision.opening.session is None


# --------------------------------------------------------------------------- the picker


def test_picking_the_game_shown_does_nothing():
    assert pick("wythe", [saved(WYTHE)], KINDS, "wythe") is None


def test_picking_a_game_resumes_its_unfinished_game_saved_last():
    entry = saved(WYTHE, updated=3)
    finished = saved("#wythe/1//a1a2", id="e2", updated=9, finished=True)
    opening = pick("wythe", [finished, entry], KINDS, "rugpile")
    assert opening.continues == entry and opening.message == ""


def test_picking_a_game_with_no_saved_game_starts_a_fresh_one():
    opening = pick("petrify", [saved(WYTHE)], KINDS, "wythe")
    assert opening.session.game.id == "petrify" and opening.session.moves == []
    assert opening.continues is None and opening.message == ""


def test_picked_names_the_saved_game_a_pick_resumes_which_the_page_replays_first():
    unfinished = saved("#rugpile/1//3x3a3", id="e1", updated=5)
    finished = saved("#rugpile/1//3x3a3.3x3b2.2x2d1", id="e2", updated=9)
    wythe = saved(WYTHE, id="e3", updated=12)
    assert picked("rugpile", [finished, unfinished, wythe]) == unfinished
    assert pick("rugpile", [finished, unfinished, wythe], KINDS, "wythe").continues == unfinished
    assert picked("rugpile", [finished, wythe]) is None


def test_picking_a_game_whose_saved_game_cannot_be_opened_starts_a_fresh_one():
    entry = saved(WYTHE, seats=("human",))
    opening = pick("wythe", [entry], KINDS, "rugpile")
    assert opening.set_aside == entry and opening.message.startswith("Your saved game")
    assert opening.session.game.id == "wythe" and opening.session.moves == []


# --------------------------------------------------------------------------- offers, records


def test_a_saved_game_resumes_without_a_word():
    opening = resume(saved(WYTHE), KINDS, "rugpile")
    assert opening.seats == ["human", "easy"] and opening.message is None


def test_the_offers_of_a_problem_open_once():
    legal = make_record(games.get("wythe"), {}, ("a1a2",))
    offers = Offers(legal, ("wythe", {}))
    opening = take_offer("legal-part", None, offers, KINDS, "rugpile")
    assert fragment_of(opening) == encode(legal) and opening.offers.legal is None
    assert take_offer("legal-part", None, opening.offers, KINDS, "rugpile") is None
    assert take_offer("fresh", None, opening.offers, KINDS, "rugpile").session.moves == []
    assert take_offer("resume", None, offers, KINDS, "rugpile") is None  # no longer stored
    resumed = take_offer("resume", saved(WYTHE), offers, KINDS, "rugpile")
    assert resumed.continues is not None and resumed.message == ""
    assert take_offer("other", None, offers, KINDS, "rugpile") is None


def test_a_record_opens_its_game_or_says_why_not():
    opened = read_record('[Game "wythe"]\n\n1. a1a2 a3a4\n')
    assert opened.session.moves == ["a1a2", "a3a4"]
    assert opened.message == "Opened a game of Wythe with 2 moves."
    refused = read_record('[Game "wythe"]\n\n1. a1a2 zz\n')
    assert isinstance(refused, Problem) and refused.offers.legal_part.moves == ("a1a2",)
    assert refused.html.startswith("This record does not open a game: ")
