"""The page's layouts by the screen's size, as media queries (web/style.css says what each
lays out): written in several style sheets and in web/browser/board_input.py, and each the
complement of another.  Every layout query is evaluated here on screens around its edges
and compared with the layouts as designed, so a query changed in one place, or an edge
left between two layouts (a screen with both, or with neither), fails."""

import ast
import re
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHEETS = [ROOT / "web" / "style.css", ROOT / "web" / "lesson.css"]
SHEETS += sorted((ROOT / "web" / "boards").glob("*.css"))

Layout = Callable[[int, int], bool]  # width, height (CSS px) -> the layout applies


def phone(w: int, h: int) -> bool:
    """A phone held upright (or a small window), or a tablet held upright."""
    return (w <= 760 and h >= 501) or (w <= 1199 and h >= w)


def sideways(w: int, h: int) -> bool:
    """A phone held sideways: wider than tall, at most 500 px tall."""
    return w > h and h <= 500


def two_columns(w: int, h: int) -> bool:
    """The board beside the side column: a desktop, a tablet turned, a phone sideways."""
    return not phone(w, h)


def folded(w: int, h: int) -> bool:
    """The games and More as menus (the phone's compact top bar): a phone either way."""
    return phone(w, h) or sideways(w, h)


def flat(w: int, h: int) -> bool:
    """The menus laid flat in the top bar and the side column's bar."""
    return not folded(w, h)


LAYOUTS: dict[str, Layout] = {
    "phone": phone,
    "sideways": sideways,
    "two columns": two_columns,
    "folded menus": folded,
    "flat menus": flat,
}
EDGES = [320, 360, 375, 390, 430, 480, 499, 500, 501, 502, 600, 667, 740, 759, 760, 761, 762]
EDGES += [810, 844, 932, 1024, 1080, 1198, 1199, 1200, 1201, 1366, 1920]
SCREENS = [(w, h) for w in EDGES for h in EDGES]
FEATURE = re.compile(
    r"\((min|max)-(width|height): (\d+)px\)|\(orientation: (portrait|landscape)\)"
)


def matches(query_list: str, w: int, h: int) -> bool:
    """Whether a media query list matches a screen; a feature other than its size and
    orientation (pointer: coarse) counts as not matching."""
    for query in query_list.split(","):
        features = re.findall(r"\([^)]*\)", query)
        if all(feature_matches(feature, w, h) for feature in features):
            return True
    return False


def feature_matches(feature: str, w: int, h: int) -> bool:
    found = FEATURE.fullmatch(feature)
    if found is None:
        return False
    bound, side, px, orientation = found.groups()
    if orientation:
        return (h >= w) == (orientation == "portrait")
    size = w if side == "width" else h
    return size >= int(px) if bound == "min" else size <= int(px)


def layout_of(query: str) -> str | None:
    """The layout a query lays out, by the screens it matches."""
    shape = [matches(query, w, h) for w, h in SCREENS]
    for name, layout in LAYOUTS.items():
        if shape == [layout(w, h) for w, h in SCREENS]:
            return name
    return None


def layout_queries() -> list[tuple[str, str]]:
    """Every @media query of the style sheets that depends on the screen's size and
    orientation, with its sheet's name (a narrow screen's font tweaks aside: 480, 600 px)."""
    found = []
    for sheet in SHEETS:
        for query in re.findall(r"@media ([^{]*)\{", sheet.read_text()):
            query = " ".join(query.split())
            if re.search(r"(500|501|760|761|1199|1200)px", query):
                found.append((sheet.name, query))
    return found


def test_the_layouts_cover_every_screen_once():
    for w, h in SCREENS:
        assert phone(w, h) != two_columns(w, h)
        assert folded(w, h) != flat(w, h)
        assert sideways(w, h) == (two_columns(w, h) and folded(w, h)), (w, h)


def test_the_layouts_put_the_screens_people_use_where_designed():
    assert phone(375, 812) and phone(810, 1080) and phone(700, 700)
    assert sideways(844, 390) and sideways(740, 360) and sideways(667, 375)
    assert flat(1366, 768) and flat(1080, 810) and flat(1024, 768) and flat(1920, 1080)
    assert not sideways(1366, 768) and not sideways(375, 812)


def test_every_layout_query_lays_out_one_layout():
    queries = layout_queries()
    assert len({sheet for sheet, _ in queries}) >= 4, queries  # style, lesson, two boards
    narrow_desktop = [q for sheet, q in queries if "min-width: 761px) and (max-width: 1199px" in q]
    assert len(narrow_desktop) == 1
    for sheet, query in queries:
        if query in narrow_desktop:  # the top bar's buttons closer: a part of the flat menus'
            inside = [matches(query, w, h) <= flat(w, h) for w, h in SCREENS]
            assert all(inside) and any(matches(query, w, h) for w, h in SCREENS), query
            continue
        assert layout_of(query) is not None, f"{sheet}: @media {query} is no layout"


def test_the_board_is_fitted_on_the_screens_with_folded_menus():
    """board_input.py measures the board for a finger where the menus fold (a phone either
    way): its query is the style sheets' own."""
    source = ast.parse((ROOT / "web" / "browser" / "board_input.py").read_text())
    named = [
        ast.literal_eval(node.value)
        for node in source.body
        if isinstance(node, ast.Assign)
        and [getattr(target, "id", "") for target in node.targets] == ["SMALL_SCREEN"]
    ]
    assert len(named) == 1, "board_input.py names no SMALL_SCREEN query"
    assert layout_of(named[0]) == "folded menus"
    assert named[0] in {query.strip() for _, query in layout_queries()}


def test_the_evaluator_tells_the_layouts_apart():
    """The check above is only as good as `matches`: the old phone query (a phone sideways
    in the phone's layout) is none of the layouts."""
    assert layout_of("(max-width: 760px), (max-width: 1199px) and (orientation: portrait)") is None
    assert matches("(pointer: coarse)", 375, 812) is False
    assert matches("(orientation: landscape) and (max-height: 500px)", 844, 390)
