"""Defaults that cost no points (issue 16, build 3): a stray Enter, Space or digit
in the Kontra and Re dialogs never doubles the game, and every yes/no question
names both outcomes so that neither button can be read as the other.

Driven by real pygame events posted to the app, in German and English.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from skat.engine import actions as A  # noqa: E402
from skat.engine.match import Match  # noqa: E402
from skat.engine.rules import ISKO, OFFICERS  # noqa: E402
from skat.engine.skat_hand import Phase  # noqa: E402
from skat.i18n import Translator  # noqa: E402
from skat.lab.shots import _drive, _human_stop, _winner_policy, declarer_seed  # noqa: E402
from skat.ui.app import App  # noqa: E402
from skat.ui.controller import MatchController  # noqa: E402
from skat.ui.menu import SetupScene, TitleScene  # noqa: E402
from skat.ui.overlays import ConfirmScene  # noqa: E402
from skat.ui.table import TableScene  # noqa: E402
from uihelp import click, key, make_app, settle  # noqa: E402

KONTRA_RULES = ISKO.with_options(kontra_re=True)


def kontra_table(app: App, phase: int) -> TableScene:
    """The person (forehand) meets the Kontra dialog (phase 4) as a defender, or the
    Re dialog (phase 5) as the declarer after the computer's Kontra."""
    seed = declarer_seed(KONTRA_RULES)
    match = Match.new("skat", KONTRA_RULES, players=3, hands=3, seed=seed, first_dealer=2)
    ctl = MatchController(match, human=0, seed=seed)
    table = TableScene(app, ctl)
    app.stack.reset(TitleScene(app))
    app.push(table)
    if phase == Phase.KONTRA:
        _drive(table, _winner_policy(1, declare=0, stop=_human_stop(ctl, Phase.KONTRA)))
    else:
        policy = _winner_policy(0, stop=_human_stop(ctl, Phase.RE))
        _drive(table, lambda hand, pl: (A.KONTRA if hand.phase == Phase.KONTRA and A.KONTRA in hand.legal_actions()
                                        else policy(hand, pl)))
    settle(app, table)
    assert ctl.hand.phase == phase and ctl.human_to_move
    return table


def labels(table: TableScene) -> list[str]:
    dlg = table.current_dialog()
    assert dlg is not None
    return [b.label for b in dlg.group.buttons]


CASES = [(Phase.KONTRA, "Kein Kontra", "Kontra!", "de"), (Phase.KONTRA, "No Kontra", "Kontra!", "en"),
         (Phase.RE, "Kein Re", "Re!", "de"), (Phase.RE, "No Re", "Re!", "en")]


@pytest.mark.parametrize(("phase", "no", "call", "lang"), CASES)
@pytest.mark.parametrize("stray", [(pygame.K_RETURN, ""), (pygame.K_SPACE, " "), (pygame.K_1, "1"),
                                   (pygame.K_2, "2"), (pygame.K_KP_ENTER, "")], ids=["enter", "space", "1", "2", "kp"])
def test_a_stray_key_in_the_kontra_and_re_dialogs_never_doubles(phase: int, no: str, call: str, lang: str,
                                                                 stray: tuple[int, str]) -> None:
    app = make_app(lang, animation="fast")
    table = kontra_table(app, phase)
    hand = table.c.hand
    assert labels(table) == [no, call]
    dlg = table.current_dialog()
    assert dlg is not None and dlg.group.buttons[dlg.group.focus].label == no
    before = len(hand.history)
    key(app, *stray)
    if stray[1] == "2":  # the call has no number key: nothing happened, the question still stands
        assert len(hand.history) == before and table.c.human_to_move
    else:
        assert len(hand.history) == before + 1 and hand.history[-1] == A.NO_CALL
    assert (hand.kontra if phase == Phase.KONTRA else hand.re) is False


@pytest.mark.parametrize(("phase", "no", "call", "lang"), CASES)
def test_the_call_is_made_on_purpose_by_click_or_arrow_and_enter(phase: int, no: str, call: str, lang: str) -> None:
    app = make_app(lang, animation="fast")
    table = kontra_table(app, phase)
    hand = table.c.hand
    dlg = table.current_dialog()
    assert dlg is not None
    b = next(b for b in dlg.group.buttons if b.label == call)
    assert b.hotkey == "" and dlg.group.buttons[0].hotkey == "1"
    click(app, (b.x + b.w / 2, b.y + b.h / 2))
    assert hand.history[-1] == (A.KONTRA if phase == Phase.KONTRA else A.RE)
    app2 = make_app(lang, animation="fast")
    table2 = kontra_table(app2, phase)
    key(app2, pygame.K_RIGHT)
    key(app2, pygame.K_RETURN)
    assert table2.c.hand.history[-1] == (A.KONTRA if phase == Phase.KONTRA else A.RE)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_officers_dealer_kontra_starts_on_no_kontra(lang: str) -> None:
    app = make_app(lang, animation="fast")
    match = Match.new("officers", OFFICERS, players=2, hands=2, seed=5, first_dealer=0)
    table = TableScene(app, MatchController(match, human=0, seed=5))
    app.push(table)
    settle(app, table)
    hand = table.c.hand
    assert hand.phase == Phase.KONTRA
    key(app, pygame.K_RETURN)
    assert hand.history[-1] == A.NO_CALL and not hand.kontra


# ----------------------------------------------------------------- yes/no questions
def _words(label: str) -> set[str]:
    return {w.strip(",.!?").lower() for w in label.split()}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_give_up_question_names_both_outcomes(lang: str) -> None:
    t = Translator(lang)
    title, no = t("confirm.new_title"), t("confirm.new_no")
    for yes in (t("confirm.new_yes"), t("confirm.share_yes")):
        # The "yes" says it gives the match up, as the title asks; the "no" keeps it and
        # shares no word with the "yes" (German "Abbrechen" answered "abbrechen?" the wrong way).
        give_up = {"de": "aufgeben", "en": "give"}[lang]
        assert give_up in _words(yes) and give_up in _words(title), (yes, title)
        assert give_up not in _words(no) and not {"abbrechen", "cancel"} & _words(no), no
    assert {"de": "behalten", "en": "keep"}[lang] in _words(no)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_giving_up_a_match_asks_and_a_stray_enter_keeps_it(lang: str) -> None:
    app = make_app(lang, animation="fast")
    t = app.t
    app.services.save_match(MatchController(Match.new("skat", ISKO, players=3, hands=3, seed=2), human=0, seed=2))
    setup = SetupScene(app)
    app.push(setup)
    app.frame(0.02)
    setup.start_match()
    app.frame(0.02)
    confirm = app.stack.top
    assert isinstance(confirm, ConfirmScene)
    focused = confirm.group.buttons[confirm.group.focus]
    assert focused.label == t("confirm.new_no")
    key(app, pygame.K_RETURN)
    assert app.stack.top is setup and app.services.match_in_progress() is not None
    setup.start_match()
    app.frame(0.02)
    confirm = app.stack.top
    assert isinstance(confirm, ConfirmScene)
    yes = next(b for b in confirm.group.buttons if b.label == t("confirm.new_yes"))
    click(app, (yes.x + yes.w / 2, yes.y + yes.h / 2))
    assert isinstance(app.stack.top, TableScene) and app.stack.top.c.match.hand_number == 1


@pytest.mark.parametrize(("lang", "kontra", "re"), [("de", "kein Kontra geben", "kein Re geben"),
                                                    ("en", "say no Kontra", "say no Re")])
def test_the_hint_names_declining_as_the_dialog_does(lang: str, kontra: str, re: str) -> None:
    from skat.ai.review.hint import Hint
    from skat.ui.hint import action_text

    t = Translator(lang)
    assert action_text(t, Hint("no_call", (A.NO_CALL,), stage="kontra")) == kontra
    assert action_text(t, Hint("no_call", (A.NO_CALL,), stage="re")) == re
