"""The one sampler of Skat worlds against brute force: it never breaks a hard
fact, it counts the fitting worlds exactly, it draws each equally often, and
its soft rejection keeps worlds in proportion to their weights."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from itertools import product

from skat.ai.base import run_steps
from skat.ai.model.auction import bidding_bounds, fits_auction, hand_support
from skat.ai.model.worlds import SKAT, World, WorldSampler, at_once, replayed, skat_hand_of, weighed, world_deck
from skat.engine import ISKO, OFFICERS, OfficersHand, games
from skat.engine import actions as A
from skat.engine.cards import ALL_CARDS, CLUBS, DIAMONDS, SPADES, SUIT_MASKS, mask_of, parse_card
from skat.engine.skat_hand import Phase


def _random_facts(rng: random.Random, unseen_count: int) -> tuple[list[int], list[int], int, list[int]]:
    """Fixed cards, room, unseen cards and voids of a small random position
    (the rooms add up to the unseen cards; some places barred from suits)."""
    cards = rng.sample(range(32), unseen_count + 6)
    unseen = sum(1 << c for c in cards[:unseen_count])
    fixed = [0, 0, 0, 0]
    for i, c in enumerate(cards[unseen_count:]):
        fixed[i % 4] |= 1 << c
    room = [0, 0, 0, 0]
    for _ in range(unseen_count):
        room[rng.randrange(4)] += 1
    barred = [0, 0, 0, 0]
    for p in range(4):
        if rng.random() < 0.5:
            barred[p] = 0xFF << 8 * rng.randrange(4)
    return fixed, room, unseen, barred


def _enumerate(fixed: list[int], room: list[int], unseen: int, barred: list[int]) -> Iterator[World]:
    """Every world that fits, by trying every place for every unseen card."""
    cards = [c for c in range(32) if unseen >> c & 1]
    for places in product(range(4), repeat=len(cards)):
        if any(places.count(p) != room[p] for p in range(4)):
            continue
        if any(barred[p] >> c & 1 for c, p in zip(cards, places, strict=True)):
            continue
        m = fixed[:]
        for c, p in zip(cards, places, strict=True):
            m[p] |= 1 << c
        yield World((m[0], m[1], m[2]), m[SKAT])


def test_draws_never_break_a_hard_fact() -> None:
    rng = random.Random(18)
    checked = 0
    for _ in range(300):
        fixed, room, unseen, barred = _random_facts(rng, rng.randrange(0, 12))
        sampler = WorldSampler(fixed, room, unseen, barred)
        for _ in range(10):
            w = sampler.draw(rng)
            if w is None:
                break
            places = [*w.hands, w.skat]
            assert places[0] | places[1] | places[2] | places[3] == unseen | fixed[0] | fixed[1] | fixed[2] | fixed[3]
            for p in range(4):
                assert places[p] & fixed[p] == fixed[p], "a known card moved"
                assert (places[p] & ~fixed[p]).bit_count() == room[p], "a place got the wrong number of cards"
                assert not places[p] & ~fixed[p] & barred[p], "a place got a card of a suit it lacks"
                for q in range(p):
                    assert not places[p] & places[q]
            checked += 1
    assert checked > 1000


def test_the_count_is_the_number_of_fitting_worlds() -> None:
    """Exact on small cases, infeasible ones (count 0, no draw) included."""
    rng = random.Random(7)
    empty = 0
    for _ in range(150):
        fixed, room, unseen, barred = _random_facts(rng, rng.randrange(0, 8))
        sampler = WorldSampler(fixed, room, unseen, barred)
        worlds = list(_enumerate(fixed, room, unseen, barred))
        assert sampler.count == len(worlds)
        assert sampler.feasible == bool(worlds)
        if not worlds:
            empty += 1
            assert sampler.draw(rng) is None
    assert 5 < empty < 140


def test_every_fitting_world_is_drawn_equally_often() -> None:
    """Chi-square against the uniform distribution over the enumerated
    worlds, with a generous bound (about six standard deviations), on a case
    with voids where placing the cards one by one is not uniform: the card
    play's old sampler (each card to a place in proportion to its free room)
    drew these 27 worlds from 146 to 250 times in 5400 (chi-square 100)."""
    unseen = mask_of([parse_card(c) for c in ["C7", "C8", "S7", "S8", "H7", "H8", "D7"]])
    fixed = [1 << parse_card("CA"), 1 << parse_card("SA"), 1 << parse_card("HA"), 0]
    room = [2, 2, 1, 2]
    barred = [SUIT_MASKS[CLUBS] | SUIT_MASKS[SPADES], SUIT_MASKS[SPADES], 0, 0]  # seat 0 has neither, seat 1 no Spades
    worlds = list(_enumerate(fixed, room, unseen, barred))
    sampler = WorldSampler(fixed, room, unseen, barred)
    assert sampler.count == len(worlds) == 27
    rng = random.Random(2026)
    n = 200 * len(worlds)
    seen = Counter(sampler.draw(rng) for _ in range(n))
    assert set(seen) == set(worlds)
    expected = n / len(worlds)
    chi2 = sum((seen[w] - expected) ** 2 / expected for w in worlds)
    df = len(worlds) - 1
    assert chi2 < df + 6 * (2 * df) ** 0.5


def test_the_view_of_a_seat_in_play_is_uniform_too() -> None:
    """Before the play (a hand and the skat to deal) every layout of a few
    unseen cards comes out alike: the same sampler serves the calls."""
    mine = ALL_CARDS & ~SUIT_MASKS[DIAMONDS]  # a toy: eight cards unseen, four to each other seat
    sampler = WorldSampler.before_play({0: mine}, 0, {1: 4, 2: 4}, 0)
    assert sampler.count == 70  # C(8, 4)
    rng = random.Random(3)
    seen = Counter(sampler.draw(rng) for _ in range(7000))
    assert len(seen) == 70
    assert max(seen.values()) < 160 and min(seen.values()) > 50


def test_soft_rejection_keeps_worlds_in_proportion_to_their_weights() -> None:
    """With candidates to spare, a world of weight 1/4 is kept a quarter as
    often as one of weight 1 (so the kept worlds follow the weights)."""
    sampler = WorldSampler([0, 0, 0, 0], [1, 1, 0, 0], 0b11)
    light = World((0b01, 0b10, 0), 0)

    def weight(w: World) -> float:
        return 0.25 if w == light else 1.0

    rng = random.Random(11)
    kept = Counter(run_steps(weighed(rng, sampler, at_once(weight), 50)) for _ in range(10_000))
    heavy = next(w for w in kept if w.hands != light.hands)
    light_kept = next(w for w in kept if w.hands == light.hands)
    assert light_kept.weight == 0.25 and heavy.weight == 1.0
    assert 0.2 < kept[light_kept] / kept[heavy] < 0.3


def test_the_likeliest_candidate_is_kept_when_none_is_accepted() -> None:
    sampler = WorldSampler([0, 0, 0, 0], [1, 1, 0, 0], 0b11)
    # Weights too small to be accepted (u < w) in 3 candidates of this seed; the larger wins.
    world = run_steps(weighed(random.Random(1), sampler, at_once(lambda w: 1e-9 * (1 + w.hands[0])), 3))
    assert world is not None and world.hands[0] == 0b10


def test_a_world_becomes_a_hand_at_the_declarers_decision() -> None:
    rng = random.Random(5)
    sampler = WorldSampler.before_play({}, 0, {0: 10, 1: 10, 2: 10}, 2)
    for declarer in range(3):
        world = sampler.draw(rng)
        assert world is not None
        hand = skat_hand_of(world, declarer)
        assert tuple(hand.hands) == world.hands and hand.skat == world.skat
        assert hand.declarer == declarer and hand.bid == 18 and hand.phase == Phase.SKAT
        again = games.SKAT.new_hand(ISKO, world_deck(world))
        assert tuple(again.hands) == world.hands


def test_officers_hands_are_replayed_by_the_same_entry() -> None:
    deck = list(range(32))
    h = replayed(games.OFFICERS, OFFICERS, deck, ())
    assert isinstance(h, OfficersHand) and h.deck == tuple(deck)


def test_the_auction_reading() -> None:
    """A sayer who passes refuses the next value, a listener the value said;
    rearhand, passing when 20 stands, refuses 22 (not 20: the old card-play
    reader said 20)."""
    bidding = ((1, A.bid(18)), (0, A.HOLD), (1, A.bid(20)), (0, A.PASS), (2, A.PASS))
    assert bidding_bounds(bidding) == {0: (18, 20), 1: (20, 0), 2: (0, 22)}
    assert bidding_bounds(((1, A.PASS), (2, A.PASS), (0, A.PASS))) == {0: (0, 18), 1: (0, 18), 2: (0, 18)}
    strong = mask_of([parse_card(c) for c in ["CJ", "SJ", "HJ", "DJ", "CA", "CT", "CK", "CQ", "C9", "C8"]])
    assert hand_support(strong, True) >= 48
    assert fits_auction((strong, 0, 0), {0: (48, 0)})
    assert not fits_auction((strong, 0, 0), {0: (0, 18)})  # such a hand does not pass at 18
