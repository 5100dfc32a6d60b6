"""The heuristic's Skat calls: bidding, Hand or skat, discard, declaration,
Kontra and Re (its cards: :mod:`.skat_cards`).

All of them rest on one question, answered by :mod:`skat.ai.model.evaluation`: how
likely is each game to be won, and what is it worth?  The auction bids up to
the highest value of a game whose chance clears the player's threshold; after
the skat the game with the best expected score that reaches the bid is
declared.  Expected score = p·value − (1−p)·2·value, since a lost game costs
double.
"""

from __future__ import annotations

import random
from collections.abc import Generator
from dataclasses import dataclass

from ...engine import actions as A
from ...engine.cards import ACE, ALL_CARDS, JACK, JACKS_MASK, TEN, mask_points
from ...engine.officers import OfficersObservation
from ...engine.rules import Rules
from ...engine.skat_hand import Phase, SkatObservation
from ...engine.tricks import BASE_VALUES, TRUMPS, GameType
from ...engine.values import NULL_VALUES, next_null_step, smallest_multiple_reaching
from ..base import Thinking, run_steps
from ..model.evaluation import TRUMP_GAMES, best_discard, game_value, null_deficits, win_probability
from ..strengths import Strength
from . import ramsch_calls, round_calls

PICKUP_CREDIT = 0.05
"""Added to a game's chance before the skat: after it the best game may be another."""
_HAND_FLAG = 1 << 20
"""Marks an option as played Hand (never part of a real action)."""


@dataclass(frozen=True)
class Option:
    """One way to play a hand: the declaration, its chance and its value."""

    action: int
    p: float
    value: int
    overbid: bool = False

    @property
    def expected(self) -> float:
        return self.p * self.value - (1 - self.p) * 2 * self.value


def think(obs: SkatObservation, rules: Rules, profile: Strength, rng: random.Random) -> Thinking:
    """Generator for one Skat call (card play: :func:`.player.skat_think`)."""
    phase = obs.phase
    legal = obs.legal
    if len(legal) == 1:
        return legal[0]
    if ramsch_calls.is_ramsch_call(obs):
        return (yield from ramsch_calls.think(obs, profile, rng))
    if round_calls.is_grand_hand_offer(obs):
        return (yield from round_calls.think(obs, profile, rng))
    if phase == Phase.BIDDING:
        limit = yield from _bid_limit(obs, rules, profile, rng)
        return bid_action(obs, limit)
    if phase == Phase.SKAT:
        return (yield from _skat_choice(obs, rules, profile))
    if phase == Phase.DISCARD:
        return (yield from _discard(obs, rules, profile))
    if phase == Phase.DECLARE:
        return (yield from _declare(obs, rules, profile))
    if phase == Phase.KONTRA:
        yield None
        return A.KONTRA if _wants_kontra(obs, profile) else A.NO_CALL
    if phase == Phase.RE:
        yield None
        return A.RE if _wants_re(obs, profile) else A.NO_CALL
    return legal[0]


# ------------------------------------------------------------------ bidding
def bid_options(hand: int, forehand: bool, profile: Strength) -> Generator[None, None, list[Option]]:
    """Every game this hand could be bid on, before seeing the skat."""
    options: list[Option] = []
    for g in TRUMP_GAMES:
        options.append(Option(A.declare(g), win_probability(g, hand, forehand, "pre"), game_value(g, hand, False)))
        p_hand = win_probability(g, hand, forehand, "hand")
        options.append(Option(A.declare(g) | _HAND_FLAG, p_hand, game_value(g, hand, True)))
        yield None
    if profile.dares:
        p_null = win_probability(GameType.NULL, hand, forehand, "pre")
        p_null_hand = win_probability(GameType.NULL, hand, forehand, "hand")
        safe = max(null_deficits(hand, ALL_CARDS & ~hand), default=0) == 0
        options.append(Option(A.declare(GameType.NULL), p_null, NULL_VALUES[(False, False)]))
        options.append(Option(A.declare(GameType.NULL) | _HAND_FLAG, p_null_hand, NULL_VALUES[(True, False)]))
        if safe:
            ouvert = A.declare(GameType.NULL, ouvert=True)
            options.append(Option(ouvert, p_null * 0.95, NULL_VALUES[(False, True)]))
            options.append(Option(ouvert | _HAND_FLAG, p_null_hand * 0.95, NULL_VALUES[(True, True)]))
    return options


def _bid_limit(obs: SkatObservation, rules: Rules, profile: Strength, rng: random.Random) -> Generator[None, None, int]:
    """The highest bid this hand supports: the largest value among the games
    whose chance clears the threshold (Hand values only if Hand would be played)."""
    options = yield from bid_options(obs.hand, obs.seat == 0, profile)
    threshold = profile.bid
    if forehand_alone(obs):
        if rules.all_pass == "ramsch":
            threshold -= 0.08  # passing means Ramsch, which costs too
        elif profile.bid_alone is not None:
            threshold = min(threshold, profile.bid_alone)  # passing throws the hand in
    elif profile.bid_after_pass is not None and passed_at_once(obs):
        threshold = min(threshold, profile.bid_after_pass)
    limit = 0
    for o in options:
        p = o.p
        if profile.bid_noise:
            p += rng.gauss(0.0, profile.bid_noise)
        hand_play = o.action & _HAND_FLAG
        if hand_play and not profile.dares:
            continue
        # A Hand value is only bid when the player would then really play Hand.
        need = max(threshold, profile.hand) if hand_play else threshold
        if p >= need:
            limit = max(limit, o.value)
    return limit


def forehand_alone(obs: SkatObservation) -> bool:
    """Forehand to decide after both others passed: the last chance to play these cards."""
    return obs.seat == 0 and len(obs.bidding) >= 2 and all(a == A.PASS for _, a in obs.bidding)


def passed_at_once(obs: SkatObservation) -> bool:
    """Another player has passed at its first word of the auction (so holds a weak hand)."""
    spoke: set[int] = set()
    for seat, action in obs.bidding:
        if seat not in spoke and seat != obs.seat and action == A.PASS:
            return True
        spoke.add(seat)
    return False


def bid_action(obs: SkatObservation | OfficersObservation, limit: int) -> int:
    """Hold while the bid is within the limit; as the one who says, name the
    next value the rules allow (ISkO could skip, but there is nothing to gain)."""
    legal = obs.legal
    if A.HOLD in legal:
        return A.HOLD if obs.bid <= limit else A.PASS
    bids = [a for a in legal if A.is_bid(a)]
    if bids:
        lowest = min(bids, key=A.bid_value)
        if A.bid_value(lowest) <= limit:
            return lowest
    return A.PASS


# ------------------------------------------------------------------ skat or Hand
def _skat_choice(obs: SkatObservation, rules: Rules, profile: Strength) -> Generator[None, None, int]:
    """Hand with a game that is nearly sure and pays more than taking the skat,
    or when only a Hand game reaches the bid (the auction counted on it)."""
    if not profile.dares:
        return A.PICKUP
    options = yield from bid_options(obs.hand, obs.seat == 0, profile)
    bid = obs.bid
    hand = [o for o in options if o.action & _HAND_FLAG and o.value >= bid]
    pickup = [o for o in options if not o.action & _HAND_FLAG and o.value >= bid]
    best_hand = max(hand, key=lambda o: o.expected, default=None)
    if best_hand is None:
        return A.PICKUP
    # The skat improves the hand and leaves the choice of game open: credit it.
    best_pickup = max(
        (Option(o.action, min(1.0, o.p + PICKUP_CREDIT), o.value) for o in pickup),
        key=lambda o: o.expected,
        default=None,
    )
    if best_pickup is None or best_pickup.p < 0.35:
        return A.HAND if best_hand.p >= 0.35 else A.PICKUP
    if best_hand.p >= profile.hand and best_hand.expected >= best_pickup.expected:
        return A.HAND
    return A.PICKUP


# ------------------------------------------------------------------ discarding and declaring
def _post_option(game: int, rest: int, all_cards: int, skat_points: int, forehand: bool, bid: int) -> Option:
    """Option for declaring ``game`` with ``rest`` in hand after taking the skat."""
    if game == GameType.NULL:
        return _null_option(rest, forehand, bid, "post", False)
    p = win_probability(game, rest, forehand, "post", skat_points)
    value = game_value(game, all_cards, False)
    if value < bid:
        return Option(A.declare(game), 0.0, smallest_multiple_reaching(BASE_VALUES[GameType(game)], bid), True)
    return Option(A.declare(game), p, value)


def _null_option(hand: int, forehand: bool, bid: int, stage: str, ouvert: bool) -> Option:
    """Null (ouvert only with a hand that no lead can force); an overbid Null
    (Lothar's table allows it) is lost, charged at the next Null step."""
    hand_game = stage == "hand"
    value = NULL_VALUES[(hand_game, ouvert)]
    action = A.declare(GameType.NULL, ouvert=ouvert)
    p = win_probability(GameType.NULL, hand, forehand, stage)
    if ouvert:
        safe = max(null_deficits(hand, ALL_CARDS & ~hand), default=0) == 0
        p *= 0.95 if safe else 0.3
    if value < bid:
        charged = next_null_step(bid) or value
        return Option(action, 0.0, charged, True)
    return Option(action, p, value)


def _discard(obs: SkatObservation, rules: Rules, profile: Strength) -> Generator[None, None, int]:
    """Plan the game on all twelve cards (see :func:`discard_plan`) and put
    away a card of its pair.  The plan is made again for the second card,
    with the first one fixed."""
    _, pair = yield from planning_discard(obs.hand | obs.skat, obs.skat, obs.seat == 0, obs.bid, profile)
    return discard_card(obs, pair)


def discard_card(obs: SkatObservation, pair: tuple[int, int]) -> int:
    """The next card of a planned discard ``pair`` still in the hand."""
    return next((c for c in pair if obs.hand >> c & 1), obs.legal[0])


def discard_plan(cards: int, fixed: int, forehand: bool, bid: int, profile: Strength) -> tuple[int, tuple[int, int]]:
    """:func:`planning_discard` in one go."""
    return run_steps(planning_discard(cards, fixed, forehand, bid, profile))


def planning_discard(
    cards: int, fixed: int, forehand: bool, bid: int, profile: Strength
) -> Generator[None, None, tuple[int, tuple[int, int]]]:
    """(game, discard pair) on twelve ``cards``: for each game the best two
    cards to put away (``fixed``: those already put away), then the game with
    the best expected score that reaches the bid.  Yields after each game."""
    games: list[int] = list(TRUMP_GAMES)
    if profile.dares:
        games.append(GameType.NULL)
    best: tuple[float, int, tuple[int, int]] | None = None
    for g in games:
        pair = best_discard(cards, g, fixed)
        rest = cards & ~(1 << pair[0]) & ~(1 << pair[1])
        option = _post_option(g, rest, cards, mask_points((1 << pair[0]) | (1 << pair[1])), forehand, bid)
        score = _ranked(option)
        if g == GameType.NULL and option.p > 0:
            ouvert = _null_option(rest, forehand, bid, "post", True)
            score = max(score, _ranked(ouvert))
        if best is None or score > best[0]:
            best = (score, g, pair)
        yield None
    assert best is not None
    return best[1], best[2]


def _ranked(option: Option) -> float:
    """Sort key: any game that reaches the bid before any overbid one."""
    return option.expected - (10_000.0 if option.overbid else 0.0)


def _declare(obs: SkatObservation, rules: Rules, profile: Strength) -> Generator[None, None, int]:
    """The legal declaration with the best expected score, reaching the bid if any does."""
    forehand = obs.seat == 0
    hand = obs.hand
    stage = "hand" if obs.hand_game else "post"
    skat_points = mask_points(obs.skat)
    all_cards = hand | obs.skat
    best_action, best_score = obs.legal[0], float("-inf")
    for action in obs.legal:
        d = A.declaration(action)
        if d.game == GameType.NULL:
            if not profile.dares:
                continue
            option = _null_option(hand, forehand, obs.bid, stage, d.ouvert)
        else:
            if d.schneider or d.ouvert:
                continue  # announcements only pay with a certain hand: not taken
            p = win_probability(d.game, hand, forehand, stage, skat_points)
            value = game_value(d.game, all_cards, obs.hand_game)
            if value < obs.bid:
                option = Option(action, 0.0, smallest_multiple_reaching(BASE_VALUES[d.game], obs.bid), True)
            else:
                option = Option(action, p, value)
        score = _ranked(option)
        if score > best_score:
            best_action, best_score = action, score
        yield None
    return best_action


# ------------------------------------------------------------------ Kontra and Re
def _wants_kontra(obs: SkatObservation, profile: Strength) -> bool:
    """A defender doubles with trump length and top cards against the game."""
    if not profile.dares or obs.game is None or obs.game == GameType.NULL:
        return False
    game = obs.game
    hand = obs.hand
    n_trumps, aces = kontra_counts(hand, game)
    top_jacks = sum(1 for s in (3, 2) if hand >> (s * 8 + JACK) & 1)
    tens = sum(1 for s in _side_suits(game) if hand >> (s * 8 + TEN) & 1 and hand >> (s * 8 + ACE) & 1)
    score = 1.5 * n_trumps + 2.0 * top_jacks + 2.0 * aces + 1.0 * tens
    if game == GameType.GRAND:
        score += 1.5 * (hand & JACKS_MASK).bit_count()
    return score >= profile.kontra_score


def _side_suits(game: int) -> list[int]:
    """The suits whose Aces are not trumps."""
    return [s for s in range(4) if game == GameType.GRAND or s != game]


def kontra_counts(hand: int, game: int) -> tuple[int, int]:
    """(trumps, Aces of the other suits) of a defender: what Kontra rests on."""
    return (hand & TRUMPS[game]).bit_count(), sum(1 for s in _side_suits(game) if hand >> (s * 8 + ACE) & 1)


def declared_chance(obs: SkatObservation, game: int, ouvert: bool = False) -> float:
    """The declarer's chance of winning ``game`` on its ten cards, as the heuristic's
    declaration weighs it: a Null by the Null option's chance (an Ouvert that a lead
    can force is worth little), 0 for a game whose value cannot reach the bid.

    One measure for every use: the heuristic's and the expert's declared chance
    (``last_estimate``, which the duel's calibration and the hint read) and Re.
    """
    forehand = obs.seat == 0
    stage = "hand" if obs.hand_game else "post"
    if game == GameType.NULL:
        return _null_option(obs.hand, forehand, obs.bid, stage, ouvert).p
    if game_value(game, obs.hand | obs.skat, obs.hand_game) < obs.bid:
        return 0.0
    return win_probability(game, obs.hand, forehand, stage, mask_points(obs.skat))


def re_chance(obs: SkatObservation) -> float:
    """The declarer's chance of winning his game, as Re is judged (:func:`declared_chance`)."""
    assert obs.game is not None
    return declared_chance(obs, obs.game, obs.ouvert)


def _wants_re(obs: SkatObservation, profile: Strength) -> bool:
    """The declarer answers Re only with a game it is nearly sure to win."""
    if obs.game is None:
        return False
    return re_chance(obs) >= profile.re
