"""Runs a match for the table: whose turn, the computer players' decisions in
slices, the person's actions, and the events the table animates.

No pygame here, so the flow of a match can be tested without a window.
"""

from __future__ import annotations

import random
import time
import zlib
from dataclasses import dataclass

from ..ai import make_player
from ..ai.base import TABLE_SLICE, Decision, Player
from ..ai.expert.ponder import PONDER_SLICE
from ..ai.solve.claims import NODE_SLICE, Judgement, claim_judgement, position_of, rest_goes_to_declarer, table_checks
from ..engine import actions as A
from ..engine.challenge import Challenge
from ..engine.errors import IllegalActionError
from ..engine.events import Event
from ..engine.games import game_named, game_of
from ..engine.hand_state import Phase
from ..engine.match import Hand, Match, new_hand
from ..engine.skat_hand import SkatHand

RUNAWAY_SECONDS = 20.0
"""A computer decision that has thought this long in all is ended with its best
move so far, and the seat is played by the fallback from then on, as after any
failure: a bug in a player (one that never stops) must not stall the table.
The longest timed decision takes about a second, also in a browser."""


@dataclass
class Seating:
    """Table positions on screen, as table players: bottom is the person."""

    bottom: int
    left: int | None
    top: int | None
    right: int | None


@dataclass
class Claim:
    """A claim of the rest (rules decision 24): who claims, and how it was judged."""

    player: int
    """The table player who claims."""
    by_declarer: bool
    judgement: Judgement
    holds: bool | None = None
    to_declarer: bool | None = None
    """Where the rest went, once judged."""


@dataclass
class Ending:
    """How the last hand's play ended early, for the table's line saying why."""

    kind: str
    """"concede", "claim" or "decided" (a decided hand played out at once)."""
    claim: Claim | None = None
    tricks_shown: int = 0
    """The tricks played before the ending (the table showed them one by one; the rest it lays open)."""


def _time_left(start: float, budget: float) -> bool:
    return time.perf_counter() - start < budget


class MatchController:
    def __init__(
        self, match: Match, human: int = 0, strength: str = "normal", seed: int | None = None, autoplay: bool = False,
    ) -> None:
        self.match = match
        self.human = human
        self.strength = strength
        self.autoplay = autoplay
        """Computer players take the person's seat too (benchmarks, demos)."""
        self.seed = seed if seed is not None else (match.seed or 0)
        self.players: dict[int, Player] = {}
        self.decision: Decision | None = None
        self.faults: list[str] = []
        """Computer-player errors that were caught (the game went on with a legal action)."""
        self.decision_for: tuple[int, int] | None = None  # (hand number, history length)
        self.hinted: set[int] = set()
        """Hand numbers in which the person asked for a hint (kept with the match save)."""
        self.challenge: Challenge | None = None  # a shared deal with results to compare, if any
        self.shorten = True
        """Play a decided hand out at once (the table's setting)."""
        self.claim: Claim | None = None
        """A claim being judged: nobody moves meanwhile."""
        self.ending: Ending | None = None
        """How the current hand's play ended early, if it did."""
        self._checks: tuple[tuple[int, int], list[tuple[str, Judgement]]] | None = None
        """The computers' claim and the decided-hand test of the current trick start."""
        self.takeback = False
        """Take-backs are allowed (the table's practice setting, off by default)."""
        self.taken_back: set[int] = set()
        """Hand numbers in which the person took a move back (also marked in ``hinted``)."""
        self._takeback_cache: tuple[tuple[int, int, int | None], int | None] | None = None
        self._leader = 0
        """The table player who leads that trick (the one whose claim is checked)."""
        self.ponder = True
        """The computer players think ahead while the person decides and the cards fly (the table's setting)."""
        self._ponder_state: tuple[tuple[int, int], bool] | None = None
        """(hand number and history length, whether pondering had more to do there)."""
        self._ponder_turn = 0
        self._ponder_failed: set[int] = set()

    @classmethod
    def for_shared_deal(cls, shared, strength: str = "normal", seat: int = 0) -> MatchController:
        """Exactly the shared deal as a match of that one hand, the person in
        ``seat`` of the hand (0 forehand), and computer players seeded from the
        code, so everyone meets the same opponents."""
        seed = zlib.crc32(shared.code.encode())
        players = shared.players
        game = game_named(shared.game)
        if not 0 <= seat < game.seats:
            raise ValueError(f"a seat of this deal is 1 to {game.seats}")
        dealer = game.dealer_seating(seat, players)  # it puts table player 0 (the person) at ``seat``
        match = Match.new(shared.game, shared.rules, players=players, hands=1, seed=seed, first_dealer=dealer)
        match.redeal(shared.deck)
        return cls(match, human=0, strength=strength, seed=seed)

    # ------------------------------------------------------------ queries
    @property
    def hand(self) -> Hand:
        assert self.match.current is not None
        return self.match.current

    @property
    def human_seat(self) -> int | None:
        return self.match.seat_of(self.human)

    @property
    def human_to_move(self) -> bool:
        h = self.hand
        return (not self.autoplay and not h.done and h.to_move is not None and h.to_move == self.human_seat
                and self.claim is None)

    @property
    def ai_to_move(self) -> bool:
        h = self.hand
        return (not h.done and h.to_move is not None and (self.autoplay or h.to_move != self.human_seat)
                and self.claim is None)

    @property
    def thinking_player(self) -> int | None:
        if not self.ai_to_move:
            return None
        return self.match.seats[self.hand.to_move]  # type: ignore[index]

    def seating(self) -> Seating:
        n = self.match.players
        h = self.human
        if n == 2:
            return Seating(h, None, 1 - h, None)
        if n == 3:
            return Seating(h, (h + 1) % 3, None, (h + 2) % 3)
        return Seating(h, (h + 1) % 4, (h + 2) % 4, (h + 3) % 4)

    def player(self, p: int) -> Player:
        """The computer player at table position ``p``, seeded from the match seed so that
        the same seed (a shared deal) always meets the same opponents."""
        if p not in self.players:
            self.players[p] = make_player(self.strength, random.Random(self.seed * 16 + p))
        return self.players[p]

    # ------------------------------------------------------------ actions
    def act(self, action: int) -> list[Event]:
        """The person's action; raises IllegalActionError and changes nothing if illegal."""
        seat = self.human_seat
        if seat is None:
            raise IllegalActionError("you sit out this hand")
        return self.match.act(action, seat=seat)

    # ------------------------------------------------------------ ending early
    def _may_end(self, action: int) -> bool:
        h = self.hand
        seat = self.human_seat
        if not game_of(h).play_endings or seat is None or self.autoplay or self.claim is not None:
            return False
        assert isinstance(h, SkatHand)  # narrows the type: play endings are Skat's
        return not h.can_end_play(action, seat)

    @property
    def can_concede(self) -> bool:
        """The person is the declarer of a game in play (rules decision 23)."""
        return self._may_end(A.CONCEDE)

    @property
    def can_claim(self) -> bool:
        """The person plays in a declared Skat game (rules decision 24)."""
        return self._may_end(A.REST_DECLARER)

    def declarer_value_if(self, action: int) -> int:
        """The declarer's entry if the play ended now by ``action`` (for the confirm dialogs)."""
        h = self.hand
        assert isinstance(h, SkatHand)  # narrows the type: only Skat's play may end early
        trial = h.clone()
        trial.apply(action)
        assert trial.result is not None
        return trial.result.value

    def concede(self) -> list[Event]:
        """The person gives the game up; raises IllegalActionError if they may not."""
        if not self.can_concede:
            raise IllegalActionError("only the declarer can give up, during the play")
        events = self.match.act(A.CONCEDE, seat=self.human_seat)
        self.ending = Ending("concede", tricks_shown=len(self.hand.tricks))
        return events

    def start_claim(self, player: int | None = None) -> Claim:
        """The person (or the computer ``player``) claims the rest; judged by :meth:`step_claim`."""
        if player is None and not self.can_claim:
            raise IllegalActionError("the rest can be claimed only during the play of a declared game")
        h = self.hand
        assert isinstance(h, SkatHand)  # narrows the type: only Skat's rest may be claimed
        who = self.human if player is None else player
        by_declarer = self.match.seat_of(who) == h.declarer
        self.claim = Claim(who, by_declarer, claim_judgement(position_of(h), by_declarer))
        return self.claim

    def step_claim(self, budget: float = TABLE_SLICE) -> list[Event]:
        """Judge the claim for at most ``budget`` seconds; once judged, the rest goes where it belongs."""
        claim = self.claim
        if claim is None:
            return []
        start = time.perf_counter()
        while not claim.judgement.step(NODE_SLICE):
            if not _time_left(start, budget):
                return []
        return self._settle(claim, bool(claim.judgement.answer))

    def _settle(self, claim: Claim, holds: bool) -> list[Event]:
        h = self.hand
        claim.holds = holds
        claim.to_declarer = rest_goes_to_declarer(int(h.game), claim.by_declarer, holds)  # type: ignore[arg-type]
        self.claim = None
        self.ending = Ending("claim", claim, len(h.tricks))
        self.decision = None
        action = A.REST_DECLARER if claim.to_declarer else A.REST_DEFENDERS
        return self.match.act(action, seat=self.match.seat_of(claim.player))

    def step_checks(self, budget: float = TABLE_SLICE) -> list[Event] | None:
        """At each trick start of a declared Skat game: does the computer about to lead
        take every remaining trick for its side (then it claims), and is the hand decided
        whatever anyone plays (then, with ``shorten``, it is played out at once)?

        Returns None while these are being answered (nobody should move meanwhile),
        else the events of a claim or of the played-out rest (empty: play on)."""
        h = self.hand
        if not game_of(h).play_endings or self.claim is not None:
            return []
        assert isinstance(h, SkatHand)  # narrows the type: the checks search Skat's play
        key = (self.match.hand_number, len(h.history))
        if self._checks is None or self._checks[0] != key:
            computer = h.to_move is not None and (self.autoplay or h.to_move != self.human_seat)
            self._checks = (key, table_checks(h, claim=computer, decided=self.shorten))
            if h.to_move is not None:
                self._leader = self.match.seats[h.to_move]
        start = time.perf_counter()
        for kind, j in self._checks[1]:
            while not j.step(NODE_SLICE):
                if not _time_left(start, budget):
                    return None
            if not j.answer:
                continue
            self._checks = (key, [])
            if kind == "claim":
                claim = Claim(self._leader, h.to_move == h.declarer, j)
                return self._settle(claim, True)
            return self._play_out()
        return []

    @property
    def checking(self) -> bool:
        """A claim or a trick start's checks are still being searched (the table needs frames)."""
        if self.claim is not None:
            return True
        h = self.hand
        key = (self.match.hand_number, len(h.history))
        return self._checks is not None and self._checks[0] == key and any(not j.done for _, j in self._checks[1])

    def _play_out(self) -> list[Event]:
        """Play a decided hand to its end at once: the result is the same whatever is played,
        so each seat plays its first legal card (they are real plays, recorded and replayable)."""
        h = self.hand
        events: list[Event] = []
        self.decision = None
        shown = len(h.tricks)
        while not h.done:
            events += self.match.act(h.legal_actions()[0])
        self.ending = Ending("decided", tricks_shown=shown)
        return events

    # ------------------------------------------------------------ taking back
    def _takeback_index(self) -> int | None:
        """Where the hand goes back to: the index of the person's last action (a discard
        as a whole), replayed from the record to learn who acted; None if there is none."""
        m = self.match
        seat = self.human_seat
        key = (m.hand_number, len(m.actions[-1]), seat)
        if self._takeback_cache is not None and self._takeback_cache[0] == key:
            return self._takeback_cache[1]
        if seat is None:
            return None
        replica = new_hand(m.game, m.rules_of(len(m.decks) - 1), m.decks[-1])
        last: int | None = None
        discard_start: int | None = None
        for i, action in enumerate(m.actions[-1]):
            if replica.to_move == seat:
                in_discard = replica.phase == Phase.DISCARD
                if in_discard and discard_start is None:
                    discard_start = i
                last = discard_start if in_discard else i
                if not in_discard:
                    discard_start = None
            replica.apply(action)
        self._takeback_cache = (key, last)
        return last

    @property
    def can_take_back(self) -> bool:
        h = self.hand
        return (self.takeback and not self.autoplay and self.claim is None and not h.done
                and self._takeback_index() is not None)

    def take_back(self) -> None:
        """Undo the person's last card or call and every computer reply since: the hand is
        replayed from its record up to there, and the computers decide again from that position.
        The hand is marked like a hint on the score sheet; a challenge never carries its result."""
        i = self._takeback_index()
        if not self.can_take_back or i is None:
            raise IllegalActionError("there is no move of yours to take back")
        m = self.match
        kept = m.actions[-1][:i]
        hand = new_hand(m.game, m.rules_of(len(m.decks) - 1), m.decks[-1])
        for action in kept:
            hand.apply(action)
        m.current = hand
        m.actions[-1] = kept
        self.decision = None
        self._checks = None
        self.taken_back.add(m.hand_number)
        self.hinted.add(m.hand_number)

    def step_ai(self, budget: float = TABLE_SLICE) -> list[Event]:
        """Think for at most ``budget`` seconds; apply the move once decided."""
        if not self.ai_to_move:
            return []
        h = self.hand
        key = (self.match.hand_number, len(h.history))
        try:
            if self.decision is None or self.decision_for != key:
                seat = h.to_move
                assert seat is not None
                player = self.player(self.match.seats[seat])
                self.decision = player.begin(h.observe(seat))
                self.decision_for = key
            if not self.decision.step(budget):
                if self.decision.thinking_seconds < RUNAWAY_SECONDS:
                    return []
                action: int | None = self.decision.finish_now()  # its best so far, always legal
                self.faults.append(f"a decision did not finish in {RUNAWAY_SECONDS:.0f} s")
                self._install_fallback(h)  # this move is its best so far; the seat's next ones the fallback's
            else:
                action = self.decision.action
        except Exception as exc:  # noqa: BLE001 - a computer player's bug must not end the match
            self.faults.append(f"{type(exc).__name__}: {exc}")
            action = None
        self.decision = None
        if action is None or action not in h.legal_actions():
            if self._install_fallback(h):
                return []  # the fallback decides this move, in slices like any player, from the next frame
            action = h.legal_actions()[0]  # the fallback failed too: play on from the last good state
        return self.match.act(action)

    # ------------------------------------------------------------ thinking ahead
    @property
    def pondering(self) -> bool:
        """Whether the computer players have something to think about ahead now
        (the table keeps frames coming for it; once all is prepared it may sleep)."""
        if not self.ponder or self.claim is not None or self.hand.done:
            return False
        state = self._ponder_state
        return state is None or state[0] != (self.match.hand_number, len(self.hand.history)) or state[1]

    def step_ponder(self, budget: float = PONDER_SLICE) -> None:
        """Let the computer players think ahead for about ``budget`` seconds in all, while
        no decision of theirs is being stepped (the person decides, or the cards fly): each
        seat in turn, the next one when the first has nothing left to prepare."""
        if not self.ponder or self.claim is not None or self.hand.done:
            return
        h = self.hand
        key = (self.match.hand_number, len(h.history))
        seats = [s for s in range(len(self.match.seats))
                 if (self.autoplay or s != self.human_seat) and self.match.seats[s] not in self._ponder_failed]
        more = False
        start = time.perf_counter()
        self._ponder_turn += 1
        for i in range(len(seats)):
            seat = seats[(self._ponder_turn + i) % len(seats)]
            left = budget - (time.perf_counter() - start)
            if i and left <= 0:  # (the first seat always gets its unit of work)
                more = True
                break
            try:
                more = self.player(self.match.seats[seat]).ponder(h.observe(seat), left) or more
            except Exception as exc:  # noqa: BLE001 - thinking ahead must never end the match
                self.faults.append(f"{type(exc).__name__}: {exc}")
                self._ponder_failed.add(self.match.seats[seat])  # that player decides without it from now on
        self._ponder_state = (key, more)

    FALLBACKS = ("strong", "normal")
    """The computer player that takes over a seat whose player failed: the strongest heuristic one
    (or, if that was the one that failed, the next); it thinks in slices like every player."""

    def _install_fallback(self, h: Hand) -> bool:
        """A failed or illegal decision: the seat gets the fallback player from now on (False when
        the player that failed was already the fallback)."""
        seat = h.to_move
        assert seat is not None
        p = self.match.seats[seat]
        if getattr(self.players.get(p), "is_fallback", False):
            return False
        seed = self.seed * 16 + p if isinstance(self.seed, int) else p
        strength = next(s for s in self.FALLBACKS if s != self.strength)
        fallback = make_player(strength, random.Random(seed))
        fallback.is_fallback = True  # type: ignore[attr-defined]
        self.players[p] = fallback
        return True

    def next_hand(self) -> bool:
        self.ending = None
        self.claim = None
        return self.match.next_hand() is not None

