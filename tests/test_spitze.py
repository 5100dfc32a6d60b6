"""Spitze (rules decisions 45-47), from the worked example in docs/rules-decisions.md: the
declarer announces with the declaration that the lowest trump takes the last trick; it adds one
level (or two); the card falling earlier, or not taking the last trick, loses the game.  Then
every strength with the option on, the sheet, records, deal codes and a fuzz run."""

from __future__ import annotations

import random

import pytest

from skat.ai import make_player
from skat.ai.base import decide_now
from skat.ai.effort import Effort
from skat.ai.spitze import choose_spitze, spitze_chance
from skat.ai.strengths import STRENGTHS
from skat.engine import ISKO, LOTHAR, GameType, Match, Phase, SkatHand, parse_action, parse_card
from skat.engine import actions as A
from skat.engine.deal import SkatDeal
from skat.engine.errors import IllegalActionError
from skat.engine.record import hand_record, match_record, replay_hand, replay_match
from skat.engine.rules import RulesError
from skat.engine.share import decode_deal, encode_deal
from skat.engine.skat_hand import spitze_card

FH = "CJ SJ HJ DJ CA CT C9 C7 HA D8"
MH = "CK C8 SA ST SK HK H9 DA DK D9"
RH = "CQ SQ S9 S8 S7 HT HQ H8 DT DQ"
SKAT = "H7 D7"
SPITZE = ISKO.with_options(spitze=1)


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def declared(rules=SPITZE, game: str = "game:CP") -> SkatHand:  # type: ignore[no-untyped-def]
    """Middlehand and rearhand pass, forehand plays Hand at 18 and declares ``game``."""
    h = SkatHand(rules, SkatDeal.from_hands(cards(FH), cards(MH), cards(RH), cards(SKAT)))
    for token in ("pass", "pass", "18", "hand", game):
        h.apply(parse_action(token))
    assert h.phase == Phase.PLAY
    return h


def play(h: SkatHand, order: str) -> None:
    """Forehand plays ``order`` card by card as it leads or follows; the defenders their lowest legal card."""
    mine = cards(order)
    while not h.done:
        legal = h.legal_actions()
        h.apply(mine.pop(0) if h.to_move == 0 else legal[0])


def test_the_spitze_names_and_parses_like_any_declaration() -> None:
    a = A.declare(GameType.CLUBS, spitze=True)
    assert A.action_name(a) == "game:CP" and parse_action("game:CP") == a and A.declaration(a).spitze
    assert A.action_name(A.declare(GameType.GRAND, True, True, spitze=True)) == "game:GZP"
    assert A.declare(GameType.NULL, spitze=True) == A.declare(GameType.NULL)  # no Spitze in Null
    assert spitze_card(GameType.CLUBS) == parse_card("C7") and spitze_card(GameType.GRAND) == parse_card("DJ")


def test_spitze_is_offered_only_with_its_card_and_never_in_a_grand_with_four_jacks() -> None:
    h = SkatHand(SPITZE, SkatDeal.from_hands(cards(FH), cards(MH), cards(RH), cards(SKAT)))
    for token in ("pass", "pass", "18", "hand"):
        h.apply(parse_action(token))
    legal = h.legal_actions()
    assert A.declare(GameType.CLUBS, spitze=True) in legal  # forehand holds the club 7
    assert A.declare(GameType.HEARTS, spitze=True) not in legal  # the heart 7 lies in the skat
    assert A.declare(GameType.GRAND, spitze=True) not in legal  # all four Jacks: the Jack of diamonds is sure
    off = SkatHand(ISKO, SkatDeal.from_hands(cards(FH), cards(MH), cards(RH), cards(SKAT)))
    for token in ("pass", "pass", "18", "hand"):
        off.apply(parse_action(token))
    assert not any(A.declaration(a).spitze for a in off.legal_actions() if A.is_declaration(a))


def test_the_worked_example_the_club_seven_takes_the_last_trick() -> None:
    h = declared()
    assert h.observe(1).spitze == parse_card("C7")  # shown to the defenders
    play(h, "CJ SJ HJ DJ CA CT C9 HA D8 C7")
    r = h.result
    assert r is not None and r.won and r.spitze and h.tricks[-1].winner == 0 and parse_card("C7") in h.tricks[-1].cards
    # Clubs with 6 (CJ SJ HJ DJ CA CT), game, Hand, Schneider, Schwarz (the defenders threw their
    # diamonds away: the D8 won too) and Spitze: 11 levels of 12.
    assert r.matadors == 6 and r.schneider and r.schwarz and r.multiplier == 6 + 1 + 1 + 1 + 1 + 1
    assert r.value == 12 * 11 == 132


def test_spitze_worth_two_levels() -> None:
    h = declared(ISKO.with_options(spitze=2))
    play(h, "CJ SJ HJ DJ CA CT C9 HA D8 C7")
    assert h.result is not None and h.result.value == 12 * 12


def test_the_spitze_card_played_early_loses_at_once() -> None:
    h = declared()
    play(h, "CJ SJ HJ DJ CA CT C9 C7")  # the 7 in the eighth trick: it wins it, but the game is lost
    r = h.result
    assert r is not None and h.done and len(h.tricks) == 8 and not r.won
    # Lost with the levels reached: with 6, game, Hand, Schneider (98 card points), Spitze.
    assert r.schneider and not r.schwarz and r.value == -2 * 12 * (6 + 1 + 1 + 1 + 1)


def test_a_spitze_game_is_not_claimed_but_may_be_given_up() -> None:
    h = declared()
    with pytest.raises(IllegalActionError):
        h.apply(A.REST_DECLARER)
    h.apply(A.CONCEDE)
    assert h.result is not None and not h.result.won


def test_the_spitze_beaten_in_the_last_trick_loses() -> None:
    # Middlehand holds seven trumps: forehand cannot draw them, a Jack beats his club 7 at the end.
    fh, mh = "SJ C7 CA CT HA HT SA ST DA DT", "CJ HJ DJ CK CQ C9 C8 H7 H8 H9"
    rest = [c for c in range(32) if c not in cards(fh) + cards(mh)]
    h = SkatHand(SPITZE, SkatDeal.from_hands(cards(fh), cards(mh), rest[:10], rest[10:]))
    for token in ("pass", "pass", "18", "hand", "game:CP"):
        h.apply(parse_action(token))
    order = cards("HA HT SA ST DA DT CA CT SJ C7")
    while not h.done:
        legal = h.legal_actions()
        h.apply(next(c for c in order if c in legal) if h.to_move == 0 else legal[-1])  # middlehand: its highest
    r = h.result
    assert r is not None and len(h.tricks) == 10 and not r.won and r.spitze
    last = h.tricks[-1]
    assert parse_card("C7") in last.cards and last.winner != 0  # it fell in the last trick, beaten
    assert r.declarer_points > 60  # lost by the Spitze alone


def test_the_option_takes_only_its_values_and_codes_and_records_carry_it() -> None:
    for bad in (3, True, "1"):
        with pytest.raises(RulesError):
            ISKO.with_options(spitze=bad)
    h = declared(ISKO.with_options(spitze=2))
    play(h, "CJ SJ HJ DJ CA CT C9 HA D8 C7")
    _, rules, again = replay_hand(hand_record("skat", h.rules, h))
    assert rules.spitze == 2 and again.result == h.result
    assert decode_deal(encode_deal("skat", h.rules, h.deal.deck)).rules == h.rules


@pytest.mark.parametrize("strength", list(STRENGTHS))
def test_every_strength_plays_spitze_legally_and_keeps_its_card_back(strength: str) -> None:
    rules = LOTHAR.with_options(spitze=1, kontra_re=True, skip_bids=True)
    rng = random.Random(len(strength))
    players = [make_player(strength, random.Random(s), Effort.fixed(2)) for s in range(3)]
    announced = 0
    for _ in range(24):
        h = SkatHand(rules, SkatDeal.random(rng))
        while not h.done:
            seat = h.to_move
            assert seat is not None
            view = h.observe(seat)
            action = decide_now(players[seat], view, budget=5.0)
            assert action in view.legal, (strength, h.phase, action)
            if h.spitze and h.phase == Phase.PLAY and seat == h.declarer and action == h.spitze_card:
                assert len(h.tricks) == 9 or view.legal == (action,), "the Spitze card left early by choice"
            h.apply(action)
        announced += bool(h.result and h.result.spitze)
    if not STRENGTHS[strength].dares:
        assert announced == 0


def test_each_strength_bets_on_a_sure_spitze_and_never_on_a_thin_one() -> None:
    sure = SkatHand(SPITZE, SkatDeal.from_hands(cards("CJ SJ HJ DJ CA CT CK CQ C9 C7"), cards(MH.replace("CK", "HA")),
                                                cards(RH.replace("CQ", "D8")), cards(SKAT)))
    for token in ("pass", "pass", "18", "hand"):
        sure.apply(parse_action(token))
    view = sure.observe(0)
    assert spitze_chance(view.hand, GameType.CLUBS) > 0.9
    thin = cards("CJ C7 CA HA HT SA ST DA DT D9")
    assert spitze_chance(sum(1 << c for c in thin), GameType.CLUBS) == 0.0
    plain = A.declare(GameType.CLUBS)
    for name, profile in STRENGTHS.items():
        chosen = choose_spitze(view, plain, profile)
        assert chosen == (A.declare(GameType.CLUBS, spitze=True) if profile.dares else plain), name


def test_a_match_with_spitze_replays_and_a_fuzz_run_keeps_every_invariant() -> None:
    rng = random.Random(7)
    games = spitzen = 0
    for seed in range(6):
        m = Match.new("skat", ISKO.with_options(spitze=1 + seed % 2, kontra_re=True), players=3, hands=6, seed=seed)
        while True:
            h = m.current
            assert isinstance(h, SkatHand)
            while not h.done:
                legal = h.legal_actions()
                with_spitze = [a for a in legal if A.is_declaration(a) and A.declaration(a).spitze]
                m.apply(rng.choice(with_spitze) if with_spitze and rng.random() < 0.8 else rng.choice(legal))
            check(h)
            games += 1
            spitzen += bool(h.result and h.result.spitze)
            if m.finished:
                break
            m.next_hand()
        assert replay_match(match_record(m)).sheet == m.sheet
    assert games == 36 and spitzen > 10


def check(h: SkatHand) -> None:
    r = h.result
    assert r is not None and h.all_cards_in_one_place()
    if not r.spitze:
        return
    card = h.spitze_card
    assert card is not None and r.game != "null"
    took_last = len(h.tricks) == 10 and card in h.tricks[-1].cards and h.tricks[-1].winner == h.declarer
    if not took_last:
        assert not r.won
    # Play stops at the trick the card falls in: it is never in an earlier one.
    assert not any(card in t.cards for t in h.tricks[:-1])
    if len(h.tricks) < 10 and not h.schwarz_announced:
        assert card in h.tricks[-1].cards and not r.won


def test_the_result_and_the_sheet_name_the_spitze() -> None:
    from skat.i18n import Translator
    from skat.ui.game_names import game_name, of_result
    from skat.ui.result_text import computation

    h = declared(ISKO.with_options(spitze=2))
    play(h, "CJ SJ HJ DJ CA CT C9 HA D8 C7")
    r = h.result
    assert r is not None
    t = Translator("en")
    first = computation(t, r)[0]
    assert first.endswith("Spitze 11, Spitze 12 × Clubs 12 = 144"), first
    assert "Spitze" in game_name(t, of_result(r)) and "Sp" in game_name(t, of_result(r), short=True)
