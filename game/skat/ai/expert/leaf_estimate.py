"""The declarer's final card points from a position in the first tricks, fitted.

The card play's depth-limited search (:mod:`skat.ai.expert.skat_cards`) stops two
tricks ahead while the hands are full and asks a static estimate how a trump game
ends from there.  This one is a linear model over a few counts, for the declarer
against the two defenders together: trumps held, the trumps above every defender's
(sure tricks), the longest defender's trumps, side suits topped and the points
they carry, the points a defender's ruff threatens and those the declarer can ruff,
who leads.  Its coefficients are not guessed: ``tools/leaf_fit.py`` fitted them
(least squares) to the exact double-dummy value of positions at the start of the
third and fourth tricks of self-play, the positions where the search stops.  On
fresh positions it misses the declarer's final points by 7.4 card points on
average and calls won or lost right in 85 of 100 (the rule of thumb it replaced:
11.8 and 75), see ``docs/bench/leaf-estimate.md``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine.cards import SUIT_MASKS, mask_points
from ...engine.tricks import POWER, TRUMPS, strongest

FEATURES = (
    "bias",
    "points_left",
    "my_trumps",
    "their_trumps",
    "sure_trumps",
    "longest_defender_trumps",
    "my_trump_points",
    "their_trump_points",
    "suits_topped",
    "topped_points",
    "unguarded_points",
    "my_ruff_points",
    "their_ruff_points",
    "my_side_cards",
    "my_side_points",
    "their_side_points",
    "declarer_leads",
    "cards_each",
)
# fmt: off
COEFFICIENTS = (
    -8.528, 0.508, 3.232, -0.02, 1.983, -6.356, 0.249, -0.08, 3.95, 0.052, -0.757, 0.523, -0.675, -2.626, 0.703,
    -0.364, 3.152, 0.606,
)
"""Card points the declarer takes from the cards still out, per feature (``tools/leaf_fit.py``)."""
# fmt: on
SPREAD = 5.0
"""Card points over which this estimate turns from likely lost to likely won (fitted with it)."""


def features(game: int, declarer: int, hands: Sequence[int], leader: int) -> list[float]:
    """The model's inputs for a position between tricks (names: :data:`FEATURES`)."""
    trumps, power = TRUMPS[game], POWER[game]
    remaining = hands[0] | hands[1] | hands[2]
    mine = hands[declarer]
    others = remaining & ~mine
    first, second = (hands[s] for s in range(3) if s != declarer)
    my_trumps, their_trumps = mine & trumps, others & trumps
    their_top = strongest(game, their_trumps)
    their_best = power[their_top] if their_top >= 0 else -1000
    sure = 0
    m = my_trumps
    while m:
        low = m & -m
        if power[low.bit_length() - 1] > their_best:
            sure += 1
        m ^= low
    n_first, n_second = (first & trumps).bit_count(), (second & trumps).bit_count()
    topped = topped_points = unguarded = my_ruff = their_ruff = my_side = my_side_points = their_side_points = 0
    for suit in SUIT_MASKS:
        side = suit & ~trumps & remaining
        if not side:
            continue
        my_cards, their_cards = mine & side, others & side
        mp, tp = mask_points(my_cards), mask_points(their_cards)
        my_side += my_cards.bit_count()
        my_side_points += mp
        their_side_points += tp
        if my_cards and mine >> strongest(game, side) & 1:
            topped += 1
            topped_points += mp + min(tp, 11)
        elif my_cards:
            unguarded += mp
        if not my_cards and their_cards and my_trumps:
            my_ruff += tp
        if my_cards and ((not first & side and n_first) or (not second & side and n_second)):
            their_ruff += mp
    my_trump_points, their_trump_points = mask_points(my_trumps), mask_points(their_trumps)
    left = my_side_points + their_side_points + my_trump_points + their_trump_points
    return [
        1.0, left, my_trumps.bit_count(), their_trumps.bit_count(), sure, max(n_first, n_second), my_trump_points,
        their_trump_points, topped, topped_points, unguarded, my_ruff, their_ruff, my_side, my_side_points,
        their_side_points, 1.0 if leader == declarer else 0.0, mine.bit_count(),
    ]


def declarer_points(game: int, declarer: int, hands: Sequence[int], leader: int, points: int) -> int:
    """The declarer's final card points: ``points`` taken so far plus :func:`declarer_share`."""
    return points + declarer_share(game, declarer, hands, leader)


def declarer_share(game: int, declarer: int, hands: Sequence[int], leader: int) -> int:
    """The model's share of the points still out for the declarer (at most all of them)."""
    f = features(game, declarer, hands, leader)
    share = sum(c * x for c, x in zip(COEFFICIENTS, f, strict=True))
    return min(max(round(share), 0), int(f[1]))
