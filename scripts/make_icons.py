"""Write the app icons (icons/icon.svg, icons/icon-192.png, icons/icon-512.png): four
overlapping rug tiles in the page's player colours on a dark square.  Pure Python (zlib),
so no imaging library is needed:  python3 scripts/make_icons.py"""

import struct
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BG = (0x1f, 0x23, 0x28)
# (x, y, w, h) in a 16x16 grid, drawn in order (later tiles lie on top), and their colours
TILES = [((2, 2, 7, 7), (0xd5, 0x5e, 0x00)), ((7, 3, 7, 5), (0x00, 0x72, 0xb2)),
         ((3, 7, 5, 7), (0x00, 0x9e, 0x73)), ((6, 6, 6, 6), (0xe6, 0xc6, 0x19))]


def svg() -> str:
    rects = "".join(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="0.6" '
                    f'fill="#{r:02x}{g:02x}{b:02x}" stroke="#1f2328" stroke-width="0.5"/>'
                    for (x, y, w, h), (r, g, b) in TILES)
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16">'
            '<rect width="16" height="16" rx="3" fill="#1f2328"/>' + rects + "</svg>\n")


def png(size: int) -> bytes:
    cell = size / 16
    edge = max(1, round(size / 64))
    rows = []
    for py in range(size):
        row = bytearray([0])
        for px in range(size):
            colour = BG
            for (x, y, w, h), c in TILES:
                x0, y0, x1, y1 = x * cell, y * cell, (x + w) * cell, (y + h) * cell
                if x0 <= px < x1 and y0 <= py < y1:
                    inner = x0 + edge <= px < x1 - edge and y0 + edge <= py < y1 - edge
                    colour = c if inner else BG
            row += bytes(colour)
        rows.append(bytes(row))

    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))


if __name__ == "__main__":
    (ROOT / "icons").mkdir(exist_ok=True)
    (ROOT / "icons" / "icon.svg").write_text(svg())
    for size in (192, 512):
        (ROOT / "icons" / f"icon-{size}.png").write_bytes(png(size))
    print("icons written")
