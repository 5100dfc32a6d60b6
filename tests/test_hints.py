"""The hint at the table, driven by real key presses and clicks, in German and English:
off by default (a setting, kept like the others), the expert's own choice with a reason,
numbers on the cards in play, a thinking line while it works, the hand marked on the
score sheet and the mark kept with the match save."""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from skat.ai.base import decide_now  # noqa: E402
from skat.ai.effort import Effort  # noqa: E402
from skat.ai.expert.player import SearchPlayer  # noqa: E402
from skat.engine.match import Match  # noqa: E402
from skat.engine.rules import ISKO, OFFICERS  # noqa: E402
from skat.engine.skat_hand import Phase  # noqa: E402
from skat.i18n import Translator  # noqa: E402
from skat.lab import fit  # noqa: E402
from skat.lab.shots import _drive, _human_stop, _winner_policy, declarer_seed  # noqa: E402
from skat.storage import MemoryStorage, Store  # noqa: E402
from skat.ui.app import App  # noqa: E402
from skat.ui.controller import MatchController  # noqa: E402
from skat.ui.hint import action_text, value_label  # noqa: E402
from skat.ui.menu import SettingsScene, TitleScene  # noqa: E402
from skat.ui.sheet import SheetScene  # noqa: E402
from skat.ui.table import TableScene  # noqa: E402
from uihelp import click, key, make_app  # noqa: E402

EFFORT = Effort.fixed(4)


def texts(app: App) -> list[str]:
    p = app.painter
    p.start_recording()
    app.draw()
    return [b.label for b in p.stop_recording() if b.kind == "text"]


def fits(app: App) -> list[str]:
    p = app.painter
    p.start_recording()
    app.draw()
    return fit.problems(p.stop_recording(), p)


def table_at(app: App, game: str, rules, players: int, dealer: int, seed: int, stop=None) -> TableScene:  # type: ignore[no-untyped-def]
    ctl = MatchController(Match.new(game, rules, players=players, hands=players, seed=seed, first_dealer=dealer),
                          human=0, seed=seed)
    table = TableScene(app, ctl)
    table.hints.effort = EFFORT  # reproducible: the expert's fixed work budget instead of its clock
    app.push(table)
    if stop is not None:
        _drive(table, stop)
    for _ in range(3000):
        if ctl.human_to_move and not table.animating:
            break
        app.frame(0.05)
    assert ctl.human_to_move
    return table


def wait_for_hint(app: App, table: TableScene) -> list[str]:
    """Frames pass while the expert thinks; returns what the thinking frames showed."""
    shown: list[str] = []
    for _ in range(5000):
        if not table.hints.thinking:
            break
        shown += texts(app)
        app.frame(0.02)
    assert table.hints.hint is not None
    return shown


def expert_choice(table: TableScene) -> int:
    """What an expert of this hand's hints decides on its own: its simulations draw
    from the hand's seed, its card play from the position's."""
    c = table.c
    assert table.hints.search is not None
    hand_seed = (c.seed * 1_000_003 + c.match.hand_number * 1009) & 0x7FFFFFFF
    player = SearchPlayer(rng=random.Random(hand_seed), effort=EFFORT)
    player.rng = random.Random((hand_seed + len(c.hand.history)) & 0x7FFFFFFF)
    return decide_now(player, c.hand.observe(c.human_seat))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_hints_are_off_by_default_and_turned_on_in_the_settings(lang: str) -> None:
    storage = MemoryStorage()
    app = make_app(lang, storage)
    t = Translator(lang)
    assert app.settings["hints"] is False
    table = table_at(app, "skat", ISKO, 3, 1, 4)
    assert t("btn.hint") + " (H)" not in texts(app)  # no button while off
    key(app, pygame.K_h, "h")
    assert table.hints.search is None and table.message == t("hints.off")
    # The settings screen, by mouse: the hints row says "Hints (key H)" / "Tipps (Taste H)".
    app.stack.reset(TitleScene(app))
    app.push(SettingsScene(app))
    app.frame(0.02)
    scene = app.stack.top
    i = next(i for i, r in enumerate(scene.rows) if r.key == "hints")
    assert scene.rows[i].label == t("settings.hints") and t("settings.hints") in texts(app)
    x, y, w, h = scene.row_rect(i)
    click(app, (x + w - 40, y + h / 2))
    assert app.settings["hints"] is True
    assert Store(storage, language=lang).settings().hints is True  # saved like the other settings
    assert fits(app) == []


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_bidding_hint_by_key_is_the_experts_choice_with_a_reason(lang: str) -> None:
    app = make_app(lang)
    app.settings["hints"] = True
    t = Translator(lang)
    table = table_at(app, "skat", ISKO, 3, 1, declarer_seed(ISKO))
    assert table.c.hand.phase == Phase.BIDDING
    key(app, pygame.K_h, "h")
    wait_for_hint(app, table)
    hint = table.hints.hint
    assert hint is not None and hint.action in table.c.hand.legal_actions()
    assert hint.action == expert_choice(table)
    shown = texts(app)
    assert t("hints.title", action=action_text(t, hint)) in shown
    reason_words = {"en": ("best game", "worth", "sampled deals"),
                    "de": ("bestes Spiel", "wert", "Probeverteilungen")}[lang]
    assert any(any(w in line for w in reason_words) for line in shown), shown
    assert fits(app) == []
    assert 1 in table.c.hinted


def test_the_hints_of_one_hand_come_from_one_expert() -> None:
    """Every hint of a hand asks the same expert, so what its simulation found for a
    bid (``skat_calls.confirmed_limit``) holds for the auction's later hints until the
    auction tells something new (the panel keeps it by the hand's serial)."""
    app = make_app("en")
    app.settings["hints"] = True
    table = table_at(app, "skat", ISKO, 3, 1, declarer_seed(ISKO))
    seen = []
    for _ in range(12):
        if not (table.c.human_to_move and table.c.hand.phase == Phase.BIDDING):
            break
        key(app, pygame.K_h, "h")
        wait_for_hint(app, table)
        assert table.hints.search is not None and table.hints.hint is not None
        assert table.hints.hint.action == expert_choice(table)
        seen.append(table.hints.search.player)
        table.apply_human(table.hints.hint.action)
        for _ in range(3000):
            if (table.c.human_to_move and not table.animating) or table.c.hand.phase != Phase.BIDDING:
                break
            app.frame(0.05)
    assert len(seen) >= 2 and all(p is seen[0] for p in seen)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_card_hint_by_button_puts_each_cards_chance_on_it(lang: str) -> None:
    app = make_app(lang)
    app.settings["hints"] = True
    t = Translator(lang)
    seed = declarer_seed(ISKO)
    table = table_at(app, "skat", ISKO, 3, 2, seed, stop=None)
    ctl = table.c
    _drive(table, _winner_policy(0, stop=_human_stop(ctl, 6, 2)))
    for _ in range(3000):
        if ctl.human_to_move and not table.animating:
            break
        app.frame(0.05)
    assert ctl.hand.phase == Phase.PLAY
    button = next(b for b in table.toolbar.buttons if b.label == t("btn.hint") + " (H)")
    click(app, (button.x + 10, button.y + 10))
    assert table.hints.search is not None
    thinking = wait_for_hint(app, table)
    assert any(line.startswith(t("hints.thinking")) for line in thinking)  # the thinking line, frames apart
    hint = table.hints.hint
    assert hint is not None and hint.kind == "card" and hint.action == expert_choice(table)
    legal = [a for a in ctl.hand.legal_actions() if a < 32]
    shown = texts(app)
    assert len(legal) > 1
    if not hint.by_rule:
        assert set(hint.card_values) == set(legal)
        for v in hint.card_values.values():  # each card's number is drawn on the table
            assert value_label(hint.measure, v) in shown
        assert any("%" in line and ("sampled deals" in line or "ausgeloste" in line) for line in shown)
    assert fits(app) == []
    # Playing the suggested card: the hint goes, the next decision needs a new one.
    table.apply_human(hint.action)
    app.frame(0.02)
    assert table.hints.hint is None


@pytest.mark.parametrize("lang", ["en", "de"])
def test_officers_hint_and_the_mark_on_the_score_sheet_kept_with_the_save(lang: str) -> None:
    storage = MemoryStorage()
    app = make_app(lang, storage)
    app.settings["hints"] = True
    t = Translator(lang)
    table = table_at(app, "officers", OFFICERS, 2, 1, 5)
    key(app, pygame.K_h, "H")
    wait_for_hint(app, table)
    hint = table.hints.hint
    assert hint is not None and hint.action in table.c.hand.legal_actions()
    assert hint.action == expert_choice(table)
    assert fits(app) == []
    number = table.c.match.hand_number
    assert table.c.hinted == {number}
    # The mark is in the save: a resumed match still shows it.
    resumed = Store(storage, language=lang).load_match()
    assert resumed is not None and resumed.hinted == (number,)
    app2 = make_app(lang, storage)
    ctl = app2.services.load_match()
    assert ctl is not None and ctl.hinted == {number}
    # Finish the hand: the score sheet marks it, with the legend.
    ctl.autoplay = True
    table2 = TableScene(app2, ctl)
    app2.push(table2)
    for _ in range(5000):
        if ctl.hand.done:
            break
        app2.frame(0.05)
    app2.push(SheetScene(app2, ctl))
    app2.frame(0.02)
    shown = texts(app2)
    assert "*" in shown and t("sheet.hint_mark") in shown
    assert fits(app2) == []


def test_no_hint_when_it_is_not_the_persons_turn() -> None:
    app = make_app("de")
    app.settings["hints"] = True
    table = table_at(app, "skat", ISKO, 3, 1, 4)
    table.c.autoplay = True  # the computer has the person's seat: never the person's turn
    key(app, pygame.K_h, "h")
    assert table.hints.search is None and table.message == Translator("de")("hints.not_now")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_hint_never_names_a_card_the_person_cannot_see(lang: str) -> None:
    """Harlequin Skat: the expert may pick one of the person's face-down cards; the hint says so
    without naming it (the person must not learn their hidden cards from a hint)."""
    from skat.ui.hint import card_text

    app = make_app(lang)
    app.settings["hints"] = True
    t = Translator(lang)
    rules = OFFICERS.with_options(officers_layout="harlequin")
    table = table_at(app, "officers", rules, 2, 1, 5,
                     stop=_winner_policy(0, stop=lambda hand, pl: len(hand.tricks) >= 4 and pl == 0))
    key(app, pygame.K_h, "h")
    wait_for_hint(app, table)
    hint = table.hints.hint
    assert hint is not None and hint.kind == "card" and hint.blind  # this position's choice is a face-down card
    shown = texts(app)
    assert t("hints.title", action=t("hints.do.blind")) in shown
    assert not any(card_text(t, hint.action) in line for line in shown)
    assert fits(app) == []


def test_the_hint_marks_stay_with_the_kept_score_sheet() -> None:
    """A finished match keeps its marks (past matches), and a sheet kept before marks existed reads as none."""
    import json

    from skat.storage import MatchInProgress

    storage = MemoryStorage()
    store = Store(storage, language="en")
    match = Match.new("skat", ISKO, players=3, hands=3, seed=2)
    h = match.current
    while not h.done:
        match.act(h.legal_actions()[0])
    game = MatchInProgress(match=match, hinted=(1,))
    assert store.save_match(game)
    kept = store.finish_match(game)
    assert kept.hinted == (1,) and Store(storage, language="en").sheets()[-1].hinted == (1,)
    doc = json.loads(storage.load("sheets") or "")
    for sheet in doc["matches"]:
        del sheet["hinted"]
    storage.save("sheets", json.dumps(doc))
    assert Store(storage, language="en").sheets()[-1].hinted == ()
