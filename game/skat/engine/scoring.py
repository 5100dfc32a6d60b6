"""Scoring of a finished hand, as pure functions of what happened.

Kept apart from the state machines so that a game-value table can be tested
line by line, and so that imported records (ISS) are scored by the same code.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from .tricks import BASE_VALUES, GameType
from .values import NULL_VALUES, REVOLUTION_VALUE, next_null_step, smallest_multiple_reaching


@dataclass(frozen=True)
class HandResult:
    """The outcome of one hand, in the terms of the score sheet.

    ``value`` is the signed entry written for ``declarer`` (for Ramsch: for the
    player charged, or the Durchmarsch player).  ``scores`` is the change for
    every seat of the hand, which differs from ``value`` only in Ramsch and in
    Officers' simple scoring, where the opponent can score.
    """

    game: str
    declarer: int | None
    bid: int = 0
    hand: bool = False
    schneider_announced: bool = False
    schwarz_announced: bool = False
    ouvert: bool = False
    declarer_points: int = 0
    declarer_tricks: int = 0
    matadors: int = 0
    won: bool = False
    overbid: bool = False
    value: int = 0
    scores: tuple[int, ...] = ()
    base: int = 0
    multiplier: int = 0
    game_value: int = 0
    charged_value: int = 0
    schneider: bool = False
    schwarz: bool = False
    kontra: bool = False
    re: bool = False
    points: tuple[int, ...] = ()
    tricks: tuple[int, ...] = ()
    durchmarsch: bool = False
    jungfrau: tuple[int, ...] = ()
    skat_passed: tuple[int, ...] = ()
    """Schieberamsch: the seats that passed the skat on unseen (each doubled the charge)."""
    knocked: tuple[int, ...] = ()
    """Klopfen: the seats that knocked (each doubled the charge)."""
    spitze: bool = False
    """Spitze announced (its levels are in ``multiplier``); ``won`` says whether it took the last trick too."""
    gift: str = ""
    """Schenken (rules decisions 48-50): "" no gift offered (or one not agreed), "taken" the declarer
    took the game given, "schneider"/"schwarz" he declined and played for that."""
    revolution: bool = False
    """The Null Ouvert was a Revolution (rules decision 51)."""
    draw: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["scores"] = list(self.scores)
        d["points"] = list(self.points)
        d["tricks"] = list(self.tricks)
        d["jungfrau"] = list(self.jungfrau)
        d["skat_passed"] = list(self.skat_passed)
        d["knocked"] = list(self.knocked)
        return d


@dataclass(frozen=True)
class SkatScore:
    won: bool
    overbid: bool
    base: int
    multiplier: int
    game_value: int
    """Value of the game as played (levels achieved or announced)."""
    charged_value: int
    """What the result is computed from: game value, or for an overbid game
    the smallest multiple of the base value (Null: step) reaching the bid."""
    value: int
    """Signed entry on the sheet, with loss doubling and Kontra/Re."""
    schneider: bool
    schwarz: bool

    def result_fields(self) -> dict[str, Any]:
        """The :class:`HandResult` fields this score decides."""
        return {
            "won": self.won, "overbid": self.overbid, "value": self.value, "base": self.base,
            "multiplier": self.multiplier, "game_value": self.game_value, "charged_value": self.charged_value,
            "schneider": self.schneider, "schwarz": self.schwarz,
        }


def score_skat(
    game: GameType,
    *,
    matadors: int,
    hand: bool,
    schneider_announced: bool,
    schwarz_announced: bool,
    ouvert: bool,
    declarer_points: int,
    declarer_tricks: int,
    bid: int,
    kontra: bool = False,
    re: bool = False,
    total_tricks: int = 10,
    schneider_limit: int = 30,
    spitze_levels: int = 0,
    spitze_lost: bool = False,
    given: bool = False,
    revolution: bool = False,
) -> SkatScore:
    """Score a Skat (or Admirals') game by the ISkO.

    ``schneider_limit`` is the most card points a Schneider side may have:
    30 in Skat ("30 or fewer"), 29 in the Officers' family ("fewer than 30").
    ``spitze_levels``: what an announced Spitze adds (0 without one); ``spitze_lost``: the Spitze
    card did not take the last trick, so the game is lost (rules decision 46).
    ``given``: the defenders gave the game and the declarer took it (Schenken, decision 49): won
    at the levels fixed before play (the announcements count as made, no Schneider or Schwarz
    beyond them), lost only when that does not reach the bid.  ``revolution``: a Null worth 92.

    >>> score_skat(GameType.CLUBS, matadors=2, hand=False, schneider_announced=False,
    ...            schwarz_announced=False, ouvert=False, declarer_points=70,
    ...            declarer_tricks=6, bid=18).value
    36
    """
    factor = (2 if kontra else 1) * (2 if re else 1)
    if game == GameType.NULL:
        value = REVOLUTION_VALUE if revolution else NULL_VALUES[(hand, ouvert)]
        won = declarer_tricks == 0
        overbid = value < bid
        charged = value
        if overbid:
            won = False
            charged = next_null_step(bid) or smallest_multiple_reaching(value, bid)
        signed = charged * factor if won else -2 * charged * factor
        return SkatScore(won, overbid, value, 1, value, charged, signed, False, False)

    base = BASE_VALUES[game]
    if ouvert:
        hand = schwarz_announced = True
    if schwarz_announced:
        schneider_announced = True
    opp_points = 120 - declarer_points
    schneider = opp_points <= schneider_limit or declarer_points <= schneider_limit
    schwarz = declarer_tricks in (0, total_tricks)
    if given:  # nothing was played: what was announced counts as made, nothing more
        schneider, schwarz = schneider_announced, schwarz_announced
    levels = abs(matadors) + 1
    levels += hand
    levels += schneider or schneider_announced
    levels += schneider_announced
    levels += schwarz or schwarz_announced
    levels += schwarz_announced
    levels += ouvert
    levels += spitze_levels
    game_value = base * levels
    won = declarer_points > 60 and not spitze_lost
    if schneider_announced and opp_points > schneider_limit:
        won = False
    if schwarz_announced and declarer_tricks != total_tricks:
        won = False
    won = won or given
    overbid = game_value < bid
    charged = game_value
    if overbid:
        won = False
        charged = smallest_multiple_reaching(base, bid)
    signed = charged * factor if won else -2 * charged * factor
    return SkatScore(won, overbid, base, levels, game_value, charged, signed, schneider, schwarz)


def ramsch_scores(
    points: list[int] | tuple[int, ...], tricks: list[int] | tuple[int, ...], jungfrau: bool, doublings: int = 0
) -> tuple[int, tuple[int, ...], bool, tuple[int, ...]]:
    """Ramsch: (charged seat, per-seat scores, durchmarsch, jungfrau seats).

    The player with most card points loses that many; a tie loses for whoever
    is earlier in the order (forehand first).  Taking every trick is a
    Durchmarsch, +120 (never doubled).  With Jungfrau, each player without a
    trick doubles the charge; ``doublings`` more (Schieberamsch's unseen
    passes, Klopfen's knocks) double it again each.

    >>> ramsch_scores([40, 40, 40], [3, 4, 3], False)[:2]
    (0, (-40, 0, 0))
    """
    n = len(points)
    total_tricks = sum(tricks)
    for seat in range(n):
        if tricks[seat] == total_tricks:
            scores = tuple(120 if s == seat else 0 for s in range(n))
            return seat, scores, True, ()
    loser = max(range(n), key=lambda s: (points[s], -s))
    virgins = tuple(s for s in range(n) if tricks[s] == 0) if jungfrau else ()
    charge = points[loser] * (2 ** (len(virgins) + doublings))
    scores = tuple(-charge if s == loser else 0 for s in range(n))
    return loser, scores, False, virgins


def seeger_fabian(value: int, declarer: int | None, table_size: int, seats: int = 3) -> list[int]:
    """Seeger-Fabian extra points for one hand at a table of ``table_size``.

    Returns the per-player change (game value plus 50 / minus 50, and 40 to
    each opponent of a lost game at three, 30 to each other player at four),
    indexed by the player's seat in the hand, the sitting-out dealer last.
    """
    out = [0] * table_size
    if declarer is None or value == 0:
        return out
    out[declarer] = value + (50 if value > 0 else -50)
    if value < 0:
        bonus = 40 if table_size == 3 else 30
        for s in range(table_size):
            if s != declarer:
                out[s] += bonus
    return out
