"""A line that stands out on the graph (web/logic/contrast.py): colours read as the browser
computes them, and a seat's colour kept, or darkened or lightened just enough, by the ratio."""

from web.logic.contrast import LEAST_CONTRAST, contrast, css, parse, seen, standing_out

LIGHT_PLOT = (245, 244, 241)  # the graph's background on a light page (about)
DARK_PLOT = (39, 42, 49)  # and on a dark one
WHITE_STONE, BLACK_STONE = (251, 250, 246), (29, 29, 31)
BLUE = (0, 114, 178)  # the palette's --p1


def test_colours_are_read_as_the_browser_writes_them():
    assert parse("rgb(0, 114, 178)") == ((0, 114, 178), 1.0)
    assert parse("rgba(1, 2, 3, 0.5)") == ((1, 2, 3), 0.5)
    assert parse("rgb(1 2 3 / 50%)") == ((1, 2, 3), 0.5)
    assert parse("color(srgb 1 0.5 0)") == ((255, 128, 0), 1.0)  # a color-mix(), computed
    assert parse("red") is None and parse("") is None


def test_a_gradient_shows_the_mean_of_its_colours():
    # Stigmergy's Black stone on a dark page: a transparent colour and a gradient
    image = "radial-gradient(at 35% 35%, rgb(150, 150, 150), rgb(60, 60, 60) 40%, rgb(0, 0, 0))"
    assert seen("rgba(0, 0, 0, 0)", image) == (70, 70, 70)
    assert seen("rgb(0, 114, 178)", "none") == BLUE
    assert seen("rgba(0, 0, 0, 0)") == (0, 0, 0) and seen("none") is None


def test_the_contrast_ratio():
    assert contrast((0, 0, 0), (255, 255, 255)) == 21.0
    assert contrast(BLUE, BLUE) == 1.0


def test_a_faint_line_is_darkened_or_lightened_just_enough():
    # White's line on a light page, Black's on a dark one: moved until they stand out
    white_on_light = standing_out(WHITE_STONE, LIGHT_PLOT)
    black_on_dark = standing_out(BLACK_STONE, DARK_PLOT)
    for line, plot in ((white_on_light, LIGHT_PLOT), (black_on_dark, DARK_PLOT)):
        assert contrast(line, plot) >= LEAST_CONTRAST
    assert max(white_on_light) < 160 and min(black_on_dark) > 80  # grey, not the far end
    # just enough: a 5% step less would not have stood out
    assert contrast(standing_out(WHITE_STONE, LIGHT_PLOT, 2.5), LIGHT_PLOT) < LEAST_CONTRAST
    # and the two lines of a game stay apart: White's grey against Black's near-black
    assert contrast(white_on_light, BLACK_STONE) >= LEAST_CONTRAST
    # a colour that stands out already is kept
    assert standing_out(BLUE, LIGHT_PLOT) == BLUE
    assert standing_out(WHITE_STONE, DARK_PLOT) == WHITE_STONE
    assert standing_out(BLACK_STONE, LIGHT_PLOT) == BLACK_STONE
    assert css((1, 2, 3)) == "rgb(1, 2, 3)"
