"""Fit the hand-evaluation models of :mod:`skat.ai.model.evaluation` by self-play.

Run ``python -m skat.lab.calibrate [DEALS] [SEED]``.  For seeded random deals
one seat is made declarer at 18 (the others pass), and every game its hand
could plausibly carry is played out twice by the strong heuristic at all three
seats: once taking the skat (discarding as the player would) and once Hand.
Each run gives a labelled example (won or lost) of the features before the
skat, after the discard and for Hand; a logistic regression per game type and
stage (Newton's method, a little ridge) turns them into the coefficients that
are pasted into ``evaluation.MODELS``.

``python -m skat.lab.calibrate officers [DECKS] [SEED]`` does the same for
Officers' Skat: every game declared on seeded decks, the visible score of
:func:`skat.ai.heuristic.officers_calls.game_score` at the moment of each decision
(trump choice, Kontra, Re; the Harlequin declaration; the Admirals' auction)
against the result, fitted to ``officers_calls.P_MODELS``.  Nothing here runs
during a game.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from math import exp

from ..ai.heuristic.skat_cards import choose_card
from ..ai.model.evaluation import TRUMP_GAMES, best_discard, features_for, null_deficits
from ..ai.strengths import STRONG, Strength
from ..engine import actions as A
from ..engine.cards import ALL_CARDS, JACKS_MASK, mask_points
from ..engine.deal import SkatDeal
from ..engine.rules import ISKO
from ..engine.skat_hand import Phase, SkatHand
from ..engine.tricks import TRUMPS, GameType

_MAKE_DECLARER = {
    0: (A.PASS, A.PASS, A.bid(18)),
    1: (A.bid(18), A.PASS, A.PASS),
    2: (A.PASS, A.bid(18), A.PASS),
}


def candidate_games(hand: int) -> list[int]:
    """Games worth an example: enough trumps, Jacks and Aces, or a low hand."""
    games: list[int] = []
    aces = sum(1 for s in range(4) if hand >> (s * 8 + 7) & 1)
    for g in TRUMP_GAMES[:4]:
        if (hand & TRUMPS[g]).bit_count() >= 4:
            games.append(g)
    jacks = (hand & JACKS_MASK).bit_count()
    if jacks >= 2 or (jacks == 1 and aces >= 2):
        games.append(GameType.GRAND)
    if sum(null_deficits(hand, ALL_CARDS & ~hand)) <= 4:
        games.append(GameType.NULL)
    return games


def play_out(state: SkatHand, rng: random.Random, profile: Strength = STRONG) -> bool:
    while not state.done:
        seat = state.to_move
        assert seat is not None
        state.apply(choose_card(state.observe(seat), profile, rng))
    assert state.result is not None
    return state.result.won


def examples(deal: SkatDeal, declarer: int, rng: random.Random) -> Iterator[tuple[str, list[float], int]]:
    """(model name, features, won) for the games this deal's declarer could play."""
    hand = deal.hands[declarer]
    forehand = declarer == 0
    for g in candidate_games(hand):
        kind = "null" if g == GameType.NULL else "grand" if g == GameType.GRAND else "suit"
        for take in (True, False):
            state = SkatHand(ISKO, deal)
            for a in _MAKE_DECLARER[declarer]:
                state.apply(a)
            if take:
                state.apply(A.PICKUP)
                cards = state.hands[declarer]
                pair = best_discard(cards, g)
                state.apply(pair[0])
                state.apply(pair[1])
                rest = state.hands[declarer]
                points = mask_points(state.skat)
            else:
                state.apply(A.HAND)
            state.apply(A.declare(g))
            while state.phase != Phase.PLAY:
                state.apply(A.NO_CALL)
            won = int(play_out(state, rng))
            if take:
                yield f"{kind}_pre", features_for(g, hand, forehand), won
                yield f"{kind}_post", features_for(g, rest, forehand, points), won
            else:
                yield f"{kind}_hand", features_for(g, hand, forehand), won


def collect(deals: int, seed: int) -> dict[str, list[tuple[list[float], int]]]:
    rng = random.Random(seed)
    data: dict[str, list[tuple[list[float], int]]] = {}
    for i in range(deals):
        deal = SkatDeal.random(rng)
        for name, f, won in examples(deal, i % 3, rng):
            data.setdefault(name, []).append((f, won))
    return data


def fit_logistic(rows: list[tuple[list[float], int]], ridge: float = 1.0, rounds: int = 25) -> list[float]:
    """Logistic regression by Newton's method with a small ridge penalty (not on the bias)."""
    k = len(rows[0][0])
    w = [0.0] * k
    for _ in range(rounds):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for f, y in rows:
            z = sum(a * b for a, b in zip(w, f, strict=True))
            p = 1.0 / (1.0 + exp(-max(-30.0, min(30.0, z))))
            r = p - y
            s = p * (1.0 - p)
            for i in range(k):
                if f[i] == 0.0:
                    continue
                grad[i] += r * f[i]
                fi = s * f[i]
                row = hess[i]
                for j in range(k):
                    row[j] += fi * f[j]
        for i in range(1, k):
            grad[i] += ridge * w[i]
            hess[i][i] += ridge
        step = _solve(hess, grad)
        w = [a - b for a, b in zip(w, step, strict=True)]
        if max(abs(x) for x in step) < 1e-6:
            break
    return w


def _solve(m: list[list[float]], v: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (k is ~16)."""
    n = len(v)
    a = [row[:] + [v[i]] for i, row in enumerate(m)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[piv] = a[piv], a[col]
        if abs(a[col][col]) < 1e-12:
            a[col][col] = 1e-12
        for r in range(col + 1, n):
            f = a[r][col] / a[col][col]
            if f:
                for c in range(col, n + 1):
                    a[r][c] -= f * a[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (a[r][n] - sum(a[r][c] * x[c] for c in range(r + 1, n))) / a[r][r]
    return x


def officers_examples(deck: tuple[int, ...], seed: int) -> Iterator[tuple[str, list[float], int]]:
    """(model name, [1, score], won) for every game on one deck in each layout.

    Every trump game is played once from the declarer's side (its score at
    the trump choice, and in the plain layout at Kontra and Re).  In the
    Harlequin and Admirals' layouts the declarer also chooses by itself once,
    which gives the opponent's view for Kontra: the declarer's choice is part
    of what the opponent has to reckon with.
    """
    from ..ai.base import decide_now
    from ..ai.heuristic.officers_calls import game_score
    from ..ai.heuristic.player import HeuristicPlayer
    from ..engine.officers import OfficersHand
    from ..engine.rules import OFFICERS

    for layout in ("officers", "harlequin", "admirals"):
        rules = OFFICERS.with_options(officers_layout=layout)
        choices: list[int | None] = list(TRUMP_GAMES)
        if layout != "officers":
            choices.append(None)
        for g in choices:
            state = OfficersHand(rules, deck)
            players = [HeuristicPlayer("strong", random.Random(seed + i)) for i in range(2)]
            found: list[tuple[str, float]] = []
            if layout == "admirals":
                for a in (A.PASS, A.bid(18), A.PICKUP):
                    state.apply(a)
                while state.phase == 2:  # discard as the player would
                    state.apply(decide_now(players[0], state.observe(0)))
            view = state.observe(0)
            mine, theirs = view.playable[0] | view.hand | view.skat, view.playable[1] | view.opponent_hand_visible
            context = {"officers": "choice"}.get(layout, layout)
            if g is None:
                action = decide_now(players[0], view)
                if not A.is_declaration(action) or A.declaration(action).game == GameType.NULL:
                    continue
                g = A.declaration(action).game
                other = state.observe(1)
                seen_of_declarer = other.playable[0] | other.opponent_hand_visible
                kind = "grand" if g == GameType.GRAND else "suit"
                found.append(
                    (f"{layout}_kontra_{kind}", game_score(g, seen_of_declarer, other.playable[1] | other.hand))
                )
            else:
                kind = "grand" if g == GameType.GRAND else "suit"
                found.append((f"{context}_{kind}", game_score(g, mine, theirs)))
            state.apply(A.declare(g))
            if state.phase == 4 and layout == "officers":
                view = state.observe(1)
                found.append((f"kontra_{kind}", game_score(g, view.playable[0], view.playable[1])))
            while state.phase in (4, 5):
                state.apply(A.NO_CALL)
            if layout == "officers":
                view = state.observe(0)
                found.append((f"re_{kind}", game_score(g, view.playable[0], view.playable[1])))
            while not state.done:
                seat = state.to_move
                assert seat is not None
                state.apply(decide_now(players[seat], state.observe(seat)))
            assert state.result is not None
            for name, score in found:
                yield name, [1.0, score], int(state.result.won)


def main_officers(decks: int, seed: int) -> int:
    from ..engine.deal import shuffled_deck

    rng = random.Random(seed)
    data: dict[str, list[tuple[list[float], int]]] = {}
    for i in range(decks):
        for name, f, won in officers_examples(shuffled_deck(rng), seed + i):
            data.setdefault(name, []).append((f, won))
    models = {}
    for name in sorted(data):
        rows = data[name]
        models[name] = tuple(round(x, 3) for x in fit_logistic(rows, ridge=0.1))
        wins = sum(y for _, y in rows)
        print(f"# {name}: {len(rows)} examples, {wins / len(rows):.2f} won", file=sys.stderr)
    print(json.dumps(models, indent=1))
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "officers":
        return main_officers(int(argv[1]) if len(argv) > 1 else 3000, int(argv[2]) if len(argv) > 2 else 2024)
    deals = int(argv[0]) if argv else 20000
    seed = int(argv[1]) if len(argv) > 1 else 2024
    data = collect(deals, seed)
    models = {}
    for name in sorted(data):
        rows = data[name]
        w = fit_logistic(rows)
        models[name] = tuple(round(x, 3) for x in w)
        wins = sum(y for _, y in rows)
        print(f"# {name}: {len(rows)} examples, {wins / len(rows):.2f} won", file=sys.stderr)
    print(json.dumps(models, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
