"""A game's name with its level: the naming function for every level combination in German and
English, and the real scenes that name a game (Kontra dialog, status panel, result title, score
sheet with its detail line and the hint mark) using it."""

from __future__ import annotations

import itertools
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from skat.engine import actions as A  # noqa: E402
from skat.engine.match import Match  # noqa: E402
from skat.engine.rules import ISKO  # noqa: E402
from skat.engine.skat_hand import Phase  # noqa: E402
from skat.engine.tricks import GameType  # noqa: E402
from skat.i18n import Translator  # noqa: E402
from skat.lab import fit  # noqa: E402
from skat.lab.shots import _drive, _human_stop, _winner_policy  # noqa: E402
from skat.ui.app import App  # noqa: E402
from skat.ui.controller import MatchController  # noqa: E402
from skat.ui.game_names import Contract, declared_name, game_name, of_declaration  # noqa: E402
from skat.ui.hint import hint_game  # noqa: E402
from skat.ui.result import ResultScene  # noqa: E402
from skat.ui.sheet import SheetScene  # noqa: E402
from skat.ui.table import TableScene  # noqa: E402
from uihelp import make_app  # noqa: E402

DE, EN = Translator("de"), Translator("en")

# ------------------------------------------------------------------ the words, case by case
NAMED = [
    # (contract, German in full, German short, English in full, English short)
    (Contract("grand", hand=True), "Grand Hand", "Grand H", "Grand Hand", "Grand H"),
    (Contract("clubs"), "Kreuz", "Kreuz", "Clubs", "Clubs"),
    (Contract("clubs", hand=True, schneider_announced=True, matadors=2),
     "Kreuz mit 2, Hand, Schneider angesagt", "Kreuz m2 H Schn. ang.",
     "Clubs with 2, Hand, Schneider announced", "Clubs w/ 2 H Schn. ann."),
    (Contract("clubs", hand=True, schneider_announced=True),
     "Kreuz Hand, Schneider angesagt", "Kreuz H Schn. ang.", "Clubs Hand, Schneider announced", "Clubs H Schn. ann."),
    (Contract("hearts", hand=True, schneider_announced=True, schwarz_announced=True, matadors=-3, schneider=True,
              schwarz=True),
     "Herz ohne 3, Hand, Schwarz angesagt", "Herz o3 H Schw. ang.",
     "Hearts without 3, Hand, Schwarz announced", "Hearts w/o 3 H Schw. ann."),
    (Contract("spades", matadors=1, schneider=True), "Pik mit 1, Schneider", "Pik m1 Schn.",
     "Spades with 1, Schneider", "Spades w/ 1 Schn."),
    (Contract("diamonds", matadors=-2, schneider=True, schwarz=True, kontra=True, re=True),
     "Karo ohne 2, Schwarz, Kontra, Re", "Karo o2 Schw. Ko Re",
     "Diamonds without 2, Schwarz, Kontra, Re", "Diamonds w/o 2 Schw. Ko Re"),
    (Contract("clubs", hand=True, schneider_announced=True, matadors=1, schneider=True, schwarz=True),
     "Kreuz mit 1, Hand, Schneider angesagt, Schwarz", "Kreuz m1 H Schn. ang. Schw.",
     "Clubs with 1, Hand, Schneider announced, Schwarz", "Clubs w/ 1 H Schn. ann. Schw."),
    (Contract("grand", hand=True, schneider_announced=True, schwarz_announced=True, ouvert=True),
     "Grand ouvert", "Grand ouv.", "Grand Ouvert", "Grand Ouv."),
    (Contract("grand", hand=True, schneider_announced=True, schwarz_announced=True, ouvert=True, matadors=4,
              schneider=True, schwarz=True),
     "Grand ouvert mit 4", "Grand ouv. m4", "Grand Ouvert with 4", "Grand Ouv. w/ 4"),
    (Contract("grand", matadors=2, kontra=True), "Grand mit 2, Kontra", "Grand m2 Ko", "Grand with 2, Kontra",
     "Grand w/ 2 Ko"),
    (Contract("null"), "Null", "Null", "Null", "Null"),
    (Contract("null", hand=True), "Null Hand", "Null H", "Null Hand", "Null H"),
    (Contract("null", ouvert=True), "Null ouvert", "Null ouv.", "Null Ouvert", "Null Ouv."),
    (Contract("null", hand=True, ouvert=True, kontra=True, re=True), "Null ouvert Hand, Kontra, Re",
     "Null ouv. H Ko Re", "Null Ouvert Hand, Kontra, Re", "Null Ouv. H Ko Re"),
    (Contract("ramsch"), "Ramsch", "Ramsch", "Ramsch", "Ramsch"),
    (Contract("ramsch", durchmarsch=True), "Ramsch, Durchmarsch", "Ramsch Durchm.", "Ramsch, Durchmarsch",
     "Ramsch Durchm."),
    (Contract("ramsch", jungfrau=True), "Ramsch, Jungfrau", "Ramsch Jungfr.", "Ramsch, Jungfrau", "Ramsch Jungfr."),
    (Contract("passed"), "Eingepasst", "Eingepasst", "Passed in", "Passed in"),
]


@pytest.mark.parametrize(("contract", "de_full", "de_short", "en_full", "en_short"), NAMED)
def test_names_as_players_say_them(contract: Contract, de_full: str, de_short: str, en_full: str,
                                   en_short: str) -> None:
    assert game_name(DE, contract) == de_full
    assert game_name(DE, contract, short=True) == de_short
    assert game_name(EN, contract) == en_full
    assert game_name(EN, contract, short=True) == en_short


def test_the_declared_name_leaves_out_what_the_play_decided() -> None:
    c = Contract("clubs", hand=True, schneider_announced=True, kontra=True, re=True, matadors=2, schneider=True)
    assert declared_name(DE, c) == "Kreuz Hand, Schneider angesagt"
    assert declared_name(EN, c) == "Clubs Hand, Schneider announced"
    assert declared_name(DE, of_declaration(A.declare(GameType.GRAND), hand=True)) == "Grand Hand"
    assert declared_name(DE, of_declaration(A.declare(GameType.NULL, ouvert=True), hand=True)) == "Null ouvert Hand"
    assert declared_name(DE, of_declaration(A.declare(GameType.SPADES, ouvert=True), hand=True)) == "Pik ouvert"
    assert declared_name(EN, of_declaration(A.declare(GameType.HEARTS, schwarz=True), hand=True)) == (
        "Hearts Hand, Schwarz announced"
    )


# ------------------------------------------------------------------ every combination
def every_contract() -> list[Contract]:
    """Every game a Skat list can hold, with what its levels imply filled in (as the engine records
    them): announcements only in Hand, Schwarz announced includes Schneider announced, a suit or
    Grand Ouvert is Hand with Schwarz announced, a reached Schwarz is also Schneider."""
    out = []
    doubling = [(False, False), (True, False), (True, True)]
    for game in ("diamonds", "hearts", "spades", "clubs", "grand"):
        # (hand, schneider announced, schwarz announced, ouvert)
        announced = [(False, False, False, False), (True, False, False, False), (True, True, False, False),
                     (True, True, True, False), (True, True, True, True)]
        reached = [(False, False), (True, False), (True, True)]
        for (hand, sa, za, ouv), mats, (sch, sw), (k, r) in itertools.product(
            announced, (None, 2, -3), reached, doubling
        ):
            if (sa and not sch) or (za and not sw):
                continue  # an announcement is written as announced, reached or not (won or lost tells)
            if ouv and not (sch and sw):
                continue  # likewise an Ouvert
            out.append(Contract(game, hand, sa, za, ouv, k, r, mats, sch, sw))
    for hand, ouv, (k, r) in itertools.product((False, True), (False, True), doubling):
        out.append(Contract("null", hand=hand, ouvert=ouv, kontra=k, re=r))
    return out


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("short", [False, True])
def test_every_level_combination_has_its_own_name(lang: str, short: bool) -> None:
    """No two different games read alike: every level, Kontra and Re are visible in every form."""
    t = Translator(lang)
    contracts = every_contract()
    names: dict[str, Contract] = {}
    for c in contracts:
        name = game_name(t, c, short=short)
        assert name == name.strip() and "  " not in name and ",," not in name
        assert name.startswith(t("game." + c.game))
        if not (c.ouvert and c.game != "null" and c.matadors is not None):
            # a played-out Ouvert is always Schwarz: its reach goes without saying
            assert name not in names, (name, names.get(name), c)
        names[name] = c
        level = "gname.short." if short else "gname."
        words = name.replace(",", "").split(" ")
        assert (t(level + "kontra") in words) == c.kontra
        assert (t(level + "re") in words) == c.re
        assert (t(level + "hand").split(" ")[0] in words) == (c.hand and not (c.ouvert and c.game != "null"))


# ------------------------------------------------------------------ the scenes


def texts(app: App) -> list[str]:
    p = app.painter
    p.start_recording()
    app.draw()
    return [b.label for b in p.stop_recording() if b.kind == "text"]


def boxes(app: App):  # type: ignore[no-untyped-def]
    p = app.painter
    p.start_recording()
    app.draw()
    return p.stop_recording()


def grand_hand_table(lang: str) -> tuple[App, TableScene]:
    """Ben (table player 1, middlehand) plays Grand Hand; the person (forehand) is asked for Kontra."""
    app = make_app(lang)
    match = Match.new("skat", ISKO.with_options(kontra_re=True), players=3, hands=3, seed=3, first_dealer=2)
    ctl = MatchController(match, human=0, seed=3)
    table = TableScene(app, ctl)
    app.push(table)
    _drive(table, _winner_policy(1, declare=GameType.GRAND, hand_game=True, stop=_human_stop(ctl, Phase.KONTRA)))
    for _ in range(50):
        app.frame(0.05)
    assert ctl.hand.phase == Phase.KONTRA and ctl.hand.hand_game and ctl.human_to_move
    return app, table


@pytest.mark.parametrize(("lang", "said"), [("de", "Ben spielt Grand Hand."), ("en", "Ben plays Grand Hand.")])
def test_the_kontra_dialog_names_the_grand_hand(lang: str, said: str) -> None:
    app, table = grand_hand_table(lang)
    shown = texts(app)
    assert any(line.startswith(said) for line in shown), shown
    hand = table.c.hand
    assert A.KONTRA in hand.legal_actions()
    # A hint asked here speaks of the same game.
    from skat.ai.review.hint import Hint

    assert hint_game(Translator(lang), Hint("kontra", (A.KONTRA,), game=GameType.GRAND, stage="kontra"), hand) == (
        "Grand Hand"
    )


@pytest.mark.parametrize("lang", ["de", "en"])
def test_kontra_shows_in_the_status_panel_result_title_and_sheet(lang: str) -> None:
    t = Translator(lang)
    app, table = grand_hand_table(lang)
    ctl = table.c
    table.apply_human(A.KONTRA)
    _drive(table, _winner_policy(1, declare=GameType.GRAND, hand_game=True,
                                 stop=lambda hand, pl: len(hand.tricks) >= 1))
    for _ in range(50):
        app.frame(0.05)
    panel = {"de": "Grand Hand, Kontra · gereizt bis 18", "en": "Grand Hand, Kontra · bid to 18"}[lang]
    assert panel.split(" · ")[0] in " ".join(texts(app)), texts(app)
    # Play the hand out: the result's title names the game as declared.
    _drive(table, _winner_policy(1, declare=GameType.GRAND, hand_game=True))
    for _ in range(400):
        if isinstance(app.stack.top, ResultScene):
            break
        app.frame(0.05)
    assert isinstance(app.stack.top, ResultScene)
    r = ctl.match.sheet[-1].result
    assert r.game == "grand" and r.hand and r.kontra
    verb = {("de", True): "Ben gewinnt", ("de", False): "Ben verliert", ("en", True): "Ben wins",
            ("en", False): "Ben loses"}[(lang, r.won)]
    shown = texts(app)
    assert f"{verb} Grand Hand" in shown, shown
    assert fit.problems(boxes(app), app.painter) == []
    # The score sheet: the short Skat-list entry in the game column, the hand in full below.
    app.push(SheetScene(app, ctl))
    app.frame(0.02)
    shown = texts(app)
    n = abs(r.matadors)
    with_word = {"de": ("m", "o", "mit", "ohne"), "en": ("w/ ", "w/o ", "with", "without")}[lang]
    short_mats = (with_word[0] if r.matadors > 0 else with_word[1]) + str(n)
    full_mats = (with_word[2] if r.matadors > 0 else with_word[3]) + f" {n}"
    reach = ""
    if r.schwarz:
        reach = {"de": " Schw.", "en": " Schw."}[lang]
    elif r.schneider:
        reach = " Schn."
    assert f"Grand {short_mats} H{reach} Ko" in shown, shown
    full = f"Grand {full_mats}, Hand"
    assert any(line.endswith(f"Ben – {full}" + (", Schwarz" if r.schwarz else ", Schneider" if r.schneider else "")
                             + ", Kontra") for line in shown), shown
    assert fit.problems(boxes(app), app.painter) == []
    assert t("sheet.game") in shown


def test_the_hint_mark_stands_with_the_person_not_the_declarer() -> None:
    """The person defended against Ben's Grand Hand and asked for a hint: the mark stands by the
    person's score in that line, not by Ben's name or the hand's number."""
    app, table = grand_hand_table("en")
    ctl = table.c
    ctl.hinted.add(ctl.match.hand_number)
    _drive(table, _winner_policy(1, declare=GameType.GRAND, hand_game=True))
    for _ in range(100):
        app.frame(0.05)
    app.push(SheetScene(app, ctl))
    app.frame(0.02)
    drawn = [b for b in boxes(app) if b.kind == "text"]
    star = next(b for b in drawn if b.label == "*")
    you = next(b for b in drawn if b.label == "You" and b.rect.y < star.rect.y)  # the person's column heading
    ben_header = next(b for b in drawn if b.label == "Ben" and b.rect.y < star.rect.y)
    line = [b for b in drawn if abs(b.rect.centery - star.rect.centery) < 12 and b is not star]
    total = min((b for b in line if b.rect.x >= star.rect.right), key=lambda b: b.rect.x)
    assert you.rect.x - 24 <= star.rect.x < you.rect.x <= total.rect.x  # just before the person's total
    assert star.rect.x < ben_header.rect.x
    assert total.label == str(ctl.match.sheet[-1].totals[ctl.human])
    declarer_name = next(b for b in line if b.label == "Ben")
    assert star.rect.x > declarer_name.rect.right + 300  # far from the declarer's name
    pygame.event.clear()


@pytest.mark.parametrize(("lang", "passed", "ramsch"), [("de", "Spiel 1: Eingepasst", "Spiel 1: {name} – Ramsch"),
                                                        ("en", "Hand 1: Passed in", "Hand 1: {name} – Ramsch")])
def test_a_passed_in_deal_and_a_ramsch_on_the_sheet(lang: str, passed: str, ramsch: str) -> None:
    for rules in (ISKO, ISKO.with_options(all_pass="ramsch")):
        app = make_app(lang)
        match = Match.new("skat", rules, players=3, hands=3, seed=4)
        for _ in range(3):
            match.apply(A.PASS)
        hand = match.current
        while not hand.done:
            match.apply(hand.legal_actions()[0])
        sheet = SheetScene(app, MatchController(match, human=0, seed=4))
        app.push(sheet)
        app.frame(0.02)
        row = match.sheet[0]
        if rules.all_pass == "ramsch":
            assert ramsch.format(name=sheet.names(match)[row.declarer]) in texts(app)
            assert row.seeger == row.changes != (0, 0, 0)  # Seeger-Fabian counts the Ramsch
        else:
            assert passed in texts(app)
        assert fit.problems(boxes(app), app.painter) == []
