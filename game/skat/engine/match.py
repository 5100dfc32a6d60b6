"""A match: a run of hands at one table, with rotation, score sheet and standings.

Players are numbered around the table 0..n-1 (Skat: 3 or 4, Officers' Skat:
2).  Each hand maps its seats onto players: Skat seats forehand, middlehand,
rearhand are the three players to the dealer's left (at four the dealer sits
out); Officers' seat 0 is the non-dealer.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from . import bock
from .deal import shuffled_deck
from .errors import IllegalActionError, MatchError
from .events import Event, apply_with_events
from .games import GAMES, Game, Hand, game_named
from .rules import Rules
from .scoring import HandResult, seeger_fabian

__all__ = ["GAMES", "Hand", "Match", "MatchError", "SheetRow", "new_hand", "standings"]


def new_hand(game: str, rules: Rules, deck: tuple[int, ...] | list[int]) -> Hand:
    """A hand of the game named ``game`` (see :meth:`Game.new_hand`)."""
    return game_named(game).new_hand(rules, deck)


@dataclass(frozen=True)
class SheetRow:
    """One line of the score sheet, in table players."""

    number: int
    dealer: int
    declarer: int | None
    """Table player written on this line (Ramsch: the player charged)."""
    result: HandResult
    changes: tuple[int, ...]
    """Score change per table player."""
    seeger: tuple[int, ...]
    """Seeger-Fabian change per table player (zeros when off); a Ramsch's equal its ``changes``."""
    totals: tuple[int, ...]
    round: str = bock.PLAIN
    """The round this game was in: '' (none), 'bock' (its line counts double) or 'ramsch'."""

    @property
    def factor(self) -> int:
        """What this line's game was multiplied by on the sheet (2 in a Bock round)."""
        return bock.factor(self.round)


@dataclass
class Match:
    """A match's set-up and what has been played.  The constructor deals nothing: :meth:`new` starts
    a match with its first hand; :func:`skat.engine.record.replay_match` rebuilds one from its record,
    hand by hand from the decks it lists."""

    game: str
    """The game's name (:data:`~skat.engine.games.GAMES`); :attr:`kind` is the game itself."""
    rules: Rules
    players: int
    hands: int
    seed: int | None = None
    first_dealer: int = 0
    rng: random.Random = field(init=False, repr=False)
    dealer: int = field(init=False)
    sheet: list[SheetRow] = field(init=False, default_factory=list)
    decks: list[tuple[int, ...]] = field(init=False, default_factory=list)
    actions: list[list[int]] = field(init=False, default_factory=list)
    current: Hand | None = field(init=False, default=None)
    # --- Bock and Ramsch rounds (:mod:`skat.engine.bock`) -------------------------------
    kinds: list[str] = field(init=False, default_factory=list)
    """Per dealt hand: the round it is in ('', 'bock', 'ramsch')."""
    round_queue: list[str] = field(init=False, default_factory=list)
    """The kinds of the games still to come in queued rounds, next first."""

    def __post_init__(self) -> None:
        game_named(self.game).check_table(self.players, self.hands)
        if not 0 <= self.first_dealer < self.players:
            raise MatchError("the first dealer must be one of the players")
        self.rng = random.Random(self.seed)
        self.dealer = self.first_dealer

    @classmethod
    def new(
        cls,
        game: str,
        rules: Rules,
        players: int,
        hands: int,
        seed: int | None = None,
        first_dealer: int = 0,
        deck: tuple[int, ...] | list[int] | None = None,
    ) -> Match:
        """A match with its first hand dealt (from ``deck`` when given: a shared deal).

        >>> from skat.engine.rules import OFFICERS
        >>> m = Match.new("officers", OFFICERS, players=2, hands=2, seed=1)
        >>> m.hand_number, m.seats, len(m.decks)
        (1, (1, 0), 1)
        """
        match = cls(game, rules, players, hands, seed, first_dealer)
        match.start_hand(deck)
        return match

    @property
    def kind(self) -> Game:
        """The game played (``game`` is its name, as saves spell it)."""
        return GAMES[self.game]

    # ---------------------------------------------------------------- seating
    @property
    def seats(self) -> tuple[int, ...]:
        """Table player at each seat of the current hand."""
        return self.seats_for(self.dealer)

    def seats_for(self, dealer: int) -> tuple[int, ...]:
        """Table player at each seat of a hand that ``dealer`` dealt."""
        return self.kind.seats_for(dealer, self.players)

    def seat_of(self, player: int) -> int | None:
        return self.seats.index(player) if player in self.seats else None

    @property
    def finished(self) -> bool:
        return len(self.sheet) >= self.hands

    @property
    def hand_number(self) -> int:
        return len(self.sheet) + 1

    # ---------------------------------------------------------------- flow
    def start_hand(self, deck: tuple[int, ...] | list[int] | None = None) -> Hand:
        if self.finished:
            raise MatchError("the match is over")
        drawn = shuffled_deck(self.rng)  # always drawn, so a replayed match stays in step
        deck = tuple(deck) if deck is not None else drawn
        kind = self._next_round_kind()
        self.current = new_hand(self.game, bock.hand_rules(self.rules, kind), deck)
        self.decks.append(deck)
        self.actions.append([])
        return self.current

    def redeal(self, deck: tuple[int, ...] | list[int]) -> Hand:
        """Replace the current hand's deal before anyone has acted (a shared deal)."""
        if self.current is None or self.current.history:
            raise MatchError("a hand can only be redealt before its first action")
        deck = tuple(deck)
        self.current = new_hand(self.game, self.rules_of(len(self.decks) - 1), deck)
        self.decks[-1] = deck
        return self.current

    def apply(self, action: int, player: int | None = None) -> HandResult | None:
        """Apply an action of the current hand; returns the result when it ends."""
        self.act(action, player)
        hand = self.current
        return hand.result if hand is not None and hand.done else None

    def act(self, action: int, player: int | None = None, seat: int | None = None) -> list[Event]:
        """Apply an action (checking the acting table player or hand seat) and
        report what happened, for the table to animate."""
        hand = self.current
        if hand is None or hand.done:
            raise IllegalActionError("no hand is being played")
        if player is not None:
            seat = self.seat_of(player)
            if seat is None:
                raise IllegalActionError(f"player {player} sits out this hand")
        events = apply_with_events(hand, action, seat)
        self.actions[-1].append(action)
        if hand.done:
            assert hand.result is not None
            self._write(hand.result)
        return events

    def next_hand(self) -> Hand | None:
        """Deal the next hand (the deal rotates; a passed-in deal counts)."""
        if self.current is None or not self.current.done or self.finished:
            return None
        self.dealer = (self.dealer + 1) % self.players
        return self.start_hand()

    def _write(self, result: HandResult) -> None:
        seats = self.seats
        changes = [0] * self.players
        for seat, delta in enumerate(result.scores):
            changes[seats[seat]] += delta
        kind = self.current_round
        changes = [c * bock.factor(kind) for c in changes]  # a Bock game's line counts double
        seeger = self._seeger_changes(result, changes, bock.factor(kind))
        prev = self.sheet[-1].totals if self.sheet else (0,) * self.players
        totals = tuple(prev[p] + changes[p] for p in range(self.players))
        declarer = seats[result.declarer] if result.declarer is not None else None
        self.sheet.append(
            SheetRow(len(self.sheet) + 1, self.dealer, declarer, result, tuple(changes), tuple(seeger), totals, kind)
        )
        self._queue_rounds(result, prev, totals)

    def _seeger_changes(self, result: HandResult, changes: list[int], factor: int = 1) -> list[int]:
        """Seeger-Fabian change per table player (zeros when the option is off).

        A game earns its value with ±50, and 40 (three players) or 30 (four,
        the dealer included) to every other player when it is lost; a Bock game
        (``factor`` 2) its doubled value with the same 50 and 40/30.  A Ramsch
        counts its points as they stand, with no ±50/40/30; a passed-in deal
        counts nothing.
        """
        seeger = [0] * self.players
        if not (self.rules.seeger_fabian and self.kind.seeger_fabian) or result.game == "passed":
            return seeger
        if result.game == "ramsch":
            return list(changes)
        sf = seeger_fabian(result.value * factor, result.declarer, self.players)
        # sf is indexed: the hand's three seats first, then the sitting-out dealer.
        order = list(self.seats) + [p for p in range(self.players) if p not in self.seats]
        for i, delta in enumerate(sf):
            seeger[order[i]] += delta
        return seeger

    # ---------------------------------------------------------------- Bock and Ramsch rounds
    def rules_of(self, index: int) -> Rules:
        """The rules hand ``index`` (from 0) was dealt under: a Ramsch round's hands are Ramsch."""
        kind = self.kinds[index] if 0 <= index < len(self.kinds) else bock.PLAIN
        return bock.hand_rules(self.rules, kind)

    @property
    def current_round(self) -> str:
        """The round the hand being played is in ('' when none)."""
        return self.kinds[-1] if self.current is not None and self.kinds else bock.PLAIN

    def rounds_waiting(self) -> dict[str, int]:
        """Games still to come of each queued kind, the current one included while it is played,
        counting only what fits on the sheet."""
        room = self.hands - len(self.sheet)
        ahead = ([self.current_round] if self.current is not None and not self.current.done else []) + self.round_queue
        ahead = [k for k in ahead[: max(0, room)] if k]
        return {k: ahead.count(k) for k in (bock.BOCK, bock.RAMSCH) if k in ahead}

    def _next_round_kind(self) -> str:
        """The kind of the hand about to be dealt, taken off the queue (a new match: none queued)."""
        if not self.decks:  # the first hand (also when a record is replayed): nothing is queued yet
            self.kinds = []
            self.round_queue = []
        kind = self.round_queue.pop(0) if self.round_queue else bock.PLAIN
        self.kinds = self.kinds[: len(self.decks)] + [kind]
        return kind

    def _queue_rounds(self, result: HandResult, before: tuple[int, ...], after: tuple[int, ...]) -> None:
        """A line that meets a Bock event (rules decision 40) adds a Bock round (and Ramsch round)."""
        events = self.rules.bock_events
        if events == "off" or "bock_events" not in self.kind.option_keys:
            return
        if bock.game_events(result, events) or bock.score_events(before, after, events):
            self.round_queue = bock.queued_after(self.round_queue, self.rules, self.players)

    # ---------------------------------------------------------------- standings
    def standings(self) -> list[dict[str, Any]]:
        """See :func:`standings`."""
        return standings(self.kind, self.rules, self.players, self.sheet)


def standings(game: Game, rules: Rules, players: int, sheet: Sequence[SheetRow]) -> list[dict[str, Any]]:
    """Per player: score, Seeger-Fabian, games won/lost, Net (Bilanz), rank.

    Net is (n-1) times your score minus everybody else's: at three, twice
    your score minus both opponents' (Lothar's Bilanz); it sums to zero.
    Ranking: Seeger-Fabian points when on, else score; then games won,
    then fewer games lost.
    """
    n = players
    score = [0] * n
    seeger = [0] * n
    won = [0] * n
    lost = [0] * n
    for row in sheet:
        for p in range(n):
            score[p] += row.changes[p]
            seeger[p] += row.seeger[p]
        r = row.result
        if row.declarer is not None and r.game not in ("passed", "ramsch"):
            if r.won:
                won[row.declarer] += 1
            else:
                lost[row.declarer] += 1
    total = sum(score)
    rows = [
        {
            "player": p,
            "score": score[p],
            "seeger_fabian": seeger[p],
            "won": won[p],
            "lost": lost[p],
            "net": n * score[p] - total,
        }
        for p in range(n)
    ]
    key_points = "seeger_fabian" if rules.seeger_fabian and game.seeger_fabian else "score"
    order = sorted(range(n), key=lambda p: (-rows[p][key_points], -won[p], lost[p]))
    for rank, p in enumerate(order, 1):
        rows[p]["rank"] = rank
    return rows
