"""engine/contract/groups.py's connected_groups: the one flood fill (Petrify's patches and groups,
Rug Pile's areas, Wythe's groups)."""

from engine.contract.groups import connected_groups, grid_neighbours

# A 4×3 board, row 0 first: 1 1 0 2 / 0 1 0 2 / 2 0 1 1
BOARD = (1, 1, 0, 2, 0, 1, 0, 2, 2, 0, 1, 1)
NEAR = grid_neighbours(4, 3)


def test_without_a_key_every_neighbour_joins():
    cells = [sq for sq, held in enumerate(BOARD) if held]
    groups = connected_groups(cells, NEAR)
    assert [sorted(g) for g in groups] == [[0, 1, 5], [3, 7, 10, 11], [8]]


def test_a_key_joins_only_equal_neighbours():
    groups = connected_groups(range(12), NEAR, BOARD)
    assert [sorted(g) for g in groups] == [[0, 1, 5], [2, 6], [3, 7], [4], [8], [9], [10, 11]]


def test_groups_come_in_order_of_their_first_cell_and_start_with_it():
    cells = [11, 3, 0, 7, 1, 5, 8, 10]
    groups = connected_groups(cells, NEAR, BOARD)
    assert [g[0] for g in groups] == [11, 3, 0, 8]
    assert sorted(sq for g in groups for sq in g) == sorted(cells)
