"""Bock rounds and Ramsch rounds: which games of a match count double, and which are all Ramsch.

A club table writes a Bock round on its sheet after certain games: the next round of games (one
game per player at the table) counts double.  With ``ramsch_round`` on, every Bock round is
followed by a Ramsch round, in which every game is a Ramsch unless a player declares a Grand Hand.
The rule decisions (40-43 in docs/rules-decisions.md) in short:

* the events are chosen by ``Rules.bock_events``: 'classic' (a game lost with 60 card points,
  a Grand Hand won, a Kontra the defenders won, a game with Re) or 'all' (those, a running total
  that ends in three equal digits or a whole hundred, and a game worth 72 or more);
* rounds queue: a line that meets one event or several adds one Bock round (and its Ramsch
  round) after those already waiting; a game is doubled once, never twice (no "double Bock");
* a Bock game doubles what its line writes, whatever it is (a Ramsch after all passed too), and
  Seeger-Fabian counts the doubled value with the usual 50 and 40/30; a passed-in deal uses its
  Bock game up, like any line of the sheet;
* rounds still waiting when the sheet is full lapse: the number of games was agreed.

This module is pure: :class:`skat.engine.match.Match` keeps the queue and asks it what a line
starts.  The queue is rebuilt by replaying the match, so a save needs no field of its own.
"""

from __future__ import annotations

from .rules import Rules
from .scoring import HandResult

BOCK = "bock"
RAMSCH = "ramsch"
PLAIN = ""
"""The kind of a game of the match: in a Bock round, in a Ramsch round, or neither."""
BOCK_FACTOR = 2
"""What a Bock game's line is multiplied by."""
VALUE_FROM = 72
"""With 'all' events: a game worth this much or more (Grand with 2, won: 72) starts a Bock round."""


def factor(kind: str) -> int:
    """The multiplier of a game of this kind."""
    return BOCK_FACTOR if kind == BOCK else 1


def game_events(result: HandResult, events: str) -> list[str]:
    """The events of one hand's result that start a Bock round (names for the sheet and tests)."""
    if events == "off" or result.game in ("passed", "ramsch") or result.declarer is None:
        return []
    found = []
    trump_game = result.game != "null"
    if trump_game and not result.won and result.declarer_points == 60:
        found.append("sixty")
    if result.game == "grand" and result.hand and result.won:
        found.append("grand_hand")
    if result.kontra and not result.won:
        found.append("kontra_lost")
    if result.re:
        found.append("re")
    if events == "all" and result.game_value >= VALUE_FROM:
        found.append("value")
    return found


def is_round_number(total: int) -> bool:
    """A running total that ends in three equal digits (111, -333, 1444) or a whole hundred."""
    t = abs(total)
    if t >= 100 and t % 100 == 0:
        return True
    return t >= 111 and len(set(str(t)[-3:])) == 1


def score_events(before: tuple[int, ...], after: tuple[int, ...], events: str) -> list[str]:
    """'score' when a player's running total changed to a round number (with 'all' events)."""
    if events != "all":
        return []
    if any(a != b and is_round_number(a) for a, b in zip(after, before, strict=True)):
        return ["score"]
    return []


def round_of(kind: str, players: int) -> list[str]:
    """The games one round of ``kind`` adds to the queue: one per player at the table."""
    return [kind] * players


def queued_after(queue: list[str], rules: Rules, players: int) -> list[str]:
    """The queue after a line that met an event: one more Bock round, and its Ramsch round."""
    added = round_of(BOCK, players)
    if rules.ramsch_round:
        added += round_of(RAMSCH, players)
    return queue + added


def hand_rules(rules: Rules, kind: str) -> Rules:
    """The rules a game of this kind is dealt under: a Ramsch round's are Ramsch every game, with
    the Grand Hand offer (a record or deal code of that hand then replays on its own)."""
    if kind == RAMSCH:
        return rules.with_options(ramsch_always=True, ramsch_grand_hand=True)
    return rules
