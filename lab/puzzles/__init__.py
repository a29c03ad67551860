"""Puzzles mined by the engine (issue 58): positions just after a mistake, and the one line
that punishes it, verified by a deep search and, where the end is near, proven.

candidates.py finds the positions, solve.py judges each (criteria.py, exact.py,
searching.py), rating.py rates the kept ones, motifs.py tags them, collection.py keeps the
state and writes engine/games/<game>/puzzles.json; `python3 -m lab.puzzles --help`.
"""
