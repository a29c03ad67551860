"""Connected groups on a board: each cell's orthogonal neighbours on a square grid
(`grid_neighbours`, cells numbered row * width + col) and the one flood fill the games
share (`connected_groups`: Rug Pile's areas, Wythe's groups, Petrify's patches and groups).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

_NEIGHBOURS: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {}


def grid_neighbours(width: int, height: int | None = None) -> tuple[tuple[int, ...], ...]:
    """Orthogonal neighbours of each cell index (row * width + col), cached per size."""
    height = width if height is None else height
    key = (width, height)
    if key not in _NEIGHBOURS:
        table = []
        for row in range(height):
            for col in range(width):
                near = [row * width + c for c in (col - 1, col + 1) if 0 <= c < width]
                near += [r * width + col for r in (row - 1, row + 1) if 0 <= r < height]
                table.append(tuple(near))
        _NEIGHBOURS[key] = tuple(table)
    return _NEIGHBOURS[key]


def connected_groups(
    cells: Iterable[int], neighbours: Sequence[Sequence[int]], key: Sequence[object] | None = None
) -> list[list[int]]:
    """Maximal connected sets among `cells` (indices into `neighbours`; joined when `key` is
    None or equal for both), in the order of their first cell in `cells`, each starting with it.

    On a 3×3 board (cells 0 1 2 / 3 4 5 / 6 7 8 from the bottom), the corners 0 and 8 with the
    middle row between them, and the same cells joined only where their colours match:

    >>> connected_groups([0, 8, 3, 4, 5], grid_neighbours(3))
    [[0, 3, 4, 5, 8]]
    >>> colour = [1, 0, 0, 1, 2, 2, 0, 0, 2]
    >>> connected_groups([0, 8, 3, 4, 5], grid_neighbours(3), colour)
    [[0, 3], [8, 5, 4]]
    """
    order = list(cells)
    left = [False] * len(neighbours)  # flags rather than a set: fewer calls (Pyodide)
    for cell in order:
        left[cell] = True
    groups = []
    for start in order:
        if left[start]:
            left[start] = False
            group = [start]
            for here in group:  # the list grows while it is walked
                for there in neighbours[here]:
                    if left[there] and (key is None or key[here] == key[there]):
                        left[there] = False
                        group.append(there)
            groups.append(group)
    return groups
