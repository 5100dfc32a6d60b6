"""Drive the real pygame UI with posted mouse, touch and keyboard events."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from skat.engine import actions as A  # noqa: E402
from skat.engine.cards import parse_card  # noqa: E402
from skat.engine.deal import SkatDeal  # noqa: E402
from skat.engine.match import Match  # noqa: E402
from skat.engine.rules import ISKO, OFFICERS  # noqa: E402
from skat.engine.tricks import GameType  # noqa: E402
from skat.storage import MemoryStorage, Store  # noqa: E402
from skat.ui.app import App  # noqa: E402
from skat.ui.controller import MatchController  # noqa: E402
from skat.ui.layout import RATIO  # noqa: E402
from skat.ui.table import TableScene  # noqa: E402


@pytest.fixture
def app():  # type: ignore[no-untyped-def]
    a = App(size=(960, 540), store=Store(MemoryStorage(), language="en"), headless=True)  # scaled window
    a.settings["animation"] = "fast"
    a.start()
    a.frame(0.02)
    yield a
    pygame.event.clear()


def click(app: App, pos: tuple[float, float], touch: bool = False) -> None:
    px = app.painter.px(*pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=px, button=1, touch=touch))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=px, button=1, touch=touch))
    app.frame(0.02)


def key(app: App, k: int, text: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, unicode=text, mod=0, scancode=0))
    app.frame(0.02)


def settle(app: App, table: TableScene, limit: int = 4000) -> None:
    """Let frames run (animations play, computer players think) until the person must act."""
    for _ in range(limit):
        if table.c.hand.done and not table.animating:
            app.frame(0.05)
            return
        if table.c.human_to_move and not table.animating:
            app.frame(0.02)
            return
        app.frame(0.05)
    raise AssertionError("the table never came to rest")


def button_center(table: TableScene, label: str) -> tuple[float, float]:
    dlg = table.current_dialog()
    assert dlg is not None, "no dialog shown"
    for b in dlg.group.buttons:
        if b.label == label:
            assert b.enabled, f"button {label} is disabled"
            return b.x + b.w / 2, b.y + b.h / 2
    raise AssertionError(f"no button {label!r} in {[b.label for b in dlg.group.buttons]}")


def card_center(table: TableScene, card: int) -> tuple[float, float]:
    sp = table.sprites[card]
    return sp.x, sp.y + sp.w * RATIO / 2 - 12  # the visible lower part of an overlapped card


def cards(*names: str) -> list[int]:
    return [parse_card(n) for n in names]


def test_new_match_from_the_title_with_clicks(app: App) -> None:
    title = app.stack.top
    new = next(b for b in title.group.buttons if b.label == "New match")
    click(app, (new.x + 10, new.y + 10))
    setup = app.stack.top
    assert type(setup).__name__ == "SetupScene"
    game_row = setup.rows[0]
    x, y, w, h = setup._row_rect(0)
    click(app, (x + w - 20, y + h / 2))  # Skat -> Officers' Skat
    assert setup.state["game"] == "officers" and game_row.key == "game"
    click(app, (x + w - 20, y + h / 2))  # and back
    assert setup.state["game"] == "skat"
    click(app, (setup.start.x + 10, setup.start.y + 10))
    table = app.stack.top
    assert isinstance(table, TableScene)
    m = table.c.match
    assert (m.game, m.players, m.hands, m.rules) == ("skat", 3, 36, ISKO)


def test_a_whole_skat_hand_with_mouse_touch_and_a_declaration(app: App) -> None:
    fh = cards("CJ", "SJ", "HJ", "DJ", "CA", "CT", "CK", "SA", "ST", "HA")
    mh = cards("C9", "C8", "S9", "S8", "S7", "H9", "H8", "H7", "D9", "D8")
    rh = cards("CQ", "SQ", "SK", "HK", "HQ", "HT", "DA", "DK", "DQ", "D7")
    skat = cards("C7", "DT")
    match = Match("skat", ISKO, players=3, hands=3, seed=1, first_dealer=2)
    match.redeal(SkatDeal.from_hands(fh, mh, rh, skat).deck)
    table = TableScene(app, MatchController(match, human=0, seed=1))
    app.push(table)
    settle(app, table)
    hand = table.c.hand
    # Middlehand and rearhand pass with these cards; the person may play at 18.
    while hand.phase == 0:
        dlg = table.current_dialog()
        labels = [b.label for b in dlg.group.buttons]
        if "Play at 18" in labels:
            click(app, button_center(table, "Play at 18"))
        elif any(lbl.startswith("Yes") for lbl in labels):
            click(app, button_center(table, next(lbl for lbl in labels if lbl.startswith("Yes"))))
        else:
            click(app, button_center(table, labels[0]))
        settle(app, table)
    assert hand.declarer == 0
    click(app, button_center(table, "Take the skat"))
    settle(app, table)
    assert hand.hands[0] >> parse_card("C7") & 1
    # Put away the two skat cards: click them, then the button.
    for c in cards("C7", "DT"):
        click(app, card_center(table, c))
    assert table.selected == set(cards("C7", "DT"))
    click(app, button_center(table, "Put away"))
    settle(app, table)
    assert hand.skat == (1 << parse_card("C7")) | (1 << parse_card("DT"))
    click(app, button_center(table, "Grand"))
    settle(app, table)
    assert hand.game == GameType.GRAND and hand.declarer == 0
    first = True
    played: list[int] = []
    while not hand.done:
        if not table.c.human_to_move:
            settle(app, table)
            continue
        legal = [a for a in hand.legal_actions() if a < 32]
        target = legal[-1]
        if first:  # touch: the first tap selects, the second plays
            click(app, card_center(table, target), touch=True)
            assert target in table.selected and hand.hands[0] >> target & 1
            first = False
        before = len(hand.history)
        click(app, card_center(table, target), touch=not first and len(played) == 0)
        assert len(hand.history) == before + 1 and hand.history[-1] == target
        played.append(target)
        settle(app, table)
    r = hand.result
    assert r is not None and r.game == "grand" and r.declarer == 0
    assert A.declare(GameType.GRAND) in hand.history and A.PICKUP in hand.history
    assert all(c in hand.history for c in played)
    # The result overlay shows, and the sheet has the hand.
    settle(app, table)
    for _ in range(50):
        app.frame(0.05)
    assert type(app.stack.top).__name__ == "ResultScene"
    assert match.sheet[-1].result is r and match.sheet[-1].changes[0] == r.value
    key(app, pygame.K_RETURN)  # "Next hand"
    assert app.stack.top is table and match.hand_number == 2


def test_a_whole_officers_hand_by_keyboard(app: App) -> None:
    # Forehand's first face-up row: J♣ J♥ A♠ 10♠ (the rule text's example) and strong spades after.
    deck = [0] * 32
    fh_down1, dl_down1 = cards("S9", "S8", "S7", "SK"), cards("D7", "D8", "D9", "DQ")
    fh_up1, dl_up1 = cards("CJ", "HJ", "SA", "ST"), cards("H7", "H8", "H9", "HQ")
    fh_down2, dl_down2 = cards("SJ", "SQ", "CA", "CT"), cards("C7", "C8", "C9", "CQ")
    fh_up2, dl_up2 = cards("DJ", "HA", "HT", "DA"), cards("CK", "HK", "DK", "DT")
    deck = fh_down1 + dl_down1 + fh_up1 + dl_up1 + fh_down2 + dl_down2 + fh_up2 + dl_up2
    match = Match("officers", OFFICERS, players=2, hands=2, seed=3, first_dealer=1)
    match.redeal(deck)
    table = TableScene(app, MatchController(match, human=0, seed=3))
    app.push(table)
    settle(app, table)
    hand = table.c.hand
    obs = hand.observe(0)
    assert obs.playable[0] == sum(1 << c for c in fh_up1) and obs.playable[1] == 0
    key(app, pygame.K_3, "3")  # the third button: Spades
    settle(app, table)
    assert hand.game == GameType.SPADES and hand.declarer == 0
    while not hand.done:
        if not table.c.human_to_move:
            settle(app, table)
            continue
        if hand.phase == 5:  # Re after the dealer's Kontra: "2" = go on
            key(app, pygame.K_2, "2")
            settle(app, table)
            continue
        before = len(hand.history)
        key(app, pygame.K_RIGHT)
        chosen = table.focus_card
        assert chosen in hand.legal_actions()
        key(app, pygame.K_RETURN)
        assert len(hand.history) == before + 1 and hand.history[-1] == chosen
        settle(app, table)
    r = hand.result
    assert r is not None and r.game == "spades" and r.declarer == 0
    assert len(hand.tricks) == 16 and sum(hand.points) == 120
    assert r.matadors == 4  # all four Jacks lie in forehand's layout: "with 4"


def test_any_window_size_letterboxes_and_maps_input_back() -> None:
    a = App(size=(1000, 1000), store=Store(MemoryStorage(), language="de"), headless=True)
    a.start()
    a.frame(0.02)
    p = a.painter
    assert p.scale == 1000 / 1280 and p.ox == 0 and p.oy > 0  # bars above and below
    x, y = p.px(640, 360)
    assert (x, y) == (500, 500)
    assert p.to_logical((x, y)) == (640.0, 360.0)
    new = next(b for b in a.stack.top.group.buttons if b.label == "Neue Partie")
    click(a, (new.x + new.w / 2, new.y + new.h / 2))
    assert type(a.stack.top).__name__ == "SetupScene"
