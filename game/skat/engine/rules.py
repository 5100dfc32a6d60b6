"""Rule options and the named presets that bundle them.

One frozen dataclass holds every single option of both games, so a match, a
record and a share code carry one object.  Presets are plain instances;
``replace`` sets options one by one.  The decisions taken where the rule texts
are thin are documented next to each option and in the in-game rules help.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

ALL_PASS_CHOICES = ("passed", "ramsch")
OVERBID_NULL_CHOICES = ("forbidden", "next_step")
OFFICERS_SCORING_CHOICES = ("standard", "simple_points", "simple_base")
OFFICERS_LAYOUTS = ("officers", "harlequin", "admirals")
RAMSCH_SKAT_CHOICES = ("last_trick", "loser")
BOCK_EVENT_CHOICES = ("off", "classic", "all")
SPITZE_CHOICES = (0, 1, 2)
"""Spitze: not played, or the levels it adds."""
"""Which events start Bock rounds (:mod:`skat.engine.bock`; rules decision 40)."""


class RulesError(ValueError):
    """A rule option that does not exist or has an impossible value."""


@dataclass(frozen=True)
class Rules:
    # --- Skat ---------------------------------------------------------------
    skip_bids: bool = True
    """ISkO lets a bidder skip values; Lothar's table climbs strictly."""
    all_pass: str = "passed"
    """When all three pass: the deal is 'passed' in (ISkO) or a 'ramsch'."""
    announcements: bool = True
    """Schneider and Schwarz may be announced (Hand games only)."""
    overbid_null: str = "forbidden"
    """'forbidden': Null may only be declared when its value reaches the bid.
    'next_step' (Lothar): it may be declared up to a bid of 59 and is then lost,
    charged at the smallest Null value that reaches the bid."""
    kontra_re: bool = False
    """Skat: either defender may say Kontra after the declaration and before
    the first card; the declarer may then answer Re.  Officers' Skat: the
    declarer's opponent after the first face-up row, Re after the second."""
    seeger_fabian: bool = False
    """Skat: the tournament scoring (001): ±50 per game won or lost, 40 (at
    four: 30) to every other player for a game lost; a Ramsch counts its
    points without them.  On in the ISkO preset, off in a bare ``Rules()``, so
    a record or code that spells its options out keeps its meaning."""
    jungfrau: bool = False
    """Ramsch: each player who takes no trick doubles the loser's charge."""
    ramsch_skat: str = "last_trick"
    """Ramsch: whose the skat's points are at the end: the winner of the 'last_trick'
    (today's play), or the 'loser', the player with most card points in his tricks."""
    ramsch_always: bool = False
    """Every hand is a Ramsch: no bidding, no declarer (``all_pass`` then never comes up)."""
    schieberamsch: bool = False
    """Ramsch: each player in turn from forehand takes the skat and pushes two cards
    (no Jack) on to the next, or passes it on unseen; each unseen pass doubles the charge."""
    klopfen: bool = False
    """Ramsch: before the first card each player in turn may knock; each knock doubles the charge."""
    kontra_bidders_only: bool = False
    """With Kontra and Re: only a defender who took part in the bidding at 18 or more
    (said or held a value) may say Kontra."""
    bock_events: str = "off"
    """Bock rounds (rules decisions 40-43): after an event the next round (one game per player)
    counts double.  'classic': a game lost with 60, a Grand Hand won, a Kontra won by the
    defenders, a game with Re; 'all' adds a running total ending in three equal digits or a
    whole hundred and a game worth 72 or more."""
    ramsch_round: bool = False
    """With Bock rounds: each Bock round is followed by a Ramsch round, a Ramsch every game in
    which a player may declare a Grand Hand instead (``ramsch_grand_hand``)."""
    ramsch_grand_hand: bool = False
    """A Ramsch dealt without bidding: before the skat goes round, each player in turn from
    forehand may declare a Grand Hand instead.  Set on the hands of a Ramsch round."""
    spitze: int = 0
    """Spitze (rules decisions 45-47): 0 not played; 1 or 2, the levels a declarer adds by
    announcing with the declaration that the lowest trump (a suit's 7, in Grand the Jack of
    diamonds) will take the last trick.  Not in Null, not in a Grand with all four Jacks."""
    schenken: bool = False
    """Schenken (rules decisions 48-50): before the first card of a suit game or Grand both
    defenders may offer to give the game; the declarer takes it (won at the levels declared)
    or declines and plays for Schneider (or Schwarz), lost unless he makes it."""
    revolution: bool = False
    """Revolution (rules decisions 51-53): a Null Ouvert worth 92 in which, once the declarer's
    cards lie open, the defenders see each other's and exchange cards between their hands."""
    # --- Officers' Skat -----------------------------------------------------
    officers_passing: bool = False
    officers_null: bool = False
    more_matadors: bool = False
    officers_scoring: str = "standard"
    officers_layout: str = "officers"

    def __post_init__(self) -> None:
        for name, choices in (
            ("all_pass", ALL_PASS_CHOICES),
            ("ramsch_skat", RAMSCH_SKAT_CHOICES),
            ("bock_events", BOCK_EVENT_CHOICES),
            ("overbid_null", OVERBID_NULL_CHOICES),
            ("officers_scoring", OFFICERS_SCORING_CHOICES),
            ("officers_layout", OFFICERS_LAYOUTS),
        ):
            value = getattr(self, name)
            if value not in choices:
                raise RulesError(f"rule option {name} must be one of {choices}, not {value!r}")
        if type(self.spitze) is not int or self.spitze not in SPITZE_CHOICES:
            raise RulesError(f"rule option spitze must be one of {SPITZE_CHOICES}, not {self.spitze!r}")
        for f in fields(self):
            if f.type in ("bool", bool) and not isinstance(getattr(self, f.name), bool):
                raise RulesError(f"rule option {f.name} must be true or false")

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        if isinstance(data, str):
            return preset(data)
        if not isinstance(data, dict):
            raise RulesError("rules must be a preset name or an object of options")
        known = {f.name for f in fields(cls)}
        data = dict(data)
        base = preset(data.pop("preset")) if "preset" in data else cls()
        unknown = set(data) - known
        if unknown:
            raise RulesError(f"unknown rule options: {', '.join(sorted(unknown))}")
        return replace(base, **data)

    def with_options(self, **options: Any) -> Rules:
        try:
            return replace(self, **options)
        except TypeError as exc:
            raise RulesError(str(exc)) from exc


ISKO = Rules(seeger_fabian=True)
"""The tournament rules: 001 names Seeger-Fabian as the tournament scoring."""
LOTHAR = Rules(
    skip_bids=False,
    all_pass="ramsch",
    announcements=False,
    overbid_null="next_step",
    kontra_re=False,
    jungfrau=False,
)
OFFICERS = Rules(kontra_re=True)
STAMMTISCH = Rules(all_pass="ramsch", kontra_re=True, jungfrau=True, bock_events="classic", ramsch_round=True)
"""A club evening ("Stammtisch"): the ISkO's game with the list scored plainly, Kontra and Re,
a Ramsch when all pass, and Bock rounds after the classic events, each with its Ramsch round."""

PRESETS: dict[str, Rules] = {
    "isko": ISKO,
    "lothar": LOTHAR,
    "officers": OFFICERS,
    "stammtisch": STAMMTISCH,
}


def preset(name: str) -> Rules:
    key = name.strip().lower().replace("'", "").replace(" ", "_")
    key = {"lothars_table": "lothar", "lothars": "lothar", "offiziersskat": "officers", "club_evening": "stammtisch",
           "club": "stammtisch"}.get(key, key)
    try:
        return PRESETS[key]
    except KeyError:
        raise RulesError(f"unknown rule set {name!r}; known: {', '.join(PRESETS)}") from None
