"""A game by link as people play it, checked against a model (hypothesis' state machines):
devices, each with one tab or more over its own storage, do what players do, in any order:
move, Send, Copy link, copy the address bar, open any link ever made (old or newest, twice,
in a new tab, on a second device of the same player: a double answer), Undo and Redo before
and after a Send, take back a sent move, answer takebacks and conflicts, offer and accept
draws, resign, reload, Just look, Rematch, and a tab hearing late of another tab's change.

The tabs are web/logic/tab.py's, the page's own logic, over in-memory storage and history
(tests/browser_stand_ins.py), driven as web/browser/page.py drives them (before an action
the page shows a game another tab changed, and after it draws, which commits).  After every
step:
- nothing is lost: every move a device made, and every line of a link it opened of a game it
  keeps, is in that game's tree on the device;
- a device keeps one game per id;
- a link never hands the game to a seat its sender plays, and a device never plays a seat
  the friend whose link it opened played (unless it was asked, and chose to);
- the link a device makes is its game's main line;
- a device that opened its friend's newest link, with no question left to answer, has that
  link's line as its main line (or is ahead of it by its own moves).
"""

from __future__ import annotations

import itertools

import pytest
from browser_stand_ins import History, Storage
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from engine.contract.ending import AGREED_DRAW, resignation
from engine.formats.by_link import new_id
from engine.formats.record import decode
from web.logic import link_seats, link_sending
from web.logic.ending import draw_offer, resigner
from web.logic.link_lines import asked, link_game_id
from web.logic.screen import screen_of
from web.logic.seats import FRIEND, HUMAN, KINDS, own_seats, people, undecided
from web.logic.seats import by_link as by_link_seats
from web.logic.session import Session
from web.logic.tab import Tab
from web.storage import recent
from web.storage.store import GameStore

GAME = "rugpile"
CLOCK = itertools.count(1_000_000, 1_000)


def now() -> int:
    return next(CLOCK)


def line_of(fragment: str) -> tuple[str, ...]:
    return decode(fragment)[0].moves


class TabDriver:
    """One browser tab: the page's Tab over the device's storage, its own tab storage and
    history, driven as web/browser/page.py drives it."""

    def __init__(self, device: Device, history: History | None = None, tab_storage=None):
        self.device = device
        self.tab_storage = tab_storage or Storage()
        self.history = history or History(KINDS)
        self.store = GameStore(KINDS, lambda: device.local, lambda: self.tab_storage, now)
        self.store.start()
        self.tab = Tab(self.store, self.history)
        self.message = ""
        self.number = len(device.tabs)

    def __repr__(self) -> str:
        return f"<{self.device.name}'s tab {self.number}>"

    @property
    def table(self):
        return self.tab.table

    def boot(self) -> None:
        """The page starts (a new tab, or a reload)."""
        self.follow(self.tab.starting(), push=False)

    def follow(self, opening, push: bool = True) -> None:
        if opening is None:
            return
        if self.tab.follow(opening):
            self.tab.commit(push)
            if opening.steps:
                self.table.step(opening.steps)
                self.tab.commit()
        if opening.message is not None:
            self.message = opening.message

    def navigate(self, address: str) -> None:
        """A link opened in this tab (a hashchange)."""
        self.history.type_in(address)
        opening, changed = self.tab.navigated()
        if opening is None and changed:
            self.tab.commit()
        self.follow(opening, push=False)

    def said(self, said) -> None:
        if said.message is not None:
            self.message = said.message
        if said.played:
            self.tab.commit()

    def act(self) -> bool:
        """Before an action, as the page does: a game another tab changed is shown as it is
        now, and the action is not carried out (False)."""
        if self.tab.sync():
            self.tab.commit()
            self.message = ""
            return False
        return True

    def asked(self) -> bool:
        """The game shown asks its player a question (a takeback, or a conflict)."""
        return bool(asked(self.table.session))


class Device:
    """A phone or a computer: its storage (localStorage) and its tabs; `person` plays on it
    (a player may have two devices)."""

    def __init__(self, name: str, person: str):
        self.name, self.person = name, person
        self.local = Storage()
        self.tabs: list[TabDriver] = []

    def __repr__(self) -> str:
        return f"<device {self.name}>"

    def new_tab(self, address: str = "") -> TabDriver:
        tab = TabDriver(self, History(KINDS, address))
        tab.boot()
        self.tabs.append(tab)
        return tab

    def entries(self) -> list[recent.Entry]:
        text = self.local.getItem(recent.KEY)
        return recent.parse(text, KINDS)[0] if text else []

    def games(self, game_id: str) -> list[recent.Entry]:
        return [e for e in self.entries() if link_game_id(e.fragment) == game_id]

    def main_line(self, game_id: str) -> tuple[str, ...] | None:
        entries = self.games(game_id)
        if not entries:
            return None
        return recent.opened(entries[0], KINDS)[0].tree.main_line()


class Link:
    """A link a device made: its fragment, its sender and the seats the sender played."""

    def __init__(self, sender: Device, fragment: str, seats=()):
        self.sender = sender
        self.fragment = fragment
        self.record = decode(fragment)[0]
        self.seats = own_seats(seats)

    def __repr__(self) -> str:
        return f"<{self.sender.name}'s link {self.fragment.split('/', 3)[-1]}>"


class LinkGames(RuleBasedStateMachine):
    """Alice and Bob play Rug Pile by link; Bob has a second device (a double answer)."""

    DEVICES = (("A", "Alice"), ("B", "Bob"), ("B2", "Bob"))
    PLAYERS = 2

    def __init__(self):
        super().__init__()
        self.devices = [Device(name, person) for name, person in self.DEVICES]
        self.links: list[Link] = []
        self.newest: dict[str, Link] = {}  # a person: the newest link they made
        self.seen: dict[tuple[str, str], set[tuple[str, ...]]] = {}  # (device, game id): lines
        self.clock_before = 0  # the receiving device's clock before the link it opens

    # ---- the tabs an action may be taken in

    def tabs(self, where=lambda driver: True) -> list[TabDriver]:
        return [tab for device in self.devices for tab in device.tabs if where(tab)]

    def pick(self, data, where=lambda driver: True) -> TabDriver | None:
        tabs = self.tabs(where)
        return data.draw(st.sampled_from(tabs)) if tabs else None

    # ---- what the model remembers

    def remember(self, driver: TabDriver, line) -> None:
        """The device's game now holds `line` (a move made there, or a link opened)."""
        session = driver.table.session
        if session.link is not None and not driver.tab.invitation:
            key = (driver.device.name, session.link.id)
            self.seen.setdefault(key, set()).add(tuple(line))

    def made(self, driver: TabDriver, fragment: str) -> None:
        """A link this device made (Send, Copy link, the address bar)."""
        link = Link(driver.device, fragment, driver.table.seats)
        if link.record.link is None or driver.tab.invitation:
            return
        seats = driver.table.seats
        assert link.record.link.to not in own_seats(seats) or undecided(seats), (
            f"{driver.device.name}'s link hands the game to its own seat {link.record.link.to}"
        )
        main = driver.table.session.tree.main_line()
        assert link.record.moves == main, (
            f"{driver.device.name} sent {link.record.moves}, its game's main line being {main}"
        )
        self.links.append(link)
        self.newest[driver.device.person] = link

    def reaches(self, link: Link, device: Device) -> bool:
        """A link a player may open on this device: a friend's, and to a device that does not
        keep the game yet, one that hands over a seat no other player has taken (with three
        players, the player's own: Alice plays the first seat, Bob the second, Carol the
        third, and each link goes to the one it hands the game to)."""
        if link.sender.person == device.person:
            return False
        if link.record.link is None or device.games(link.record.link.id):
            return True
        to, game_id = link.record.link.to, link.record.link.id
        if self.PLAYERS > 2:
            return to == self.devices.index(device)
        return not any(
            to in own_seats(entry.seats) and not undecided(entry.seats)
            for other in self.devices
            if other.person != device.person
            for entry in other.games(game_id)
        )

    # ---- starting

    @initialize(seats=st.sampled_from(["first", "second", "undecided"]))
    def start(self, seats):
        if self.PLAYERS > 2:
            seats = "first"  # Alice plays the first seat
        count = self.PLAYERS
        kinds = {
            "first": [HUMAN] + [FRIEND] * (count - 1),
            "second": [FRIEND, HUMAN] + [FRIEND] * (count - 2),
            "undecided": [FRIEND] * count,
        }[seats]
        driver = self.devices[0].new_tab()
        session = Session(GAME, {"players": count})
        link_seats.start(session, kinds, True, new_id(), new_id())
        driver.tab.open(session, kinds, None)
        driver.tab.commit(push=True)
        for device in self.devices[1:]:
            device.new_tab()

    # ---- what players do

    @rule(data=st.data())
    def play_a_turn(self, data):
        """What a player usually does: open the friend's newest link, take the seat it
        offers, move, and Send."""
        device = data.draw(st.sampled_from(self.devices))
        driver = device.tabs[0]
        links = [link for link in self.links if self.reaches(link, device)]
        if links:
            self.open(driver, links[-1])
        if offers_seat(driver):
            self.take(driver)
        if driver.table.human_turn() and not driver.asked():
            self.move_on(driver, data.draw(st.integers(0, 10_000)))
        if screen_of(driver.table).send and driver.act():
            self.send_from(driver)

    @precondition(lambda self: self.tabs(lambda d: d.table.human_turn()))
    @rule(data=st.data(), choice=st.integers(0, 10_000))
    def move(self, data, choice):
        driver = self.pick(data, lambda d: d.table.human_turn())
        if driver is not None and driver.act():
            self.move_on(driver, choice)

    def move_on(self, driver: TabDriver, choice: int) -> None:
        table = driver.table
        if not table.human_turn():
            return
        moves = table.game.legal_moves(table.state)
        driver.said(driver.tab.play(moves[choice % len(moves)]))
        session = table.session
        self.remember(driver, session.moves[: session.ply])

    @precondition(lambda self: self.tabs(lambda d: screen_of(d.table).undo_disabled is False))
    @rule(data=st.data(), choice=st.integers(0, 10_000))
    def change_mind(self, data, choice):
        """Undo, then another move: a move taken back (after a Send: a takeback asked)."""
        driver = self.pick(data, lambda d: not screen_of(d.table).undo_disabled)
        if driver is None or not driver.act():
            return
        driver.table.take_back()
        driver.tab.commit()
        self.move_on(driver, choice)
        if data.draw(st.booleans()) and screen_of(driver.table).send:
            self.send_from(driver)

    @precondition(lambda self: self.tabs(lambda d: screen_of(d.table).send))
    @rule(data=st.data())
    def send(self, data):
        driver = self.pick(data, lambda d: screen_of(d.table).send)
        if driver is not None and driver.act():
            self.send_from(driver)

    def send_from(self, driver: TabDriver) -> None:
        fragment, _ = driver.tab.sending()
        driver.message = driver.tab.sent("share")
        driver.tab.commit()
        self.made(driver, fragment)

    @rule(data=st.data())
    def copy_link(self, data):
        driver = self.pick(data, lambda d: not d.tab.invitation)
        if driver is not None and driver.act():
            address = driver.tab.copied()
            driver.tab.commit()
            self.made(driver, address.lstrip("#"))

    @rule(data=st.data())
    def copy_address_bar(self, data):
        driver = self.pick(data)
        if driver is not None:
            self.made(driver, driver.history.address().lstrip("#"))

    @precondition(lambda self: self.links)
    @rule(data=st.data(), newest=st.booleans(), new_tab=st.booleans())
    def open_link(self, data, newest, new_tab):
        """A friend's link opened: the newest one or any earlier one, in a tab or a new one."""
        device = data.draw(st.sampled_from(self.devices))
        links = [link for link in self.links if self.reaches(link, device)]
        if not links:
            return
        link = links[-1] if newest else data.draw(st.sampled_from(links))
        if new_tab:
            game_id = link.record.link.id if link.record.link else ""
            self.clock_before = clock(device, game_id)
            own = sendable(device, game_id) == link.fragment
            driver = device.new_tab("#" + link.fragment)
            self.opened(driver, link, own)
        else:
            self.open(data.draw(st.sampled_from(device.tabs)), link)

    def open(self, driver: TabDriver, link: Link) -> None:
        game_id = link.record.link.id if link.record.link else ""
        self.clock_before = clock(driver.device, game_id)
        own = (
            driver.tab.address() == "#" + link.fragment
            and driver.store.changed_elsewhere(game_id) is None
        )
        driver.navigate("#" + link.fragment)
        self.opened(driver, link, own)

    def opened(self, driver: TabDriver, link: Link, own: bool = False) -> None:
        """After a link opened; `own`: it is the very link of the game this tab showed (a
        friend's link that says nothing this device's own does not, as when both players
        chose the same side and resigned it: nothing happens, and nothing is checked).  A
        link older than one this device sent or opened (its `n` smaller) crossed it: the
        friend had not seen this device's newer link, and nothing is checked of it either."""
        game_id = link.record.link.id if link.record.link else None
        if game_id is not None and driver.device.games(game_id):
            self.seen.setdefault((driver.device.name, game_id), set()).add(link.record.moves)
        if not own and (
            link.record.link is None or (link.record.link.n or 0) >= self.clock_before
        ):
            self.check_caught_up(driver, link)
            self.check_seats(driver, link)

    def check_seats(self, driver: TabDriver, link: Link) -> None:
        """A device that opened a friend's link, with nothing to answer, does not play a seat
        the friend played when making it."""
        game_id = link.record.link.id if link.record.link else None
        entries = driver.device.games(game_id) if game_id else []
        if not entries or questioned(entries[0]) or driver.tab.invitation:
            return
        both = own_seats(entries[0].seats) & link.seats
        assert not both, (
            f"{driver.device.name} plays seats {sorted(both)}, which {link.sender.name} played "
            "when making the link it opened"
        )

    def check_caught_up(self, driver: TabDriver, link: Link) -> None:
        """A device that opened its friend's newest link, with nothing left to answer, holds
        that link's line as its main line (or is ahead of it by its own moves)."""
        if self.newest.get(link.sender.person) is not link or driver.tab.invitation:
            return
        game_id = link.record.link.id if link.record.link else None
        entries = driver.device.games(game_id) if game_id else []
        if not entries or questioned(entries[0]):
            return
        main = driver.device.main_line(game_id)
        line = link.record.moves
        assert main is not None and main[: len(line)] == line, (
            f"{driver.device.name} opened {link.sender.name}'s newest link {line}, "
            f"and its game's main line is {main}"
        )

    @precondition(lambda self: self.tabs(offers_seat))
    @rule(data=st.data())
    def take_seat(self, data):
        driver = self.pick(data, offers_seat)
        if driver is not None:
            self.take(driver)

    def take(self, driver: TabDriver) -> None:
        """An invitation's Play pressed."""
        if driver.act():
            driver.message = driver.tab.take_seat()
            driver.tab.commit()
            self.remember(driver, driver.table.session.moves)

    @precondition(lambda self: self.tabs(lambda d: d.tab.invitation))
    @rule(data=st.data())
    def just_look(self, data):
        driver = self.pick(data, lambda d: d.tab.invitation)
        if driver is not None and driver.act():
            driver.message = driver.tab.just_look()
            driver.tab.commit(push=True)

    @precondition(lambda self: self.tabs(TabDriver.asked))
    @rule(data=st.data(), theirs=st.booleans())
    def answer(self, data, theirs):
        """A friend's takeback or line answered: theirs taken, or the game kept."""
        driver = self.pick(data, TabDriver.asked)
        if driver is not None and driver.act():
            driver.message = driver.tab.answer(theirs)
            driver.tab.commit()

    @precondition(lambda self: self.tabs(lambda d: not d.table.session.live))
    @rule(data=st.data())
    def redo(self, data):
        driver = self.pick(data, lambda d: not d.table.session.live)
        if driver is not None and driver.act():
            driver.table.redo()
            driver.tab.commit()

    @rule(data=st.data())
    def storage_event(self, data):
        """Another tab's change heard (the storage event)."""
        driver = self.pick(data)
        if driver is not None:
            driver.act()

    @rule(data=st.data())
    def resign(self, data):
        driver = self.pick(data, can_resign)
        if driver is not None and driver.act():
            table = driver.table
            seat = resigner(table.session, people(table.seats))
            driver.said(table.end(resignation(table.game, table.state, seat)))

    @rule(data=st.data())
    def offer_draw(self, data):
        driver = self.pick(data, offers_draw_by_link)
        if driver is not None and driver.act():
            link_sending.offer_draw(driver.table.session)
            driver.tab.commit()

    @rule(data=st.data())
    def accept_draw(self, data):
        driver = self.pick(data, lambda d: 'data-action="accept-draw"' in d.message)
        if driver is not None and driver.act():
            driver.said(driver.table.end(AGREED_DRAW))

    @rule(data=st.data())
    def rematch(self, data):
        if self.PLAYERS > 2:
            return  # each player's seat moves on: the model's own seat for each player goes
        driver = self.pick(data, can_rematch)
        if driver is not None:
            driver.tab.rematch(new_id())
            driver.tab.commit(push=True)

    @rule(data=st.data())
    def reload(self, data):
        old = self.pick(data)
        if old is None:
            return
        fresh = TabDriver(old.device, old.history, old.tab_storage)
        fresh.boot()
        tabs = old.device.tabs
        tabs[tabs.index(old)] = fresh

    @rule(data=st.data())
    def new_tab(self, data):
        data.draw(st.sampled_from(self.devices)).new_tab()

    # ---- what must always hold

    @invariant()
    def nothing_is_lost(self):
        for (name, game_id), lines in self.seen.items():
            device = next(d for d in self.devices if d.name == name)
            entries = device.games(game_id)
            if not entries:
                continue  # the game was never kept here, or left Recent
            session, _ = recent.opened(entries[0], KINDS)
            for line in lines:
                assert session.find(line) is not None, (
                    f"{name}'s game {game_id} lost the line {line}: its tree holds "
                    f"{session.tree.main_line()} as its main line"
                )

    @invariant()
    def one_game_per_id(self):
        for device in self.devices:
            ids = [link_game_id(e.fragment) for e in device.entries()]
            ids = [i for i in ids if i is not None]
            assert len(ids) == len(set(ids)), f"{device.name} keeps one game twice: {ids}"


def sendable(device: Device, game_id: str) -> str | None:
    """The link the device's saved game would send now (None: it keeps no such game)."""
    entries = device.games(game_id) if game_id else []
    if not entries:
        return None
    session, seats = recent.opened(entries[0], KINDS)
    return link_sending.sent_fragment(session, seats)


def clock(device: Device, game_id: str) -> int:
    """The largest place of a link the device sent or opened of the game."""
    entries = device.games(game_id) if game_id else []
    exchange = entries[0].exchange if entries else None
    return exchange.clock if exchange is not None else 0


def questioned(entry: recent.Entry) -> bool:
    """The saved game asks its player a question."""
    return entry.exchange is not None and bool(entry.exchange.question)


def offers_seat(driver: TabDriver) -> bool:
    """The tab shows an invitation with its Play button."""
    return driver.tab.invitation and 'data-action="take-seat"' in driver.message


def can_resign(driver: TabDriver) -> bool:
    table = driver.table
    return not table.invitation and resigner(table.session, people(table.seats)) is not None


def offers_draw_by_link(driver: TabDriver) -> bool:
    table = driver.table
    offer = draw_offer(table.session, people(table.seats))
    return offer is not None and table.seats[offer[1]] == FRIEND and not table.invitation


def can_rematch(driver: TabDriver) -> bool:
    session = driver.table.session
    return session.over and session.live and by_link_seats(driver.table.seats)


class ThreeLinkGames(LinkGames):
    """Alice, Bob and Carol play three-player Rug Pile by link, each on one device."""

    DEVICES = (("A", "Alice"), ("B", "Bob"), ("C", "Carol"))
    PLAYERS = 3


SETTINGS = settings(
    max_examples=300,
    stateful_step_count=50,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


@pytest.mark.parametrize("machine", [LinkGames, ThreeLinkGames], ids=["two", "three"])
def test_a_game_by_link_survives_what_players_do(machine):
    machine.TestCase.settings = SETTINGS
    machine.TestCase().runTest()
