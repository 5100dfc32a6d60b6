"""The after-the-hand analysis on composed hands with a known answer (engine and AI only).

Both hands were composed with the solver: every card but one is best play.
"""

from __future__ import annotations

import random

import pytest

from skat.ai.base import decide_now
from skat.ai.heuristic.player import HeuristicPlayer
from skat.ai.review import analysis
from skat.ai.review.analysis import WIN_TO_LOSS, analyse, cached, run_to_end
from skat.engine import actions as A
from skat.engine.cards import parse_card
from skat.engine.deal import SkatDeal, shuffled_deck
from skat.engine.officers import OfficersHand
from skat.engine.rules import ISKO, OFFICERS
from skat.engine.skat_hand import SkatHand
from skat.engine.tricks import GameType


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


# Forehand plays Clubs Hand and can win it (with best play 61 or more); the
# first two tricks are best play; at trick 3 forehand leads the 9 of spades,
# after which best play by everyone leaves him short of 61.
WRONG_LEAD_DECK = cards(
    "CT CJ D8 H7 HQ DQ S7 HT CK S8 C7 S9 HJ HA SA ST SQ C9 SK H8 DJ D7 CA SJ CQ D9 HK DT C8 DA H9 DK"
)
WRONG_LEAD_PLAY = cards("HJ C8 DJ HA H7 H8 S9 ST S7 DT DK D8 SK CA SA DA D9 DQ D7 SJ HQ CT C9 CK CJ HK H9 CQ SQ HT")
WINNING_LEADS = set(cards("D8 D9 SJ SA CJ"))

# Forehand plays Hearts Hand; with best play by both sides he loses, and both sides play best.
CARDS_DECK = cards("CA ST HT DJ S8 S9 HA H8 C7 HK H9 CJ D8 DQ DT SK SQ HQ HJ SA S7 CT DK DA CQ H7 C8 D7 C9 D9 CK SJ")
CARDS_PLAY = cards("DA D7 D9 DT DJ DK HQ SJ H7 H8 HT HJ S8 SA ST S7 D8 SQ SK C7 DQ S9 HA CJ CQ C8 CT CK CA C9")


def hand_game(deck: list[int], game: GameType, play: list[int]) -> SkatHand:
    """Middlehand and rearhand pass, forehand plays ``game`` Hand, then ``play``."""
    hand = SkatHand(ISKO, SkatDeal.from_deck(deck))
    for a in (A.PASS, A.PASS, A.bid(18), A.HAND, A.declare(game), *play):
        hand.apply(a)
    assert hand.done
    return hand


def wrong_lead_hand() -> SkatHand:
    return hand_game(WRONG_LEAD_DECK, GameType.CLUBS, WRONG_LEAD_PLAY)


def cards_decided_hand() -> SkatHand:
    return hand_game(CARDS_DECK, GameType.HEARTS, CARDS_PLAY)


@pytest.fixture(autouse=True)
def _fresh_caches() -> None:
    analysis._RESULTS.clear()
    analysis._POSITIONS.clear()


def test_the_wrong_lead_at_trick_three_is_named_as_the_deciding_mistake() -> None:
    hand = wrong_lead_hand()
    assert not hand.result.won  # type: ignore[union-attr]
    a = run_to_end(analyse(hand, 0))
    assert a.best.won and a.best.points >= 61
    assert not a.actual.won
    d = a.deciding
    assert d is not None and d.mine and d.seat == 0
    assert (d.trick, d.card) == (3, parse_card("S9"))
    assert d.effect == WIN_TO_LOSS
    assert d.best in WINNING_LEADS
    # Every other card of the person was best play.
    assert [n for n in a.my_mistakes if n is not d] == []
    assert a.my_mistakes == [d]


def test_the_same_mistake_seen_by_a_defender_is_someone_elses() -> None:
    a = run_to_end(analyse(wrong_lead_hand(), 1))
    assert a.deciding is not None and not a.deciding.mine and a.deciding.seat == 0
    assert a.my_mistakes == []


def test_a_hand_lost_on_the_cards_says_the_cards_decided() -> None:
    hand = cards_decided_hand()
    a = run_to_end(analyse(hand, 0))
    assert not a.best.won and not a.actual.won
    assert a.best == a.actual
    assert a.deciding is None
    assert a.my_mistakes == []


def test_the_analysis_also_says_which_games_the_twelve_cards_would_win() -> None:
    a = run_to_end(analyse(wrong_lead_hand(), 0))
    games = dict(a.winnable)
    assert GameType.CLUBS in games and GameType.NULL in games
    assert games[GameType.CLUBS] is True  # the game he played is winnable after a pickup too
    assert all(w in (True, False, None) for w in games.values())


def test_an_analysis_is_kept_and_given_again_without_work() -> None:
    hand = wrong_lead_hand()
    a = run_to_end(analyse(hand, 0))
    assert cached(hand, 0) is a
    gen = analyse(hand, 0)
    with pytest.raises(StopIteration) as stop:
        next(gen)
    assert stop.value.value is a


class CountingSolver(analysis.SkatSolver):
    """Records every query's node limit (a query without one could run for seconds)."""

    limits: list[int | None] = []
    live: list[analysis.SkatSolver] = []

    def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        CountingSolver.live.append(self)

    def declarer_reaches(self, target, node_limit=None):  # type: ignore[no-untyped-def]
        CountingSolver.limits.append(node_limit)
        return super().declarer_reaches(target, node_limit)

    def null_declarer_wins(self, node_limit=None):  # type: ignore[no-untyped-def]
        CountingSolver.limits.append(node_limit)
        return super().null_declarer_wins(node_limit)

    def declarer_takes_all(self, node_limit=None):  # type: ignore[no-untyped-def]
        CountingSolver.limits.append(node_limit)
        return super().declarer_takes_all(node_limit)

    def defenders_take_all(self, node_limit=None):  # type: ignore[no-untyped-def]
        CountingSolver.limits.append(node_limit)
        return super().defenders_take_all(node_limit)


def test_every_slice_is_bounded_in_solver_nodes(monkeypatch: pytest.MonkeyPatch) -> None:
    CountingSolver.limits, CountingSolver.live = [], []
    monkeypatch.setattr(analysis, "SkatSolver", CountingSolver)
    gen = analyse(wrong_lead_hand(), 0)
    progress = []
    worst = 0
    before = 0
    while True:
        try:
            progress.append(next(gen))
        except StopIteration:
            break
        total = sum(s._counter[0] for s in CountingSolver.live)
        worst = max(worst, total - before)
        before = total
    assert CountingSolver.limits and all(n is not None and n <= analysis.SLICE_NODES for n in CountingSolver.limits)
    # A slice is a few bounded queries: never more than two slices' worth of nodes (plus a trick's overshoot).
    assert worst <= 2 * analysis.SLICE_NODES + 200
    assert len(progress) > 20
    shown = [p for p in progress if p >= 0]
    assert shown == sorted(shown) and shown[-1] == 1.0


def test_passed_hands_and_ramsch_have_nothing_to_analyse() -> None:
    hand = SkatHand(ISKO, SkatDeal.from_deck(CARDS_DECK))
    for a in (A.PASS, A.PASS, A.PASS):
        hand.apply(a)
    assert hand.done
    assert run_to_end(analyse(hand, 0)).unsupported == "passed"


def test_officers_analysis_knows_the_face_down_cards() -> None:
    rng = random.Random(2)
    hand = OfficersHand(OFFICERS, shuffled_deck(rng))
    players = [HeuristicPlayer("strong", random.Random(s)) for s in (2, 3)]
    while not hand.done:
        seat = hand.to_move
        hand.apply(decide_now(players[seat], hand.observe(seat)))
    a = run_to_end(analyse(hand, 0))
    assert a.game_kind == "officers" and a.face_down
    assert len(a.notes) == sum(len(t.cards) for t in hand.tricks)
    assert a.actual.won == hand.result.won  # type: ignore[union-attr]
    if a.best == a.actual:
        assert a.deciding is None


def test_ramsch_has_no_declarer_to_judge() -> None:
    hand = SkatHand(ISKO.with_options(all_pass="ramsch"), SkatDeal.from_deck(CARDS_DECK))
    rng = random.Random(1)
    for a in (A.PASS, A.PASS, A.PASS):
        hand.apply(a)
    while not hand.done:
        hand.apply(rng.choice(hand.legal_actions()))
    assert hand.result is not None and hand.result.game == "ramsch"
    assert run_to_end(analyse(hand, 0)).unsupported == "ramsch"


def _note(trick: int, before_won: bool, after_won: bool, mine: bool = False) -> analysis.CardNote:
    def outcome(won: bool) -> analysis.Outcome:
        return analysis.Outcome(points=70 if won else 50, won=won, schneider=False, schwarz=False, score=0)

    return analysis.CardNote(trick, seat=0, card=trick, mine=mine, before=outcome(before_won), after=outcome(after_won))


def test_a_result_given_away_won_back_and_given_away_again_was_decided_by_the_last_loss() -> None:
    lost = analysis.Outcome(points=50, won=False, schneider=False, schwarz=False, score=-100)
    # Best play from the start loses, and so did the hand; but the declarer was
    # handed the win at trick 5 and gave it back at trick 7: trick 7 decided.
    notes = [
        _note(2, False, False),
        _note(5, False, True),
        _note(6, True, True, mine=True),
        _note(7, True, False, mine=True),
    ]
    assert analysis._deciding(notes, lost) is notes[3]
    # No card ever moved the result: the cards decided.
    assert analysis._deciding([_note(2, False, False), _note(3, False, False)], lost) is None


@pytest.mark.parametrize("announced", ["", "Z"], ids=["plain", "schwarz-announced"])
def test_a_hand_ended_early_at_any_card_is_named_not_analysed(announced: str) -> None:
    """Giving up or either side's rest, after any number of cards (a claim at the last card gathers
    one card, a Schwarz announced given to the defenders ends at the trick under way): the analysis
    says the hand was not played out, and never replays a gathered card as a play."""
    deck = SkatDeal.from_deck(WRONG_LEAD_DECK)
    for played in range(len(WRONG_LEAD_PLAY)):
        for ending in A.PLAY_ENDINGS:
            hand = SkatHand(ISKO, deck)
            declaration = A.parse_action("game:C" + ("SZ" if announced else ""))
            for a in (A.PASS, A.PASS, A.bid(18), A.HAND, declaration, *WRONG_LEAD_PLAY[:played]):
                if not hand.done:
                    hand.apply(a)
            if hand.done:  # a Schwarz announced ends at the defenders' first trick
                continue
            hand.apply(ending)
            assert hand.done
            a = run_to_end(analyse(hand, 0))
            assert a.unsupported == "conceded", (played, A.action_name(ending))
