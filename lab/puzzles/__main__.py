"""The puzzle generator's command line (lab/README.md, "Puzzles").

python3 -m lab.puzzles run --minutes 60                # every game, round robin
python3 -m lab.puzzles run --games rugpile --minutes 5
python3 -m lab.puzzles run --games petrify --sources endings,fresh
python3 -m lab.puzzles run --games gwyddbwyll --sources tactics
python3 -m lab.puzzles run --games petrify --sources easy --shard 2/2   # seeds 2, 4, 6, …
python3 -m lab.puzzles write                           # the collections from the state
python3 -m lab.puzzles report                          # counts, reasons, difficulties
python3 -m lab.puzzles recheck --games rugpile         # kept lines searched out to the end
python3 -m lab.puzzles prove                           # mark the lines proven to the end
"""

from __future__ import annotations

import argparse
import itertools
import time
from collections.abc import Iterator

from engine import games

from . import boards, collection
from .candidates import (
    Candidate,
    branched,
    endings,
    fresh_endings,
    played,
    recorded,
)
from .solve import proven_to_the_end, second_win, solve
from .tactical import SCANNED, tactical

# candidates.py says what each is, tactical.py "tactics" (Gwyddbwyll's alpha-beta scan)
SOURCES = ("endings", "recorded", "branched", "fresh", "easy", "played", "tactics")


def candidates(
    game_id: str, sources: tuple[str, ...] = SOURCES, shard: tuple[int, int] = (1, 1)
) -> Iterator[Candidate]:
    """The game's candidates from `sources` in order: the recorded games' ends searched out,
    the recorded games', their branches', then new games' (seeds 1, 2, …): each seed's
    medium game's end searched out, its easy game's, its noisy game, and its noisy easy
    game scanned by the alpha-beta (Gwyddbwyll).  A game's end
    whose candidates a run has all taken (candidates.searched) is not searched out, nor its
    game played, again.  With `shard` (k, n), n runs at once share no candidate: the k-th
    takes the new games of seeds k, k + n, k + 2n, … and only the first the recorded ones."""
    if shard[0] != 1 or not boards.at_defaults(game_id):  # the recorded games: see boards.py
        sources = tuple(s for s in sources if s not in ("endings", "recorded", "branched"))
    if "endings" in sources:
        yield from endings(game_id)
    if "recorded" in sources:
        yield from recorded(game_id)
    if "branched" in sources:
        yield from branched(game_id)
    if game_id not in SCANNED:
        sources = tuple(s for s in sources if s != "tactics")  # it would find none, for ever
    if not {"fresh", "easy", "played", "tactics"} & set(sources):
        return
    for seed in itertools.count(shard[0], shard[1]):
        if "fresh" in sources:
            yield from fresh_endings(game_id, seed)
        if "easy" in sources:
            yield from fresh_endings(game_id, seed, "easy")
        if "played" in sources:
            yield from played(game_id, seed)
        if "tactics" in sources:
            yield from tactical(game_id, seed)


def run(
    game_ids: list[str],
    minutes: float,
    scale: float,
    sources: tuple[str, ...] = SOURCES,
    shard: tuple[int, int] = (1, 1),
) -> None:
    """Judge candidates round robin over the games until `minutes` of wall time passed; a
    candidate near a puzzle kept from its game (collection.SPACING) is skipped unjudged, as
    the collection would leave it out."""
    deadline = time.monotonic() + 60 * minutes
    done = {g: {e["key"] for e in collection.read_state(g)} for g in game_ids}
    near = {g: collection.kept_starts(g) for g in game_ids}
    found = {g: candidates(g, sources, shard) for g in game_ids}
    while game_ids and time.monotonic() < deadline:
        for game_id in list(game_ids):
            if time.monotonic() >= deadline:
                break
            began = time.process_time()  # finding the candidate counts too (new games)
            candidate = next(
                (
                    c
                    for c in found[game_id]
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


def recheck(game_ids: list[str]) -> None:
    """Search the kept puzzles' lines out to the end where that is quick (solve.second_win),
    and drop those with a second winning move: their verdict becomes the reason, and
    "was": "kept" says what it was.  The searches and short proofs of an earlier run could
    not see a second win that takes longer; the collections are written again."""
    for game_id in game_ids:
        game = games.get(game_id)
        entries = collection.read_state(game_id)
        for entry in entries:
            if entry["verdict"] != "kept" or entry["key"].split(":")[0].endswith("end"):
                continue  # an ending's line was searched out already
            record = entry["puzzle"]
            reason = second_win(game, collection.start(game, record), record["solution"])
            if reason is not None:
                entry.update(verdict=reason, was="kept")
                print(f"{game_id} {entry['key']}: {reason}", flush=True)
        collection.rewrite_state(game_id, entries)
        print(f"{game_id}: {collection.write(game_id)} puzzles")


def prove(game_ids: list[str]) -> None:
    """Mark each kept puzzle whose record does not say yet whether its line (as the
    collection ships it: collection.trimmed) is proven to the game's end
    (solve.proven_to_the_end), and write the collections again: the page then knows a wrong
    move throws the win away, whatever its quick judgement says."""
    for game_id in game_ids:
        game = games.get(game_id)
        entries = collection.read_state(game_id)
        for entry in entries:
            if entry["verdict"] != "kept" or "proven" in entry["puzzle"]:
                continue
            record = entry["puzzle"]
            line = collection.trimmed(game, record)["solution"]
            record["proven"] = proven_to_the_end(game, collection.start(game, record), line)
        collection.rewrite_state(game_id, entries)
        proven = sum(p.proven for p in collection.puzzles(game_id))
        print(f"{game_id}: {collection.write(game_id)} puzzles, {proven} proven to the end")


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


def shard_of(text: str) -> tuple[int, int]:
    """`--shard k/n` as (k, n), 1 <= k <= n."""
    k, _, n = text.partition("/")
    if not (k.isdigit() and n.isdigit() and 1 <= int(k) <= int(n)):
        raise argparse.ArgumentTypeError(f"{text!r} is not k/n with 1 <= k <= n")
    return int(k), int(n)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="lab.puzzles", description=__doc__.split("\n")[0])
    parser.add_argument("command", choices=("run", "write", "report", "recheck", "prove"))
    parser.add_argument("--games", default=",".join(games.ids()), help="game ids, comma-separated")
    parser.add_argument("--minutes", type=float, default=60.0, help="run: wall minutes to run")
    parser.add_argument(
        "--sources", default=",".join(SOURCES), help="run: candidate sources, comma-separated"
    )
    parser.add_argument(
        "--shard",
        type=shard_of,
        default=(1, 1),
        help="run: k/n, the new games of seeds k, k + n, … only (n runs at once, k = 1 … n)",
    )
    parser.add_argument("--scale", type=float, default=1.0, help="run: every budget times this")
    args = parser.parse_args(argv)
    game_ids = args.games.split(",")
    if args.command == "run":
        run(list(game_ids), args.minutes, args.scale, tuple(args.sources.split(",")), args.shard)
        prove(game_ids)
    elif args.command == "recheck":
        recheck(game_ids)
    elif args.command == "prove":
        prove(game_ids)
    elif args.command == "write":
        for game_id in game_ids:
            print(f"{game_id}: {collection.write(game_id)} puzzles")
    report(game_ids)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
