"""The puzzle generator's command line (lab/README.md, "Puzzles").

python3 -m lab.puzzles run --minutes 60                # every game, round robin
python3 -m lab.puzzles run --games rugpile --minutes 5
python3 -m lab.puzzles write                           # the collections from the state
python3 -m lab.puzzles report                          # counts, reasons, difficulties
"""

from __future__ import annotations

import argparse
import itertools
import time
from collections.abc import Iterator

from engine import games

from . import collection
from .candidates import Candidate, branched, played, recorded
from .solve import solve


def candidates(game_id: str) -> Iterator[Candidate]:
    """The game's candidates in order: the recorded games', their branches', then new games'
    (seeds 1, 2, …)."""
    yield from recorded(game_id)
    yield from branched(game_id)
    for seed in itertools.count(1):
        yield from played(game_id, seed)


def run(game_ids: list[str], minutes: float, scale: float) -> None:
    """Judge candidates round robin over the games until `minutes` of wall time passed; a
    candidate near a puzzle kept from its game (collection.SPACING) is skipped unjudged, as
    the collection would leave it out."""
    deadline = time.monotonic() + 60 * minutes
    done = {g: {e["key"] for e in collection.read_state(g)} for g in game_ids}
    near = {g: collection.kept_starts(g) for g in game_ids}
    sources = {g: candidates(g) for g in game_ids}
    while game_ids and time.monotonic() < deadline:
        for game_id in list(game_ids):
            if time.monotonic() >= deadline:
                break
            began = time.process_time()  # finding the candidate counts too (new games)
            candidate = next(
                (
                    c
                    for c in sources[game_id]
                    if c.key not in done[game_id] and not near[game_id].near(c.key, len(c.moves))
                ),
                None,
            )
            if candidate is None:
                game_ids.remove(game_id)
                continue
            verdict, record = solve(games.get(game_id), candidate, scale)
            cpu = round(time.process_time() - began, 1)
            entry = {"key": candidate.key, "verdict": verdict, "cpu": cpu}
            if record:
                entry["puzzle"] = record
            collection.append_state(game_id, entry)
            done[game_id].add(candidate.key)
            if verdict == "kept":
                near[game_id].add(candidate.key, len(candidate.moves))
                collection.write(game_id)
            progress(game_id, candidate, verdict, cpu)


def progress(game_id: str, candidate: Candidate, verdict: str, cpu: float) -> None:
    counts = collection.tally(game_id)["verdicts"]
    judged = sum(counts.values())
    print(
        f"{time.strftime('%H:%M:%S')} {game_id:<10} judged {judged:>4}, kept "
        f"{counts['kept']:>3} | {candidate.key} ({candidate.swing:+.2f}): {verdict}, {cpu} s",
        flush=True,
    )


def report(game_ids: list[str]) -> None:
    for game_id in game_ids:
        t = collection.tally(game_id)
        judged = sum(t["verdicts"].values())
        kept = t["verdicts"]["kept"]
        hours = t["cpu"] / 3600
        rate = f"{kept / hours:.1f} puzzles per CPU hour" if hours else "no CPU time yet"
        print(f"{game_id}: {kept} kept of {judged} judged, {t['cpu'] / 60:.0f} CPU min ({rate})")
        for reason, n in t["verdicts"].most_common():
            if reason != "kept":
                print(f"    dropped {n:>4}: {reason}")
        print(
            f"    goals {dict(t['goals'])}, phases {dict(t['phases'])}, motifs {dict(t['motifs'])}"
        )
        print(f"    difficulties {t['difficulty']}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="lab.puzzles", description=__doc__.split("\n")[0])
    parser.add_argument("command", choices=("run", "write", "report"))
    parser.add_argument("--games", default=",".join(games.ids()), help="game ids, comma-separated")
    parser.add_argument("--minutes", type=float, default=60.0, help="run: wall minutes to run")
    parser.add_argument("--scale", type=float, default=1.0, help="run: every budget times this")
    args = parser.parse_args(argv)
    game_ids = args.games.split(",")
    if args.command == "run":
        run(game_ids, args.minutes, args.scale)
    elif args.command == "write":
        for game_id in game_ids:
            print(f"{game_id}: {collection.write(game_id)} puzzles")
    report(game_ids)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
