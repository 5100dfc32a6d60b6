"""Tests of the computer players: legality and effort over many random hands,
the basic skills on constructed positions, and strength over seeded deals."""

from __future__ import annotations

import random

import pytest

from skat.ai.base import Decision, decide_now
from skat.ai.heuristic.player import HeuristicPlayer
from skat.ai.strengths import STRENGTHS as PROFILES
from skat.engine import (
    HOLD,
    ISKO,
    LOTHAR,
    OFFICERS,
    PASS,
    PICKUP,
    OfficersHand,
    SkatDeal,
    SkatHand,
    bid,
    declare,
    new_hand,
    parse_card,
    shuffled_deck,
)
from skat.engine import actions as A
from skat.engine.cards import CARD_POINTS
from skat.engine.match import Hand
from skat.engine.skat_hand import Phase
from skat.engine.tricks import TRUMPS, GameType
from skat.lab.random_player import RandomPlayer

STRENGTHS = tuple(name for name, profile in PROFILES.items() if not profile.searches)
"""The rule-of-thumb strengths."""

SKAT_RULES = {
    "isko": ISKO,
    "isko+kontra": ISKO.with_options(kontra_re=True),
    "lothar": LOTHAR,
    "lothar+kontra+jungfrau": LOTHAR.with_options(kontra_re=True, jungfrau=True),
}
OFFICERS_RULES = {
    "officers": OFFICERS,
    "passing+null": OFFICERS.with_options(officers_passing=True, officers_null=True),
    "no-kontra+simple": OFFICERS.with_options(kontra_re=False, officers_scoring="simple_points", more_matadors=True),
    "harlequin": OFFICERS.with_options(officers_layout="harlequin"),
    "harlequin+passing+null": OFFICERS.with_options(
        officers_layout="harlequin", officers_passing=True, officers_null=True
    ),
    "admirals": OFFICERS.with_options(officers_layout="admirals"),
    "admirals+passing+lothar-ladder": OFFICERS.with_options(
        officers_layout="admirals", officers_passing=True, skip_bids=False
    ),
}
MAX_UNITS = 200
"""Units of work a decision may take: a machine-independent bound on effort
(every unit is a small, bounded piece of work; wall-clock figures come from
``skat bench ai``)."""


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def play_out(state: Hand, players: list, checks: bool = True) -> None:  # type: ignore[type-arg]
    """Play to the end; every decision is stepped with a zero budget, so the
    number of steps counts its units of work."""
    while not state.done:
        seat = state.to_move
        assert seat is not None
        player = players[seat]
        if isinstance(player, RandomPlayer):
            state.apply(player.choose(state))
            continue
        view = state.observe(seat)
        decision = player.begin(view)
        steps = 1
        while not decision.step(0.0):
            steps += 1
            assert steps <= MAX_UNITS, f"decision not finished after {MAX_UNITS} units"
        if checks:
            assert not decision.corrected, f"illegal choice corrected in phase {view.phase!r}"
            assert decision.action in view.legal
            assert decision.action in state.legal_actions()
        state.apply(decision.action, seat)


# --------------------------------------------------------------------------- (a) legality
@pytest.mark.parametrize("strength", STRENGTHS)
@pytest.mark.parametrize("rules_name", sorted(SKAT_RULES))
def test_skat_hands_all_legal(strength: str, rules_name: str) -> None:
    rules = SKAT_RULES[rules_name]
    rng = random.Random(f"{strength}/{rules_name}")
    for _ in range(40):
        state = SkatHand(rules, SkatDeal.random(rng))
        players = [HeuristicPlayer(strength, random.Random(rng.random())) for _ in range(3)]
        play_out(state, players)
        assert state.result is not None


@pytest.mark.parametrize("strength", STRENGTHS)
@pytest.mark.parametrize("rules_name", sorted(OFFICERS_RULES))
def test_officers_hands_all_legal(strength: str, rules_name: str) -> None:
    rules = OFFICERS_RULES[rules_name]
    rng = random.Random(f"{strength}/{rules_name}")
    for _ in range(30):
        state = OfficersHand(rules, shuffled_deck(rng))
        players = [HeuristicPlayer(strength, random.Random(rng.random())) for _ in range(2)]
        play_out(state, players)
        assert state.result is not None


def test_mixed_strengths_and_forced_auctions_stay_legal() -> None:
    """Mixed tables, and hands where random bidders push the AI into odd spots
    (high bids, Hand games, overbids, Ramsch)."""
    rng = random.Random(99)
    for i in range(60):
        game = "skat" if i % 2 else "officers"
        rules = (
            [ISKO.with_options(kontra_re=True), LOTHAR][i % 4 // 2]
            if game == "skat"
            else OFFICERS_RULES[sorted(OFFICERS_RULES)[i % len(OFFICERS_RULES)]]
        )
        state = new_hand(game, rules, shuffled_deck(rng))
        seats = 3 if game == "skat" else 2
        players = [
            RandomPlayer(random.Random(i * 7 + s)) if (i + s) % 3 == 0 else HeuristicPlayer(STRENGTHS[(i + s) % 3])
            for s in range(seats)
        ]
        play_out(state, players)


def test_decision_interface() -> None:
    state = SkatHand(ISKO, SkatDeal.random(random.Random(5)))
    player = HeuristicPlayer("normal", random.Random(1))
    view = state.observe(state.to_move)  # type: ignore[arg-type]
    decision = player.begin(view)
    assert isinstance(decision, Decision) and not decision.done
    while not decision.step(0.0):
        pass
    assert decision.done and decision.action in view.legal
    assert decision.step(0.0)  # stepping a finished decision is harmless
    assert decide_now(player, view) in view.legal
    stopped = player.begin(view)
    assert stopped.finish_now() in view.legal
    with pytest.raises(ValueError):
        player.begin(state.observe((state.to_move + 1) % 3))  # type: ignore[operator]
    with pytest.raises(ValueError):
        HeuristicPlayer("grandmaster")


def test_observation_carries_rules_and_no_hidden_cards() -> None:
    state = SkatHand(LOTHAR, SkatDeal.random(random.Random(8)))
    view = state.observe(1)
    assert view.rules == LOTHAR
    assert view.skat == 0 and view.hand == state.hands[1]
    officers = OfficersHand(OFFICERS.with_options(officers_layout="admirals"), shuffled_deck(random.Random(3)))
    oview = officers.observe(0)
    assert oview.rules is not None and oview.rules.officers_layout == "admirals"
    assert oview.skat == 0


# --------------------------------------------------------------------------- (b) behaviour
def _skat_state(fh: str, mh: str, rh: str, skat: str, rules=ISKO) -> SkatHand:  # type: ignore[no-untyped-def]
    return SkatHand(rules, SkatDeal.from_hands(cards(fh), cards(mh), cards(rh), cards(skat)))


def _forehand_declares_hand(state: SkatHand, game: GameType) -> None:
    for action in (PASS, PASS, bid(18), A.HAND, declare(game)):
        state.apply(action)
    assert state.phase == Phase.PLAY and state.declarer == 0


@pytest.mark.parametrize("strength", STRENGTHS[1:])
def test_defender_smears_a_ten_or_ace_on_partners_sure_trick(strength: str) -> None:
    state = _skat_state(
        "CJ SJ HJ DJ CA CT CK S7 H7 D7",
        "SA ST SK SQ C9 H8 HA HK D8 DT",
        "HT H9 HQ DA DK DQ D9 C7 C8 CQ",
        "S8 S9",
    )
    _forehand_declares_hand(state, GameType.CLUBS)
    state.apply(parse_card("S7"))
    state.apply(parse_card("SA"))
    choice = decide_now(HeuristicPlayer(strength, random.Random(1)), state.observe(2))
    assert CARD_POINTS[choice] >= 10 and not TRUMPS[GameType.CLUBS] >> choice & 1


@pytest.mark.parametrize("strength", STRENGTHS)
def test_declarer_draws_trumps_with_a_long_trump_suit(strength: str) -> None:
    state = _skat_state(
        "CJ SJ HJ CA CT CK C9 C8 HA DA",
        "DJ C7 CQ S7 S8 S9 SQ H7 H8 D7",
        "ST SK SA HT HK HQ H9 DT DK DQ",
        "D8 D9",
    )
    _forehand_declares_hand(state, GameType.CLUBS)
    for seed in range(5):
        choice = decide_now(HeuristicPlayer(strength, random.Random(seed)), state.observe(0))
        if strength != "easy" or seed == 0:
            assert TRUMPS[GameType.CLUBS] >> choice & 1, A.action_name(choice)


@pytest.mark.parametrize("strength", STRENGTHS)
def test_weak_hand_passes(strength: str) -> None:
    state = _skat_state(
        "CA CT SA ST HA HT DA DT CK SK",
        "D7 D8 H7 H9 S8 SQ C7 C9 HQ DK",
        "CJ SJ HJ DJ CQ C8 S7 S9 H8 D9",
        "DQ HK",
    )
    # Middlehand speaks first; a weak hand does not even say 18.
    assert decide_now(HeuristicPlayer(strength, random.Random(3)), state.observe(1)) == PASS
    # As listener it does not hold 18 either.
    weak_forehand = _skat_state(
        "D7 D8 H7 H9 S8 SQ C7 C9 HQ DK",
        "CA CT SA ST HA HT DA DT CK SK",
        "CJ SJ HJ DJ CQ C8 S7 S9 H8 D9",
        "DQ HK",
    )
    weak_forehand.apply(bid(18))
    assert decide_now(HeuristicPlayer(strength, random.Random(3)), weak_forehand.observe(0)) == PASS


@pytest.mark.parametrize("strength", ["normal", "strong"])
def test_strong_hand_bids_high_and_plays_clubs_or_grand(strength: str) -> None:
    state = _skat_state(
        "D7 D8 H7 H9 S8 SQ S9 H8 HQ DK",
        "CJ SJ HJ DJ CA CT CK CQ C9 HA",
        "SA ST SK HT HK DA DT DQ D9 C7",
        "C8 S7",
    )
    ai = HeuristicPlayer(strength, random.Random(4))
    highest = 0
    while state.phase == Phase.BIDDING:
        seat = state.to_move
        if seat == 1:
            action = decide_now(ai, state.observe(1))
            if A.is_bid(action):
                highest = A.bid_value(action)
        elif seat == 0:
            action = HOLD if state.bid < 48 else PASS  # forehand holds up to 48
        else:
            action = PASS
        state.apply(action)
    assert highest >= 48
    assert state.declarer == 1
    while state.phase != Phase.PLAY:
        seat = state.to_move
        state.apply(decide_now(ai if seat == 1 else HeuristicPlayer("normal"), state.observe(seat)))  # type: ignore[arg-type]
    assert state.game in (GameType.CLUBS, GameType.GRAND)


@pytest.mark.parametrize("strength", STRENGTHS)
def test_discard_pushes_a_bare_ten(strength: str) -> None:
    state = _skat_state(
        "CJ SJ CA CT CK CQ C9 HT SA D7",
        "HA HK HQ H9 S7 S8 S9 DA DT DK",
        "HJ DJ C7 C8 ST SQ H7 H8 D8 D9",
        "SK DQ",
    )
    for action in (PASS, PASS, bid(18), PICKUP):
        state.apply(action)
    ai = HeuristicPlayer(strength, random.Random(2))
    discarded = []
    while state.phase == Phase.DISCARD:
        c = decide_now(ai, state.observe(0))
        discarded.append(c)
        state.apply(c)
    assert parse_card("HT") in discarded
    state.apply(decide_now(ai, state.observe(0)))
    assert state.game in (GameType.CLUBS, GameType.GRAND)


@pytest.mark.parametrize("strength", STRENGTHS)
def test_null_declarer_throws_its_most_dangerous_high_card(strength: str) -> None:
    state = _skat_state(
        "H7 H9 HJ HK DT DQ DA ST SQ CA",
        "D7 D9 DJ S7 SA C7 C8 C9 CJ CK",
        "H8 HT HQ HA D8 DK S8 S9 SK CQ",
        "SJ CT",
    )
    for action in (bid(18), PASS, PASS, A.HAND, declare(GameType.NULL)):
        state.apply(action)
    state.apply(parse_card("H7"))
    choice = decide_now(HeuristicPlayer(strength, random.Random(0)), state.observe(1))
    if strength != "easy":
        assert choice == parse_card("SA")
    assert choice in state.legal_actions()


@pytest.mark.parametrize("strength", STRENGTHS)
def test_officers_trump_choice_from_the_rule_example(strength: str) -> None:
    rest = [c for c in range(32) if c not in cards("CJ HJ SA ST")]
    random.Random(1).shuffle(rest)
    deck = rest[:8] + cards("CJ HJ SA ST") + rest[8:]
    state = OfficersHand(OFFICERS, deck)
    view = state.observe(0)
    assert view.playable[0] == sum(1 << c for c in cards("CJ HJ SA ST"))
    choice = decide_now(HeuristicPlayer(strength, random.Random(0)), view)
    if strength != "easy":
        assert choice == declare(GameType.SPADES)
    assert choice in view.legal


@pytest.mark.parametrize("strength", STRENGTHS)
def test_declares_a_game_that_reaches_the_bid(strength: str) -> None:
    """Diamonds would be the safest game, but "with 3, Hand" is only 45 at a
    bid of 60: the player declares a game whose value reaches the bid."""
    state = _skat_state(
        "SA ST SK HT HK HQ H9 CA CT CK",
        "CJ SJ HJ DA DT DK DQ D9 D8 H7",
        "DJ D7 C7 C8 C9 CQ S7 S8 S9 SQ",
        "HA H8",
    )
    for action in (bid(60), PASS, PASS, A.HAND):
        state.apply(action)
    choice = decide_now(HeuristicPlayer(strength, random.Random(0)), state.observe(1))
    assert A.declaration(choice).game in (GameType.GRAND, GameType.CLUBS)


# --------------------------------------------------------------------------- (c) strength
def _skat_scores(deal_seed: int, ai_seat: int | None, strength: str = "strong") -> tuple[int, ...]:
    deal = SkatDeal.random(random.Random(deal_seed))
    state = SkatHand(ISKO, deal)
    players = [
        HeuristicPlayer(strength, random.Random(deal_seed))
        if s == ai_seat
        else RandomPlayer(random.Random(deal_seed * 3 + s))
        for s in range(3)
    ]
    play_out(state, players, checks=False)
    assert state.result is not None
    return state.result.scores


def test_strong_beats_random_at_skat() -> None:
    """200 seeded deals, the strong player in each seat in turn against two
    random players, compared with a random player in the same seat and deal."""
    strong_total = random_total = 0
    for seed in range(200):
        seat = seed % 3
        strong_total += _skat_scores(seed, seat)[seat]
        random_total += _skat_scores(seed, None)[seat]
    assert strong_total / 200 > random_total / 200 + 20


def test_strong_declarer_outplays_random_card_play() -> None:
    """Card play alone: the same games on the same deals, declared Hand at 18
    and played by the strong heuristic or at random, against random defenders:
    the strong declarer takes clearly more card points."""
    points = {"strong": 0, "random": 0}
    for seed in range(150):
        for who in points:
            state = SkatHand(ISKO, SkatDeal.random(random.Random(seed)))
            _forehand_declares_hand(state, GameType.GRAND if seed % 2 else GameType.CLUBS)
            rng = random.Random(seed)
            players = [
                HeuristicPlayer("strong", rng) if who == "strong" else RandomPlayer(rng),
                RandomPlayer(random.Random(seed + 1)),
                RandomPlayer(random.Random(seed + 2)),
            ]
            play_out(state, players, checks=False)
            assert state.result is not None
            points[who] += state.result.declarer_points
    assert points["strong"] / 150 > points["random"] / 150 + 6


def test_strong_beats_random_at_officers() -> None:
    totals = {"strong": 0, "random": 0}
    for seed in range(100):
        deck = shuffled_deck(random.Random(seed))
        for strong_seat in (0, 1):
            state = OfficersHand(OFFICERS, deck)
            players = [
                HeuristicPlayer("strong", random.Random(seed))
                if s == strong_seat
                else RandomPlayer(random.Random(seed))
                for s in (0, 1)
            ]
            play_out(state, players, checks=False)
            assert state.result is not None
            totals["strong"] += state.result.scores[strong_seat]
            totals["random"] += state.result.scores[1 - strong_seat]
    assert totals["strong"] / 200 > totals["random"] / 200 + 20


def test_stronger_settings_play_better_officers() -> None:
    """Strength shows in play, not in a delay: normal beats easy over seeded deals."""
    totals = {"normal": 0, "easy": 0}
    for seed in range(150):
        deck = shuffled_deck(random.Random(1000 + seed))
        for normal_seat in (0, 1):
            state = OfficersHand(OFFICERS, deck)
            players = [HeuristicPlayer("normal" if s == normal_seat else "easy", random.Random(seed)) for s in (0, 1)]
            play_out(state, players, checks=False)
            assert state.result is not None
            totals["normal"] += state.result.scores[normal_seat]
            totals["easy"] += state.result.scores[1 - normal_seat]
    assert totals["normal"] / 300 > totals["easy"] / 300 + 3


def test_easy_play_differs_from_strong() -> None:
    """The strengths are different players: over a few hands their choices differ."""
    differences = 0
    for seed in range(30):
        state = SkatHand(ISKO, SkatDeal.random(random.Random(seed)))
        _forehand_declares_hand(state, GameType.GRAND)
        while not state.done and len(state.tricks) < 4:
            seat = state.to_move
            view = state.observe(seat)  # type: ignore[arg-type]
            easy = decide_now(HeuristicPlayer("easy", random.Random(seed)), view)
            strong = decide_now(HeuristicPlayer("strong", random.Random(seed)), view)
            differences += easy != strong
            state.apply(strong)
    assert differences > 0


# --------------------------------------------------------------------------- (d) the endgame search in slices
def _drive(gen):  # type: ignore[no-untyped-def]
    """Run a generator to its end; return (value, number of pauses)."""
    pauses = 0
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value, pauses
        pauses += 1


def _brute_force(game: int, declarer: int, hands: list[int], trick: list[int], leader: int) -> int:
    """The declarer's card points from here on by plain minimax (no pruning):
    the reference the resumable alpha-beta search must agree with."""
    from skat.engine.tricks import FOLLOW, trick_winner

    if len(trick) == 3:
        winner = (leader + trick_winner(game, trick)) % 3
        gained = sum(CARD_POINTS[c] for c in trick) if winner == declarer else 0
        if not hands[winner]:
            return gained
        return gained + _brute_force(game, declarer, hands, [], winner)
    seat = (leader + len(trick)) % 3
    cards = hands[seat] & FOLLOW[game][trick[0]] if trick else 0
    cards = cards or hands[seat]
    values = []
    for c in range(32):
        if cards >> c & 1:
            h = hands[:]
            h[seat] &= ~(1 << c)
            values.append(_brute_force(game, declarer, h, trick + [c], leader))
    return max(values) if seat == declarer else min(values)


def _random_endgame(rng: random.Random) -> tuple[int, int, list[int], list[int], int, list[int]]:
    """(game, declarer, hands, trick, leader, legal cards) of a random
    endgame of two or three tricks, a trick in progress played legally."""
    from skat.engine.tricks import FOLLOW

    game = rng.choice([GameType.DIAMONDS, GameType.HEARTS, GameType.SPADES, GameType.CLUBS, GameType.GRAND])
    declarer = rng.randrange(3)
    tricks_left = rng.choice([2, 3])
    cards = rng.sample(range(32), 3 * tricks_left)
    hands = [sum(1 << c for c in cards[i * tricks_left : (i + 1) * tricks_left]) for i in range(3)]
    leader = rng.randrange(3)
    trick: list[int] = []
    for k in range(rng.randrange(3)):
        seat = (leader + k) % 3
        legal = (hands[seat] & FOLLOW[game][trick[0]] if trick else 0) or hands[seat]
        c = rng.choice([x for x in range(32) if legal >> x & 1])
        hands[seat] &= ~(1 << c)
        trick.append(c)
    seat = (leader + len(trick)) % 3
    legal = (hands[seat] & FOLLOW[game][trick[0]] if trick else 0) or hands[seat]
    return int(game), declarer, hands, trick, leader, [x for x in range(32) if legal >> x & 1]


def test_endgame_search_agrees_with_brute_force() -> None:
    """The endgame's card values (the solver's, all hands open) are plain minimax's."""
    from skat.ai.solve import skat_endgame
    from skat.ai.solve.skat_solver import SkatSolver

    rng = random.Random(42)
    for _ in range(60):
        game, declarer, hands, trick, leader, legal = _random_endgame(rng)
        values, _ = _drive(skat_endgame.card_values(SkatSolver(game, declarer), hands, trick, leader, legal))
        seat = (leader + len(trick)) % 3
        for c in legal:
            h = hands[:]
            h[seat] &= ~(1 << c)
            assert values[c] == _brute_force(game, declarer, h, trick + [c], leader)


def test_the_solver_gives_the_old_endgame_searchs_values() -> None:
    """Issue 18: the strong heuristic's endgame became a call of the one Skat
    trick search.  ``tests/data/endgame_search_values.json`` holds the values
    of the endgame's own alpha-beta search it replaced (recorded from that
    code, at commit 2afaa34, on 300 random endgames of one to four tricks
    before it was removed); the solver, limited in steps of a few hundred nodes as at the
    table or in one go, gives every one of them."""
    import json
    from pathlib import Path

    from skat.ai.solve import skat_endgame
    from skat.ai.solve.skat_solver import SkatSolver

    data = json.loads((Path(__file__).parent / "data" / "endgame_search_values.json").read_text(encoding="utf-8"))
    positions = data["positions"]
    assert len(positions) == 300
    compared = 0
    for p in positions:
        legal = [int(c) for c in p["values"]]
        old = {int(c): v for c, v in p["values"].items()}
        solver = SkatSolver(p["game"], p["declarer"])
        whole, _ = _drive(skat_endgame.card_values(solver, p["hands"], p["trick"], p["leader"], legal))
        assert whole == old, p
        sliced_solver = SkatSolver(p["game"], p["declarer"])
        budget = skat_endgame._Budget(sliced_solver)
        sliced, _ = _drive(skat_endgame.card_values(sliced_solver, p["hands"], p["trick"], p["leader"], legal, budget))
        assert sliced == old, p
        compared += len(legal)
    assert compared > 500


def test_an_endgame_one_node_short_of_its_limit_ends_instead_of_pausing_for_ever(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A card's search that ends one node short of the decision's limit left the
    next card a slice of no nodes: it paused, and paused again, for ever (a strong
    declarer's endgame in a duel grew its step timings to 24 GB). Now the decision ends."""
    from skat.ai.solve import skat_endgame
    from skat.ai.solve.skat_solver import SkatSolver

    rng = random.Random(7)
    tried = 0
    while tried < 20:
        game, declarer, hands, trick, leader, legal = _random_endgame(rng)
        if len(legal) < 2:
            continue
        probe = SkatSolver(game, declarer)
        probe.reset(hands, trick, leader)
        probe.play(legal[0])
        probe.exact()
        if probe.nodes < 2:
            continue
        tried += 1
        monkeypatch.setattr(skat_endgame, "NODES_PER_UNIT", 10**9)
        monkeypatch.setattr(skat_endgame, "NODE_LIMIT", probe.nodes + 1)
        solver = SkatSolver(game, declarer)
        steps = skat_endgame.card_values(solver, hands, trick, leader, legal, skat_endgame._Budget(solver))
        for _ in range(1000):
            try:
                next(steps)
            except (StopIteration, skat_endgame._OutOfNodes):
                break
        else:
            raise AssertionError(f"the endgame decision never ended ({solver.nodes} nodes)")


def _endgame_views(count: int) -> list:  # type: ignore[type-arg]
    """Card-play views of suit games and Grand with four or fewer tricks to go."""
    views = []
    rng = random.Random(5)
    for i in range(count):
        state = SkatHand(ISKO, SkatDeal.random(rng))
        players = [HeuristicPlayer("normal", random.Random(i * 3 + s)) for s in range(3)]
        while not state.done:
            seat = state.to_move
            view = state.observe(seat)  # type: ignore[arg-type]
            endgame = view.phase == Phase.PLAY and len(state.tricks) >= 6 and len(view.legal) > 1
            if endgame and view.game is not None and view.game <= GameType.GRAND:
                views.append(view)
            state.apply(decide_now(players[seat], view))  # type: ignore[index]
    return views


def test_endgame_pauses_change_no_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search in small units chooses exactly as one uninterrupted search
    (same seed): cutting the work small does not weaken the player.  (A
    resumed solve repeats a few nodes, so the sliced one counts a little more.)"""
    from skat.ai.solve import skat_endgame
    from skat.ai.strengths import STRONG

    views = _endgame_views(20)
    assert len(views) > 50
    sliced = []
    for k, view in enumerate(views):
        card, _ = _drive(skat_endgame.endgame_card(view, STRONG, random.Random(k)))
        sliced.append((card, skat_endgame.last_solver.nodes if skat_endgame.last_solver else 0))
    unit = skat_endgame.NODES_PER_UNIT
    monkeypatch.setattr(skat_endgame, "NODES_PER_UNIT", 10**9)
    whole = []
    for k, view in enumerate(views):
        card, _ = _drive(skat_endgame.endgame_card(view, STRONG, random.Random(k)))
        whole.append((card, skat_endgame.last_solver.nodes if skat_endgame.last_solver else 0))
    assert [card for card, _ in sliced] == [card for card, _ in whole]
    assert max(nodes for _, nodes in whole) > 4 * unit  # work that needed cutting


def test_no_unit_of_the_strong_player_exceeds_the_node_bound() -> None:
    """Issue 7, finding 9: every unit of thinking is small.  Counted in search
    nodes, not timed: a unit (one step with budget 0) runs about
    ``NODES_PER_UNIT`` solver nodes at most, while whole decisions search many
    times that."""
    from skat.ai.solve import skat_endgame

    largest_decision = 0
    split = 0
    worst_unit = 0
    for seed in range(60):
        rules = ISKO if seed % 2 else LOTHAR
        state = SkatHand(rules, SkatDeal.random(random.Random(seed)))
        players = [HeuristicPlayer("strong", random.Random(seed * 3 + s)) for s in range(3)]
        while not state.done:
            seat = state.to_move
            assert seat is not None
            skat_endgame.last_solver = None
            decision = players[seat].begin(state.observe(seat))
            before = 0
            units = 0
            while True:
                done = decision.step(0.0)
                units += 1
                nodes = skat_endgame.last_solver.nodes if skat_endgame.last_solver else 0
                worst_unit = max(worst_unit, nodes - before)
                before = nodes
                if done:
                    break
            largest_decision = max(largest_decision, before)
            split += before > skat_endgame.NODES_PER_UNIT
            state.apply(decision.action, seat)
    # The solver checks its limit where a trick starts, so a unit may finish
    # the few nodes of the trick it is in (14 at most here).
    assert worst_unit <= skat_endgame.NODES_PER_UNIT + 32
    assert largest_decision > 10 * skat_endgame.NODES_PER_UNIT
    assert split > 20


@pytest.mark.slow
def test_strong_endgame_defence_beats_normal() -> None:
    """From the same positions four tricks before the end, strong defenders
    (who search the endgame) hold a normal declarer to fewer card points than
    normal defenders do."""
    points = {"strong": 0, "normal": 0}
    for seed in range(120):
        state = SkatHand(ISKO, SkatDeal.random(random.Random(seed)))
        normal = [HeuristicPlayer("normal", random.Random(seed * 3 + s)) for s in range(3)]
        while not state.done and not (state.phase == Phase.PLAY and len(state.tricks) == 6 and not state.trick):
            seat = state.to_move
            state.apply(decide_now(normal[seat], state.observe(seat)))  # type: ignore[index,arg-type]
        if state.done or state.game is None or state.game > GameType.GRAND:
            continue
        for who in points:
            play = state.clone()
            defender = HeuristicPlayer(who, random.Random(seed))
            while not play.done:
                seat = play.to_move
                assert seat is not None
                player = normal[seat] if seat == play.declarer else defender
                play.apply(decide_now(player, play.observe(seat)))
            assert play.result is not None
            points[who] += play.result.declarer_points
    assert points["strong"] < points["normal"] - 100


def test_no_unit_of_the_strong_officers_solver_exceeds_the_node_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    """The strong Officers' player's exact endgame solve pauses too: counted in
    solver nodes per unit (one step with budget 0), never timed."""
    from skat.ai.heuristic import officers_cards

    solvers: list[officers_cards._Solver] = []

    class Counted(officers_cards._Solver):
        def __init__(self, kn: officers_cards.OfficersKnowledge) -> None:
            super().__init__(kn)
            solvers.append(self)

    monkeypatch.setattr(officers_cards, "_Solver", Counted)
    largest = 0
    for seed in range(80):
        rules = OFFICERS if seed % 2 else OFFICERS.with_options(officers_layout="admirals")
        state = OfficersHand(rules, shuffled_deck(random.Random(seed)))
        players = [HeuristicPlayer("strong", random.Random(seed + s)) for s in range(2)]
        while not state.done:
            seat = state.to_move
            assert seat is not None
            solvers.clear()
            decision = players[seat].begin(state.observe(seat))
            before = 0
            while True:
                done = decision.step(0.0)
                nodes = solvers[-1].nodes if solvers else 0
                assert nodes - before <= officers_cards.SOLVE_NODES_PER_UNIT
                before = nodes
                if done:
                    break
            largest = max(largest, before)
            state.apply(decision.action, seat)
    assert largest > 4 * officers_cards.SOLVE_NODES_PER_UNIT


def test_bench_ai_reports_units_and_slices() -> None:
    """``skat bench ai``: the slices a 4 ms budget would cut from the unit
    times, and a tiny run's figures per strength."""
    from skat.lab.ai_bench import DecisionTime, bench_ai

    timing = DecisionTime(3, units=[0.001, 0.002, 0.0015, 0.006, 0.0005])
    assert timing.slices(0.004) == pytest.approx([0.0045, 0.006, 0.0005])
    assert timing.longest_unit == 0.006 and timing.total == pytest.approx(0.011)
    result = bench_ai(hands=1, strengths=["normal", "strong"], verbose=False)
    figures = result["strengths"]
    assert isinstance(figures, dict)
    for strength in ("normal", "strong"):
        row = figures[strength]
        assert row["decisions"] > 20
        assert 0 < row["longest_unit_ms"] <= row["longest_slice_ms"] <= row["max_ms"]
        assert row["median_ms"] <= row["max_ms"]
        assert set(row["by_game"]) == {"isko", "lothar", "officers", "harlequin", "admirals"}


def test_bench_ai_counts_the_deals_the_card_play_solved() -> None:
    """The expert's card play records the deals each real decision solved;
    ``skat bench ai`` turns them into figures (what a budget affords)."""
    from skat.ai import SearchPlayer, scores
    from skat.ai.effort import Effort
    from skat.lab.ai_bench import sample_figures, tallying, time_hand

    assert sample_figures([10, 3, 40, 10]) == {
        "decisions": 4,
        "mean": 15.8,
        "median": 10.0,
        "p10": 3,
        "min": 3,
        "max": 40,
    }
    players = [SearchPlayer(rng=random.Random(s), effort=Effort.fixed(2)) for s in range(3)]
    with tallying() as (solved, _):
        time_hand("skat", ISKO, shuffled_deck(random.Random(5)), players)
    assert solved and set(solved) == {2}
    assert not scores.counting()  # nothing is counted at the table


def test_bidding_styles_only_move_the_thresholds() -> None:
    """A bold bidder holds at least as long as the strong one on every hand and
    longer on some; a cautious one never longer."""
    from skat.ai.heuristic import skat_calls
    from skat.ai.strengths import STRENGTHS
    from skat.lab.expert_variants import BIDDING_STYLES

    profiles = {**BIDDING_STYLES, "strong": STRENGTHS["strong"]}
    rng = random.Random(8)
    bolder = 0
    for _ in range(150):
        deal = SkatDeal.random(rng)
        state = SkatHand(ISKO, deal)
        obs = state.observe(state.to_move)
        limits = {}
        for style in ("cautious", "strong", "bold"):
            steps = skat_calls._bid_limit(obs, ISKO, profiles[style], random.Random(0))
            while True:
                try:
                    next(steps)
                except StopIteration as stop:
                    limits[style] = stop.value
                    break
        assert limits["cautious"] <= limits["strong"] <= limits["bold"]
        bolder += limits["bold"] > limits["strong"]
    assert bolder > 0


@pytest.mark.parametrize("kind", ["suit", "grand", "null"])
def test_every_bidding_model_has_one_coefficient_per_named_feature(kind: str) -> None:
    """The feature names say what each fitted coefficient weighs: as many names as features and
    coefficients at every stage, the first the bias."""
    from skat.ai.model import evaluation as ev

    names = {"suit": ev.SUIT_FEATURES, "grand": ev.GRAND_FEATURES, "null": ev.NULL_FEATURES}[kind]
    hand = sum(1 << c for c in random.Random(7).sample(range(32), 10))
    features = {
        "suit": lambda: ev.suit_features(hand, 3, True, 4),
        "grand": lambda: ev.grand_features(hand, True, 4),
        "null": lambda: ev.null_features(hand, True),
    }[kind]()
    assert names[0] == "bias" and features[0] == 1.0
    assert len(set(names)) == len(names) == len(features)
    for stage in ("pre", "post", "hand"):
        assert len(ev.MODELS[f"{kind}_{stage}"]) == len(names), stage
