"""Move animations and move sounds on the page (browser only).

`Animator` shows, after each render, the move web/motion.py finds between what the board
showed and what it shows now: a piece that moved slides from where it was (FLIP: it is drawn
where it lands, set back by a transform that then runs to none), a piece that appeared drops
in (it grows into place and fades in), a piece taken fades out (a copy of it from the board
before, under the new one), a flipped stone turns over.  PERSON_MS for a person's move,
QUICK_MS for the computer's and for steps through the moves; nothing at all while the browser
asks for reduced motion.  The browser runs them (the Web Animations API): nothing waits for
them, and the next render first stops any still running and puts the board back as drawn.

A board marks its pieces with `data-on` (web/boards/base.py); the animation lifts them into
a group of its own for the time it runs (a wrapper whose transform nothing else sets) and
puts them back in their places when it ends, so the board is then exactly as drawn.

`Sound` is the toolbar's Sound toggle (#sound): off until turned on, remembered in this
browser's storage; each move plays a short tone made in the page by WebAudio (an
OscillatorNode: no sound file is fetched), a capture another.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

from web.controller import Controller
from web.dom import by_id, found
from web.motion import Change, Shown, change

SVG = "http://www.w3.org/2000/svg"
REDUCED = "(prefers-reduced-motion: reduce)"
SLIDE_EASING = "cubic-bezier(.25, .8, .35, 1)"     # quick to leave, gentle to land
SOUND_KEY = "abstract-games/sound"
# What a copy of a piece keeps of its styles (it loses the classes that gave them).
PAINT = ("fill", "fill-opacity", "stroke", "stroke-width", "stroke-opacity", "stroke-linejoin",
         "stroke-linecap", "stroke-dasharray", "opacity", "display", "visibility",
         "font-family", "font-size", "font-weight", "text-anchor")
# A move's tones and a capture's: (frequency Hz, start s, length s, wave, volume).
TONES = {False: ((660, 0.0, 0.08, "triangle", 0.22),),
         True: ((880, 0.0, 0.05, "square", 0.06), (330, 0.03, 0.15, "triangle", 0.3))}


def on(cell: int) -> str:
    """The selector of the elements drawing the piece on `cell`."""
    return f'[data-on~="{cell}"]'


def pieces(root: Any, cells: tuple[int, ...]) -> list[Any]:
    """The elements under `root` drawing a piece on any of `cells`, each once, in order."""
    return list(root.querySelectorAll(",".join(on(cell) for cell in cells)))


def centre(element: Any) -> tuple[float, float]:
    box = element.getBoundingClientRect()
    return box.left + box.width / 2, box.top + box.height / 2


def reduced_motion() -> bool:
    return bool(window.matchMedia(REDUCED).matches)


def js(value: Any) -> Any:
    return to_js(value, dict_converter=window.Object.fromEntries)


def group() -> Any:
    """An empty <g> for a piece in motion, which scales about its contents' middle."""
    wrapper = document.createElementNS(SVG, "g")
    wrapper.setAttribute("class", "moving")
    wrapper.style.transformBox = "fill-box"
    wrapper.style.transformOrigin = "center"
    return wrapper


def look_alike(element: Any) -> Any:
    """A copy of a piece's element (on the board, drawn) that looks the same but is not a
    piece: its styles written on it, without its classes or data-* (no selector of the page
    or of its tests finds it as a piece, and a click on it means nothing)."""
    copy = element.cloneNode(True)
    for source, target in zip([element, *element.querySelectorAll("*")],
                              [copy, *copy.querySelectorAll("*")]):
        style = window.getComputedStyle(source)
        target.setAttribute("style", ";".join(f"{name}:{style.getPropertyValue(name)}"
                                              for name in PAINT))
        for name in ("class", "id", "data-on", "data-cell", "data-drag", "data-square"):
            target.removeAttribute(name)
    return copy


def index_in(node: Any) -> int:
    return int(window.Array.prototype.indexOf.call(node.parentNode.children, node))


def gone(old: Any, groups: tuple[tuple[int, ...], ...]) -> list[Gone]:
    """For each piece (by its cells) of the board `old` (still on the page): its first
    element, and a look-alike copy of each of its elements."""
    out = []
    for cells in groups:
        elements = pieces(old, cells)
        if elements:
            out.append((elements[0], [look_alike(element) for element in elements]))
    return out


def twin_place(element: Any, old_root: Any, new_root: Any) -> tuple[Any, int]:
    """Where `element` of the board drawn before would stand in the board drawn now: the
    parent at the same place in the tree (boards draw the same groups each time), and its
    index there."""
    chain, node = [], element.parentNode
    while found(node) and not node.isSameNode(old_root):
        chain.append(index_in(node))
        node = node.parentNode
    parent = new_root
    for index in reversed(chain):
        child = parent.children.item(index)
        if not found(child):
            break
        parent = child
    return parent, index_in(element)


Lifted = tuple[Any, Callable[[], None]]     # a group of the board lifted, and its tidy-up
Running = tuple[Any, Callable[[], None]]    # an animation, and its tidy-up
Gone = tuple[Any, list[Any]]                # a piece's first element before, copies of all


@dataclass
class Plan:
    """A move to show once the board is written: what it did, and to animate it (else None
    and empty) the board as it was, where each piece about to slide was on screen, and
    copies of the pieces taken and of those turned over."""

    change: Change
    old: Any = None
    starts: dict[int, tuple[float, float]] = field(default_factory=dict)
    taken: list[Gone] = field(default_factory=list)
    turned: list[Gone] = field(default_factory=list)


class Animator:
    """The move animations of the page's board, and its sounds."""

    def __init__(self) -> None:
        self.shown: Shown | None = None     # what the board showed at the last render
        self.running: list[Running] = []    # (animation, its tidy-up)
        self.proxies: list[Any] = []
        self.sound = Sound()
        self.live: tuple[Plan, Any] | None = None   # the move under way, the board it is on
        self.watch()

    def watch(self) -> None:
        """Notice the board drawn afresh between renders (the pointer moved over it)."""
        board = by_id("board")
        if found(board):
            self.observer = window.MutationObserver.new(create_proxy(lambda *_: self.redrawn()))
            self.observer.observe(board, js({"childList": True}))

    def before(self, ctl: Controller) -> Plan | None:
        """Before the board is written: stop what still runs, and note the move (if any)
        between what the board showed and what it is about to show."""
        self.stop()
        self.live = None
        session = ctl.session
        shown = Shown(ctl.game.id, session, tuple(session.moves), session.ply, ctl.view,
                      tuple(ctl.seats))
        step, self.shown = change(self.shown, shown), shown
        if step is None:
            return None
        old = document.querySelector("#board svg")
        if not step.motion or not found(old) or reduced_motion():
            return Plan(step)
        starts = {}
        for frm, _ in step.motion.slides:
            piece = old.querySelector(on(frm))
            if found(piece):
                starts[frm] = centre(piece)
        motion = step.motion
        return Plan(step, old, starts, gone(old, motion.taken),
                    gone(old, tuple((cell,) for cell in motion.turned)))

    def after(self, plan: Plan | None) -> None:
        """Once the board is written: the move's sound, and its animation."""
        if plan is None:
            return
        step = plan.change
        if step.forward:
            self.sound.play(step.capture)
        svg = document.querySelector("#board svg")
        if plan.old is None or not found(svg):
            return
        self.start(plan, svg, 0.0)

    def start(self, plan: Plan, svg: Any, elapsed: float) -> None:
        """Animate the move on the board drawn as `svg`, from `elapsed` ms into it."""
        try:
            self.animate(plan, svg)
            for animation, _ in self.running:
                animation.currentTime = elapsed
        except Exception as err:           # never worth a broken board: show it as drawn
            self.stop()
            window.console.warn(f"move animation skipped: {err}")
            return
        self.live = (plan, svg)

    def redrawn(self) -> None:
        """The board was drawn afresh while a move's animation ran (a hover redraws it): the
        animation goes on, on the new drawing, from where it was (before the next paint)."""
        svg = document.querySelector("#board svg")
        if self.live is None or not self.running or not found(svg) \
                or svg.isSameNode(self.live[1]):
            return
        plan = self.live[0]
        elapsed = max(float(animation.currentTime or 0) for animation, _ in self.running)
        self.stop()
        self.start(plan, svg, elapsed)

    def animate(self, plan: Plan, svg: Any) -> None:
        motion, ms, old = plan.change.motion, plan.change.ms, plan.old
        # Everything is found before anything moves, so the trees still match.
        taken = [(twin_place(first, old, svg), copies) for first, copies in plan.taken]
        turned = [(twin_place(first, old, svg), copies) for first, copies in plan.turned]
        placed = [pieces(svg, cells) for cells in motion.placed]
        slides = [(plan.starts.get(frm), pieces(svg, (to,))) for frm, to in motion.slides]
        for place, copies in taken:
            self.run(self.ghost(place, copies),
                     [{"opacity": 1, "transform": "scale(1)"},
                      {"opacity": 0, "transform": "scale(.6)"}], {"duration": ms})
        for place, copies in turned:                # the old face turns away, the new in
            self.run(self.ghost(place, copies),
                     [{"transform": "scaleX(1)"}, {"transform": "scaleX(0)"}],
                     {"duration": ms / 2, "easing": "ease-in", "fill": "forwards"})
        for cell in motion.turned:
            self.run(self.lift(pieces(svg, (cell,))),
                     [{"transform": "scaleX(0)"}, {"transform": "scaleX(1)"}],
                     {"duration": ms / 2, "delay": ms / 2, "easing": "ease-out",
                      "fill": "backwards"})
        for elements in placed:
            self.run(self.lift(elements),
                     [{"opacity": 0, "transform": "scale(1.3)"},
                      {"opacity": 1, "transform": "scale(1)"}],
                     {"duration": ms, "easing": "ease-out"})
        for start, elements in slides:                # last: on top of everything
            lifted = self.lift(elements)
            if lifted is None:
                continue
            shift = self.offset(lifted[0], start)
            if shift is None:                         # nowhere known to come from
                lifted[1]()
                continue
            dx, dy = shift
            self.run(lifted, [{"transform": f"translate({dx:.2f}px, {dy:.2f}px)"},
                              {"transform": "translate(0px, 0px)"}],
                     {"duration": ms, "easing": SLIDE_EASING})

    @staticmethod
    def offset(wrapper: Any, start: tuple[float, float] | None) -> tuple[float, float] | None:
        """How far back (in the wrapper's own units) the piece in `wrapper` is to be drawn so
        that it stands where it was on screen, at `start`."""
        matrix = wrapper.getScreenCTM()
        if start is None or not found(matrix):
            return None
        x, y = centre(wrapper)
        dx, dy = start[0] - x, start[1] - y
        a, b, c, d = matrix.a, matrix.b, matrix.c, matrix.d
        det = a * d - b * c
        if not det:
            return None
        return (d * dx - c * dy) / det, (a * dy - b * dx) / det

    # ---- the board's elements, for the time an animation runs

    def lift(self, elements: list[Any]) -> Lifted | None:
        """A group of the board holding `elements` for the animation (at the end of the
        first's parent, so on top), and what puts them back in their places."""
        if not elements:
            return None
        wrapper = group()
        places = []
        for element in elements:
            mark = document.createComment("")
            element.replaceWith(mark)
            wrapper.appendChild(element)
            places.append((mark, element))
        places[0][0].parentNode.appendChild(wrapper)

        def tidy() -> None:
            for spot, element in places:
                spot.replaceWith(element)
            while found(wrapper.firstChild):        # anything drawn into it meanwhile
                wrapper.before(wrapper.firstChild)
            wrapper.remove()
        return wrapper, tidy

    @staticmethod
    def ghost(place: tuple[Any, int], copies: list[Any]) -> Lifted:
        """Copies of a piece of the board drawn before (see `look_alike`), at its place in
        the board drawn now, for as long as they fade away."""
        parent, index = place
        wrapper = group()
        wrapper.setAttribute("pointer-events", "none")
        for copy in copies:
            wrapper.appendChild(copy)
        parent.insertBefore(wrapper, parent.children.item(index))
        return wrapper, wrapper.remove

    # ---- running and stopping

    def run(self, lifted: Lifted | None, frames: list[dict], timing: dict) -> None:
        """Animate a lifted group; when the animation ends, tidy up."""
        if lifted is None:
            return
        wrapper, tidy = lifted
        animation = wrapper.animate(js(frames), js(timing))
        entry = (animation, tidy)
        self.running.append(entry)
        proxy = create_proxy(lambda event: self.finish(entry))
        self.proxies.append(proxy)
        animation.onfinish = proxy

    def finish(self, entry: Running) -> None:
        if entry in self.running:
            self.running.remove(entry)
            entry[1]()

    def stop(self) -> None:
        """Stop every animation still running and put the board back as drawn."""
        running, self.running = self.running, []
        for animation, tidy in reversed(running):
            animation.cancel()
            tidy()
        for proxy in self.proxies:
            proxy.destroy()
        self.proxies = []


# --------------------------------------------------------------------------- sounds

class Sound:
    """The Sound toggle and its tones."""

    def __init__(self) -> None:
        self.on = False
        self.context: Any = None
        try:
            self.on = window.localStorage.getItem(SOUND_KEY) == "on"
        except Exception:           # storage blocked: sound stays off until turned on
            pass
        self.show()

    def show(self) -> None:
        button = by_id("sound")
        if found(button):
            button.setAttribute("aria-pressed", "true" if self.on else "false")

    def toggle(self) -> None:
        self.on = not self.on
        try:
            window.localStorage.setItem(SOUND_KEY, "on" if self.on else "off")
        except Exception:           # not kept for next time, but on for now
            pass
        self.show()
        self.play(False)            # a sample (and a click lets the page start its sound)

    def play(self, capture: bool) -> None:
        """A move's tone (a capture's when `capture`), when sound is on."""
        if not self.on:
            return
        try:
            context = self.audio()
            now = context.currentTime
            for frequency, start, length, wave, volume in TONES[capture]:
                self.tone(context, now + start, frequency, length, wave, volume)
        except Exception as err:    # no audio here: silence, the game goes on
            window.console.warn(f"move sound skipped: {err}")

    def audio(self) -> Any:
        if self.context is None:
            self.context = window.AudioContext.new()
        if self.context.state == "suspended":
            self.context.resume()
        return self.context

    @staticmethod
    def tone(context: Any, at: float, frequency: float, length: float, wave: str,
             volume: float) -> None:
        """One short tone: a quick rise and a falling fade, its pitch dropping a little."""
        oscillator, gain = context.createOscillator(), context.createGain()
        oscillator.type = wave
        oscillator.frequency.setValueAtTime(frequency, at)
        oscillator.frequency.exponentialRampToValueAtTime(frequency * 0.75, at + length)
        gain.gain.setValueAtTime(0.0001, at)
        gain.gain.exponentialRampToValueAtTime(volume, at + 0.008)
        gain.gain.exponentialRampToValueAtTime(0.0001, at + length)
        oscillator.connect(gain)
        gain.connect(context.destination)
        oscillator.start(at)
        oscillator.stop(at + length + 0.02)
