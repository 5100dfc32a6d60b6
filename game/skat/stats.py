"""The person's statistics: every hand counted once as it ends, by role, game type, computer
strength and rule set, with Seeger-Fabian per list of 36 and one line per match for the charts.

Counters, not a recomputation from the kept sheets: the sheets are pruned (200 at most, fewer in
the browser's storage) and the statistics must outlive them, and counting a hand is a few
additions, so the save after each hand stays fast however long the player's history is.  What the
counters cannot know (the statistics of a version before the breakdown) is rebuilt from the kept
sheets by :class:`Rebuild`, one sheet per step, so a frame is never held up by it.

Pure Python on the engine's types: the storage reads and writes these, the UI only shows them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, fields

from .engine.games import GAMES
from .engine.match import SheetRow
from .engine.rules import Rules
from .engine.scoring import HandResult

LIST_HANDS = 36
"""A Seeger-Fabian list (Serie) holds 36 hands the person plays: a list at three, and at four
the 48 hands of a four-table list, of which the person sits out twelve as dealer."""
MAX_LISTS = 400
"""Lists kept (the oldest go first): 14,400 hands of tournament scoring."""
MAX_MATCH_LINES = 400
"""Matches kept for the chart of results over time (the oldest go first)."""
SKAT_TYPES = ("grand", "clubs", "spades", "hearts", "diamonds", "null", "null_hand", "null_ouvert",
              "null_ouvert_hand", "ramsch")
"""The game types a Skat player tells apart, in the order a statistics page lists them."""
TYPE_ORDER = {k: i for i, k in enumerate(SKAT_TYPES)}


def type_key(result: HandResult) -> str:
    """The game type a hand counts under: a suit, Grand, one of the four Null games, or Ramsch."""
    if result.game == "null":
        return "null" + ("_ouvert" if result.ouvert else "") + ("_hand" if result.hand else "")
    return result.game


def rules_key(game: str, rules: Rules) -> str:
    """The rule set a match counts under: Skat's preset ('isko', 'lothar', 'stammtisch') or 'custom'; Officers' Skat
    its layout ('officers', 'harlequin', 'admirals'), the variant that changes the game most."""
    described = GAMES[game]
    layout = described.layout(rules)
    return layout if layout is not None else described.preset_of(rules)


@dataclass
class Tally:
    """The person's hands of one kind (all of them, one game type, one strength or rule set)."""

    hands: int = 0
    """Hands sat in (not the ones sat out as dealer at four)."""
    score: int = 0
    """Sum of the person's score-sheet changes."""
    seeger: int = 0
    """Sum of the person's Seeger-Fabian changes (matches with it on; a sat-out dealer's too)."""
    sf_hands: int = 0
    """Hands sat in with Seeger-Fabian on (what its average is per)."""
    declared: int = 0
    declared_won: int = 0
    declared_value: int = 0
    """Sum of the game values the person played for (an overbid game: the value it is charged at)."""
    valued: int = 0
    """Games declared whose value is in :attr:`declared_value` (an earlier version counted none)."""
    declared_score: int = 0
    """Sum of the person's sheet changes as declarer."""
    defended: int = 0
    defence_won: int = 0
    """Games defended that the declarer lost."""
    defence_cards: int = 0
    """The person's card points as a defender of a suit game or Grand at three seats."""
    defence_side_cards: int = 0
    """Both defenders' card points in those games: the person's share of the defence."""
    ramsch: int = 0
    ramsch_won: int = 0
    """Ramsch hands the person was not charged for (or made a Durchmarsch)."""
    passed: int = 0

    @property
    def declared_lost(self) -> int:
        return self.declared - self.declared_won

    @property
    def defence_lost(self) -> int:
        return self.defended - self.defence_won

    def add(self, other: Tally) -> None:
        for f in TALLY_FIELDS:
            setattr(self, f, getattr(self, f) + getattr(other, f))

    def to_doc(self) -> dict[str, int]:
        return {f: getattr(self, f) for f in TALLY_FIELDS if getattr(self, f)}


TALLY_FIELDS = tuple(f.name for f in fields(Tally))
SIGNED_FIELDS = frozenset({"score", "seeger", "declared_score"})


def ratio(part: float, whole: float) -> float | None:
    """``part / whole``, or None when there is nothing to divide (shown as a dash)."""
    return part / whole if whole else None


@dataclass
class SFList:
    """One Seeger-Fabian list: up to :data:`LIST_HANDS` hands the person played, in order."""

    hands: int = 0
    seeger: int = 0
    won: int = 0
    lost: int = 0

    @property
    def running(self) -> bool:
        """Still being played (fewer than 36 hands)."""
        return self.hands < LIST_HANDS


@dataclass
class MatchLine:
    """One match's result for the person, for the chart of results over time."""

    id: str
    game: str
    hands: int = 0
    score: int = 0
    seeger: int = 0
    seeger_fabian: bool = False
    finished: bool = False
    when: str = ""
    """When its last hand counted was played: UTC, ISO 8601, as a kept sheet's ``finished_at``."""


@dataclass(frozen=True)
class Seat:
    """What a score-sheet line needs besides itself to be counted: the match it is from, seen from
    the person's chair."""

    match_id: str
    game: str
    players: int
    person: int
    strength: str
    rules: str
    """:func:`rules_key` of the match's rules."""
    seeger_fabian: bool

    @classmethod
    def of(cls, match_id: str, game: str, rules: Rules, players: int, person: int, strength: str) -> Seat:
        return cls(match_id, game, players, person, strength, rules_key(game, rules),
                   rules.seeger_fabian and GAMES[game].seeger_fabian)

    def seat_in(self, row: SheetRow) -> int | None:
        """The person's seat in the hand of ``row`` (None: sat out as dealer)."""
        seats = GAMES[self.game].seats_for(row.dealer, self.players)
        return seats.index(self.person) if self.person in seats else None


def hand_tally(seat: Seat, row: SheetRow) -> Tally:
    """One score-sheet line as the person's tally (all zeros but the Seeger-Fabian when sat out)."""
    t = Tally()
    me = seat.seat_in(row)
    t.seeger = row.seeger[seat.person] if seat.seeger_fabian else 0
    if me is None:
        return t
    r = row.result
    t.hands = 1
    t.sf_hands = int(seat.seeger_fabian)
    t.score = change = row.changes[seat.person]
    if r.game == "passed":
        t.passed = 1
    elif r.game == "ramsch":
        # The sheet's "declarer" of a Ramsch is the player charged, or who made a Durchmarsch.
        t.ramsch = 1
        t.ramsch_won = int((row.declarer == seat.person) == r.durchmarsch)
    elif row.declarer == seat.person:
        t.declared = 1
        t.declared_won = int(r.won)
        t.declared_value = r.charged_value or r.game_value
        t.valued = 1
        t.declared_score = change
    else:
        t.defended = 1
        t.defence_won = int(not r.won)
        if r.game != "null" and len(r.points) == 3 and r.declarer is not None:
            side = sum(p for s, p in enumerate(r.points) if s != r.declarer)
            t.defence_cards, t.defence_side_cards = r.points[me], side
    return t


@dataclass
class GameStats:
    """One game's statistics, from the person's side."""

    all: Tally = field(default_factory=Tally)
    matches_finished: int = 0
    by_type: dict[str, Tally] = field(default_factory=dict)
    by_strength: dict[str, Tally] = field(default_factory=dict)
    by_rules: dict[str, Tally] = field(default_factory=dict)
    earlier: int = 0
    """Hands counted by a version before the breakdown: in :attr:`all` and :attr:`by_type` (as far as
    that version told them apart) but in no role's defence, strength or rule set."""


    @property
    def hands_played(self) -> int:
        return self.all.hands

    @property
    def declared(self) -> int:
        return self.all.declared

    @property
    def won_as_declarer(self) -> int:
        return self.all.declared_won

    @property
    def total_score(self) -> int:
        return self.all.score

    @property
    def average_score(self) -> float:
        """Average score-sheet change per hand played."""
        return self.all.score / self.all.hands if self.all.hands else 0.0

    def add(self, seat: Seat, row: SheetRow, t: Tally) -> None:
        self.all.add(t)
        if t.hands and not t.passed:
            self.by_type.setdefault(type_key(row.result), Tally()).add(t)
        self.by_strength.setdefault(seat.strength, Tally()).add(t)
        self.by_rules.setdefault(seat.rules, Tally()).add(t)


@dataclass
class Statistics:
    games: dict[str, GameStats] = field(default_factory=lambda: {"skat": GameStats(), "officers": GameStats()})
    lists: list[SFList] = field(default_factory=list)
    """Skat's Seeger-Fabian lists, oldest first; the last one may be running."""
    matches: list[MatchLine] = field(default_factory=list)
    """The person's result per match, oldest first (at most :data:`MAX_MATCH_LINES`)."""
    counted: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Per recent match id: how many of its score-sheet lines are counted, and 1 once its finish is
    (oldest first, at most ``storage.COUNTED_MATCHES``): what makes counting safe to repeat."""

    def of(self, game: str) -> GameStats:
        return self.games.setdefault(game, GameStats())

    def add_hand(self, seat: Seat, row: SheetRow) -> None:
        """Count one score-sheet line for the person: tallies, the list it falls in, its match's line."""
        t = hand_tally(seat, row)
        self.of(seat.game).add(seat, row, t)
        if seat.seeger_fabian:
            if not self.lists or not self.lists[-1].running:
                self.lists.append(SFList())
                del self.lists[:-MAX_LISTS]
            sf = self.lists[-1]
            sf.hands += t.hands
            sf.seeger += t.seeger
            sf.won += t.declared_won
            sf.lost += t.declared_lost
        line = self.line(seat)
        line.hands += t.hands
        line.score += t.score
        line.seeger += t.seeger

    def line(self, seat: Seat) -> MatchLine:
        """The match's line, made at its first hand (the newest matches are at the end)."""
        for line in reversed(self.matches):
            if line.id == seat.match_id:
                return line
        line = MatchLine(seat.match_id, seat.game, seeger_fabian=seat.seeger_fabian)
        self.matches.append(line)
        del self.matches[:-MAX_MATCH_LINES]
        return line

    def finish(self, seat: Seat) -> None:
        """The match was played to its end."""
        self.of(seat.game).matches_finished += 1
        self.line(seat).finished = True


# ---------------------------------------------------------------- rebuilding from kept sheets
@dataclass
class KeptHands:
    """A match's lines to count again: a kept sheet, or the counted part of the match in progress."""

    seat: Seat
    rows: tuple[SheetRow, ...]
    finished: bool
    when: str = ""


class Rebuild:
    """The statistics counted again from the kept sheets, one match per :meth:`step`.

    For statistics kept by an older version, which counted no defence, strength or rule set: the
    sheets give those for every match still kept.  :meth:`merged` keeps every total of the
    statistics as they are now, so nothing counted before is lost with a sheet pruned since; what
    only the totals know stays in them, told as :attr:`GameStats.earlier`."""

    def __init__(self, matches: Iterable[KeptHands]) -> None:
        self._todo = iter(matches)
        self.stats = Statistics()
        self.done = False
        self.count = 0

    def step(self) -> bool:
        """Count one more match; True once all are."""
        if self.done:
            return True
        kept = next(self._todo, None)
        if kept is None:
            self.done = True
            return True
        self.add(kept)
        return False

    def add(self, kept: KeptHands) -> None:
        """Count one match's lines."""
        for row in kept.rows:
            self.stats.add_hand(kept.seat, row)
        if kept.finished:
            self.stats.finish(kept.seat)
        if kept.rows:
            self.stats.line(kept.seat).when = kept.when
        self.count += 1

    def merged(self, now: Statistics) -> Statistics:
        """The rebuilt statistics with what ``now`` counted beyond the kept sheets added back."""
        out = self.stats
        for name, g in now.games.items():
            new = out.of(name)
            rest = _residue(g.all, new.all)
            if rest.hands:
                new.all.add(rest)
                new.earlier = rest.hands
                for kind, tally in g.by_type.items():
                    extra = _residue(tally, new.by_type.get(kind, Tally()))
                    if extra.hands:
                        new.by_type.setdefault(kind, Tally()).add(extra)
            new.matches_finished = max(new.matches_finished, g.matches_finished)
        known = {line.id for line in out.matches}
        out.matches = ([line for line in now.matches if line.id not in known] + out.matches)[-MAX_MATCH_LINES:]
        out.counted = dict(now.counted)
        return out


def _residue(now: Tally, rebuilt: Tally) -> Tally:
    """What ``now`` counts beyond ``rebuilt``, as a tally the game could have written (no more won
    than played); nothing when the rebuilt hands are as many."""
    if now.hands <= rebuilt.hands:
        return Tally()
    rest = Tally(**{f: getattr(now, f) - getattr(rebuilt, f) for f in TALLY_FIELDS})
    for f in TALLY_FIELDS:
        if f not in SIGNED_FIELDS:
            setattr(rest, f, max(0, getattr(rest, f)))
    rest.declared_won = min(rest.declared_won, rest.declared)
    rest.defence_won = min(rest.defence_won, rest.defended)
    rest.ramsch_won = min(rest.ramsch_won, rest.ramsch)
    rest.defence_cards = min(rest.defence_cards, rest.defence_side_cards)
    rest.sf_hands = min(rest.sf_hands, rest.hands)
    rest.valued = min(rest.valued, rest.declared)
    for role in ("defended", "passed", "ramsch", "declared"):  # no more roles than hands: what is least known goes
        over = rest.declared + rest.defended + rest.ramsch + rest.passed - rest.hands
        if over > 0:
            setattr(rest, role, max(0, getattr(rest, role) - over))
    rest.declared_won = min(rest.declared_won, rest.declared)
    rest.defence_won = min(rest.defence_won, rest.defended)
    rest.ramsch_won = min(rest.ramsch_won, rest.ramsch)
    return rest
