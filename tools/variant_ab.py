"""Paired A/B of two expert variants against the heuristic, replaying only the
games where the new variant decided differently.

Each duel game (every deal, all six seatings, A = ``--new`` or ``--old``,
B = heuristic) is first played with ``--new``.  A search player's simulations
draw from a generator of their own for each decision, so when none of its pre-play decisions differed
from the heuristic's, the game is the same with either variant (both decide as
the heuristic, and the card play draws the same numbers): its difference is
exactly zero and it is not replayed.  Otherwise the game is replayed with
``--old`` and the difference of A-B (Seeger-Fabian points per seat-game) is
counted.  ``--old`` must decide like the heuristic wherever ``--new`` does
(``expert-heuristic``, or a variant that simulates less, e.g. ``expert-null``
against ``expert-post``).  ``--flag`` names the player attribute that marks
a game to replay (``hand_deviated``: only the Hand-or-skat choice; ``bid_deviated``
with ``--old expert-post``: only the bids and the Hand choice of a bidding style).
``--new-set module:NAME=literal`` changes a constant for the new variant only
(e.g. a calibration: ``--new expert-post --old expert-post``).  ``--calls``
compares the two variants' calls instead of a flag: each game is played up to
the card play with both, and only a game whose actions before the play differ
is played out, with both (the card play draws from the player's own generator,
which the simulated calls leave alone, so the same calls mean the same game;
the cheap way to measure a change of the calls alone).  So ``--calls`` takes one
player for both (``--new`` and ``--old`` alike) and ``--new-set`` constants that
only the calls read: a constant the card play reads would change games whose
calls agree, which are never played.  Prints JSON.

    PYTHONPATH=game python3 tools/variant_ab.py --new expert-post --deals 60 --jobs 1
"""

from __future__ import annotations

import argparse
import ast
import importlib
import json
import sys
from typing import Any

from skat.ai.base import decide_now
from skat.ai.expert.player import SearchPlayer
from skat.engine.match import new_hand
from skat.engine.skat_hand import Phase
from skat.lab import duel
from skat.lab.duel import SKAT_SEATINGS, DuelConfig, hand_points, mean_ci
from skat.lab.parallel import unordered


def play(
    config: DuelConfig, deck: tuple[int, ...], seating: str, game_no: int, index: int, flag: str = "deviated"
) -> tuple[list[int], bool, str]:
    """(points per seat, whether an A player deviated, what was declared)."""
    rules = duel.RULES[config.game][config.rules]
    players = duel.seat_players(config, seating, game_no, index)
    for p in players:
        if isinstance(p, SearchPlayer):
            p.track_deviations = True
    state = new_hand(config.game, rules, deck)

    while not state.done:
        seat = state.to_move
        assert seat is not None
        state.apply(decide_now(players[seat], state.observe(seat), 10.0))
    result = state.result
    assert result is not None
    deviated = any(getattr(p, flag, False) for p, who in zip(players, seating, strict=True) if who == "A")
    what = f"{result.game}{'H' if result.hand else ''} d={result.declarer} won={result.won} v={result.value}"
    return hand_points(config.game, result), deviated, what


def parse_setting(text: str) -> tuple[object, str, object]:
    """``module:NAME=literal`` as (module, name, value): a constant the new
    variant changes (e.g. a calibration), restored for the old one."""
    target, _, literal = text.partition("=")
    module_name, _, name = target.partition(":")
    module = importlib.import_module(module_name)
    getattr(module, name)  # must exist
    return module, name, ast.literal_eval(literal)


def calls(config: DuelConfig, deck: tuple[int, ...], seating: str, game_no: int, index: int) -> list[int]:
    """The actions of one duel game before its card play (the duel's players and generators)."""
    players = duel.seat_players(config, seating, game_no, index)
    state = new_hand(config.game, duel.RULES[config.game][config.rules], deck)
    actions: list[int] = []
    while not state.done and state.phase != Phase.PLAY:
        seat = state.to_move
        assert seat is not None
        actions.append(decide_now(players[seat], state.observe(seat), 10.0))
        state.apply(actions[-1])
    return actions


def with_settings(settings: list[tuple[object, str, object]], originals: list[object], restore: bool = False) -> None:
    """Set the new variant's constants (or put the originals back)."""
    for (m, n, v), original in zip(settings, originals, strict=True):
        setattr(m, n, original if restore else v)


def ab_deal(args: tuple[str, str, int, int, int, str, list[str], str]) -> dict[str, Any]:
    new, old, seed, samples, index, flag, setting_texts, rules = args
    settings = [parse_setting(t) for t in setting_texts]
    originals = [getattr(m, n) for m, n, _ in settings]
    deck = duel.deal_deck(seed, index)
    cfg_new = DuelConfig(new, "heuristic", "skat", rules, seed, samples)
    cfg_old = DuelConfig(old, "heuristic", "skat", rules, seed, samples)
    diff = 0.0
    games = []
    for game_no, seating in enumerate(SKAT_SEATINGS):
        if flag == "calls":
            with_settings(settings, originals)
            try:
                new_calls = calls(cfg_new, deck, seating, game_no, index)
            finally:
                with_settings(settings, originals, restore=True)
            if new_calls == calls(cfg_old, deck, seating, game_no, index):
                continue
        with_settings(settings, originals)
        try:
            pts_new, deviated, what_new = play(cfg_new, deck, seating, game_no, index, flag)
        finally:
            with_settings(settings, originals, restore=True)
        if not deviated and flag != "calls":
            continue
        pts_old, _, what_old = play(cfg_old, deck, seating, game_no, index)
        d = 0.0
        for seat, who in enumerate(seating):
            sign = 1 if who == "A" else -1
            d += sign * (pts_new[seat] - pts_old[seat]) / 9.0
        diff += d
        games.append({"seating": seating, "new": what_new, "old": what_old, "diff": round(d * 9, 1)})
    return {"index": index, "diff": diff, "games": games}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--new", default="expert-post")
    parser.add_argument("--old", default="expert-heuristic")
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--samples", type=int, default=12)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--rules", default="isko", choices=sorted(duel.RULES["skat"]), help="the duel's Skat rules")
    parser.add_argument(
        "--flag", default="deviated", help="the player attribute marking a game to replay (e.g. hand_deviated)"
    )
    parser.add_argument(
        "--calls", dest="flag", action="store_const", const="calls",
        help="replay the games whose calls before the card play differ between the variants",
    )
    parser.add_argument(
        "--new-set",
        action="append",
        default=[],
        help="module:NAME=literal, a constant set for the new variant only (repeatable)",
    )
    args = parser.parse_args()
    if args.flag == "calls" and args.new != args.old:
        parser.error("--calls compares constants of one player: --new and --old must be the same")
    work = [
        (args.new, args.old, args.seed, args.samples, i, args.flag, args.new_set, args.rules)
        for i in range(args.start, args.start + args.deals)
    ]
    out = []
    if args.jobs > 1:
        for r in unordered(ab_deal, work, args.jobs):
            out.append(r)
            print(f"{len(out)}/{len(work)} {r['diff']:+.2f} {r['games']}", file=sys.stderr, flush=True)
    else:
        for w in work:
            out.append(ab_deal(w))
            print(f"{len(out)}/{len(work)} {out[-1]['diff']:+.2f} {out[-1]['games']}", file=sys.stderr, flush=True)
    out.sort(key=lambda r: r["index"])
    mean, lo, hi = mean_ci([r["diff"] for r in out])
    print(
        json.dumps(
            {
                "new": args.new,
                "old": args.old,
                "new_settings": args.new_set,
                "rules": args.rules,
                "deals": len(out),
                "seed": args.seed,
                "difference_per_game": round(mean, 3),
                "ci95": [round(lo or 0, 3), round(hi or 0, 3)],
                "deviating_games": sum(len(r["games"]) for r in out),
                "per_deal": out,
            },
            indent=1,
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
