"""Bock rounds and Ramsch rounds (rules decisions 40-43), from the worked example in
docs/rules-decisions.md, then the same rules over a whole match: the sheet's lines, a save that
resumes its rounds, a kept sheet and a deal code of a Ramsch round's hand."""

from __future__ import annotations

import json
import random

import pytest

from random_play import play_match
from skat.engine import ISKO, LOTHAR, NO_CALL, GameType, Match, Phase, SkatHand, bock
from skat.engine.actions import declare
from skat.engine.deal import SkatDeal
from skat.engine.errors import IllegalActionError
from skat.engine.record import match_record, replay_match
from skat.engine.rules import RulesError
from skat.engine.scoring import HandResult
from skat.engine.share import deal_code_for, decode_deal
from skat.storage import SHEETS, MatchInProgress, MemoryStorage, Store

CLASSIC = ISKO.with_options(bock_events="classic", ramsch_round=True, kontra_re=True)


def lost_with_sixty() -> HandResult:
    """Clubs with 2 (36), lost with 60 card points: -72."""
    return HandResult("clubs", 0, bid=36, declarer_points=60, won=False, value=-72, scores=(-72, 0, 0),
                      game_value=36)


def grand_won() -> HandResult:
    """Grand with 1, won from the skat: 48."""
    return HandResult("grand", 1, bid=48, declarer_points=80, won=True, value=48, scores=(0, 48, 0), game_value=48)


def kontra_lost() -> HandResult:
    """Hearts with 1 (20), Kontra, lost: 20 x 2 x 2 = -80."""
    return HandResult("hearts", 2, bid=20, declarer_points=50, won=False, value=-80, scores=(0, 0, -80),
                      game_value=20, kontra=True)


def grand_hand_won() -> HandResult:
    """A Ramsch round's Grand Hand with 1, won: 24 x 3 = 72."""
    return HandResult("grand", 1, hand=True, declarer_points=70, won=True, value=72, scores=(0, 72, 0),
                      game_value=72)


def passed() -> HandResult:
    return HandResult("passed", None, scores=(0, 0, 0))


def write(m: Match, result: HandResult) -> None:
    """Write one line as the match does when a hand ends, then deal the next hand."""
    m._write(result)
    if not m.finished:
        m.dealer = (m.dealer + 1) % m.players
        m.start_hand()


def test_the_worked_example_queues_rounds_and_doubles_only_bock_lines() -> None:
    m = Match.new("skat", CLASSIC, players=3, hands=24, seed=1)
    assert m.current_round == "" and m.rounds_waiting() == {}
    write(m, lost_with_sixty())  # line 1: an event -> Bock round 2-4, Ramsch round 5-7
    assert m.current_round == "bock"
    assert m.rounds_waiting() == {"bock": 3, "ramsch": 3}
    write(m, grand_won())  # line 2, Bock: +96
    write(m, kontra_lost())  # line 3, Bock: -160, and an event: Bock 8-10, Ramsch 11-13
    write(m, passed())  # line 4, Bock: the deal passed in uses its Bock game up
    assert [r.round for r in m.sheet] == ["", "bock", "bock", "bock"]
    assert [sum(r.changes) for r in m.sheet] == [-72, 96, -160, 0]
    assert sorted(m.sheet[-1].totals) == [-160, -72, 96]
    # Line 5 is the Ramsch round's first game: Ramsch every game, with the Grand Hand offer.
    assert m.current_round == "ramsch"
    hand = m.current
    assert isinstance(hand, SkatHand) and hand.rules.ramsch_always and hand.rules.ramsch_grand_hand
    assert hand.phase == Phase.DECLARE and hand.legal_actions() == [NO_CALL, declare(GameType.GRAND)]
    assert m.rounds_waiting() == {"ramsch": 6, "bock": 3}
    write(m, grand_hand_won())  # line 5: not doubled; a Grand Hand won queues a third Bock round
    assert sum(m.sheet[-1].changes) == 72 and m.sheet[-1].factor == 1
    for _ in range(2):
        write(m, passed())  # lines 6, 7: the rest of the Ramsch round
    expected = ["bock"] * 3 + ["ramsch"] * 3 + ["bock"] * 3 + ["ramsch"] * 3
    assert m.round_queue == expected[1:] and m.current_round == "bock"  # line 8 is being played
    assert m.rules_of(4).ramsch_always and not m.rules_of(1).ramsch_always


def test_a_line_with_several_events_adds_one_round_and_a_game_is_never_doubled_twice() -> None:
    m = Match.new("skat", CLASSIC.with_options(ramsch_round=False), players=3, hands=12, seed=1)
    both = HandResult("spades", 0, bid=22, declarer_points=60, won=False, value=-176, scores=(-176, 0, 0),
                      game_value=22, kontra=True, re=True)
    assert bock.game_events(both, "classic") == ["sixty", "kontra_lost", "re"]
    write(m, both)
    assert m.round_queue == ["bock", "bock"] and m.current_round == "bock"
    write(m, both)  # a Bock game with events: its line doubled once, one more round queued after
    assert sum(m.sheet[-1].changes) == -352
    assert m.round_queue == ["bock"] * 4


def test_four_players_make_a_round_of_four_games() -> None:
    m = Match.new("skat", CLASSIC.with_options(ramsch_round=False), players=4, hands=8, seed=1)
    write(m, lost_with_sixty())
    assert m.rounds_waiting() == {"bock": 4}


@pytest.mark.parametrize(
    ("result", "events", "found"),
    [
        (lost_with_sixty(), "classic", ["sixty"]),
        (grand_won(), "classic", []),
        (grand_hand_won(), "classic", ["grand_hand"]),
        (grand_hand_won(), "all", ["grand_hand", "value"]),
        (kontra_lost(), "off", []),
        (HandResult("null", 0, won=False, declarer_points=0, value=-46, scores=(-46, 0, 0), game_value=23), "all", []),
        (HandResult("grand", 0, won=True, declarer_points=60, value=72, scores=(72, 0, 0), game_value=72), "all",
         ["value"]),
        (HandResult("ramsch", 0, value=-60, scores=(-60, 0, 0)), "all", []),
    ],
)
def test_which_games_are_events(result: HandResult, events: str, found: list[str]) -> None:
    assert bock.game_events(result, events) == found


def test_round_numbers_and_score_events() -> None:
    assert [t for t in (100, -200, 111, -333, 1444, 999, 0, 110, 1000, 1101, 50, 11) if bock.is_round_number(t)] == [
        100, -200, 111, -333, 1444, 999, 1000]
    assert bock.score_events((80, 0, 0), (100, 0, 0), "all") == ["score"]
    assert bock.score_events((80, 0, 0), (100, 0, 0), "classic") == []
    assert bock.score_events((100, 0, 0), (100, -20, 0), "all") == []  # only a total that changed


def test_the_score_event_counts_the_line_as_written_in_a_bock_round() -> None:
    m = Match.new("skat", ISKO.with_options(bock_events="all"), players=3, hands=9, seed=1, first_dealer=2)
    write(m, HandResult("diamonds", 0, won=True, declarer_points=70, value=50, scores=(50, 0, 0), game_value=18))
    assert m.round_queue == [] and m.current_round == ""
    write(m, HandResult("diamonds", 0, won=True, declarer_points=70, value=50, scores=(0, 50, 0), game_value=18))
    write(m, HandResult("diamonds", 0, won=True, declarer_points=70, value=50, scores=(0, 0, 50), game_value=18))
    write(m, HandResult("diamonds", 0, won=True, declarer_points=70, value=25, scores=(25, 0, 0), game_value=18))
    assert m.sheet[-1].totals == (75, 50, 50) and m.current_round == ""
    write(m, HandResult("grand", 0, won=True, declarer_points=70, value=25, scores=(25, 0, 0), game_value=72))
    assert m.sheet[-1].totals == (75, 75, 50)
    assert m.current_round == "bock"  # the game value of 72 (a score of 75 is no event)
    write(m, HandResult("diamonds", 0, won=True, declarer_points=70, value=25, scores=(25, 0, 0), game_value=18))
    assert m.sheet[-1].totals == (75, 75, 100) and m.sheet[-1].changes == (0, 0, 50)  # 100: another round
    assert m.current_round == "bock" and m.round_queue == ["bock"] * 4  # line 7 is being played


def test_rounds_that_do_not_fit_on_the_sheet_lapse() -> None:
    m = Match.new("skat", CLASSIC, players=3, hands=3, seed=1)
    write(m, lost_with_sixty())
    assert m.rounds_waiting() == {"bock": 2}


def test_seeger_fabian_counts_the_doubled_value_with_the_usual_fifty_and_forty() -> None:
    m = Match.new("skat", CLASSIC, players=3, hands=6, seed=1, first_dealer=2)
    write(m, lost_with_sixty())
    write(m, lost_with_sixty())
    assert m.sheet[0].seeger == (-72 - 50, 40, 40)
    # Line 2 is Bock, dealt by player 0: forehand is player 1.
    assert m.sheet[1].changes == (0, -144, 0) and m.sheet[1].seeger == (40, -144 - 50, 40)


def _deal() -> SkatDeal:
    rng = random.Random(4)
    return SkatDeal.random(rng)


def test_a_ramsch_round_hand_offers_grand_hand_from_forehand_and_plays_it_like_a_hand_game() -> None:
    rules = bock.hand_rules(ISKO, "ramsch")
    hand = SkatHand(rules, _deal())
    assert hand.phase == Phase.DECLARE and hand.to_move == 0 and hand.game == GameType.RAMSCH
    with pytest.raises(IllegalActionError):
        hand.apply(declare(GameType.CLUBS))  # only a Grand Hand, nothing else
    hand.apply(NO_CALL)
    hand.apply(declare(GameType.GRAND))
    assert (hand.declarer, hand.game, hand.hand_game, hand.phase) == (1, GameType.GRAND, True, Phase.PLAY)
    rng = random.Random(1)
    while not hand.done:
        hand.apply(rng.choice(hand.legal_actions()))
    assert hand.result is not None and hand.result.game == "grand" and hand.result.hand


def test_a_ramsch_round_hand_is_a_ramsch_when_nobody_declares() -> None:
    hand = SkatHand(bock.hand_rules(LOTHAR.with_options(schieberamsch=True), "ramsch"), _deal())
    for seat in range(3):
        assert hand.to_move == seat and hand.phase == Phase.DECLARE
        hand.apply(NO_CALL)
    assert hand.game == GameType.RAMSCH and hand.declarer is None
    assert hand.phase == Phase.SKAT and hand.to_move == 0  # the skat goes round (Schieberamsch)


def test_the_grand_hand_offer_reads_from_every_view_as_a_ramsch_call() -> None:
    hand = SkatHand(bock.hand_rules(ISKO, "ramsch"), _deal())
    view = hand.observe(0)
    assert view.game == GameType.RAMSCH and view.declarer is None and view.legal == (NO_CALL, declare(GameType.GRAND))
    assert hand.observe(1).legal == ()


def _played_match(rules, hands: int = 12, seed: int = 3) -> Match:  # type: ignore[no-untyped-def]
    m = Match.new("skat", rules, players=3, hands=hands, seed=seed)
    rng = random.Random(seed)
    play_match(m, rng)
    return m


RANDOM_RULES = LOTHAR.with_options(bock_events="all", ramsch_round=True, kontra_re=True)


def test_a_match_record_replays_its_rounds() -> None:
    m = _played_match(RANDOM_RULES)
    assert {r.round for r in m.sheet} == {"", "bock", "ramsch"}  # this seed reaches both kinds
    again = replay_match(json.loads(json.dumps(match_record(m, "b"))))
    assert again.sheet == m.sheet and again.kinds == m.kinds


def test_a_saved_match_resumes_its_bock_rounds_and_a_kept_sheet_shows_them() -> None:
    m = Match.new("skat", RANDOM_RULES, players=3, hands=12, seed=3)
    rng = random.Random(3)
    while len(m.sheet) < 7 or m.current is None or m.current.done or not m.round_queue:
        h = m.current
        assert h is not None and not m.finished
        if h.done:
            m.next_hand()
            continue
        m.apply(rng.choice(h.legal_actions()))
    store = Store(MemoryStorage({}), language="en")
    assert store.save_match(MatchInProgress(m, id="bock"))
    loaded = store.load_match()
    assert loaded is not None
    assert loaded.match.round_queue == m.round_queue and loaded.match.current_round == m.current_round
    assert loaded.match.rounds_waiting() == m.rounds_waiting() != {}
    finished = store.finish_match(loaded)
    [kept] = store.sheets()
    assert kept == finished and [r.round for r in kept.sheet] == [r.round for r in m.sheet]
    assert any(r.round == "bock" for r in kept.sheet)
    for i in range(len(kept.sheet)):
        assert kept.rules_of(i) == m.rules_of(i)


def test_a_kept_sheet_line_with_an_unknown_round_is_refused() -> None:
    m = _played_match(RANDOM_RULES, hands=3)
    store = Store(MemoryStorage({}), language="en")
    store.finish_match(MatchInProgress(m, id="x"))
    doc = json.loads(store.storage.load(SHEETS) or "")
    doc["matches"][0]["sheet"][0]["round"] = "triple"
    store2 = Store(MemoryStorage({SHEETS: json.dumps(doc)}), language="en")
    assert store2.sheets() == []


def test_a_deal_code_of_a_ramsch_round_hand_deals_that_hand_again() -> None:
    m = _played_match(RANDOM_RULES)
    index = m.kinds.index("ramsch")
    shared = decode_deal(deal_code_for(m, index + 1))
    assert shared.rules == m.rules_of(index) and shared.rules.ramsch_grand_hand
    hand = shared.new_hand()
    for a in m.actions[index]:
        hand.apply(a)
    assert hand.result == m.sheet[index].result
    plain = decode_deal(deal_code_for(m, 1))
    assert plain.rules == RANDOM_RULES


def test_the_bock_option_takes_only_its_values() -> None:
    with pytest.raises(RulesError):
        ISKO.with_options(bock_events="sometimes")
    assert ISKO.bock_events == "off" and not ISKO.ramsch_round

