"""Revolution (rules decisions 51-53), from the worked example in docs/rules-decisions.md: a Null
Ouvert worth 92 in which, the declarer's cards open, the defenders see each other's hands and
exchange cards before the first card.  Then names, records, codes, every strength, a fuzz run."""

from __future__ import annotations

import random

import pytest

from skat.ai import make_player
from skat.ai.base import decide_now
from skat.ai.effort import Effort
from skat.ai.expert.revolution import beats
from skat.ai.strengths import STRENGTHS
from skat.engine import ISKO, GameType, Phase, SkatHand, parse_action, parse_card
from skat.engine import actions as A
from skat.engine.cards import mask_of
from skat.engine.deal import SkatDeal
from skat.engine.errors import IllegalActionError
from skat.engine.events import apply_with_events
from skat.engine.record import hand_record, replay_hand
from skat.engine.share import decode_deal, encode_deal

FH = "D7 D9 DK SJ SQ SA C7 C8 CQ CA"
MH = "D8 DT DQ DA HJ S7 C9 CT CJ CK"
RH = "H7 H8 H9 HT HQ HK HA S8 S9 SK"
SKAT = "DJ ST"
REVOLUTION = ISKO.with_options(revolution=True)
NR = A.declare(GameType.NULL, revolution=True)


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def declared(rules=REVOLUTION) -> SkatHand:  # type: ignore[no-untyped-def]
    """Middlehand passes, rearhand says 18, forehand passes; rearhand plays a Revolution Hand."""
    h = SkatHand(rules, SkatDeal.from_hands(cards(FH), cards(MH), cards(RH), cards(SKAT)))
    for token in ("pass", "18", "pass", "hand", "game:NR"):
        h.apply(parse_action(token))
    return h


def swap(given: str, taken: str) -> int:
    return A.swap(parse_card(given), parse_card(taken))


def play_out(h: SkatHand) -> None:
    while not h.done:
        h.apply(h.legal_actions()[0])


def test_the_revolution_names_parses_and_is_declared_only_with_the_option() -> None:
    assert A.action_name(NR) == "game:NR" and parse_action("game:NR") == NR
    d = A.declaration(NR)
    assert d.game == GameType.NULL and d.ouvert and d.revolution
    assert parse_action("swap:CT:HT") == swap("CT", "HT") and A.action_name(swap("CT", "HT")) == "swap:CT:HT"
    h = SkatHand(ISKO, SkatDeal.from_hands(cards(FH), cards(MH), cards(RH), cards(SKAT)))
    for token in ("pass", "18", "pass", "hand"):
        h.apply(parse_action(token))
    assert NR not in h.legal_actions()
    h2 = SkatHand(REVOLUTION, SkatDeal.from_hands(cards(FH), cards(MH), cards(RH), cards(SKAT)))
    for token in ("pass", "18", "pass", "pickup", "DJ", "ST"):
        h2.apply(parse_action(token))
    assert NR in h2.legal_actions()  # from the skat too


def test_above_92_no_revolution() -> None:
    h = SkatHand(REVOLUTION, SkatDeal.from_hands(cards(FH), cards(MH), cards(RH), cards(SKAT)))
    for token in ("pass", "96", "pass", "hand"):
        h.apply(parse_action(token))
    assert NR not in h.legal_actions()


def test_the_defenders_see_each_other_and_the_declarer_from_the_exchange_on() -> None:
    h = declared()
    assert h.phase == Phase.EXCHANGE and h.to_move == 0
    fh, mh, rh = (h.observe(s) for s in range(3))
    assert fh.partner_hand == mask_of(cards(MH)) and mh.partner_hand == mask_of(cards(FH))
    assert rh.partner_hand == 0 and fh.open_cards == mask_of(cards(RH)) and fh.revolution
    legal = h.legal_actions()
    assert legal[0] == A.NO_CALL and len(legal) == 1 + 10 * 10


def test_without_an_exchange_the_defenders_cannot_catch_the_declarer() -> None:
    h = declared()
    assert not beats(h.observe(0), None)  # solved double dummy: he takes no trick
    h.apply(A.NO_CALL)
    h.apply(A.NO_CALL)
    assert h.phase == Phase.PLAY and h.to_move == 0
    play_out(h)
    r = h.result
    assert r is not None and r.won and r.revolution and r.value == 92 and r.game == "null"


def test_the_exchange_gives_forehand_the_seven_that_catches_the_eight() -> None:
    h = declared()
    h.apply(swap("CA", "S7"))
    with pytest.raises(IllegalActionError):
        h.apply(swap("S7", "CK"))  # a card changes hands once
    h.apply(A.NO_CALL)
    assert h.to_move == 1 and h.observe(1).partner_hand >> parse_card("S7") & 1
    h.apply(A.NO_CALL)
    assert all(x.bit_count() == 10 for x in h.hands) and h.all_cards_in_one_place()
    h.apply(parse_card("S7"))
    assert not any(c // 8 == 2 for c in h.legal_actions())  # middlehand has no spade left
    h.apply(parse_card("CA"))
    h.apply(parse_card("S8"))
    r = h.result
    assert h.done and r is not None and not r.won and r.value == -184 and len(h.tricks) == 1


@pytest.mark.parametrize("strength", sorted(STRENGTHS))
def test_every_strength_finds_the_exchange(strength: str) -> None:
    h = declared()
    player = make_player(strength, rng=random.Random(1))
    first = decide_now(player, h.observe(0))
    assert first == swap("CA", "S7")
    h.apply(first)
    assert decide_now(player, h.observe(0)) == A.NO_CALL


def test_kontra_doubles_a_revolution_and_the_exchange_follows_it() -> None:
    h = declared(REVOLUTION.with_options(kontra_re=True))
    assert h.phase == Phase.KONTRA
    h.apply(A.KONTRA)
    h.apply(A.NO_CALL)
    assert h.phase == Phase.EXCHANGE
    h.apply(A.NO_CALL)
    h.apply(A.NO_CALL)
    play_out(h)
    assert h.result is not None and h.result.value == 184


def test_events_records_and_codes_carry_the_exchange() -> None:
    h = declared()
    events = apply_with_events(h, swap("CA", "S7"))
    assert events[0].kind == "swap" and events[0].cards == (parse_card("CA"), parse_card("S7"))
    assert [e.kind for e in apply_with_events(h, A.NO_CALL)] == ["exchange_done"]
    h.apply(A.NO_CALL)
    play_out(h)
    _, rules, again = replay_hand(hand_record("skat", h.rules, h))
    assert rules.revolution and isinstance(again, SkatHand) and again.result == h.result
    assert decode_deal(encode_deal("skat", REVOLUTION, range(32))).rules.revolution


@pytest.mark.parametrize("strength", sorted(STRENGTHS))
def test_every_strength_plays_a_revolution_legally(strength: str) -> None:
    rng = random.Random(51)
    for n in range(2 if strength == "expert" else 4):
        h = declared(REVOLUTION.with_options(kontra_re=True))
        players = [make_player(strength, random.Random(n * 3 + s), Effort.fixed(2)) for s in range(3)]
        while not h.done:
            seat = h.to_move
            assert seat is not None
            action = decide_now(players[seat], h.observe(seat))
            h.apply(action, seat)
        assert h.result is not None and h.result.revolution
    calls = 0
    for n in range(3 if strength == "expert" else 12):
        h = SkatHand(REVOLUTION, SkatDeal.random(rng))
        players = [make_player(strength, random.Random(n * 3 + s), Effort.fixed(2)) for s in range(3)]
        while not h.done:
            seat = h.to_move
            assert seat is not None
            calls += h.phase == Phase.EXCHANGE
            h.apply(decide_now(players[seat], h.observe(seat)), seat)


def fuzz_revolutions(hands: int, seed: int) -> int:
    """Random legal play that declares a Revolution whenever it may (low bids, so it often may),
    checking the invariants, hand sizes after the exchange, replay; returns the Revolutions played."""
    rng = random.Random(seed)
    rules = REVOLUTION.with_options(kontra_re=True, schenken=True)
    revolutions = 0
    for _ in range(hands):
        h = SkatHand(rules, SkatDeal.random(rng))
        while not h.done:
            legal = h.legal_actions()
            if NR in legal and rng.random() < 0.7:
                action = NR
            elif h.phase == Phase.BIDDING and rng.random() < 0.5:
                action = legal[min(1, len(legal) - 1)]  # keep the bids low enough for a Revolution
            else:
                action = rng.choice(legal)
            apply_with_events(h, action)
            assert h.all_cards_in_one_place()
            if h.phase == Phase.PLAY and not h.trick and not h.tricks:
                assert all(x.bit_count() == 10 for x in h.hands)
            for s in range(3):
                obs = h.observe(s)
                if obs.partner_hand:  # a defender's view of the other defender, in a Revolution only
                    assert h.revolution and h.declarer is not None and s != h.declarer
                    assert obs.partner_hand == h.hands[3 - s - h.declarer]
        r = h.result
        assert r is not None
        if r.revolution:
            revolutions += 1
            assert r.game_value == 92 and r.won == (r.declarer_tricks == 0)
        _, _, again = replay_hand(hand_record("skat", rules, h))
        assert again.result == r
    return revolutions


def test_fuzz_random_legal_play_with_revolution() -> None:
    assert fuzz_revolutions(400, seed=52) > 10


def test_a_defenders_sampled_deals_hold_the_partners_shown_cards() -> None:
    """In a Revolution the defenders saw each other's hands: a defender's search deals the
    partner exactly those cards (and the declarer his open ones), leaving only the skat unknown."""
    from skat.ai.expert.sampling import DealSampler
    from skat.ai.model.knowledge import SkatKnowledge
    from skat.ai.strengths import STRONG

    h = declared()
    h.apply(swap("CA", "S7"))
    h.apply(A.NO_CALL)
    h.apply(A.NO_CALL)
    assert h.phase == Phase.PLAY
    obs = h.observe(0)
    partner = h.hands[1]
    assert obs.partner_hand == partner
    assert obs.game is not None
    kn = SkatKnowledge(obs, obs.game, STRONG)
    assert kn.known[1] == partner and kn.known[2] == h.hands[2]
    sampler = DealSampler(obs)
    rng = random.Random(3)
    skats = set()
    for _ in range(30):
        deal = sampler.sample(rng)
        assert deal is not None
        assert deal.hands[1] == partner and deal.hands[2] == h.hands[2] and deal.hands[0] == h.hands[0]
        skats.add(deal.skat)
    assert skats == {h.skat}  # the only cards left unseen are the skat's
