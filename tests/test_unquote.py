"""A bad link's legal part is found after decoding its escapes leniently, exactly as
urllib.parse.unquote does (engine/formats/record.py does it without urllib, which would cost the
page's start-up urllib and ipaddress)."""

import urllib.parse

import pytest

from engine.formats.record import unquote_link


def test_a_lenient_unquote_by_hand():
    assert unquote_link("a%20b%C3%A9%", strict=False) == "a bé%"
    assert unquote_link("%E2%82a%AC%zz", strict=False) == "\ufffda\ufffd%zz"  # broken UTF-8


@pytest.mark.parametrize(
    "link",
    [
        "wythe/1/size=8/%E2%82%AC",
        "%C3x%C3%A9",
        "%E2%82a%AC",
        "%zz%4",
        "%FF%FE%41",
        "a%20b%",
        "%F0%9F%82%A1%F0%9F",
        "%e2%82%ac",
    ],
)
def test_a_lenient_unquote_matches_urllib(link):
    assert unquote_link(link, strict=False) == urllib.parse.unquote(link, errors="replace")
