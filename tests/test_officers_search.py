"""The Officers' Skat expert: its exact solver against brute force, legal
actions in every variant, a composed position it must win, and decisions
that run in slices."""

from __future__ import annotations

import random

import pytest

from skat.ai.base import Decision, Player, Thinking, View, rules_of
from skat.ai.effort import Effort
from skat.ai.expert import officers_layouts
from skat.ai.expert.player import officers_decision
from skat.ai.heuristic.player import HeuristicPlayer
from skat.ai.solve.officers_solver import OfficersSolver, OutOfNodes, brute_force
from skat.engine import OFFICERS, OfficersHand, parse_card, shuffled_deck
from skat.engine import actions as A
from skat.engine.cards import ALL_CARDS, CARD_POINTS, mask_of
from skat.engine.hand_state import Trick
from skat.engine.officers import OfficersObservation, OPhase
from skat.engine.tricks import GameType

VARIANTS = {
    "officers": OFFICERS,
    "passing+null": OFFICERS.with_options(officers_passing=True, officers_null=True),
    "no-kontra+simple-points+more-matadors": OFFICERS.with_options(
        kontra_re=False, officers_scoring="simple_points", more_matadors=True
    ),
    "simple-base": OFFICERS.with_options(officers_scoring="simple_base"),
    "harlequin+passing+null": OFFICERS.with_options(
        officers_layout="harlequin", officers_passing=True, officers_null=True
    ),
    "admirals+passing": OFFICERS.with_options(officers_layout="admirals", officers_passing=True),
}


class Expert(Player):
    """The search as a player (the expert SearchPlayer wires it the same way)."""

    def __init__(self, effort: Effort, rng: random.Random) -> None:
        super().__init__("strong", rng)
        self.effort = effort

    def think(self, view: View) -> Thinking:
        assert isinstance(view, OfficersObservation)
        return officers_decision(view, rules_of(view), self)


def solver_position(seed: int, tricks_left: int, layout: str = "officers"):
    """A real position of a random hand with ``tricks_left`` tricks to go."""
    rng = random.Random(seed)
    rules = OFFICERS.with_options(officers_layout=layout, kontra_re=False, officers_null=True)
    h = OfficersHand(rules, shuffled_deck(rng))
    game = GameType(seed % 6)
    while h.phase != OPhase.PLAY:
        legal = h.legal_actions()
        wanted = A.declare(game)
        h.apply(wanted if wanted in legal else legal[-1])
    total = h.total_tricks
    while len(h.tricks) < total - tricks_left and not h.done:
        h.apply(rng.choice(h.legal_actions()))
    hands = [h.up[0] | h.down[0] | h.handm[0], h.up[1] | h.down[1] | h.handm[1]]
    under = [-1] * 32
    for c, below in h.under.items():
        under[c] = below
    seen = (h.seen[0], h.seen[1]) if layout == "harlequin" else (ALL_CARDS, ALL_CARDS)
    return h, hands, h.down[0] | h.down[1], under, seen


def blind_orders(h: OfficersHand, rng: random.Random):
    """Harlequin: a random order in which each seat's blind cards come out."""
    if h.layout != "harlequin":
        return None
    orders = []
    for seat in (0, 1):
        blind = [x for x in range(32) if (h.handm[seat] & ~h.seen[seat]) >> x & 1]
        rng.shuffle(blind)
        orders.append(tuple(blind))
    return orders[0], orders[1]


@pytest.mark.parametrize("layout", ["officers", "harlequin", "admirals"])
def test_solver_matches_brute_force(layout: str) -> None:
    checked = 0
    for seed in range(24):
        h, hands, covered, under, seen = solver_position(seed, 4, layout)
        if h.done:
            continue
        order = blind_orders(h, random.Random(seed))
        for measure in ("points", "tricks"):
            for max_seat, count_seat in ((0, 0), (1, 1), (1, 0)):
                s = OfficersSolver(
                    h.game, hands, covered, under, max_seat, measure, seen, count_seat=count_seat, blind_order=order
                )
                exact = s.value(h.leader)
                reference = brute_force(
                    h.game,
                    hands[:],
                    covered,
                    under,
                    h.leader,
                    max_seat,
                    measure,
                    seen,
                    count_seat=count_seat,
                    blind_order=order,
                )
                assert exact == reference, (seed, measure, max_seat, count_seat)
                checked += 1
    assert checked >= 100


def test_solver_resumes_after_running_out_of_nodes() -> None:
    h, hands, covered, under, seen = solver_position(3, 8)
    need = 61 - h.points[0]
    whole = OfficersSolver(h.game, hands, covered, under, 0).reach(h.leader, need)
    sliced = OfficersSolver(h.game, hands, covered, under, 0)
    interruptions = 0
    while True:
        try:
            result = sliced.reach(h.leader, need, node_limit=40)
            break
        except OutOfNodes:
            interruptions += 1
            assert sliced.hands == hands and sliced.covered == covered  # state restored
    assert interruptions > 0
    assert result == whole


def _play_hand(rules, deck, players, fixed_decisions: list[Decision]) -> OfficersHand:
    h = OfficersHand(rules, deck)
    while not h.done:
        seat = h.to_move
        obs = h.observe(seat)
        decision = players[seat].begin(obs)
        while not decision.step(0.0):
            pass
        assert not decision.corrected, (obs.phase, decision.action)
        assert decision.action in obs.legal
        if isinstance(players[seat], Expert):
            fixed_decisions.append(decision)
        h.apply(decision.action)
    return h


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_expert_never_plays_an_illegal_action(variant: str) -> None:
    rules = VARIANTS[variant]
    rng = random.Random(variant)
    decisions: list[Decision] = []
    for i in range(2):
        players: list[Player] = [
            Expert(Effort.fixed(1), random.Random(rng.random())),
            HeuristicPlayer("strong", random.Random(rng.random())),
        ]
        if i:
            players.reverse()
        h = _play_hand(rules, shuffled_deck(rng), players, decisions)
        assert h.result is not None
    assert decisions


def test_fixed_effort_is_reproducible() -> None:
    rules = VARIANTS["passing+null"]
    deck = shuffled_deck(random.Random(5))
    actions = []
    for _ in range(2):
        h = _play_hand(
            rules, deck, [Expert(Effort.fixed(2), random.Random(9)), HeuristicPlayer("strong", random.Random(4))], []
        )
        actions.append(h.history)
    assert actions[0] == actions[1]


def c(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def composed_grand() -> OfficersObservation:
    """Grand, four tricks to go, every card in sight, declarer (seat 0) to
    lead with about 40 card points.  The opponent has no Hearts left: cashing
    the Heart Ace first lets it ruff with the Spade Jack, and leading the
    Diamond first lets it win and lead Diamonds or Spades into the same
    squeeze (15 more points at best); drawing the trump with the Club Jack
    first brings home both Hearts (25 more)."""
    mine = mask_of(c("CJ HA HT D7"))
    theirs = mask_of(c("SJ D8 DA S7"))
    rest = [x for x in range(32) if not (mine | theirs) >> x & 1]
    # The first twelve tricks, split so that the declarer has about 40.
    rest.sort(key=lambda x: -CARD_POINTS[x])
    tricks = []
    pts = [0, 0]
    pairs = [(rest[i], rest[i + 1]) for i in range(0, 24, 2)]
    for a, b in pairs:
        p = CARD_POINTS[a] + CARD_POINTS[b]
        winner = 0 if pts[0] + p <= 40 and pts[0] < 40 else 1
        pts[winner] += p
        tricks.append(Trick(winner, (a, b), winner))
    assert 61 - 25 <= pts[0] < 61 - 15, pts
    piles = tuple(
        tuple((None, x) for x in c(hand_text)) + ((None, None),) * 4 for hand_text in ("CJ HA HT D7", "SJ D8 DA S7")
    )
    return OfficersObservation(
        seat=0,
        phase=OPhase.PLAY,
        to_move=0,
        declarer=0,
        game=GameType.GRAND,
        kontra=False,
        re=False,
        bid=0,
        playable=(mine, theirs),
        piles=piles,
        hand=0,
        blind=0,
        opponent_hand_visible=0,
        opponent_hand_count=0,
        trick=(),
        tricks=tuple(tricks),
        points=(pts[0], pts[1]),
        legal=tuple(sorted(c("CJ HA HT D7"))),
        rules=OFFICERS,
    )


def test_search_finds_the_winning_line_in_a_composed_position() -> None:
    obs = composed_grand()
    mine, theirs = obs.playable
    # The solver agrees that only the Jack first wins.
    for card, wins in ((parse_card("HA"), False), (parse_card("D7"), False), (parse_card("CJ"), True)):
        hands = [mine & ~(1 << card), theirs]
        s = OfficersSolver(GameType.GRAND, hands, 0, [-1] * 32, 0)
        assert s.reach_after_lead(0, card, 61 - obs.points[0]) == wins
    player = Expert(Effort.fixed(2), random.Random(1))
    decision = player.begin(obs)
    while not decision.step(0.0):
        pass
    assert decision.action == parse_card("CJ")


def test_decisions_run_in_slices_with_a_provisional_action() -> None:
    rules = OFFICERS
    rng = random.Random(11)
    h = OfficersHand(rules, shuffled_deck(rng))
    expert = Expert(Effort.fixed(3), random.Random(2))
    other = HeuristicPlayer("strong", random.Random(3))
    sliced = 0
    while not h.done:
        obs = h.observe(h.to_move)
        player = expert if h.to_move == 0 else other
        if player is expert and len(obs.legal) > 1:
            thinking = officers_decision(obs, rules, expert)
            units, provisional = 0, None
            try:
                while True:
                    got = next(thinking)
                    units += 1
                    if got is not None:
                        provisional = got
            except StopIteration as stop:
                action = stop.value
            assert action in obs.legal
            assert provisional is not None and provisional in obs.legal
            if units > 3:
                sliced += 1
            if obs.phase == OPhase.DECLARE:
                assert expert.last_estimate is not None and 0.0 <= expert.last_estimate <= 1.0
        else:
            decision = player.begin(obs)
            decision.step(10.0)
            action = decision.action
        h.apply(action)
    assert sliced >= 5


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_sampled_layouts_fit_what_the_seat_knows(variant: str) -> None:
    rules = VARIANTS[variant]
    rng = random.Random(variant)
    plays = declarations = 0
    for _ in range(6):
        h = OfficersHand(rules, shuffled_deck(rng))
        while not h.done:
            obs = h.observe(h.to_move)
            me, opp = obs.seat, 1 - obs.seat
            if obs.phase == OPhase.PLAY:
                sampler = officers_layouts.LayoutSampler(obs, rules)
                assert sampler.consistent
                lay = sampler.sample(rng)
                real = h.up[0] | h.up[1] | h.down[0] | h.down[1] | h.handm[0] | h.handm[1] | h.skat
                assert lay.hands[0] | lay.hands[1] | lay.skat == real
                assert not lay.hands[0] & lay.hands[1]
                assert lay.hands[me] & (obs.playable[me] | obs.hand) == obs.playable[me] | obs.hand
                assert lay.hands[opp] & obs.playable[opp] == obs.playable[opp]
                # A face-down card lies under each face-up card that covers one.
                for down, up in obs.piles[me]:
                    if down == -1 and up is not None:
                        assert lay.under[up] >= 0 and lay.covered >> lay.under[up] & 1
                plays += 1
            elif obs.phase in (OPhase.DECLARE, OPhase.KONTRA, OPhase.RE, OPhase.SKAT):
                m = officers_layouts.materialize(obs, rules, rng)
                assert m is not None and m.phase == obs.phase and m.to_move == me
                mine = m.observe(me)
                assert mine.playable[me] == obs.playable[me] and mine.hand == obs.hand
                declarations += 1
            h.apply(rng.choice(h.legal_actions()))
    assert plays > 50 and declarations > 0
