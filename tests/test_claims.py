"""The exact judgements behind claims and shortened hands (skat.ai.solve.claims; issue 20, points 1
and 3): checked against brute force on small random positions, and on composed positions of
whole hands (a claim that holds, one that fails by one trick, claims in Null).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from skat.ai.solve.claims import (
    Judgement,
    Position,
    claim_judgement,
    decided_judgement,
    position_of,
    rest_goes_to_declarer,
)
from skat.engine.cards import CARD_POINTS, parse_card
from skat.engine.tricks import GameType, trick_winner

sys.path.insert(0, str(Path(__file__).parent))
from test_play_endings import TOP_GRAND, hand_game  # noqa: E402
from test_solver import GAMES, brute, legal_cards, random_position  # noqa: E402

PLAYED = [g for g in GAMES if g != GameType.RAMSCH]


def answer(j: Judgement, slice_nodes: int = 50) -> bool:
    """Step a judgement to its answer in small slices (as the table does)."""
    for _ in range(100_000):
        if j.step(slice_nodes):
            assert j.answer is not None
            return j.answer
    raise AssertionError("no answer")


def outcomes(game, declarer, hands, trick, leader) -> set[tuple[int, int]]:
    """Every (points, cards) the declarer can still win, over all plays of everyone."""
    hands = list(hands)
    seen: set[tuple[int, int]] = set()

    def rec(trick: list[int], leader: int, pts: int, cards: int) -> None:
        if len(trick) == 3:
            w = (leader + trick_winner(game, trick)) % 3
            if w == declarer:
                pts += sum(CARD_POINTS[c] for c in trick)
                cards += 3
            if not any(hands):
                seen.add((pts, cards))
                return
            rec([], w, pts, cards)
            return
        seat = (leader + len(trick)) % 3
        for c in legal_cards(game, hands[seat], trick):
            hands[seat] &= ~(1 << c)
            rec(trick + [c], leader, pts, cards)
            hands[seat] |= 1 << c

    rec(list(trick), leader, 0, 0)
    return seen


def settled(game: int, pos: Position, results: set[tuple[int, int]]) -> bool:
    """The reference: every play gives the same score-relevant outcome."""
    cards_out = sum(h.bit_count() for h in pos.hands) + len(pos.trick)

    def outcome(pts: int, cards: int) -> tuple:
        took_one = pos.declarer_tricks > 0 or cards > 0
        if game == GameType.NULL:
            return (took_one,)
        took_all = pos.defender_tricks == 0 and cards == cards_out
        final = pos.declarer_points + pts
        return (took_one, took_all, final >= 31, final >= 61, final >= 90)

    return len({outcome(p, c) for p, c in results}) == 1


CASES = [(g, n, t, seed) for g in PLAYED for n in (1, 2, 3) for t in (0, 1, 2) for seed in range(4)]


@pytest.mark.parametrize("game,tricks_left,in_trick,seed", CASES)
def test_claims_and_decided_hands_match_brute_force(game: int, tricks_left: int, in_trick: int, seed: int) -> None:
    rng = random.Random(f"claims-{game}-{tricks_left}-{in_trick}-{seed}")
    hands, trick, leader = random_position(rng, game, tricks_left, in_trick)
    declarer = rng.randrange(3)
    out = sum(h.bit_count() for h in hands) + len(trick)
    # Claims count only the tricks still to come.
    pos = Position(game, declarer, tuple(hands), tuple(trick), leader, 0, 0, 0)
    null = game == GameType.NULL
    taken = brute(game, declarer, hands, trick, leader, "cards", not null)
    if null:  # the declarer avoids tricks, the defenders push them on him
        assert answer(claim_judgement(pos, True)) == (taken == 0)
        assert answer(claim_judgement(pos, False)) == (taken > 0)
    else:
        assert answer(claim_judgement(pos, True)) == (taken == out)
        assert answer(claim_judgement(pos, False)) == (taken == 0)
    # Decided: over every history the points so far, and who has taken a trick, vary the answer.
    results = outcomes(game, declarer, hands, trick, leader)
    for _ in range(4):
        d_tricks, f_tricks = rng.choice([(0, 0), (0, 2), (3, 0), (2, 5)])
        points = rng.choice([0, 12, 25, 40, 58, 70, 85, 95])
        pos = Position(game, declarer, tuple(hands), tuple(trick), leader, points, d_tricks, f_tricks)
        assert answer(decided_judgement(pos)) == settled(game, pos, results), pos


def test_a_judgement_too_dear_says_no() -> None:
    h = hand_game(TOP_GRAND, "game:G")
    j = decided_judgement(position_of(h), cap=10)
    assert answer(j, 5) is False and j.spent >= 10


def test_composed_claim_that_holds_from_the_first_card() -> None:
    h = hand_game(TOP_GRAND, "game:G")
    assert answer(claim_judgement(position_of(h), True), 500) is True
    assert answer(claim_judgement(position_of(h), False), 500) is False
    assert rest_goes_to_declarer(GameType.GRAND, True, True) is True
    assert rest_goes_to_declarer(GameType.GRAND, True, False) is False


def test_composed_claim_that_fails_by_one_trick() -> None:
    # HT swapped for D7: the declarer loses exactly the one diamond trick.
    hands = ("CJ SJ HJ DJ CA CT SA ST HA D7", "CK CQ C9 C8 SK SQ S9 HK HQ DA",
             "C7 S8 S7 H9 H8 H7 DT DK DQ D9", "D8 HT")
    h = hand_game(hands, "game:G")
    assert answer(claim_judgement(position_of(h), True), 500) is False
    solver = claim_judgement(position_of(h), True).solver
    assert solver.declarer_reaches(61) and not solver.declarer_takes_all()  # he wins, but not every trick
    for card in ("CJ", "C8", "C7"):
        h.apply(parse_card(card))
    assert answer(claim_judgement(position_of(h), True), 500) is False


def test_composed_claims_in_null() -> None:
    # Forehand's Null: the 7 8 9 of three suits and D7, every other card above them, and both
    # defenders hold clubs, so forehand's lead of C7 is beaten and he never takes a trick.
    hands = ("C7 C8 C9 S7 S8 S9 H7 H8 H9 D7", "CA CK SA SK HA HK DA DK DQ DJ",
             "CQ CJ SQ SJ HQ HJ DT D9 D8 CT", "ST HT")
    h = hand_game(hands, "game:N")
    assert answer(claim_judgement(position_of(h), True), 500) is True
    assert answer(claim_judgement(position_of(h), False), 500) is False
    assert rest_goes_to_declarer(GameType.NULL, True, True) is False
    # With DA instead of D7 forehand must take a trick: the defenders lead diamonds at once.
    lost = ("C7 C8 C9 S7 S8 S9 H7 H8 H9 DA", "CA CK SA SK HA HK DT DK DQ DJ",
            "CQ CJ SQ SJ HQ HJ D7 D9 D8 CT", "ST HT")
    h = hand_game(lost, "game:N")
    assert answer(claim_judgement(position_of(h), True), 500) is False  # DA must take a trick
    assert answer(claim_judgement(position_of(h), False), 500) is True
