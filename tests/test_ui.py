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
from uihelp import click, key, settle  # noqa: E402


@pytest.fixture
def app():  # type: ignore[no-untyped-def]
    a = App(size=(960, 540), store=Store(MemoryStorage(), language="en"), headless=True)  # scaled window
    a.settings["animation"] = "fast"
    a.start()
    a.frame(0.02)
    yield a
    pygame.event.clear()


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
    match = Match.new("skat", ISKO, players=3, hands=3, seed=1, first_dealer=2)
    match.redeal(SkatDeal.from_hands(fh, mh, rh, skat).deck)
    table = TableScene(app, MatchController(match, human=0, seed=1))
    app.push(table)
    settle(app, table, done_frame=0.05)
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
        settle(app, table, done_frame=0.05)
    assert hand.declarer == 0
    click(app, button_center(table, "Take the skat"))
    settle(app, table, done_frame=0.05)
    assert hand.hands[0] >> parse_card("C7") & 1
    # Put away the two skat cards: click them, then the button.
    for c in cards("C7", "DT"):
        click(app, card_center(table, c))
    assert table.selected == set(cards("C7", "DT"))
    click(app, button_center(table, "Put away"))
    settle(app, table, done_frame=0.05)
    assert hand.skat == (1 << parse_card("C7")) | (1 << parse_card("DT"))
    click(app, button_center(table, "Grand"))
    settle(app, table, done_frame=0.05)
    assert hand.game == GameType.GRAND and hand.declarer == 0
    first = True
    played: list[int] = []
    while not hand.done:
        if not table.c.human_to_move:
            settle(app, table, done_frame=0.05)
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
        settle(app, table, done_frame=0.05)
    r = hand.result
    assert r is not None and r.game == "grand" and r.declarer == 0
    assert A.declare(GameType.GRAND) in hand.history and A.PICKUP in hand.history
    assert all(c in hand.history for c in played)
    # The result overlay shows, and the sheet has the hand.
    settle(app, table, done_frame=0.05)
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
    match = Match.new("officers", OFFICERS, players=2, hands=2, seed=3, first_dealer=1)
    match.redeal(deck)
    table = TableScene(app, MatchController(match, human=0, seed=3))
    app.push(table)
    settle(app, table, done_frame=0.05)
    hand = table.c.hand
    obs = hand.observe(0)
    assert obs.playable[0] == sum(1 << c for c in fh_up1) and obs.playable[1] == 0
    key(app, pygame.K_3, "3")  # the third button: Spades
    settle(app, table, done_frame=0.05)
    assert hand.game == GameType.SPADES and hand.declarer == 0
    while not hand.done:
        if not table.c.human_to_move:
            settle(app, table, done_frame=0.05)
            continue
        if hand.phase == 5:  # Re after the dealer's Kontra: "1" = no Re
            key(app, pygame.K_1, "1")
            settle(app, table, done_frame=0.05)
            continue
        before = len(hand.history)
        key(app, pygame.K_RIGHT)
        chosen = table.focus_card
        assert chosen in hand.legal_actions()
        key(app, pygame.K_RETURN)
        assert len(hand.history) == before + 1 and hand.history[-1] == chosen
        settle(app, table, done_frame=0.05)
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


# --- issue 7, finding 10: a refused card shakes and says why; the ISkO bid picker ---------------
SUIT_NAMES = {"en": ("diamonds", "hearts", "spades", "clubs"), "de": ("Karo", "Herz", "Pik", "Kreuz")}


def _defending_and_following(app: App) -> TableScene:
    """A hand in play where the computer on the left declares and the person must follow a lead."""
    from skat.lab.shots import _drive, _winner_policy

    match = Match.new("skat", ISKO, players=3, hands=3, seed=3, first_dealer=2)
    table = TableScene(app, MatchController(match, human=0, seed=3))
    app.push(table)  # the script plays every seat from the first call

    def must_follow(hand, player) -> bool:  # type: ignore[no-untyped-def]
        return (player == 0 and hand.phase == 6 and bool(hand.trick)
                and hand.legal_play_mask() != hand.playable_mask(hand.to_move))

    _drive(table, _winner_policy(1, stop=must_follow))
    settle(app, table, done_frame=0.05)
    assert must_follow(table.c.hand, 0)
    return table


def _drawn_texts(app: App) -> list[str]:
    p = app.painter
    p.start_recording()
    app.draw()
    return [b.label for b in p.stop_recording() if b.kind == "text"]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_card_that_may_not_be_played_shakes_and_says_why(app: App, lang: str) -> None:
    app.settings["language"] = lang
    app.apply_settings()
    table = _defending_and_following(app)
    hand = table.c.hand
    me = table.c.human_seat
    wrong = next(c for c in table._hand_order() if c not in hand.legal_actions())
    before = list(hand.history)
    click(app, card_center(table, wrong))
    assert hand.history == before and hand.hands[me] >> wrong & 1  # nothing was played
    assert table.shake is not None and table.shake[0] == wrong
    lead = hand.trick[0]
    trump = lead & 7 == 4 or (hand.game is not None and hand.game < 4 and lead >> 3 == hand.game)
    if lang == "en":
        why = "You must follow suit: trump" if trump else f"You must follow suit: {SUIT_NAMES['en'][lead >> 3]}"
    else:
        why = "Du musst Trumpf bedienen" if trump else f"Du musst Farbe bedienen: {SUIT_NAMES['de'][lead >> 3]}"
    assert why in _drawn_texts(app)
    # The card swings sideways and comes to rest where it lies.
    sp = table.sprites[wrong]
    xs = []
    for _ in range(12):
        p = app.painter
        p.start_recording()
        app.frame(0.05)
        app.draw()
        box = next(b for b in p.stop_recording() if b.kind == "card" and b.label == str(wrong))
        xs.append(box.rect.centerx)
    assert len(set(xs)) > 2 and table.shake is None
    assert abs(xs[-1] - app.painter.px(sp.x, sp.y)[0]) <= 1
    # A legal card still plays.
    right = next(c for c in table._hand_order() if c in hand.legal_actions())
    click(app, card_center(table, right))
    assert hand.history[len(before)] == right


def _middlehand_says(app: App, rules) -> TableScene:  # type: ignore[no-untyped-def]
    match = Match.new("skat", rules, players=3, hands=3, seed=4, first_dealer=1)  # the person is middlehand
    table = TableScene(app, MatchController(match, human=0, seed=4))
    app.push(table)
    settle(app, table, done_frame=0.05)
    assert table.c.human_seat == 1 and table.c.hand.to_move == 1 and not table.c.hand.history
    return table


def _labels(table: TableScene) -> list[str]:
    dlg = table.current_dialog()
    assert dlg is not None
    return [b.label for b in dlg.group.buttons]


def test_isko_bid_picker_jumps_to_any_value_by_keyboard(app: App) -> None:
    table = _middlehand_says(app, ISKO)
    assert "Say 18" in _labels(table) and "Jump to 30" in _labels(table)
    key(app, pygame.K_PLUS, "+")
    key(app, pygame.K_PLUS, "+")
    key(app, pygame.K_MINUS, "-")
    key(app, pygame.K_PLUS, "+")
    assert "Jump to 35" in _labels(table)
    key(app, pygame.K_9, "9")  # the numbered Jump button
    assert table.c.hand.history[0] == A.bid(35)


def test_isko_bid_picker_by_mouse_keeps_the_focus_on_the_arrow(app: App) -> None:
    table = _middlehand_says(app, ISKO)
    click(app, button_center(table, "+"))
    assert "Jump to 33" in _labels(table)
    key(app, pygame.K_RETURN)  # the focus stayed on "+"
    assert "Jump to 35" in _labels(table)
    for _ in range(3):
        click(app, button_center(table, "-"))
    assert "Jump to 27" in _labels(table)
    from skat.engine.values import BID_VALUES

    steps = 0
    while next(b for b in table.current_dialog().group.buttons if b.label == "+").enabled:
        click(app, (lambda b: (b.x + 5, b.y + 5))(next(b for b in table.current_dialog().group.buttons
                                                       if b.label == "+")))
        steps += 1
    assert steps == len(BID_VALUES) - BID_VALUES.index(27) - 1  # one click per value, none skipped
    top = f"Jump to {BID_VALUES[-1]}"
    assert top in _labels(table)  # the highest value there is
    click(app, button_center(table, top))
    assert table.c.hand.history[0] == A.bid(BID_VALUES[-1])


def test_without_skip_values_only_the_next_value_is_offered(app: App) -> None:
    from skat.engine.rules import LOTHAR

    table = _middlehand_says(app, LOTHAR)
    assert _labels(table) == ["Say 18", "Pass"]
