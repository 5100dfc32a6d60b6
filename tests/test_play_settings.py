"""How the game plays for the person (issue 20, points 4 and 6): the sort order of the hand and the
computers' pace, set in the settings screen by real clicks and applied at once, in German and
English, and the forced card played for the person after a short pause, seen frame by frame."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from skat.engine.match import Match  # noqa: E402
from skat.engine.rules import ISKO  # noqa: E402
from skat.engine.skat_hand import Phase  # noqa: E402
from skat.storage import MemoryStorage, Store  # noqa: E402
from skat.ui.app import App  # noqa: E402
from skat.ui.controller import MatchController  # noqa: E402
from skat.ui.hand_order import HandOrder, sorted_cards  # noqa: E402
from skat.ui.menu import PauseScene, SettingsScene, TitleScene  # noqa: E402
from skat.ui.table import CALL_SECONDS, FORCED_SECONDS, TableScene  # noqa: E402
from uihelp import click, make_app  # noqa: E402


def escape(app: App) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, unicode="\x1b", mod=0, scancode=0))
    app.frame(0.02)


def start_table(app: App, dealer: int = 2, seed: int = 11) -> TableScene:
    match = Match.new("skat", ISKO, players=3, hands=6, seed=seed, first_dealer=dealer)
    table = TableScene(app, MatchController(match, human=0, strength="normal", seed=seed))
    app.stack.reset(TitleScene(app))
    app.push(table)
    return table


def run_until_person(app: App, table: TableScene, dt: float = 0.05, limit: int = 3000) -> list[float]:
    """Frames until the person must act and nothing moves; the table's waits seen on the way."""
    holds = []
    for _ in range(limit):
        if table.c.human_to_move and not table.animating:
            return holds
        app.frame(dt)
        holds.append(table.hold)
    raise AssertionError("the person was never asked")


def open_settings_from_table(app: App) -> SettingsScene:
    escape(app)  # the pause menu
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    button = next(b for b in pause.group.buttons if b.label == app.t("menu.settings"))
    click(app, (button.x + 10, button.y + 10))
    scene = app.stack.top
    assert isinstance(scene, SettingsScene)
    return scene


def set_by_clicks(app: App, scene: SettingsScene, key: str, value: object) -> None:
    i = next(i for i, r in enumerate(scene.rows) if r.key == key)
    x, y, w, h = scene.row_rect(i)
    for _ in range(len(scene.rows[i].values)):
        if app.settings[key] == value:
            return
        click(app, (x + w - 14, y + h / 2))  # the right arrow
    assert app.settings[key] == value


def bottom_hand(table: TableScene) -> list[int]:
    """The person's cards left to right as the table lays them out now (their sprites' targets)."""
    mask = table.c.hand.hands[table.c.human_seat]
    cards = [c for c in range(32) if mask >> c & 1]
    return sorted(cards, key=lambda c: table.sprites[c].tx)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_sort_order_chosen_by_clicks_resorts_the_hand_at_once_and_is_saved(lang: str) -> None:
    storage = MemoryStorage()
    app = make_app(lang, storage)
    table = start_table(app)
    run_until_person(app, table)
    cards = bottom_hand(table)
    assert cards == sorted_cards(cards, None, HandOrder())  # trumps (Jacks) left, Kreuz first, high first
    scene = open_settings_from_table(app)
    labels = {r.key: r.label for r in scene.rows}
    assert labels["sort_trumps"] == ("Trümpfe" if lang == "de" else "Trumps")
    shown = scene.rows[[r.key for r in scene.rows].index("sort_suits")]
    assert shown.show("skat") == ("Kreuz, Pik, Herz, Karo" if lang == "de" else "Clubs, Spades, Hearts, Diamonds")
    for key, value in (("sort_trumps", "right"), ("sort_rank", "ascending"), ("sort_suits", "reverse"),
                       ("sort_alternate", True)):
        set_by_clicks(app, scene, key, value)
        saved = Store(storage, language=lang).settings()
        assert getattr(saved, key) == value  # saved at once
    escape(app)
    escape(app)
    assert app.stack.top is table
    wanted = HandOrder(suits="reverse", rank="ascending", trumps="right", alternate=True)
    assert bottom_hand(table) == sorted_cards(cards, None, wanted) != cards
    assert table._hand_order() == sorted_cards(cards, None, wanted)  # the keys walk the hand in that order too
    # Restarted, the hand comes up sorted the same way.
    again = make_app(lang, storage)
    table = start_table(again)
    run_until_person(again, table)
    assert bottom_hand(table) == sorted_cards(bottom_hand(table), None, wanted)


def test_alternating_colours_put_no_two_red_or_black_suits_side_by_side() -> None:
    hand = [31, 30, 23, 22, 15, 14, 7, 6]  # Ace and King of every suit, no Jack
    for suits in ("skat", "reverse"):
        ordered = sorted_cards(hand, None, HandOrder(suits=suits, alternate=True))
        colours = [(c >> 3) in (0, 1) for c in ordered[::2]]  # one card of each suit, in order
        assert all(a != b for a, b in zip(colours, colours[1:], strict=False)), ordered
    # Three suits, two of them black: black, red, black.
    three = [31, 23, 15]
    assert [c >> 3 for c in sorted_cards(three, None, HandOrder(alternate=True))] == [3, 1, 2]


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["de", "en"])
def test_computer_pace_chosen_by_clicks_scales_the_wait_after_a_call_not_the_animations(lang: str) -> None:
    storage = MemoryStorage()
    app = make_app(lang, storage, animation="normal")
    waits = {}
    for pace in ("normal", "slow", "fast"):
        app.stack.reset(TitleScene(app))
        app.frame(0.02)
        button = next(b for b in app.stack.top.group.buttons if b.label == app.t("menu.settings"))
        click(app, (button.x + 10, button.y + 10))
        scene = app.stack.top
        assert isinstance(scene, SettingsScene)
        set_by_clicks(app, scene, "pace", pace)
        assert Store(storage, language=lang).settings().pace == pace
        assert app.speed == 1.0  # the card flights keep the animation speed
        table = start_table(app, dealer=2)  # the person leads the bidding: middlehand calls first
        holds = run_until_person(app, table, dt=0.01)
        waits[pace] = max(holds)
    assert waits["normal"] == pytest.approx(CALL_SECONDS, abs=0.02)
    assert waits["slow"] > waits["normal"] * 1.5 and waits["fast"] < waits["normal"] * 0.5


def _to_forced_card(app: App, table: TableScene) -> int:
    """Play the person's first legal card each turn until only one is legal; returns that card."""
    for _ in range(40):
        run_until_person(app, table)
        hand = table.c.hand
        if hand.phase != Phase.PLAY:
            table.apply_human(hand.legal_actions()[-1] if hand.phase == Phase.BIDDING else hand.legal_actions()[0])
            continue
        legal = table.playable_cards()
        if len(legal) == 1:
            return legal[0]
        table.apply_human(legal[0])
    raise AssertionError("no forced card came")


@pytest.mark.parametrize("lang", ["de", "en"])
def test_forced_card_is_played_for_the_person_after_a_short_pause(lang: str) -> None:
    storage = MemoryStorage()
    app = make_app(lang, storage)
    app.stack.reset(TitleScene(app))
    button = next(b for b in app.stack.top.group.buttons if b.label == app.t("menu.settings"))
    click(app, (button.x + 10, button.y + 10))
    scene = app.stack.top
    labels = {r.key: r.label for r in scene.rows}
    assert labels["forced_play"] == ("Zwangskarte spielen" if lang == "de" else "Play forced cards")
    set_by_clicks(app, scene, "forced_play", True)
    assert Store(storage, language=lang).settings().forced_play is True
    app.settings["forced_play"] = False  # reach a forced card by hand first
    table = start_table(app, seed=4)
    card = _to_forced_card(app, table)
    app.settings["forced_play"] = True
    mask = table.c.hand.hands[table.c.human_seat]
    played = len(table.c.hand.history)
    frames = 0
    while table.c.hand.hands[table.c.human_seat] == mask:
        app.frame(0.05)
        frames += 1
        assert frames < 100
    assert frames >= round(FORCED_SECONDS / 0.05) - 1  # not at once: the card is seen first
    assert table.c.hand.history[played] == card and not table.c.hand.hands[table.c.human_seat] >> card & 1


def test_forced_card_waits_for_the_person_when_the_setting_is_off() -> None:
    app = make_app("en", MemoryStorage())
    table = start_table(app, seed=4)
    card = _to_forced_card(app, table)
    assert table.forced_card() is None and card in table.playable_cards()
    for _ in range(100):
        app.frame(0.05)
    assert table.c.human_to_move and table.playable_cards() == [card]
