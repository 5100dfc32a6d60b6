"""Hand evaluation for Skat: how likely a game is won, and what it is worth.

A hand is described by a few features per game type (trumps, Jacks, Aces,
Tens with and without guard, voids; for Null the "deficit" of each suit) and a
logistic model turns them into a winning probability.  The coefficients are
not guessed: they were fitted by :mod:`skat.lab.calibrate` on self-play, tens
of thousands of hands declared by this player and defended by it, so the
estimate matches how this program actually plays the cards.  Three models per
game type answer three questions: before the skat ("pre", for bidding), Hand
(10 cards, the skat unseen) and after the discard ("post", with the points
put into the skat).
"""

from __future__ import annotations

from itertools import combinations
from math import exp

from ...engine.cards import ACE, ALL_CARDS, CARD_POINTS, JACK, JACKS_MASK, KING, SUIT_MASKS, TEN, mask_points
from ...engine.tricks import BASE_VALUES, POWER, TRUMPS, GameType
from ...engine.values import matadors

TRUMP_GAMES = (GameType.DIAMONDS, GameType.HEARTS, GameType.SPADES, GameType.CLUBS, GameType.GRAND)
_JACK_BITS = tuple(1 << (s * 8 + JACK) for s in (3, 2, 1, 0))  # clubs, spades, hearts, diamonds

# Feature names: what each coefficient of MODELS weighs (a test holds them to the features and models).
SUIT_FEATURES = (
    "bias",
    "trumps",
    "cj",
    "sj",
    "hj",
    "dj",
    "trump_ace",
    "trump_ten",
    "side_aces",
    "side_ace_tens",
    "guarded_tens",
    "bare_tens",
    "voids",
    "weak_singletons",
    "side_points",
    "forehand",
    "skat_points",
)
GRAND_FEATURES = (
    "bias",
    "jacks",
    "cj",
    "sj",
    "hj",
    "dj",
    "aces",
    "ace_tens",
    "guarded_tens",
    "bare_tens",
    "voids",
    "long_suit",
    "side_points",
    "forehand",
    "skat_points",
)
NULL_FEATURES = ("bias", "unsafe_suits", "deficit", "max_deficit", "voids", "sevens", "high_cards", "forehand")


def suit_features(hand: int, game: int, forehand: bool, skat_points: int = 0) -> list[float]:
    """Features of ``hand`` (10 cards) for the suit game ``game`` (0..3)."""
    trumps = TRUMPS[game]
    trump_suit = SUIT_MASKS[game]
    f = [1.0, float((hand & trumps).bit_count())]
    f += [float(bool(hand & b)) for b in _JACK_BITS]
    f.append(float(hand >> (game * 8 + ACE) & 1))
    f.append(float(hand >> (game * 8 + TEN) & 1))
    side = _side_features(hand, [m & ~JACKS_MASK for m in SUIT_MASKS if m != trump_suit])
    f += [side["aces"], side["ace_tens"], side["guarded_tens"], side["bare_tens"], side["voids"]]
    f += [side["weak_singletons"], side["points"] / 10.0, float(forehand), skat_points / 10.0]
    return f


def grand_features(hand: int, forehand: bool, skat_points: int = 0) -> list[float]:
    f = [1.0, float((hand & JACKS_MASK).bit_count())]
    f += [float(bool(hand & b)) for b in _JACK_BITS]
    side = _side_features(hand, [m & ~JACKS_MASK for m in SUIT_MASKS])
    f += [side["aces"], side["ace_tens"], side["guarded_tens"], side["bare_tens"], side["voids"]]
    f += [side["long_suit"], side["points"] / 10.0, float(forehand), skat_points / 10.0]
    return f


def _side_features(hand: int, suits: list[int]) -> dict[str, float]:
    aces = ace_tens = guarded = bare = voids = weak_single = 0
    long_suit = 0
    points = 0
    for s_mask in suits:
        mine = hand & s_mask
        n = mine.bit_count()
        if n == 0:
            voids += 1
            continue
        suit = (s_mask & -s_mask).bit_length() - 1 >> 3
        has_ace = bool(mine >> (suit * 8 + ACE) & 1)
        has_ten = bool(mine >> (suit * 8 + TEN) & 1)
        aces += has_ace
        if has_ace and has_ten:
            ace_tens += 1
        elif has_ten:
            if n >= 2:
                guarded += 1
            else:
                bare += 1
        if n == 1 and not has_ace:
            weak_single += 1
        if has_ace:
            long_suit = max(long_suit, n)
        points += mask_points(mine)
    return {
        "aces": float(aces),
        "ace_tens": float(ace_tens),
        "guarded_tens": float(guarded),
        "bare_tens": float(bare),
        "voids": float(voids),
        "weak_singletons": float(weak_single),
        "long_suit": float(long_suit),
        "points": float(points),
    }


def null_deficits(hand: int, out: int) -> list[int]:
    """Per suit held: how many cards others hold below ours beyond what our
    lower cards can answer (0 = the suit cannot be forced)."""
    return [d for d, _ in null_suit_deficits(hand, out)]


def null_suit_deficits(hand: int, out: int) -> list[tuple[int, int]]:
    """(deficit, suit mask) for every suit held; see :func:`null_deficits`."""
    result = []
    for s_mask in SUIT_MASKS:
        mine = hand & s_mask
        if not mine:
            continue
        others = out & s_mask
        deficit = 0
        i = 0
        m = mine
        while m:
            low = m & -m
            below = (others & (low - 1)).bit_count()
            deficit = max(deficit, below - i)
            i += 1
            m ^= low
        result.append((deficit, s_mask))
    return result


def null_features(hand: int, forehand: bool, known_out: int | None = None) -> list[float]:
    out = known_out if known_out is not None else ALL_CARDS & ~hand
    deficits = null_deficits(hand, out)
    sevens = sum(1 for s in range(4) if hand >> (s * 8) & 1)
    high = sum(1 for s in range(4) for r in (ACE, KING) if hand >> (s * 8 + r) & 1)
    return [
        1.0,
        float(sum(1 for d in deficits if d > 0)),
        float(sum(deficits)),
        float(max(deficits, default=0)),
        float(4 - len(deficits)),
        float(sevens),
        float(high),
        float(forehand),
    ]


# ------------------------------------------------------------------ models
# Coefficients fitted by skat.lab.calibrate (see its docstring for the set-up).
# fmt: off
MODELS: dict[str, tuple[float, ...]] = {
    "grand_hand": (
        -8.136, 1.517, 0.909, 0.333, 0.165, 0.109, 1.407, 0.539, 0.692, -0.231, 0.52, 0.144, 0.123, -0.384,
        0.0,
    ),
    "grand_post": (
        -10.499, 1.753, 0.932, 0.323, 0.308, 0.189, 1.543, 0.605, 0.825, 0.0, 0.588, 0.129, 0.247, -0.308,
        1.152,
    ),
    "grand_pre": (
        -6.194, 1.298, 0.656, 0.265, 0.225, 0.152, 0.818, 0.307, 0.347, 0.457, 0.182, 0.123, 0.337, -0.264,
        0.0,
    ),
    "null_hand": (
        1.624, 0.548, -0.92, -0.087, -0.026, 0.301, 0.053, -0.168,
    ),
    "null_post": (
        3.023, 0.141, -0.666, -1.034, -0.217, 0.335, 0.081, -0.203,
    ),
    "null_pre": (
        1.674, 0.324, -0.697, 0.184, -0.268, 0.342, -0.128, -0.181,
    ),
    "suit_hand": (
        -11.011, 1.233, 1.263, 1.073, 0.569, 0.408, 0.743, 0.532, 2.062, 0.317, 0.872, -0.181, 0.876, 0.178,
        -0.191, -0.437, 0.0,
    ),
    "suit_post": (
        -13.546, 1.471, 1.344, 1.008, 0.537, 0.305, 0.925, 0.787, 2.121, 0.254, 0.779, 0.0, 0.85, 0.151,
        -0.066, -0.201, 0.899,
    ),
    "suit_pre": (
        -7.919, 1.071, 0.882, 0.713, 0.391, 0.227, 0.639, 0.55, 1.194, 0.1, 0.449, 0.345, 0.288, 0.225, 0.102,
        -0.161, 0.0,
    ),
}
# fmt: on


def logistic(coefs: tuple[float, ...], features: list[float]) -> float:
    z = sum(a * b for a, b in zip(coefs, features, strict=True))
    if z < -30:
        return 0.0
    if z > 30:
        return 1.0
    return 1.0 / (1.0 + exp(-z))


def features_for(game: int, hand: int, forehand: bool, skat_points: int = 0) -> list[float]:
    if game == GameType.NULL:
        return null_features(hand, forehand)
    if game == GameType.GRAND:
        return grand_features(hand, forehand, skat_points)
    return suit_features(hand, game, forehand, skat_points)


def win_probability(game: int, hand: int, forehand: bool, stage: str, skat_points: int = 0) -> float:
    """Chance of winning ``game`` with ``hand``; ``stage`` is 'pre' (before
    the skat), 'hand' (playing Hand) or 'post' (after the discard)."""
    kind = "null" if game == GameType.NULL else "grand" if game == GameType.GRAND else "suit"
    return logistic(MODELS[f"{kind}_{stage}"], features_for(game, hand, forehand, skat_points))


def game_value(game: int, cards: int, hand_game: bool) -> int:
    """Value of a suit game or Grand without Schneider, from the matadors over ``cards``."""
    return BASE_VALUES[GameType(game)] * (abs(matadors(game, cards)) + 1 + int(hand_game))


# ------------------------------------------------------------------ discarding
def side_suits(game: int) -> list[tuple[int, int]]:
    """(suit, mask without its Jack) of the plain suits of a trump game."""
    return [(s, SUIT_MASKS[s] & ~JACKS_MASK) for s in range(4) if game == GameType.GRAND or s != game]


def _side_value(hand: int, game: int) -> float:
    """What the side suits of ``hand`` are worth to a declarer of ``game``:
    Aces and covered Tens win tricks, a void lets the trumps in."""
    n_trumps = (hand & TRUMPS[game]).bit_count()
    value = 0.0
    for suit, side in side_suits(game):
        mine = hand & side
        n = mine.bit_count()
        if n == 0:
            if game == GameType.GRAND:
                value += 2.0
            else:
                value += 7.0 if n_trumps >= 4 else 3.0
            continue
        has_ace = mine >> (suit * 8 + ACE) & 1
        has_ten = mine >> (suit * 8 + TEN) & 1
        if has_ace:
            value += 15.0
        if has_ten:
            value += 12.0 if has_ace else 7.0 if n >= 3 else 5.0 if n == 2 else 0.0
        if mine >> (suit * 8 + KING) & 1:
            value += 4.0 if has_ace and has_ten else 1.0
        if n == 1 and not has_ace:
            value -= 1.0
        if game == GameType.GRAND and has_ace:
            value += 1.5 * (n - 1)
    return value


def best_discard(cards: int, game: int, fixed: int = 0, allowed: int = ALL_CARDS) -> tuple[int, int]:
    """The two cards to put into the skat for ``game`` from 12 ``cards``.

    ``fixed`` holds cards already discarded (they must be part of the pair);
    only cards of ``allowed`` may be chosen (Admirals' Skat: the hand).
    Trump games keep trumps and value points pushed into the skat plus the side
    suits left behind; Null keeps the hand whose suits are hardest to force.
    """
    trumps = TRUMPS[game] if game != GameType.NULL else 0
    choosable = cards & allowed
    if game == GameType.NULL:
        candidates = [c for c in range(32) if choosable >> c & 1]
    else:
        candidates = [c for c in range(32) if choosable >> c & 1 and not trumps >> c & 1]
        if len(candidates) < 2:
            power = POWER[game]
            extra = sorted((c for c in range(32) if choosable >> c & 1 and trumps >> c & 1), key=lambda c: power[c])
            candidates += extra[: 2 - len(candidates)]
    fixed_cards = [c for c in range(32) if fixed >> c & 1]
    pairs: list[tuple[int, int]]
    if len(fixed_cards) == 2:
        return fixed_cards[0], fixed_cards[1]
    if len(fixed_cards) == 1:
        pool = [c for c in candidates if c != fixed_cards[0]] or [c for c in range(32) if choosable >> c & 1]
        pairs = [(fixed_cards[0], c) for c in pool if c != fixed_cards[0]]
    else:
        pairs = list(combinations(candidates, 2))
    best, best_score = pairs[0], float("-inf")
    for a, b in pairs:
        rest = cards & ~(1 << a) & ~(1 << b)
        if game == GameType.NULL:
            deficits = null_deficits(rest, ALL_CARDS & ~cards)
            score = -10.0 * sum(deficits) - 4.0 * sum(1 for d in deficits if d > 0) + 3.0 * (4 - len(deficits))
            score += 0.1 * (a & 7) + 0.1 * (b & 7)
        else:
            score = CARD_POINTS[a] + CARD_POINTS[b] + _side_value(rest, game)
        if score > best_score:
            best, best_score = (a, b), score
    return best
