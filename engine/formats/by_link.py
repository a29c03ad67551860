"""A game played by exchanging links: what a link of it says beside the game itself.

Two players on two devices play by sending each other the game's link after each move.
Such a link carries, in its last segment (after the moves), with the ply on display if any:

    game=k3f9x2qa   the game's identity: a random id made when the game starts, the same in
                    every link of the game, so a device knows a link continues a game it has
    to=2            the seat the link hands the game to (counted from 1): its receiver's; a
                    game whose sides are not chosen yet hands over none (no `to=`: the first
                    move on either device chooses)
    help=off        the players agreed to play without the computer's help (Analyse, Hint)
    offer=draw      the sender offers a draw, which the receiver accepts or declines
    takeback=12     the sender asks to take back their moves from move 13 on: the link's line
                    replaces them there if the receiver accepts (the number is how many moves
                    of the game before stay as they were)
    n=7             the link's place in the exchange: one more than the largest `n` its sender
                    had seen or sent, so a device knows a link older than one it has seen
    by=x7k2p9       the sending device (a random id of its own for the game), so a device
                    knows its own links from its friend's

e.g. `wythe/1/size=8/d4e4.c5c6/game=k3f9x2qa,to=1` or `…/ply=3,game=k3f9x2qa,to=2,help=off`.
A link without `game=` is an ordinary link, as every link was before.
"""

from __future__ import annotations

import random
import re
import string
from dataclasses import dataclass

from ..contract.errors import EngineError
from ..contract.user_text import shown, shown_value

ID_LETTERS = string.ascii_lowercase + string.digits
ID_LENGTH = 8  # 36**8: two games of one pair of devices never share an id
_ID = re.compile(r"^[a-z0-9]{6,16}$")
_NUMBER = re.compile(r"^[0-9]{1,9}$")
OFFERS = ("draw",)


class LinkTailError(EngineError):
    """A link's last segment that cannot be read; the message says what is wrong."""


@dataclass(frozen=True)
class ByLink:
    """A game by link as one of its links describes it.

    id:    the game's identity (six to sixteen letters a-z and digits).
    to:    the seat the link hands the game to, from 0 (None: the sides are not chosen yet).
    help:  False when the players agreed to play without the computer's help.
    offer: "draw" when the sender offers a draw, else "".
    takeback: None, or the ply from which the sender asks to take back their moves (the
              link's line replaces them there).
    n:        the link's place in the exchange (None: not given, as by older pages).
    by:       the sending device's id for the game (None: not given).
    """

    id: str
    to: int | None
    help: bool = True
    offer: str = ""
    takeback: int | None = None
    n: int | None = None
    by: str | None = None

    def __post_init__(self) -> None:
        if not (isinstance(self.id, str) and _ID.match(self.id)):
            raise LinkTailError(
                f"a game's id is 6 to 16 letters and digits, not {shown_value(self.id)}"
            )
        if not (self.to is None or (type(self.to) is int and self.to >= 0)):
            raise LinkTailError(f"a link hands the game to a seat, not {shown_value(self.to)}")
        if self.offer not in ("", *OFFERS):
            raise LinkTailError(f"unknown offer {shown_value(self.offer)} (offers: draw)")
        if self.takeback is not None and not (type(self.takeback) is int and self.takeback >= 0):
            raise LinkTailError(f"a takeback names a move, not {shown_value(self.takeback)}")
        if self.n is not None and not (type(self.n) is int and self.n >= 0):
            raise LinkTailError(f"a link's place is a number, not {shown_value(self.n)}")
        if self.by is not None and not (isinstance(self.by, str) and _ID.match(self.by)):
            raise LinkTailError(
                f"a device's id is 6 to 16 letters and digits, not {shown_value(self.by)}"
            )


def new_id(rng: random.Random | None = None) -> str:
    """A fresh game id (the page makes one when a game by link starts)."""
    draw = (rng or random.SystemRandom()).choice
    return "".join(draw(ID_LETTERS) for _ in range(ID_LENGTH))


def write_tail(ply: int | None, link: ByLink | None) -> str:
    """The link's last segment ('' when it needs none)."""
    fields = [] if ply is None else [f"ply={ply}"]
    if link is not None:
        fields += [f"game={link.id}"] + ([] if link.to is None else [f"to={link.to + 1}"])
        fields += [] if link.help else ["help=off"]
        fields += [f"offer={link.offer}"] if link.offer else []
        fields += [] if link.takeback is None else [f"takeback={link.takeback}"]
        fields += [] if link.n is None else [f"n={link.n}"]
        fields += [] if link.by is None else [f"by={link.by}"]
    return ",".join(fields)


NAMES = ("ply", "game", "to", "help", "offer", "takeback", "n", "by")


def read_tail(text: str, seats: int) -> tuple[int | None, ByLink | None]:
    """(the ply on display or None, the game by link or None) of a link's last segment, for a
    game of `seats` seats; LinkTailError says what is wrong."""
    fields = tail_fields(text)
    ply = number(fields, "ply")
    if "game" not in fields:
        if fields.keys() - {"ply"}:
            raise LinkTailError("a link that hands a game over names it (game=…)")
        return ply, None
    to_text = fields.get("to")
    if to_text is not None and (not _NUMBER.match(to_text) or not 1 <= int(to_text) <= seats):
        raise LinkTailError(f"'to={shown(to_text)}' should name a seat from 1 to {seats}")
    to = None if to_text is None else int(to_text)
    help_text = fields.get("help", "on")
    if help_text not in ("on", "off"):
        raise LinkTailError(f"'help={shown(help_text)}' should be help=off")
    return ply, ByLink(
        fields["game"],
        None if to is None else to - 1,
        help_text == "on",
        fields.get("offer", ""),
        number(fields, "takeback"),
        number(fields, "n"),
        fields.get("by"),
    )


def tail_fields(text: str) -> dict[str, str]:
    """The name=value fields of a link's last segment, each named once and known."""
    fields: dict[str, str] = {}
    for field in text.split(","):
        name, sep, value = field.partition("=")
        if not sep:
            raise LinkTailError(f"'{shown(field)}' should be ply=<number> or name=value")
        if name in fields:
            raise LinkTailError(f"'{shown(name)}' is given twice")
        if name not in NAMES:
            raise LinkTailError(
                f"'{shown(field)}' should be ply=<number> (or, for a game by link, "
                "game=, to=, help=, offer=, takeback=, n= or by=)"
            )
        fields[name] = value
    return fields


def number(fields: dict[str, str], name: str) -> int | None:
    """The number a field gives (None when it is not given)."""
    value = fields.get(name)
    if value is None:
        return None
    if not _NUMBER.match(value):
        raise LinkTailError(f"'{name}={shown(value)}' should be {name}=<number>")
    return int(value)
