"""Move animations and move sounds on the page (browser only).

`Animator` shows, after each render, the move web/logic/motion.py finds between what the board
showed and what it shows now: a piece that moved slides from where it was, a piece that
appeared drops in (it grows into place and fades in), a piece taken fades out, a flipped
stone turns over.  PERSON_MS for a person's move, QUICK_MS for the computer's and for steps
through the moves; nothing at all while the browser asks for reduced motion.  The browser
runs them (the Web Animations API): nothing waits for them, and the next render first stops
any still running.  A redraw between renders (the pointer's hover) does not cut a move
short: it goes on, on the new drawing, from where it was.

The board's markup is never touched.  A board marks its pieces with `data-on`
(web/boards/base.py); what moves on screen is a look-alike copy of the piece (its styles
written on it, no class or data-*) in a layer of its own over the board (`.motion-layer`,
outside #board, deaf to the pointer), while the piece itself is drawn transparent by an
animation of its own; when the animations end, the layer goes and the board shows as drawn.
A piece taken is a copy of it from the board before, made while that was still on screen.

`Sound` is the toolbar's Sound toggle (#sound): off until turned on, remembered in this
browser's storage; each move plays a short tone made in the page by WebAudio (an
OscillatorNode: no sound file is fetched), a capture another.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

from web.browser.dom import by_id, found, store, stored
from web.logic.motion import Change, Shown, change
from web.logic.table import Table

SVG = "http://www.w3.org/2000/svg"
REDUCED = "(prefers-reduced-motion: reduce)"
SLIDE_EASING = "cubic-bezier(.25, .8, .35, 1)"  # quick to leave, gentle to land
SOUND_KEY = "abstract-games/sound"
# What a copy of a piece keeps of its styles (it loses the classes that gave them).
PAINT = (
    "fill",
    "fill-opacity",
    "stroke",
    "stroke-width",
    "stroke-opacity",
    "stroke-linejoin",
    "stroke-linecap",
    "stroke-dasharray",
    "opacity",
    "display",
    "visibility",
    "font-family",
    "font-size",
    "font-weight",
    "text-anchor",
)
HIDDEN = [{"opacity": 0}, {"opacity": 0}]  # the piece itself, while its copy moves
FADE = [{"opacity": 1, "transform": "scale(1)"}, {"opacity": 0, "transform": "scale(.6)"}]
DROP = [{"opacity": 0, "transform": "scale(1.3)"}, {"opacity": 1, "transform": "scale(1)"}]
TURN_AWAY = [{"transform": "scaleX(1)"}, {"transform": "scaleX(0)"}]
TURN_IN = [{"transform": "scaleX(0)"}, {"transform": "scaleX(1)"}]
# A move's tones and a capture's: (frequency Hz, start s, length s, wave, volume).
TONES = {
    False: ((660, 0.0, 0.08, "triangle", 0.22),),
    True: ((880, 0.0, 0.05, "square", 0.06), (330, 0.03, 0.15, "triangle", 0.3)),
}


def on(cell: int) -> str:
    """The selector of the elements drawing the piece on `cell`."""
    return f'[data-on~="{cell}"]'


def pieces(root: Any, cells: tuple[int, ...]) -> list[Any]:
    """The elements under `root` drawing a piece on any of `cells`, each once, in order."""
    return list(root.querySelectorAll(",".join(on(cell) for cell in cells)))


def centre(elements: list[Any]) -> tuple[float, float]:
    """The middle, on screen, of the box round `elements`."""
    boxes = [element.getBoundingClientRect() for element in elements]
    left, right = min(b.left for b in boxes), max(b.right for b in boxes)
    top, bottom = min(b.top for b in boxes), max(b.bottom for b in boxes)
    return (left + right) / 2, (top + bottom) / 2


def reduced_motion() -> bool:
    return bool(window.matchMedia(REDUCED).matches)


def js(value: Any) -> Any:
    return to_js(value, dict_converter=window.Object.fromEntries)


def svg_element(name: str, **attributes: str) -> Any:
    element = document.createElementNS(SVG, name)
    for key, value in attributes.items():
        element.setAttribute(key.rstrip("_").replace("_", "-"), value)
    return element


def look_alike(element: Any) -> Any:
    """A copy of a piece's element (on screen) that looks the same but is no piece: its
    styles written on it, without its classes or data-* (nothing that finds the board's
    pieces finds it)."""
    copy = element.cloneNode(True)
    for source, target in zip(
        [element, *element.querySelectorAll("*")], [copy, *copy.querySelectorAll("*")], strict=True
    ):
        style = window.getComputedStyle(source)
        target.setAttribute(
            "style", ";".join(f"{name}:{style.getPropertyValue(name)}" for name in PAINT)
        )
        for name in ("class", "id", "data-on", "data-cell", "data-drag", "data-square"):
            target.removeAttribute(name)
    return copy


@dataclass
class Copy:
    """Look-alike copies of a piece's elements, and the matrix from their parent's units
    to the screen (where the piece was drawn)."""

    nodes: list[Any]
    matrix: tuple[float, float, float, float, float, float]


def copy_of(elements: list[Any]) -> Copy | None:
    """A copy of a piece drawn on screen now (None when there is nothing to copy)."""
    if not elements:
        return None
    m = elements[0].parentNode.getScreenCTM()
    if not found(m):
        return None
    return Copy([look_alike(e) for e in elements], (m.a, m.b, m.c, m.d, m.e, m.f))


@dataclass
class Plan:
    """A move to show once the board is written: what it did, and to animate it (else
    `old` is None) the board as it was, where each piece about to slide was on screen, and
    copies of the pieces taken and of those turned over, made from the board as it was."""

    change: Change
    old: Any = None
    starts: dict[int, tuple[float, float]] = field(default_factory=dict)
    taken: list[Copy] = field(default_factory=list)
    turned: list[tuple[int, Copy]] = field(default_factory=list)


class Animator:
    """The move animations of the page's board, and its sounds."""

    def __init__(self) -> None:
        self.shown: Shown | None = None  # what the board showed at the last render
        self.running: list[Any] = []  # the animations under way
        self.proxies: list[tuple[Any, Any]] = []  # (an animation, its onfinish)
        self.layer: Any = None  # the layer over the board, while a move runs
        self.sound = Sound()
        self.live: tuple[Plan, Any] | None = None  # the move under way, the board it is on
        self.watch()

    def watch(self) -> None:
        """Notice the board drawn afresh between renders (the pointer moved over it)."""
        board = by_id("board")
        if found(board):
            self.observer = window.MutationObserver.new(create_proxy(lambda *_: self.redrawn()))
            self.observer.observe(board, js({"childList": True}))

    def before(self, table: Table) -> Plan | None:
        """Before the board is written: stop what still runs, and note the move (if any)
        between what the board showed and what it is about to show."""
        self.stop()
        self.live = None
        session = table.session
        shown = Shown(
            table.game.id,
            session,
            tuple(session.moves),
            session.ply,
            table.view,
            tuple(table.seats),
        )
        step, self.shown = change(self.shown, shown), shown
        if step is None:
            return None
        old = document.querySelector("#board svg")
        if not step.motion or not found(old) or reduced_motion():
            return Plan(step)
        motion, plan = step.motion, Plan(step, old)
        for frm, _ in motion.slides:
            elements = pieces(old, (frm,))
            if elements:
                plan.starts[frm] = centre(elements)
        plan.taken = [c for c in (copy_of(pieces(old, cells)) for cells in motion.taken) if c]
        for cell in motion.turned:
            copy = copy_of(pieces(old, (cell,)))
            if copy is not None:
                plan.turned.append((cell, copy))
        return plan

    def after(self, plan: Plan | None) -> None:
        """Once the board is written: the move's sound, and its animation."""
        if plan is None:
            return
        step = plan.change
        if step.forward:
            self.sound.play(step.capture)
        svg = document.querySelector("#board svg")
        if plan.old is not None and found(svg):
            self.start(plan, svg, 0.0)

    def start(self, plan: Plan, svg: Any, elapsed: float) -> None:
        """Animate the move on the board drawn as `svg`, from `elapsed` ms into it."""
        try:
            self.animate(plan, svg)
            for animation in self.running:
                animation.currentTime = elapsed
        except Exception as err:  # never worth a broken board: show it as drawn
            self.stop()
            window.console.warn(f"move animation skipped: {err}")
            return
        self.live = (plan, svg)

    def redrawn(self) -> None:
        """The board was drawn afresh while a move's animation ran (a hover redraws it): the
        animation goes on, on the new drawing, from where it was (before the next paint)."""
        svg = document.querySelector("#board svg")
        if self.live is None or not self.running or not found(svg) or svg.isSameNode(self.live[1]):
            return
        plan = self.live[0]
        elapsed = max(float(animation.currentTime or 0) for animation in self.running)
        self.stop()
        self.start(plan, svg, elapsed)

    def animate(self, plan: Plan, svg: Any) -> None:
        motion, ms = plan.change.motion, plan.change.ms
        self.layer = svg_element("svg", class_="motion-layer", aria_hidden="true")
        box = svg.getBoundingClientRect()
        self.layer.setAttribute(
            "style",
            f"position:absolute;overflow:visible;"
            f"pointer-events:none;z-index:5;width:{box.width}px;"
            f"height:{box.height}px;left:{box.left + window.scrollX}px;"
            f"top:{box.top + window.scrollY}px",
        )
        document.body.appendChild(self.layer)
        origin = (box.left, box.top)
        for copy in plan.taken:
            self.run(self.show(copy, origin)[1], FADE, {"duration": ms})
        for cell, copy in plan.turned:  # the old face turns away, then the new in
            elements = pieces(svg, (cell,))
            face = copy_of(elements)  # (copied before it is made transparent)
            self.hide(elements, ms)
            self.run(
                self.show(copy, origin)[1],
                TURN_AWAY,
                {"duration": ms / 2, "easing": "ease-in", "fill": "forwards"},
            )
            self.run(
                self.show(face, origin)[1],
                TURN_IN,
                {"duration": ms / 2, "delay": ms / 2, "easing": "ease-out", "fill": "backwards"},
            )
        for cells in motion.placed:
            elements = pieces(svg, cells)
            drawn = copy_of(elements)  # (copied before it is made transparent)
            self.hide(elements, ms)
            self.run(self.show(drawn, origin)[1], DROP, {"duration": ms, "easing": "ease-out"})
        for frm, to in motion.slides:  # last: on top
            elements, start = pieces(svg, (to,)), plan.starts.get(frm)
            if not elements or start is None:
                continue
            (x, y), (dx, dy) = centre(elements), start
            drawn = copy_of(elements)
            self.hide(elements, ms)
            self.run(
                self.show(drawn, origin)[0],
                [
                    {"transform": f"translate({dx - x:.1f}px, {dy - y:.1f}px)"},
                    {"transform": "translate(0px, 0px)"},
                ],
                {"duration": ms, "easing": SLIDE_EASING},
            )

    def show(self, copy: Copy | None, origin: tuple[float, float]) -> tuple[Any, Any]:
        """Put a copy of a piece in the layer where it is drawn on screen: the group that
        moves it (in screen pixels) and the one that scales it (about its middle)."""
        if copy is None:
            return None, None
        a, b, c, d, e, f = copy.matrix
        moving = svg_element("g", class_="moving")
        placed = svg_element(
            "g", transform=f"matrix({a} {b} {c} {d} {e - origin[0]} {f - origin[1]})"
        )
        scaling = svg_element("g", style="transform-box:fill-box;transform-origin:center")
        for node in copy.nodes:
            scaling.appendChild(node)
        placed.appendChild(scaling)
        moving.appendChild(placed)
        self.layer.appendChild(moving)
        return moving, scaling

    def hide(self, elements: list[Any], ms: float) -> None:
        """The board's own piece drawn transparent while its copy moves."""
        for element in elements:
            self.run(element, HIDDEN, {"duration": ms})

    # ---- running and stopping

    def run(self, target: Any, frames: list[dict], timing: dict) -> None:
        """Animate `target` (nothing when None)."""
        if target is None:
            return
        animation = target.animate(js(frames), js(timing))
        self.running.append(animation)
        proxy = create_proxy(lambda event: self.finish(animation))
        self.proxies.append((animation, proxy))
        animation.onfinish = proxy

    def finish(self, animation: Any) -> None:
        if animation in self.running:
            self.running.remove(animation)
        if not self.running:  # all done: the board shows as drawn
            self.drop_layer()

    def drop_layer(self) -> None:
        if self.layer is not None:
            self.layer.remove()
            self.layer = None

    def stop(self) -> None:
        """Stop every animation still running and take the layer away."""
        running, self.running = self.running, []
        for animation in running:
            animation.cancel()
        self.drop_layer()
        for animation, proxy in self.proxies:
            animation.onfinish = None  # a finish event already on its way calls nothing
            proxy.destroy()
        self.proxies = []


# --------------------------------------------------------------------------- sounds


class Sound:
    """The Sound toggle and its tones."""

    def __init__(self) -> None:
        self.context: Any = None
        self.on = stored(SOUND_KEY) == "on"  # storage blocked: off until turned on
        self.show()

    def show(self) -> None:
        button = by_id("sound")
        if found(button):
            button.setAttribute("aria-pressed", "true" if self.on else "false")

    def toggle(self) -> None:
        self.on = not self.on
        store(SOUND_KEY, "on" if self.on else "off")  # blocked: not kept, but on for now
        self.show()
        self.play(False)  # a sample (and a click lets the page start its sound)

    def play(self, capture: bool) -> None:
        """A move's tone (a capture's when `capture`), when sound is on."""
        if not self.on:
            return
        try:
            context = self.audio()
            now = context.currentTime
            for frequency, start, length, wave, volume in TONES[capture]:
                self.tone(context, now + start, frequency, length, wave, volume)
        except Exception as err:  # no audio here: silence, the game goes on
            window.console.warn(f"move sound skipped: {err}")

    def audio(self) -> Any:
        if self.context is None:
            self.context = window.AudioContext.new()
        if self.context.state == "suspended":
            self.context.resume()
        return self.context

    @staticmethod
    def tone(
        context: Any, at: float, frequency: float, length: float, wave: str, volume: float
    ) -> None:
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
