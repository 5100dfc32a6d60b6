"""The computer strengths as data: one frozen profile per strength.

A profile says what a player remembers and infers, what it searches, what it
dares, its thresholds and its noise; the players read it instead of asking
for a strength's name.  :data:`STRENGTHS` maps the names that saves, settings
and deal codes carry to their profiles, weakest first.  Adding a strength is
one profile here plus its two catalogue texts (``strength.<name>`` and
``strength_note.<name>`` in :mod:`skat.i18n.de` and :mod:`skat.i18n.en`).
"""

from __future__ import annotations

from dataclasses import dataclass

NEVER = 2.0
"""A threshold no winning chance reaches (a call this strength never makes)."""


@dataclass(frozen=True)
class Strength:
    """One computer strength (see the module docstring)."""

    name: str
    # ---- what it remembers and infers
    counts_cards: bool
    """Remembers every card played (else only the trick on the table)."""
    infers: bool
    """Works out who is out of a suit (Officers': which suits the hidden hand
    lacks) and counts the points to 61."""
    # ---- what it searches
    searches_endgame: bool
    """Skat: searches the last four tricks over sampled deals; Officers' Skat:
    solves the last tricks once nothing is hidden."""
    searches: bool = False
    """The search player (:class:`skat.ai.expert.player.SearchPlayer`): plays
    by search, and its heuristic decisions are those of :data:`STRONG`."""
    # ---- what it dares
    dares: bool = True
    """Considers Null, Hand and Kontra and (Admirals') keeping the skat."""
    # ---- Skat thresholds (winning chances unless noted)
    bid: float = 0.58
    """Least chance to bid a game (break-even is 2/3 for the declarer alone;
    a player whose card play wins more than the model's average shades it)."""
    bid_alone: float | None = None
    """Forehand's least chance to play when both others have passed and a hand all pass
    is thrown in (None: ``bid``).  Nobody else will play these cards, and the others'
    passes say their hands are weak: strong wins about two thirds to three quarters of
    such hands from a chance of 0.4, the expert, whose card play is stronger, from 0.35,
    and both score well above the nothing of passing (``tools/forced_declare.py``,
    ``docs/bench/strength.md``)."""
    bid_after_pass: float | None = None
    """Least chance to bid once another player has passed at its first word (None: ``bid``):
    a hand that never bid is weak, which leaves the cards out stronger for whoever plays
    against the third (an experiment of issue 19, not a strength's setting yet)."""
    hand: float = 0.76
    """Least chance to play Hand."""
    re: float = 0.86
    """Least chance of the declared game to answer Kontra with Re."""
    kontra_score: float = 12.0
    """Least count of trumps and top cards (:func:`skat.ai.heuristic.skat_calls._wants_kontra`) for Kontra."""
    # ---- Ramsch calls (:func:`skat.ai.heuristic.ramsch_calls.ramsch_risk`)
    ramsch_take_from: float = 12.0
    """Schieberamsch: a hand this risky or more takes the skat up; a safer one passes it on unseen."""
    ramsch_knock_below: float = 7.0
    """Klopfen: knock with a hand less risky than this (only a strength that dares)."""
    ramsch_samples: int = 0
    """The expert: deals of the unseen cards on which it compares its hand with the others'
    (its Ramsch calls then follow its chance to lose, not a fixed risk)."""
    # ---- Officers' Skat thresholds
    officers_pass_below: float = 0.6
    """Forehand passes (Passing variant) when no game's chance reaches this."""
    officers_dealer_plays_from: float = 0.5
    """After forehand passed, the dealer declares from this chance (else Ramsch)."""
    officers_kontra_below: float = 0.45
    """Kontra when the declarer's chance, as far as one can see, is below this."""
    officers_re_above: float = 0.76
    """Re when the declarer's own chance is above this."""
    officers_bid_from: float = 0.60
    """Admirals' Skat: bid a game whose chance reaches this."""
    # ---- noise
    slip: float = 0.0
    """Chance of a careless card: a random legal one."""
    bid_noise: float = 0.0
    """Standard deviation of the noise on each chance the auction weighs."""
    whim: float = 0.0
    """Officers' Skat: chance to declare its longest suit, whatever it is worth."""


EASY = Strength(
    "easy",
    counts_cards=False,
    infers=False,
    searches_endgame=False,
    dares=False,
    ramsch_take_from=0.0,
    bid=0.55,
    hand=NEVER,
    re=NEVER,
    officers_pass_below=0.4,
    officers_dealer_plays_from=0.5,
    officers_kontra_below=-1.0,
    officers_re_above=NEVER,
    officers_bid_from=0.55,
    slip=0.12,
    bid_noise=0.08,
    whim=0.25,
)
NORMAL = Strength(
    "normal",
    counts_cards=True,
    infers=False,
    searches_endgame=False,
    ramsch_take_from=14.0,
    ramsch_knock_below=5.0,
    bid=0.62,
    hand=0.80,
    re=0.90,
    kontra_score=13.0,
    officers_pass_below=0.55,
    officers_dealer_plays_from=0.55,
    officers_kontra_below=0.40,
    officers_re_above=0.80,
    officers_bid_from=0.62,
)
STRONG = Strength("strong", counts_cards=True, infers=True, searches_endgame=True, bid_alone=0.40)
EXPERT = Strength(
    "expert", counts_cards=True, infers=True, searches_endgame=True, searches=True, ramsch_samples=48, bid_alone=0.35
)

STRENGTHS: dict[str, Strength] = {s.name: s for s in (EASY, NORMAL, STRONG, EXPERT)}
"""The strengths a user can choose, by name, weakest first."""
BENCH_ALIASES = {"heuristic": "strong"}
"""Names only benchmarks use: "heuristic" is always today's strongest heuristic,
so a comparison against it stays reproducible as the strengths evolve."""


def strength_named(name: str, heuristic_only: bool = False) -> Strength:
    """The profile of a strength name (or a benchmark alias); a typo fails at
    set-up, not mid-hand."""
    known = [n for n, profile in STRENGTHS.items() if not (heuristic_only and profile.searches)]
    key = BENCH_ALIASES.get(name, name)
    if key not in known:
        raise ValueError(f"unknown strength {name!r}; known: {', '.join(known)}")
    return STRENGTHS[key]
