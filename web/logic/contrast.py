"""Colours as the page computes them, and a line that stands out: the win-chance graph draws
each seat's line in the colour that seat plays, unless that colour is too faint on the graph
(White's on a light page, Black's on a dark one), when the line takes the nearest colour that
stands out as well as the others do (web/browser/graph_panel.py).  Pure Python, tested in
CPython (tests/test_contrast.py).
"""

from __future__ import annotations

import re

Rgb = tuple[int, int, int]

LEAST_CONTRAST = 3.0  # a line against the graph's background (WCAG 2.1's for graphics)
_COLOUR = re.compile(r"rgba?\([^)]*\)|color\(srgb[^)]*\)")
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)%?")


def parse(text: str) -> tuple[Rgb, float] | None:
    """A computed CSS colour ("rgb(1, 2, 3)", "rgba(1, 2, 3, 0.5)", "rgb(1 2 3 / 50%)",
    "color(srgb 0.1 0.2 0.3)") as (red, green, blue) from 0 to 255 and its alpha; None for
    anything else."""
    text = text.strip()
    if not _COLOUR.fullmatch(text):
        return None
    numbers = [float(n[:-1]) / 100 if n.endswith("%") else float(n) for n in _NUMBER.findall(text)]
    if len(numbers) not in (3, 4):
        return None
    scale = 255.0 if text.startswith("color(") else 1.0
    red, green, blue = (round(min(255.0, max(0.0, n * scale))) for n in numbers[:3])
    return (red, green, blue), numbers[3] if len(numbers) == 4 else 1.0


def seen(background_color: str, background_image: str = "none") -> Rgb | None:
    """The colour an element's background shows: its colour when opaque, else the mean of
    the colours of its image (a gradient: Stigmergy's Black stone on a dark page); None when
    neither says."""
    colour = parse(background_color)
    if colour is not None and colour[1] > 0.5:
        return colour[0]
    stops = [c[0] for c in map(parse, _COLOUR.findall(background_image)) if c is not None]
    if not stops:
        return colour[0] if colour is not None else None
    red, green, blue = (round(sum(c[i] for c in stops) / len(stops)) for i in range(3))
    return red, green, blue


def luminance(colour: Rgb) -> float:
    """Relative luminance (WCAG 2)."""
    channels = [c / 255 for c in colour]
    red, green, blue = (
        c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels
    )
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(one: Rgb, other: Rgb) -> float:
    """The contrast ratio of two colours, from 1 (the same) to 21 (black on white)."""
    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def standing_out(colour: Rgb, background: Rgb, least: float = LEAST_CONTRAST) -> Rgb:
    """`colour` if it stands out on `background` by at least `least`, else the colour mixed
    with black (on a light background) or white (on a dark one) just enough that it does."""
    if contrast(colour, background) >= least:
        return colour
    toward = (
        (0, 0, 0)
        if contrast((0, 0, 0), background) >= contrast((255,) * 3, background)
        else (255, 255, 255)
    )
    mixed = colour
    for step in range(1, 21):
        share = step / 20
        red, green, blue = (
            round(c + (t - c) * share) for c, t in zip(colour, toward, strict=True)
        )
        mixed = (red, green, blue)
        if contrast(mixed, background) >= least:
            break
    return mixed


def css(colour: Rgb) -> str:
    return f"rgb({colour[0]}, {colour[1]}, {colour[2]})"
