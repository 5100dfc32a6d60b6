"""The two games this package plays, each described once: Skat and Offiziersskat.

Code that needs to know which game it deals with asks the game's :class:`Game`
(``GAMES[name]`` for a name read from a save, a record or a code;
:func:`game_of` for a hand or an observation) instead of comparing names or
testing types: how many sit at a hand and at the table, how a hand starts from
its deck, which rule options apply, which rule sets it offers.

>>> [g.name for g in GAMES.values()]
['skat', 'officers']
>>> SKAT.seats, SKAT.table_sizes, OFFICERS.seats, OFFICERS.table_sizes
(3, (3, 4), 2, (2,))
>>> hand = OFFICERS.new_hand(OFFICERS.default_rules, range(32))
>>> game_of(hand) is OFFICERS, game_of(hand.observe(0)) is OFFICERS
(True, True)
>>> OFFICERS.deck_of(hand) == SKAT.deck_of(SKAT.new_hand(SKAT.default_rules, range(32))) == tuple(range(32))
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .deal import SkatDeal
from .errors import MatchError
from .officers import OfficersHand, OfficersObservation
from .rules import PRESETS, Rules
from .skat_hand import SkatHand, SkatObservation

Hand = SkatHand | OfficersHand
Observation = SkatObservation | OfficersObservation


CUSTOM = "custom"
"""What a rule set is called that is none of its game's presets."""


@dataclass(frozen=True, eq=False, repr=False)
class Game:
    """What tells one game from the other; everything else the hand types decide.

    There is one instance per game (:data:`SKAT`, :data:`OFFICERS`), compared and hashed by identity,
    so tables of per-game code can be keyed by it."""

    name: str
    """The game as saves, records, share codes and statistics spell it."""
    title: str
    """For messages of the engine (the screens take theirs from the catalogues)."""
    seats: int
    """Seats at a hand: forehand first."""
    table_sizes: tuple[int, ...]
    """Players a table may have (Skat at four: the dealer sits out each hand)."""
    hand_type: type
    observation_type: type
    option_keys: tuple[str, ...]
    """The :class:`~skat.engine.rules.Rules` fields that apply, in the order the set-up shows them."""
    presets: tuple[str, ...]
    """The rule sets it offers (names of :data:`~skat.engine.rules.PRESETS`), the default first."""
    seeger_fabian: bool
    """Whether the tournament list (Seeger-Fabian) can score it (``Rules.seeger_fabian`` switches it on)."""
    piles: bool
    """Whether each player's cards lie before them in piles (face down under face up) or as a
    layout of its variant, rather than all in the hand: how the table is laid out."""
    play_endings: bool
    """Whether the declarer may give up and a player claim the rest (rules decisions 23 and 24),
    and the table checks each trick whether the hand is decided."""
    # How the hand types answer (plain functions, so the descriptor stays a frozen record):
    _has_skat: Callable[[Rules], bool]
    _valued_as_skat: Callable[[Rules], bool]
    _layout: Callable[[Rules], str | None]
    _tricks: Callable[[Rules], int]
    _start: Callable[[Rules, tuple[int, ...]], Hand]
    _deck: Callable[[Any], tuple[int, ...]]
    _held: Callable[[Any, int], int]
    _in_reach: Callable[[Any, int], int]

    def __repr__(self) -> str:
        return f"<Game {self.name}>"

    @property
    def default_rules(self) -> Rules:
        """The rule set a game gets when nothing names one (the first of :attr:`presets`).

        >>> SKAT.default_rules.seeger_fabian, OFFICERS.default_rules.kontra_re
        (True, True)
        """
        return PRESETS[self.presets[0]]

    def preset_of(self, rules: Rules | Mapping[str, Any]) -> str:
        """The preset whose options are exactly these rules' options for this game (given as rules, or
        as a set-up's option values, where a missing one is the preset's), or :data:`CUSTOM`.

        >>> SKAT.preset_of(PRESETS["lothar"]), SKAT.preset_of({"kontra_re": True, "spitze": 2}), OFFICERS.preset_of({})
        ('lothar', 'custom', 'officers')
        """
        values = rules.to_dict() if isinstance(rules, Rules) else rules
        for name in self.presets:
            base = PRESETS[name].to_dict()
            if all(values.get(k, base[k]) == base[k] for k in self.option_keys):
                return name
        return CUSTOM

    def has_skat(self, rules: Rules) -> bool:
        """Whether a declarer under ``rules`` may take up a skat, so a game is played Hand or after
        the pickup (Officers' Skat: in Admirals' Skat only).

        >>> SKAT.has_skat(SKAT.default_rules), OFFICERS.has_skat(OFFICERS.default_rules)
        (True, False)
        """
        return self._has_skat(rules)

    def valued_as_skat(self, rules: Rules) -> bool:
        """Whether a game under ``rules`` is valued as in Skat (Hand, Schneider, Schwarz levels and the
        Null values of the Skat list; Officers' Skat: in Admirals' Skat only).

        >>> SKAT.valued_as_skat(SKAT.default_rules), OFFICERS.valued_as_skat(OFFICERS.default_rules)
        (True, False)
        """
        return self._valued_as_skat(rules)

    def layout(self, rules: Rules) -> str | None:
        """The variant that decides how the cards lie (Officers' Skat: officers, harlequin or admirals);
        None for a game that has one way only.

        >>> harlequin = OFFICERS.default_rules.with_options(officers_layout="harlequin")
        >>> SKAT.layout(SKAT.default_rules), OFFICERS.layout(harlequin)
        (None, 'harlequin')
        """
        return self._layout(rules)

    def tricks(self, rules: Rules) -> int:
        """How many tricks a hand under ``rules`` has when played out.

        >>> admirals = OFFICERS.default_rules.with_options(officers_layout="admirals")
        >>> SKAT.tricks(SKAT.default_rules), OFFICERS.tricks(OFFICERS.default_rules), OFFICERS.tricks(admirals)
        (10, 16, 15)
        """
        return self._tricks(rules)

    @property
    def name_key(self) -> str:
        """The catalogue key of the game's name on the screens.

        >>> OFFICERS.name_key
        'game_name.officers'
        """
        return "game_name." + self.name

    def held(self, hand: Hand, seat: int) -> int:
        """Every card ``seat`` still has (Officers' Skat: face up, face down and in the hand), a mask."""
        return self._held(hand, seat)

    def in_reach(self, hand: Hand, seat: int) -> int:
        """The cards ``seat`` may pick from when it plays, a mask: its hand (Officers' Skat: the
        face-up pile cards and the hand, also a Harlequin hand's blind cards; not the face-down piles)."""
        return self._in_reach(hand, seat)

    def new_hand(self, rules: Rules, deck: Iterable[int]) -> Hand:
        """A hand of this game dealt from ``deck`` (every card once; a bad deck raises RecordError)."""
        return self._start(rules, tuple(deck))

    def deck_of(self, hand: Hand) -> tuple[int, ...]:
        """The dealt deck of one of this game's hands, as records and codes store it."""
        return self._deck(hand)

    def seats_for(self, dealer: int, players: int) -> tuple[int, ...]:
        """Table player at each seat of a hand that ``dealer`` dealt: the players to the dealer's
        left, forehand first (Officers': the non-dealer, then the dealer).

        >>> SKAT.seats_for(0, 3), SKAT.seats_for(3, 4), OFFICERS.seats_for(0, 2), OFFICERS.seats_for(1, 2)
        ((1, 2, 0), (0, 1, 2), (1, 0), (0, 1))
        """
        return tuple((dealer + 1 + i) % players for i in range(self.seats))

    def dealer_seating(self, seat: int, players: int) -> int:
        """The dealer whose hand puts table player 0 at hand seat ``seat`` (a shared deal's person).

        >>> [SKAT.seats_for(SKAT.dealer_seating(s, 4), 4)[s] for s in range(3)], OFFICERS.dealer_seating(1, 2)
        ([0, 0, 0], 0)
        """
        return (-1 - seat) % players

    def check_table(self, players: int, hands: int) -> None:
        """Raise MatchError unless ``players`` may sit at this game's table for ``hands`` hands
        (a whole number of rounds, each player dealing as often; or one shared hand).

        >>> SKAT.check_table(4, 8)
        >>> OFFICERS.check_table(2, 3)
        Traceback (most recent call last):
        skat.engine.errors.MatchError: Officers' Skat: a match needs a positive multiple of 2 hands (or one shared hand)
        """
        if players not in self.table_sizes:
            sizes = " or ".join(str(n) for n in self.table_sizes)
            raise MatchError(f"{self.title} is played by {sizes} players, not {players}")
        if hands != 1 and (hands <= 0 or hands % players):
            raise MatchError(f"{self.title}: a match needs a positive multiple of {players} hands (or one shared hand)")


def _skat_hand(rules: Rules, deck: tuple[int, ...]) -> SkatHand:
    return SkatHand(rules, SkatDeal.from_deck(deck))


def _skat_deck(hand: SkatHand) -> tuple[int, ...]:
    return hand.deal.deck


def _officers_deck(hand: OfficersHand) -> tuple[int, ...]:
    return hand.deck


def _skat_held(hand: SkatHand, seat: int) -> int:
    return hand.hands[seat]


def _officers_held(hand: OfficersHand, seat: int) -> int:
    return hand.up[seat] | hand.down[seat] | hand.handm[seat]


def _officers_in_reach(hand: OfficersHand, seat: int) -> int:
    return hand.up[seat] | hand.handm[seat]


def _admirals(rules: Rules) -> bool:
    return rules.officers_layout == "admirals"


SKAT = Game(
    name="skat",
    title="Skat",
    seats=3,
    table_sizes=(3, 4),
    hand_type=SkatHand,
    observation_type=SkatObservation,
    option_keys=("skip_bids", "all_pass", "announcements", "overbid_null", "kontra_re", "seeger_fabian", "jungfrau",
                 "ramsch_skat", "ramsch_always", "schieberamsch", "klopfen", "kontra_bidders_only",
                 "bock_events", "ramsch_round", "ramsch_grand_hand", "spitze", "schenken", "revolution"),
    presets=("isko", "lothar", "stammtisch"),
    seeger_fabian=True,
    piles=False,
    play_endings=True,
    _has_skat=lambda rules: True,
    _valued_as_skat=lambda rules: True,
    _layout=lambda rules: None,
    _tricks=lambda rules: 10,
    _start=_skat_hand,
    _deck=_skat_deck,
    _held=_skat_held,
    _in_reach=_skat_held,
)
OFFICERS = Game(
    name="officers",
    title="Officers' Skat",
    seats=2,
    table_sizes=(2,),
    hand_type=OfficersHand,
    observation_type=OfficersObservation,
    option_keys=("officers_layout", "kontra_re", "officers_passing", "officers_null", "more_matadors",
                 "officers_scoring"),
    presets=("officers",),
    seeger_fabian=False,
    piles=True,
    play_endings=False,
    _has_skat=_admirals,
    _valued_as_skat=_admirals,
    _layout=lambda rules: rules.officers_layout,
    _tricks=lambda rules: 15 if _admirals(rules) else 16,
    _start=OfficersHand,
    _deck=_officers_deck,
    _held=_officers_held,
    _in_reach=_officers_in_reach,
)

GAMES: dict[str, Game] = {game.name: game for game in (SKAT, OFFICERS)}
"""Every game by its name, Skat first."""

_BY_TYPE: dict[type, Game] = {t: g for g in GAMES.values() for t in (g.hand_type, g.observation_type)}


def game_named(name: object) -> Game:
    """The game a save, a record or a code names; MatchError for any other name.

    >>> game_named("officers") is OFFICERS
    True
    >>> game_named("doppelkopf")
    Traceback (most recent call last):
    skat.engine.errors.MatchError: unknown game 'doppelkopf'; known: skat, officers
    """
    game = GAMES.get(name) if isinstance(name, str) else None
    if game is None:
        raise MatchError(f"unknown game {name!r}; known: {', '.join(GAMES)}")
    return game


def game_of(state: object) -> Game:
    """The game of a hand or an observation (a subclass of one counts as it).

    >>> game_of(SKAT.new_hand(SKAT.default_rules, range(32)).observe(1)).name
    'skat'
    >>> game_of("skat")
    Traceback (most recent call last):
    TypeError: str is not a hand or an observation of a known game
    """
    for cls in type(state).__mro__:
        game = _BY_TYPE.get(cls)
        if game is not None:
            return game
    raise TypeError(f"{type(state).__name__} is not a hand or an observation of a known game")
