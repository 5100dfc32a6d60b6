"""Runs a match for the table: whose turn, the computer players' decisions in
slices, the person's actions, and the events the table animates.

No pygame here, so the flow of a match can be tested without a window.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..ai import make_player
from ..ai.base import TABLE_SLICE, Decision, Player
from ..engine.errors import IllegalActionError
from ..engine.events import Event
from ..engine.match import Hand, Match


@dataclass
class Seating:
    """Table positions on screen, as table players: bottom is the person."""

    bottom: int
    left: int | None
    top: int | None
    right: int | None


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
        self.challenge = None  # skat.engine.challenge.Challenge of a shared deal with results, if any

    @classmethod
    def for_shared_deal(cls, shared, strength: str = "normal", seat: int = 0) -> MatchController:  # type: ignore[no-untyped-def]
        """Exactly the shared deal as a match of that one hand, the person in
        ``seat`` of the hand (0 forehand), and computer players seeded from the
        code, so everyone meets the same opponents."""
        import zlib

        seed = zlib.crc32(shared.code.encode())
        players = shared.players
        seats = 2 if shared.game == "officers" else 3
        if not 0 <= seat < seats:
            raise ValueError(f"a seat of this deal is 1 to {seats}")
        # The dealer that puts table player 0 (the person) at ``seat``.
        dealer = 1 - seat if shared.game == "officers" else (-1 - seat) % players
        match = Match(shared.game, shared.rules, players=players, hands=1, seed=seed, first_dealer=dealer)
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
        return not self.autoplay and not h.done and h.to_move is not None and h.to_move == self.human_seat

    @property
    def ai_to_move(self) -> bool:
        h = self.hand
        return not h.done and h.to_move is not None and (self.autoplay or h.to_move != self.human_seat)

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
                return []
            action = self.decision.action
        except Exception as exc:  # noqa: BLE001 - a computer player's bug must not end the match
            self.faults.append(f"{type(exc).__name__}: {exc}")
            action = None
        self.decision = None
        if action is None or action not in h.legal_actions():
            action = self._fallback_action(h)
        return self.match.act(action)

    FALLBACKS = ("strong", "normal")
    """The computer player that takes over a seat whose player failed: the strongest heuristic one,
    which needs no search (or, if that was the one that failed, the next)."""

    def _fallback_action(self, h: Hand) -> int:
        """A failed or illegal decision: the seat gets the fallback player from now on, and it decides
        this move at once (it is quick); only if it fails too, the first legal action is played."""
        seat = h.to_move
        assert seat is not None
        p = self.match.seats[seat]
        if not getattr(self.players.get(p), "is_fallback", False):
            seed = self.seed * 16 + p if isinstance(self.seed, int) else p
            strength = next(s for s in self.FALLBACKS if s != self.strength)
            fallback = make_player(strength, random.Random(seed))
            fallback.is_fallback = True  # type: ignore[attr-defined]
            self.players[p] = fallback
            try:
                decision = fallback.begin(h.observe(seat))
                for _ in range(1000):
                    if decision.step(1.0):
                        break
                if decision.action in h.legal_actions():
                    return decision.action
            except Exception as exc:  # noqa: BLE001
                self.faults.append(f"{type(exc).__name__}: {exc}")
        return h.legal_actions()[0]  # play on from the last good state with a legal action

    def next_hand(self) -> bool:
        return self.match.next_hand() is not None
