"""The result's computation in the players' own words, in both languages."""

from __future__ import annotations

from skat.engine.scoring import HandResult, score_skat
from skat.engine.tricks import GameType
from skat.i18n import Translator
from skat.ui.result_text import computation


def skat_result(game: GameType, **kw) -> HandResult:  # type: ignore[no-untyped-def]
    s = score_skat(game, **kw)
    return HandResult(
        game=game.key, declarer=0, bid=kw["bid"], hand=kw["hand"], schneider_announced=kw["schneider_announced"],
        schwarz_announced=kw["schwarz_announced"], ouvert=kw["ouvert"], declarer_points=kw["declarer_points"],
        declarer_tricks=kw["declarer_tricks"], matadors=kw["matadors"], won=s.won, overbid=s.overbid, value=s.value,
        base=s.base, multiplier=s.multiplier, game_value=s.game_value, charged_value=s.charged_value,
        schneider=s.schneider, schwarz=s.schwarz, kontra=kw.get("kontra", False), re=kw.get("re", False),
    )


PLAIN = dict(schneider_announced=False, schwarz_announced=False, ouvert=False, declarer_tricks=6)


def test_the_issue_example_in_both_languages() -> None:
    r = skat_result(GameType.CLUBS, matadors=2, hand=True, declarer_points=70, bid=18, **PLAIN)
    assert computation(Translator("de"), r)[0] == "mit 2, Spiel 3, Hand 4 × Kreuz 12 = 48"
    assert computation(Translator("en"), r)[0] == "with 2, game 3, hand 4 × Clubs 12 = 48"
    assert computation(Translator("en"), r)[-1] == "Won: +48"


def test_without_schneider_and_loss() -> None:
    r = skat_result(GameType.HEARTS, matadors=-3, hand=False, declarer_points=25, bid=18, **PLAIN)
    lines = computation(Translator("de"), r)
    assert lines[0] == "ohne 3, Spiel 4, Schneider 5 × Herz 10 = 50"
    assert lines[-1] == "Verloren, doppelt gezählt: -100"


def test_overbid_is_explained() -> None:
    r = skat_result(GameType.HEARTS, matadors=1, hand=False, declarer_points=70, bid=30, **PLAIN)
    lines = computation(Translator("en"), r)
    assert lines[0] == "with 1, game 2 × Hearts 10 = 20"
    assert lines[1] == "Overbid: bid 30, game worth 20; charged at 30"
    assert lines[-1] == "Lost, counted double: -60"


def test_null_ouvert_hand_and_kontra() -> None:
    r = skat_result(GameType.NULL, matadors=0, hand=True, declarer_points=10, bid=18, kontra=True,
                    schneider_announced=False, schwarz_announced=False, ouvert=True, declarer_tricks=0)
    lines = computation(Translator("de"), r)
    assert lines[0] == "Null ouvert Hand = 59"
    assert "Kontra x2" in lines
    assert lines[-1] == "Gewonnen: +118"


def test_ramsch_and_passed() -> None:
    t = Translator("en")
    ramsch = HandResult(game="ramsch", declarer=1, declarer_points=52, value=-52, scores=(0, -52, 0))
    assert computation(t, ramsch) == ["Most card points: 52, scored -52"]
    assert computation(t, HandResult(game="passed", declarer=None)) == ["Everybody passed: the deal is passed in."]


def test_officers_scoring_line() -> None:
    r = HandResult(game="diamonds", declarer=0, matadors=3, base=9, multiplier=4, game_value=72, won=True, value=72,
                   schneider=True, declarer_points=94)
    assert computation(Translator("en"), r, officers=True)[0] == "with 3, game 4 × Diamonds 9 = 36, schneider × 2"
