"""Recent games: the player's games the page keeps in the browser's storage, newest first.

Pure Python (no browser imports), tested in CPython; web/browser/keeper.py reads and writes it.
The stored text is {"format": 2, "games": [entry, ...]}, an entry being
{"id", "rev", "fragment", "seats", "game", "moves", "finished", "updated"} and "tree" when
the game has side lines:
- id: made when a game starts.  Each tab remembers the id of the game it shows and a save
  changes only that entry, so a second tab never overwrites the first tab's game.
- rev: made at each save.  A tab whose entry was saved by another tab since it last read it
  saves under a new id instead, so both games are kept (`put`).
- game, moves, finished: what the Recent list shows, without replaying every game.
- updated: when it was last saved, in milliseconds since 1970.
- tree: the whole tree of moves as a text record (web/logic/session.py's side_lines_text),
  when it holds side lines: the fragment is only the line on display, and closing a tab
  while a side line shows must not lose the main line.  Reopened around the fragment's line.
- sent, theirs, question: a game by link's exchange (web/logic/link_lines.py): the line of the
  link the device sent last and of the friend's last link, each {"moves": [...], "ending",
  "offer", "to"} (absent: none yet), and what a friend's link asks the player ('' or
  absent: nothing).  A game by link is one entry, whatever tab
  saves it: its id is "link-" and the game's id (`link_entry_id`).
At most MAX_GAMES are kept: when the list is full, finished games go first, then the oldest.
"""

from __future__ import annotations

import json
from contextlib import suppress
from dataclasses import dataclass, replace
from typing import Any

from engine import EngineError, games
from engine.formats.record import MAX_FRAGMENT, decode
from web.logic.link_exchange import CONFLICT, NO_EXCHANGE, TAKEBACK, Exchange, LinkLine
from web.logic.link_lines import link_game_id, merge
from web.logic.move_names import last_name
from web.logic.session import side_lines_text, with_side_lines
from web.storage import bounded_json
from web.storage.saved import SaveError, valid_seats
from web.storage.saved import opened as open_saved

KEY = "abstract-games/recent"
FORMAT = 2
MAX_GAMES = 20
MAX_ID = 40
MAX_TREE = MAX_FRAGMENT  # a longer tree is not kept (the line on display is)
MAX_ITEM = 3 * MAX_FRAGMENT + MAX_TREE + 400  # an entry's JSON text (with two lines sent)
MAX_CHARS = MAX_GAMES * MAX_ITEM + 100
MAX_SCAN = 4 * MAX_CHARS  # a longer text is not split into its entries (storage holds less)


@dataclass(frozen=True)
class Entry:
    id: str
    rev: str
    fragment: str
    seats: tuple
    game: str
    moves: int
    finished: bool
    updated: int
    tree: str = ""  # the text record of the whole tree, when it has side lines
    exchange: Exchange | None = None  # a game by link's (web/logic/link_lines.py)

    def as_json(self) -> dict:
        return (
            {
                "id": self.id,
                "rev": self.rev,
                "fragment": self.fragment,
                "seats": list(self.seats),
                "game": self.game,
                "moves": self.moves,
                "finished": self.finished,
                "updated": self.updated,
            }
            | ({"tree": self.tree} if self.tree else {})
            | exchange_json(self.exchange)
        )

    def kept(self) -> tuple:
        """What a save stores of the game: a save that changes none of it writes nothing."""
        return self.fragment, self.seats, self.tree, self.exchange


def link_entry_id(game_id: str) -> str:
    """The entry id of the game by link `game_id`: one entry a game, whatever tab saves it."""
    return "link-" + game_id


def exchange_json(exchange: Exchange | None) -> dict:
    """A game by link's exchange as stored ({} for none)."""
    if exchange is None:
        return {}
    out: dict[str, Any] = {"question": exchange.question} if exchange.question else {}
    if exchange.clock:
        out["clock"] = exchange.clock
    if exchange.me:
        out["me"] = exchange.me
    for name, line in (
        ("sent", exchange.sent),
        ("theirs", exchange.theirs),
        ("replaced", exchange.replaced),
    ):
        if line is not None:
            out[name] = {"moves": list(line.moves), "ending": line.ending}
            out[name] |= {"offer": line.offer} if line.offer else {}
            out[name] |= {"to": line.to} if line.to is not None else {}
            out[name] |= {"n": line.n} if line.n else {}
    return out


def read_exchange(item: dict) -> Exchange | None:
    """A stored entry's exchange (None when it has none); ValueError when it is not one."""
    question, clock, me = item.get("question", ""), item.get("clock", 0), item.get("me", "")
    sent, theirs = read_line(item.get("sent")), read_line(item.get("theirs"))
    replaced = read_line(item.get("replaced"))
    if question not in ("", TAKEBACK, CONFLICT):
        raise ValueError("not a question this site asks")
    if not (type(clock) is int and 0 <= clock < 10**9):
        raise ValueError("not a place in an exchange")
    if not (isinstance(me, str) and len(me) <= MAX_ID):
        raise ValueError("not a device's id")
    if sent is None and theirs is None and not (question or clock or replaced or me):
        return None
    return Exchange(sent, theirs, question, replaced, clock, me)


def read_line(value: Any) -> LinkLine | None:
    """A stored line of a link: None when absent; ValueError when it is not one."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise ValueError("not a line of a link")
    moves, ending, offer = value.get("moves"), value.get("ending", ""), value.get("offer", "")
    to, n = value.get("to"), value.get("n", 0)
    if not (
        isinstance(moves, list)
        and len(moves) <= MAX_FRAGMENT
        and all(isinstance(m, str) and 0 < len(m) <= 40 for m in moves)
        and isinstance(ending, str)
        and len(ending) <= 40
        and offer in ("", "draw")
        and (to is None or (type(to) is int and 0 <= to < 8))
        and type(n) is int
        and 0 <= n < 10**9
    ):
        raise ValueError("not a line of a link")
    return LinkLine(tuple(moves), ending, offer, to, n)


def entry_for(session, seats, id: str, rev: str, now: int) -> Entry:
    """The entry of a game on the page (a web.logic.session.Session) and its seats."""
    game = session.game
    tree = side_lines_text(session)
    link = session.link
    return Entry(
        id if link is None else link_entry_id(link.id),
        rev,
        session.fragment(),
        tuple(seats),
        game.id,
        len(session.moves),
        session.over,
        int(now),
        tree if len(tree) <= MAX_TREE else "",
        session.exchange if link is not None and session.exchange != NO_EXCHANGE else None,
    )


def entry_from_fragment(fragment, seats, kinds, id: str, rev: str, now: int) -> Entry:
    """The entry of a stored link and seats, read without replaying it (a bad move is
    found when it is opened); SaveError / RecordError when even its shape is wrong."""
    if not valid_seats(seats, kinds):
        raise SaveError(f"its players are not {', '.join(sorted(kinds))}")
    record, _ = decode(fragment)
    return Entry(id, rev, fragment, tuple(seats), record.game, len(record.moves), False, int(now))


def _entry(item, kinds) -> Entry | None:
    """An entry from its JSON value, or None when it is not one."""
    if not isinstance(item, dict):
        return None
    values: list[Any] = [
        item.get(name)
        for name in ("id", "rev", "fragment", "seats", "game", "moves", "finished", "updated")
    ]
    id, rev, fragment, seats, game, moves, finished, updated = values
    tree = item.get("tree", "")
    try:
        exchange = read_exchange(item)
    except ValueError:
        return None
    if not (
        isinstance(id, str)
        and 0 < len(id) <= MAX_ID
        and isinstance(rev, str)
        and len(rev) <= MAX_ID
        and isinstance(fragment, str)
        and len(fragment) <= MAX_FRAGMENT
        and valid_seats(seats, kinds)
        and game in games.ids()
        and type(moves) is int
        and 0 <= moves <= MAX_FRAGMENT  # a link holds fewer moves than characters
        and type(finished) is bool
        and type(updated) is int
        and isinstance(tree, str)
        and len(tree) <= MAX_TREE
    ):
        return None
    return Entry(id, rev, fragment, tuple(seats), game, moves, finished, updated, tree, exchange)


def parse(text, kinds) -> tuple[list[Entry], list[str]]:
    """(the entries, newest first; the text of each item that is not an entry).  Each item
    is read on its own (bounded_json.split_array), so an item too long, too deep or not JSON
    costs only itself; SaveError says why when the list as a whole cannot be read."""
    if not isinstance(text, str):
        raise SaveError("it is not text")
    split = bounded_json.split_array(text, "games") if len(text) <= MAX_SCAN else None
    if split is None:
        try:
            bounded_json.loads(text, MAX_CHARS)
        except ValueError as err:
            raise SaveError(str(err)) from None
        raise SaveError("it is not a list of games this site knows")
    outer, items = split
    try:
        data = bounded_json.loads(outer, 2_000)
    except ValueError as err:
        raise SaveError(str(err)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("games") != []:
        raise SaveError("it is not a list of games this site knows")
    entries, bad, seen = [], [], set()
    for item_text in items:
        try:
            entry = _entry(bounded_json.loads(item_text, MAX_ITEM), kinds)
        except ValueError:
            entry = None
        if entry is None or entry.id in seen:
            bad.append(item_text)
        else:
            seen.add(entry.id)
            entries.append(entry)
    return newest_first(entries), bad


def dump(entries) -> str:
    return json.dumps(
        {"format": FORMAT, "games": [e.as_json() for e in newest_first(entries)]},
        separators=(",", ":"),
    )


def newest_first(entries) -> list[Entry]:
    return sorted(entries, key=lambda e: e.updated, reverse=True)


def find(entries, id) -> Entry | None:
    return next((e for e in entries if e.id == id), None)


def put(
    entries, entry: Entry, known_rev, fresh_id: str, kinds=()
) -> tuple[list[Entry], Entry, bool]:
    """(the list with `entry` stored, the entry as stored, whether the list changed).

    `known_rev` is the rev of this entry as the tab last read or wrote it: when the stored
    one differs, another tab has saved this game since, and `entry` is stored as a new game
    (`fresh_id`) beside it; a game by link, one entry whatever tab saves it, keeps the
    other tab's lines in its tree (`merged`).  An entry the same as the stored one changes
    nothing."""
    stored = find(entries, entry.id)
    if stored is not None and stored.kept() == entry.kept():
        return list(entries), stored, False
    if stored is not None and stored.rev != known_rev:
        if entry.id == link_entry_id(link_game_id(entry.fragment) or ""):
            entry = merged(entry, [stored], kinds)
        else:
            entry = replace(entry, id=fresh_id)
    kept = [entry] + [e for e in entries if e.id != entry.id]
    return trim(kept, entry.id), entry, True


def trim(entries, keep: str) -> list[Entry]:
    """At most MAX_GAMES entries, never dropping `keep`: finished games go first, then the
    oldest."""
    entries = newest_first(entries)
    while len(entries) > MAX_GAMES:
        others = [e for e in entries if e.id != keep]
        finished = [e for e in others if e.finished]
        entries.remove(min(finished or others, key=lambda e: e.updated))
    return entries


def newest(
    entries, game: str | None = None, unfinished: bool = False, besides: str | None = None
) -> Entry | None:
    """The most recently saved entry (of a game; not finished; not `besides`)."""
    for entry in newest_first(entries):
        if (
            (game is None or entry.game == game)
            and not (unfinished and entry.finished)
            and entry.id != besides
        ):
            return entry
    return None


def summary(entry: Entry, labels: dict) -> str:
    """'4 moves, last 2x2c3 · Human v Computer: hard' (and 'finished'): the last move tells
    apart two games of the same length and players (two tabs' games)."""
    players = " v ".join(labels.get(k, k) for k in entry.seats)
    last = last_move(entry)
    moves = count(entry.moves) + (f", last {last}" if last else "")
    return " · ".join([moves, players] + (["finished"] if entry.finished else []))


def last_move(entry: Entry) -> str:
    """The last move of the line an entry shows, as the move list names it ('' for none, or
    when its link is bad)."""
    try:
        record, _ = decode(entry.fragment)
    except EngineError:
        return ""
    if not record.moves:
        return ""
    game = games.get(record.game)
    return last_name(game, game.new(**record.options_dict), record.moves)


def title(entry: Entry) -> str:
    """'Rug Pile, 3 moves': a saved game named in a sentence."""
    return f"{games.name(entry.game)}, {count(entry.moves)}"


def count(moves: int) -> str:
    return "no moves" if moves == 0 else f"{moves} move{'' if moves == 1 else 's'}"


def ago(then: int, now: int) -> str:
    """How long ago, roughly: 'just now', '5 min ago', '3 h ago', '2 days ago'."""
    seconds = max(0, (now - then) // 1000)
    if seconds < 60:
        return "just now"
    for size, unit in ((86_400, " day"), (3_600, " h"), (60, " min")):
        if seconds >= size:
            n = seconds // size
            return f"{n}{unit}{'s' if unit == ' day' and n > 1 else ''} ago"
    return "just now"


def opened(entry: Entry, kinds):
    """(session, seats) of an entry, with its side lines; EngineError says why it cannot be
    played (side lines that do not fit its line are left out)."""
    session, seats = open_saved(entry.fragment, list(entry.seats), kinds)
    session = with_side_lines(session, entry.tree) if entry.tree else session
    if session.link is not None:
        session.exchange = entry.exchange or NO_EXCHANGE
    return session, seats


def state_text(id: str, rev, seats) -> str:
    """What a tab keeps in history.state for the game it shows."""
    return json.dumps({"entry": id, "rev": rev, "seats": list(seats)}, separators=(",", ":"))


def read_state(text, kinds) -> tuple[str, str | None, list] | None:
    """(entry id, rev, seats) from history.state's text; None when it is not one of ours."""
    try:
        data = bounded_json.loads(text, 2_000)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    id, rev = data.get("entry"), data.get("rev")
    seats: Any = data.get("seats")
    if (
        not isinstance(id, str)
        or not 0 < len(id) <= MAX_ID
        or not (rev is None or isinstance(rev, str))
        or not valid_seats(seats, kinds)
    ):
        return None
    return id, rev, list(seats)


def merged(ours: Entry, others: list[Entry], kinds) -> Entry:
    """The entry of a game by link `ours` with the lines of its other entries (`others`: kept
    by another tab, or twice by an older page) in its tree; its main line stays the game.
    An entry that cannot be opened adds nothing (it is kept as it is where it was read)."""
    try:
        session, seats = opened(ours, kinds)
    except EngineError:
        return ours
    for other in others:
        with suppress(EngineError):
            merge(session, opened(other, kinds)[0])
    entry = entry_for(session, seats, ours.id, ours.rev, ours.updated)
    return replace(entry, id=link_entry_id(session.link.id) if session.link else ours.id)


def one_entry_a_game(entries: list[Entry], kinds) -> tuple[list[Entry], bool]:
    """(the entries with one entry for each game by link, under its id `link_entry_id`, its
    other entries' lines merged into the newest's tree; whether any changed)."""
    groups: dict[str, list[Entry]] = {}
    for entry in entries:
        game_id = link_game_id(entry.fragment)
        if game_id is not None:
            groups.setdefault(game_id, []).append(entry)
    changed = False
    out = [e for e in entries if link_game_id(e.fragment) is None]
    for game_id, group in groups.items():
        newest, *rest = newest_first(group)
        if rest or newest.id != link_entry_id(game_id):
            newest, changed = replace(merged(newest, rest, kinds), id=link_entry_id(game_id)), True
        out.append(newest)
    return newest_first(out), changed
