"""Giving up, claiming the rest and a decided hand at the table, through real mouse and key
events in German and English (issue 20, points 1 to 3; rules decisions 23 and 24)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from skat.engine import ISKO, Match  # noqa: E402
from skat.engine import actions as A  # noqa: E402
from skat.engine.cards import parse_card  # noqa: E402
from skat.engine.deal import SkatDeal  # noqa: E402
from skat.engine.record import hand_record, replay_hand  # noqa: E402
from skat.ui.controller import MatchController  # noqa: E402
from skat.ui.overlays import ConfirmScene  # noqa: E402
from skat.ui.result import ResultScene  # noqa: E402
from skat.ui.table import TableScene  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent))
from test_analysis_view import screen_text  # noqa: E402
from test_play_endings import TOP_GRAND  # noqa: E402
from uihelp import center, click, key, make_app  # noqa: E402

ONE_SHORT = ("CJ SJ HJ DJ CA CT SA ST HA D7", "CK CQ C9 C8 SK SQ S9 HK HQ DA",
             "C7 S8 S7 H9 H8 H7 DT DK DQ D9", "D8 HT")


def deck_of(hands: tuple[str, str, str, str], declarer: int = 0) -> list[int]:
    """The deck that deals these hands, the first one to the seat ``declarer``."""
    cards = [[parse_card(c) for c in h.split()] for h in hands]
    seats = [cards[1], cards[2]]
    seats.insert(declarer, cards[0])
    return list(SkatDeal.from_hands(seats[0], seats[1], seats[2], cards[3]).deck)


def table_for(app, hands, game: str = "game:G", declarer: int = 0, tricks: int = 0) -> TableScene:  # type: ignore[no-untyped-def]
    """A table where ``declarer`` (0 is the person, forehand) plays ``game`` Hand, ``tricks`` tricks played."""
    match = Match.new("skat", ISKO, players=3, hands=3, seed=1, first_dealer=2)
    match.redeal(deck_of(hands, declarer))
    bids = {0: ("pass", "pass", "18"), 1: ("18", "pass", "pass"), 2: ("pass", "18", "hold", "pass")}[declarer]
    for token in (*bids, "hand", game):
        match.apply(A.parse_action(token))
    hand = match.current
    assert hand is not None and hand.declarer == declarer
    while len(hand.tricks) < tricks:
        match.apply(hand.legal_actions()[0])
    table = TableScene(app, MatchController(match, human=0, seed=1))
    app.push(table)
    app.frame(0.02)
    return table


def toolbar_button(table: TableScene, label: str):  # type: ignore[no-untyped-def]
    return next((b for b in table.toolbar.buttons if b.label == label), None)


def confirm_by_key(app) -> None:  # type: ignore[no-untyped-def]
    """The safe answer has the focus: the left arrow and Enter choose the other one."""
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)


def frames_until(app, cond, limit: int = 3000) -> int:  # type: ignore[no-untyped-def]
    for n in range(limit):
        if cond():
            return n
        app.frame(0.02)
    raise AssertionError("never happened")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_declarer_gives_up_from_the_toolbar(lang: str) -> None:
    app = make_app(lang)
    table = table_for(app, TOP_GRAND)
    button = toolbar_button(table, app.t("btn.concede"))
    assert button is not None
    click(app, center(button))
    ask = app.stack.top
    assert isinstance(ask, ConfirmScene)
    text = screen_text(app)
    assert "288" in text and app.t("confirm.concede_title") in text  # with 4, game, Hand: lost doubled
    key(app, pygame.K_ESCAPE)  # Play on: nothing happened
    assert app.stack.top is table and not table.c.hand.done
    click(app, center(button))
    confirm_by_key(app)
    hand = table.c.hand
    assert hand.done and hand.result is not None and hand.result.value == -288
    assert app.t("ending.conceded_you") in screen_text(app)
    frames_until(app, lambda: isinstance(app.stack.top, ResultScene))
    shown = screen_text(app)
    assert app.t("result.conceded") in shown and app.t("result.points", decl=0, opp=0) in shown  # skat D8 D7
    rec = hand_record("skat", ISKO, hand)
    assert rec["actions"][-1] == "concede" and replay_hand(rec)[2].result == hand.result


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_defender_is_not_offered_giving_up_but_may_claim(lang: str) -> None:
    app = make_app(lang)
    table = table_for(app, TOP_GRAND, declarer=1)
    frames_until(app, lambda: table.c.human_to_move)
    assert toolbar_button(table, app.t("btn.concede")) is None
    assert toolbar_button(table, app.t("btn.claim")) is not None


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_claim_that_holds_takes_the_rest(lang: str) -> None:
    app = make_app(lang)
    table = table_for(app, TOP_GRAND)
    click(app, center(toolbar_button(table, app.t("btn.claim"))))
    text = screen_text(app)
    assert "+192" in text and "−" in text  # both outcomes named: won with Schwarz, or lost
    confirm_by_key(app)
    assert table.c.claim is not None  # judged over many frames, nobody moves meanwhile
    n = frames_until(app, lambda: table.c.hand.done)
    assert n > 1
    r = table.c.hand.result
    assert r is not None and r.won and r.schwarz and r.value == 192
    assert app.t("ending.claim_holds_you", side=app.t("ending.side_declarer")) in screen_text(app)
    frames_until(app, lambda: isinstance(app.stack.top, ResultScene))
    # The result says how the hand ended, not only the table's line under it.
    result = app.stack.top
    assert isinstance(result, ResultScene)
    app.painter.start_recording()
    result.draw(app.painter)
    drawn = [b.label for b in app.painter.stop_recording() if b.kind == "text"]
    assert app.t("ending.claim_holds_you", side=app.t("ending.side_declarer")) in drawn


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_claim_one_trick_short_gives_the_rest_to_the_defenders(lang: str) -> None:
    app = make_app(lang)
    table = table_for(app, ONE_SHORT)
    click(app, center(toolbar_button(table, app.t("btn.claim"))))
    click(app, center(app.stack.top.group.buttons[0]))  # the mouse on "Claim the rest"
    frames_until(app, lambda: table.c.hand.done)
    r = table.c.hand.result
    # The rest is the defenders': the declarer keeps only the skat (D8 HT) and is Schwarz.
    assert r is not None and not r.won and r.declarer_points == 10 and r.schwarz and r.value == -2 * 8 * 24
    assert app.t("ending.claim_fails_you", side=app.t("ending.side_defenders")) in screen_text(app)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_computer_claims_when_its_side_takes_every_trick(lang: str) -> None:
    app = make_app(lang)
    table = table_for(app, TOP_GRAND, declarer=1, tricks=3)
    frames_until(app, lambda: table.c.hand.done)
    r = table.c.hand.result
    assert r is not None and r.won and r.schwarz
    assert table.c.ending is not None and table.c.ending.kind == "claim"
    name = table.name(1)
    assert app.t("ending.claim_holds", name=name, side=app.t("ending.side_declarer")) in screen_text(app)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_decided_hand_is_played_out_at_once_unless_switched_off(lang: str) -> None:
    app = make_app(lang)
    table = table_for(app, TOP_GRAND, tricks=5)
    frames_until(app, lambda: table.c.hand.done)
    assert table.c.ending is not None and table.c.ending.kind == "decided"
    assert app.t("ending.decided_won_you") in screen_text(app)
    hand = table.c.hand
    assert len(hand.tricks) == 10 and replay_hand(hand_record("skat", ISKO, hand))[2].result == hand.result
    app = make_app(lang)
    app.settings["shorten"] = False
    table = table_for(app, TOP_GRAND, tricks=5)
    for _ in range(50):
        app.frame(0.02)
    assert table.c.human_to_move and not table.c.hand.done


def _play_first_card_by_keys(app, table: TableScene) -> int:  # type: ignore[no-untyped-def]
    """The person plays a card with the arrow keys and Enter; returns it."""
    frames_until(app, lambda: table.c.human_to_move and not table.animating)
    key(app, pygame.K_RIGHT)
    card = table.focus_card
    key(app, pygame.K_RETURN)
    return card


@pytest.mark.parametrize("lang", ["en", "de"])
def test_take_back_undoes_the_last_card_and_the_replies(lang: str) -> None:
    from skat.ui.challenge import person_result

    app = make_app(lang)
    app.settings["takeback"] = True
    table = table_for(app, TOP_GRAND)
    start = list(table.c.match.actions[-1])
    assert toolbar_button(table, app.t("btn.takeback")) is not None  # the person's calls can be taken back
    card = _play_first_card_by_keys(app, table)
    frames_until(app, lambda: len(table.c.hand.tricks) == 1 and table.c.human_to_move and not table.animating)
    assert table.c.match.actions[-1][:len(start) + 1] == [*start, card]
    click(app, center(toolbar_button(table, app.t("btn.takeback"))))
    assert table.c.match.actions[-1] == start and table.c.hand.history == start
    assert table.c.human_to_move and not table.c.hand.tricks  # the computers' replies are gone too
    assert app.t("takeback.done") in screen_text(app)
    assert table.c.match.hand_number in table.c.hinted  # marked like a hint on the sheet
    # Backspace takes back the person's move before: the declaration, which they choose again.
    key(app, pygame.K_BACKSPACE)
    assert table.c.hand.phase == 3 and table.c.human_to_move  # DECLARE again (Hand was said before it)
    # Played to its end: the result is not offered to a challenge.
    table.c.match.apply(A.declare(4))
    table.c.match.apply(A.REST_DECLARER)
    assert table.c.hand.done and table.c.match.sheet
    assert person_result(table.c) is None
    table.c.taken_back.clear()
    assert person_result(table.c) is not None  # what the take-back alone withholds


@pytest.mark.parametrize("lang", ["en", "de"])
def test_take_back_is_off_by_default(lang: str) -> None:
    app = make_app(lang)
    table = table_for(app, TOP_GRAND)
    assert toolbar_button(table, app.t("btn.takeback")) is None
    key(app, pygame.K_BACKSPACE)
    assert len(table.c.hand.history) == 5


@pytest.mark.parametrize("ending", [A.CONCEDE, A.REST_DECLARER, A.REST_DEFENDERS])
def test_the_hand_replay_steps_up_to_an_early_end(ending: int) -> None:
    from skat.ui.hand_replay import snapshots

    app = make_app("en")
    table = table_for(app, TOP_GRAND, tricks=2)
    table.c.match.apply(parse_card("CA"))
    table.c.match.apply(ending)
    hand = table.c.hand
    states = snapshots(hand)
    assert len(states) == 4  # before the play, after each of two tricks, and the end
    assert states[-1].done and states[-1].result == hand.result


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_settings_switch_shortening_off_and_take_back_on_by_mouse_and_keys(lang: str) -> None:
    from skat.ui.menu import SettingsScene

    app = make_app(lang)
    app.push(SettingsScene(app))
    app.frame(0.02)
    text = screen_text(app)
    assert app.t("settings.shorten") in text and app.t("settings.takeback") in text
    assert app.settings.get("shorten", True) is True and app.settings.get("takeback", False) is False
    keys = [r.key for r in app.stack.top.rows]
    row = keys.index("shorten")
    x, y, w, h = app.stack.top.row_rect(row)
    click(app, (x + w - 20, y + h / 2))  # the right arrow: the next value
    assert app.settings["shorten"] is False
    for _ in range(keys.index("takeback") - row):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)
    assert app.settings["takeback"] is True
    table = table_for(app, TOP_GRAND, tricks=5)
    assert table.c.shorten is False and table.c.takeback is True
