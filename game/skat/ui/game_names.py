"""A game's name with its level, as players say it and a Skat list writes it.

Every screen that names a game (dialogs, the status panel, result titles, the
score sheet, past matches, the hand replay, the analysis and the hints) builds
a :class:`Contract` from what it knows and asks :func:`game_name` for the
words, so a Grand Hand is "Grand Hand" everywhere:

* declared: "Grand Hand", "Kreuz Hand, Schneider angesagt", "Null ouvert Hand";
* played, in full: "Kreuz mit 2, Hand, Schneider angesagt, Kontra";
* played, short (the score sheet's game column): "Kreuz m2 H Schn. ang. Ko".

The levels follow the counting order of a Skat list: matadors, Hand,
Schneider (announced), Schwarz (announced), Ouvert, then Kontra and Re.  An
announced Schwarz implies the announced Schneider, a suit or Grand Ouvert
implies Hand and Schwarz announced, and a reached Schwarz implies Schneider:
what is implied is not said again.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import actions as A
from ..engine.officers import OfficersHand
from ..engine.scoring import HandResult
from ..engine.skat_hand import SkatHand
from ..engine.tricks import GameType
from ..i18n import Translator

GAME_KEYS = {
    "diamonds": "game.diamonds", "hearts": "game.hearts", "spades": "game.spades", "clubs": "game.clubs",
    "grand": "game.grand", "null": "game.null", "ramsch": "game.ramsch", "passed": "game.passed",
}
"""Catalogue key of each game's plain name (the ``game`` of a :class:`HandResult`)."""


def game_key(game: int) -> str:
    """A :class:`GameType` as a result's game name; both Ramsch kinds are "ramsch"."""
    return "ramsch" if game >= GameType.RAMSCH else GameType(game).key


@dataclass(frozen=True)
class Contract:
    """What a name tells about a game: what was declared and, once played, what it reached.

    ``matadors`` is signed (+2 "with 2", -3 "without 3") and None where it is
    not known (a declaration, a hand in play): then it is not named."""

    game: str
    hand: bool = False
    schneider_announced: bool = False
    schwarz_announced: bool = False
    ouvert: bool = False
    kontra: bool = False
    re: bool = False
    matadors: int | None = None
    schneider: bool = False
    schwarz: bool = False
    durchmarsch: bool = False
    jungfrau: bool = False
    skat_passed: int = 0
    """Schieberamsch: how many passed the skat on unseen."""
    knocked: int = 0
    """Klopfen: how many knocked."""
    spitze: bool = False
    """Spitze announced (rules decision 45)."""
    gift: str = ""
    """Schenken: "taken" (the game was given), "schneider"/"schwarz" (declined), else ""."""
    revolution: bool = False
    """The Null Ouvert is a Revolution (rules decision 51)."""

    @property
    def declared(self) -> Contract:
        """Only what the declarer announced: no matadors, no level reached, no Kontra or Re."""
        return Contract(self.game, self.hand, self.schneider_announced, self.schwarz_announced, self.ouvert,
                        spitze=self.spitze, revolution=self.revolution)


def of_result(r: HandResult) -> Contract:
    """A finished hand's game as the sheet records it."""
    suit_or_grand = r.game not in ("null", "ramsch", "passed")
    return Contract(
        r.game,
        hand=r.hand and r.game != "ramsch",
        schneider_announced=r.schneider_announced,
        schwarz_announced=r.schwarz_announced,
        ouvert=r.ouvert,
        kontra=r.kontra,
        re=r.re,
        matadors=(r.matadors if r.matadors else None) if suit_or_grand else None,
        schneider=r.schneider and suit_or_grand,
        schwarz=r.schwarz and suit_or_grand,
        durchmarsch=r.durchmarsch,
        jungfrau=bool(r.jungfrau),
        skat_passed=len(r.skat_passed),
        knocked=len(r.knocked),
        spitze=r.spitze,
        gift=r.gift,
        revolution=r.revolution,
    )


def of_hand(hand: SkatHand | OfficersHand) -> Contract | None:
    """The game of a hand in progress as declared so far, with Kontra and Re (None before the declaration)."""
    if hand.game is None:
        return None
    return Contract(
        game_key(hand.game),
        hand=bool(getattr(hand, "hand_game", False)) and hand.game < GameType.RAMSCH,
        schneider_announced=bool(getattr(hand, "schneider_announced", False)),
        schwarz_announced=bool(getattr(hand, "schwarz_announced", False)),
        ouvert=bool(getattr(hand, "ouvert", False)),
        kontra=hand.kontra,
        re=hand.re,
        skat_passed=len(getattr(hand, "skat_passed", ())),
        knocked=len(getattr(hand, "knocked", ())),
        spitze=bool(getattr(hand, "spitze", False)),
        revolution=bool(getattr(hand, "revolution", False)),
    )


def of_declaration(action: int, hand: bool = False) -> Contract:
    """A declaration action (its announcements and Ouvert), played Hand or not."""
    d = A.declaration(action)
    return Contract(game_key(d.game), hand=hand, schneider_announced=d.schneider, schwarz_announced=d.schwarz,
                    ouvert=d.ouvert, spitze=d.spitze, revolution=d.revolution)


def of_game(game: int, hand: bool = False) -> Contract:
    """A game type alone (a hint's best game, a game that would have won)."""
    return Contract(game_key(game), hand=hand)


def game_name(t: Translator, c: Contract, short: bool = False) -> str:
    """The game's name in the player's language; ``short`` for the score sheet's column."""
    level = "gname.short." if short else "gname."
    sep = " " if short else ", "
    head = [t(GAME_KEYS.get(c.game, c.game))]
    if c.game in ("ramsch", "passed"):
        extra = [t(level + "durchmarsch")] if c.durchmarsch else [t(level + "jungfrau")] if c.jungfrau else []
        if c.skat_passed:
            extra.append(t(level + "skat_passed", n=c.skat_passed))
        if c.knocked:
            extra.append(t(level + "knocked", n=c.knocked))
        return sep.join([" ".join(head), *extra])
    rest: list[str] = []
    if c.game == "null":
        # "Null ouvert Hand": the Null games are named, not counted.
        if c.revolution:  # "Revolution": a Null Ouvert of its own value, from the skat or Hand alike
            head = [t(level + "revolution")]
        elif c.ouvert:
            head.append(t(level + "ouvert"))
        if c.hand and not c.revolution:
            head.append(t(level + "hand"))
    else:
        if c.ouvert:  # Hand and Schwarz announced go without saying
            head.append(t(level + "ouvert"))
        if c.matadors is not None:
            head.append(t(level + ("with" if c.matadors > 0 else "without"), n=abs(c.matadors)))
            if c.hand and not c.ouvert:
                rest.append(t(level + "hand"))
        elif c.hand and not c.ouvert:
            head.append(t(level + "hand"))  # "Grand Hand", "Kreuz Hand, Schneider angesagt"
        if not c.ouvert:
            if c.schwarz_announced:
                rest.append(t(level + "schwarz_announced"))
            elif c.schneider_announced:
                rest.append(t(level + "schneider_announced"))
                if c.schwarz:
                    rest.append(t(level + "schwarz"))
            elif c.schwarz:
                rest.append(t(level + "schwarz"))
            elif c.schneider:
                rest.append(t(level + "schneider"))
    if c.spitze:
        rest.insert(0, t(level + "spitze"))
    if c.gift == "taken":
        rest.append(t(level + "gift_taken"))
    elif c.gift:  # after Hand, before the announcement the declining made
        rest.insert(int(bool(rest) and rest[0] == t(level + "hand")), t(level + "gift_declined"))
    if c.kontra:
        rest.append(t(level + "kontra"))
    if c.re:
        rest.append(t(level + "re"))
    return sep.join([" ".join(head), *rest])


def declared_name(t: Translator, c: Contract) -> str:
    """The game as announced ("Grand Hand"): what a dialog or a title says."""
    return game_name(t, c.declared)
