"""Every scene and dialog keeps its texts, cards and buttons inside their boxes
and the window, with nothing on top of anything else (issue 7, finding 5).

The painter records what it draws when asked (``Painter.boxes``); the tour of
``skat shots`` puts the app into every scene and dialog; ``skat.lab.fit``
judges each frame.  The specific findings are driven by real input events.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from contextlib import nullcontext  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from skat.ai.effort import Effort  # noqa: E402
from skat.engine.cards import parse_card  # noqa: E402
from skat.engine.deal import SkatDeal  # noqa: E402
from skat.engine.match import Match  # noqa: E402
from skat.engine.officers import OfficersHand  # noqa: E402
from skat.engine.rules import ISKO, OFFICERS  # noqa: E402
from skat.engine.skat_hand import Phase  # noqa: E402
from skat.engine.tricks import GameType  # noqa: E402
from skat.lab import fit  # noqa: E402
from skat.lab.shots import _drive, _winner_policy, states  # noqa: E402
from skat.ui.app import App  # noqa: E402
from skat.ui.controller import MatchController  # noqa: E402
from skat.ui.layout import RATIO  # noqa: E402
from skat.ui.painter import MIN_WINDOW, DrawnBox, Painter  # noqa: E402
from skat.ui.table import TableScene  # noqa: E402
from uihelp import click, make_app, settle  # noqa: E402

SIZES = [(1280, 720), MIN_WINDOW]
PORTRAIT_SIZES = [(720, 1280), (390, 844)]
"""A phone held upright: the portrait canvas itself, and a 390x844 CSS px phone at one pixel per CSS px."""


def button_center(table: TableScene, label: str) -> tuple[float, float]:
    dlg = table.current_dialog()
    assert dlg is not None, "no dialog shown"
    b = next((b for b in dlg.group.buttons if b.label == label), None)
    assert b is not None and b.enabled, (label, [b.label for b in dlg.group.buttons])
    return b.x + b.w / 2, b.y + b.h / 2


def card_center(table: TableScene, card: int) -> tuple[float, float]:
    sp = table.sprites[card]
    return sp.x, sp.y + sp.w * RATIO / 2 - 12  # the visible lower part of an overlapped card


def cards(*names: str) -> list[int]:
    return [parse_card(n) for n in names]


def frame_boxes(app: App) -> list[DrawnBox]:
    p = app.painter
    p.start_recording()
    app.draw()
    return p.stop_recording()


def texts(boxes: list[DrawnBox]) -> list[str]:
    return [b.label for b in boxes if b.kind == "text"]


# ----------------------------------------------------------------- the whole tour
EXPECTED_STATES = {
    "01-menu", "02-setup", "03-skat-bidding", "03b-skat-hold", "03c-skat-alone", "03d-skat-take-skat",
    "04-skat-discard", "05-skat-declare", "05b-skat-declare-hand", "05c-skat-kontra", "05d-skat-re",
    "06-skat-play", "06b-skat-illegal-card", "06c-skat-left-declarer", "06d-last-trick", "06e-pause",
    "07-skat-result", "08-score-sheet", "09-officers-trump-choice", "09b-officers-dealer-kontra",
    "10-officers-mid-hand", "11-rules-help", "12-settings", "13-skat4-bidding", "14-skat4-top-declarer",
    "15-skat4-sitting-out", "16-harlequin-start", "17-harlequin-mid-hand", "16-admirals-start",
    "17-admirals-mid-hand", "18-analysis-working", "18b-analysis", "18c-officers-analysis", "19-replay-start",
    "19b-replay-trick",
}
EXPECTED_STATES |= {  # issue 10: hints and duplicate challenges
    "40-hint-thinking", "40b-hint-bidding", "40c-hint-play", "40d-hint-kontra", "40e-hint-officers-play",
    "40f-sheet-hint-mark", "40g-hint-discard", "40h-deal-link-opened", "41-share-choice", "41b-shared-with-result",
    "41c0-challenge-link-opened", "41c-challenge-compare", "41d-challenge-sent-back", "41e-challenge-damaged",
}

EXPECTED_STATES |= {  # issue 20, point 9: the statistics screen's pages and the score sheet's chart
    f"42-stats-{game}-{page}" for game, pages in (
        ("skat", ("roles", "types", "strength", "rules", "lists", "progress")),
        ("officers", ("roles", "types", "strength", "rules", "progress"))) for page in pages
} | {"42b-sheet-chart", "42c-stats-earlier-version"}


def decision_cards(app: App) -> set[str] | None:
    """The cards the person decides about at the table on top (None: no table on top):
    their own cards, and the skat while it lies in the middle (not the two put away)."""
    table = app.stack.top
    if not isinstance(table, TableScene):
        return None
    hand, seat = table.c.hand, table.c.human_seat
    mine = 0
    if seat is not None:
        mine = (hand.up[seat] | hand.down[seat] | hand.handm[seat] if isinstance(hand, OfficersHand)
                else hand.hands[seat])
    if not isinstance(hand, OfficersHand) and hand.phase > Phase.SKAT and not hand.hand_game:
        pass  # the skat was taken: the two put away lie with the declarer's tricks, decided
    else:
        mine |= getattr(hand, "skat", 0)
    return {str(c) for c in range(32) if mine >> c & 1}


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES + PORTRAIT_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_scene_and_dialog_fits(lang: str, size: tuple[int, int]) -> None:
    """Everything fits, and no dialog or panel at the table covers the cards the
    decision is about (issue 16, build 5)."""
    app = make_app(lang, size=size, animation="fast")
    seen: list[str] = []
    found: list[str] = []
    for name in states(app):
        seen.append(name)
        boxes = frame_boxes(app)
        assert any(b.kind == "text" for b in boxes), f"{name}: nothing recorded"
        found += [f"{name}: {p}" for p in fit.problems(boxes, app.painter)]
        decision = decision_cards(app)
        if decision is not None:
            assert any(b.kind == "card" and b.label in decision for b in boxes) or not decision, name
            found += [f"{name}: {p}" for p in fit.covered_decisions(boxes, decision)]
    assert set(seen) >= EXPECTED_STATES, sorted(EXPECTED_STATES - set(seen))
    assert not found, "\n".join(found)


def test_recording_is_off_unless_asked() -> None:
    app = make_app(animation="fast")
    p = app.painter
    assert p.boxes is None
    app.draw()
    assert p.boxes is None and isinstance(p.inside(0, 0, 10, 10), nullcontext)
    boxes = frame_boxes(app)
    assert boxes and p.boxes is None


def test_the_fit_check_sees_each_kind_of_fault() -> None:
    app = make_app(animation="fast")
    p = app.painter
    r = pygame.Rect
    panel = DrawnBox("panel", r(100, 100, 200, 100), "", None, 1)
    faults = {
        "leaves the window": [DrawnBox("card", r(-20, 600, 50, 77), "2", None, 0)],
        "leaves its box": [DrawnBox("text", r(250, 150, 80, 14), "Grand", r(100, 100, 200, 100), 0)],
        "overlap": [DrawnBox("text", r(10, 10, 80, 14), "Ben", None, 0),
                    DrawnBox("card", r(50, 5, 60, 90), "3", None, 0)],
        "cuts": [DrawnBox("bubble", r(250, 180, 80, 36), "Hand", None, 0), panel],
    }
    for words, boxes in faults.items():
        found = fit.problems(boxes, p)
        assert len(found) == 1 and words in found[0], (words, found)
    fine = [DrawnBox("card", r(10, 10, 60, 90), "1", None, 0), DrawnBox("card", r(40, 10, 60, 90), "2", None, 0),
            panel, DrawnBox("text", r(120, 120, 80, 14), "ok", r(100, 100, 200, 100), 1)]
    assert fit.problems(fine, p) == []


# ----------------------------------------------------------------- the findings, one by one
def _table(app: App, match: Match, human: int = 0) -> TableScene:
    table = TableScene(app, MatchController(match, human=human, seed=1))
    app.push(table)
    settle(app, table)
    return table


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_german_officers_declare_dialog_text_stays_above_its_buttons(size: tuple[int, int]) -> None:
    app = make_app("de", size=size, animation="fast")
    table = _table(app, Match.new("officers", OFFICERS, players=2, hands=2, seed=5, first_dealer=1))
    dlg = table.current_dialog()
    assert dlg is not None and table.c.hand.phase == 3
    lines = dlg.wrapped(app.painter)
    assert lines  # one line or more, as the language needs
    boxes = frame_boxes(app)
    text_bottom = max(b.rect.bottom for b in boxes if b.kind == "text" and b.label in lines)
    labels = [x.label for x in dlg.group.buttons]
    button_top = min(b.rect.top for b in boxes if b.kind == "button" and b.label in labels)
    assert text_bottom < button_top
    assert fit.problems(boxes, app.painter) == []
    click(app, button_center(table, "Grand"))  # the moved buttons still answer where they are drawn
    settle(app, table)
    assert table.c.hand.game == GameType.GRAND


def test_left_declarer_label_and_pile_stay_on_screen() -> None:
    app = make_app("en", animation="fast")
    match = Match.new("skat", ISKO, players=3, hands=3, seed=7, first_dealer=2)
    table = _table(app, match)
    left = table.c.seating().left
    _drive(table, _winner_policy(left, stop=lambda hand, pl: pl == 0 and hand.phase == 6 and len(hand.tricks) >= 2))
    settle(app, table)
    hand = table.c.hand
    assert hand.declarer == match.seat_of(left) and len(hand.tricks) >= 2
    boxes = frame_boxes(app)
    window = app.painter.rect(0, 0, 1280, 720)
    label = [b for b in boxes if b.kind == "text" and "declarer" in b.label]
    assert label and all(window.contains(b.rect) for b in label)
    skat = [b for b in boxes if b.kind == "card" and hand.skat >> int(b.label) & 1]
    assert len(skat) == 2 and all(window.contains(b.rect) for b in skat)
    assert fit.problems(boxes, app.painter) == []


def test_four_player_top_hand_leaves_the_toolbar_and_the_skat_free() -> None:
    app = make_app("de", animation="fast")
    match = Match.new("skat", ISKO, players=4, hands=4, seed=2, first_dealer=3)
    table = _table(app, match)
    boxes = frame_boxes(app)
    top = table.c.seating().top
    top_cards = {c for c in range(32) if table.c.hand.hands[match.seat_of(top)] >> c & 1}
    sheet = next(b for b in boxes if b.kind == "button" and b.label == "Spielliste")
    skat = [b for b in boxes if b.kind == "card" and table.c.hand.skat >> int(b.label) & 1]
    for b in boxes:
        if b.kind == "card" and int(b.label) in top_cards:
            assert not b.rect.colliderect(sheet.rect)
    top_label = [b for b in boxes if b.kind == "text" and b.label.startswith("Clara")]
    assert top_label and not any(s.rect.colliderect(lb.rect) for s in skat for lb in top_label)
    assert fit.problems(boxes, app.painter) == []
    # The score sheet button answers a click where it is drawn.
    click(app, (sheet.rect.centerx / app.painter.scale, sheet.rect.centery / app.painter.scale))
    assert type(app.stack.top).__name__ == "SheetScene"


@pytest.mark.parametrize("size", SIZES + PORTRAIT_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_skat_keeps_clear_of_the_label_of_a_top_player_who_deals_and_sits_out(size: tuple[int, int]) -> None:
    """At four, the player at the top deals and sits out: the skat stays in the
    four-player place, not on their label (it lay on "Clara" in landscape)."""
    app = make_app("en", size=size, animation="fast")
    match = Match.new("skat", ISKO, players=4, hands=4, seed=2, first_dealer=2)
    table = _table(app, match)
    top = table.c.seating().top
    assert top not in match.seats  # the top player sits this hand out
    boxes = frame_boxes(app)
    skat = [b for b in boxes if b.kind == "card" and table.c.hand.skat >> int(b.label) & 1]
    top_label = [b for b in boxes if b.kind == "text" and b.label.startswith("Clara")]
    assert len(skat) == 2 and top_label
    assert not any(s.rect.colliderect(lb.rect) for s in skat for lb in top_label)
    assert fit.problems(boxes, app.painter) == []
    assert fit.covered_decisions(boxes, decision_cards(app) or set()) == []  # the bid's panel leaves it in view


def _declarer_hand(app: App) -> TableScene:
    fh = cards("CJ", "SJ", "HJ", "DJ", "CA", "CT", "CK", "SA", "ST", "HA")
    mh = cards("C9", "C8", "S9", "S8", "S7", "H9", "H8", "H7", "D9", "D8")
    rh = cards("CQ", "SQ", "SK", "HK", "HQ", "HT", "DA", "DK", "DQ", "D7")
    skat = cards("C7", "DT")
    match = Match.new("skat", ISKO, players=3, hands=3, seed=1, first_dealer=2)
    match.redeal(SkatDeal.from_hands(fh, mh, rh, skat).deck)
    table = _table(app, match)
    while table.c.hand.phase == 0:
        labels = [b.label for b in table.current_dialog().group.buttons]
        want = next((lb for lb in labels if lb in ("Play at 18", "18 spielen") or lb.startswith(("Yes", "Ja"))),
                    labels[0])
        click(app, button_center(table, want))
        settle(app, table)
    return table


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_raised_cards_while_putting_away_keep_clear_of_the_labels(size: tuple[int, int]) -> None:
    app = make_app("de", size=size, animation="fast")
    table = _declarer_hand(app)
    click(app, button_center(table, "Skat aufnehmen"))
    settle(app, table)
    right = table._hand_order()[-2:]  # the two cards on the right, under the rearhand's label
    for c in right:
        click(app, card_center(table, c))
    assert table.selected == set(right)
    for _ in range(10):
        app.frame(0.05)  # let the cards rise
    boxes = frame_boxes(app)
    raised = [b for b in boxes if b.kind == "card" and int(b.label) in right]
    labels = [b for b in boxes if b.kind == "text" and b.layer == 0 and b.container is None]
    assert raised and labels
    assert not any(c.rect.colliderect(lb.rect) for c in raised for lb in labels)
    assert fit.problems(boxes, app.painter) == []


def test_the_hand_bubble_stays_clear_of_the_declare_dialog() -> None:
    app = make_app("de", animation="fast")
    table = _declarer_hand(app)
    click(app, button_center(table, "Hand spielen"))
    settle(app, table)
    assert table.c.hand.phase == 3 and table.current_dialog() is not None
    boxes = frame_boxes(app)
    bubble = next(b for b in boxes if b.kind == "bubble" and b.label == "Hand")
    dialog = next(b for b in boxes if b.kind == "panel" and b.layer > 0)
    assert not bubble.rect.colliderect(dialog.rect)
    assert fit.problems(boxes, app.painter) == []


def _ink_gaps(surface: pygame.Surface) -> list[int]:
    """Widths of the empty columns between the letters of a rendered word."""
    w, h = surface.get_size()
    ink = [max(surface.get_at((x, y)).a for y in range(h)) > 60 for x in range(w)]
    first, last = ink.index(True), w - 1 - ink[::-1].index(True)
    gaps, run = [], 0
    for x in range(first, last + 1):
        if not ink[x]:
            run += 1
        elif run:
            gaps.append(run)
            run = 0
    return gaps


def test_help_text_letter_spacing_is_even() -> None:
    """The default font's hinting rounded each glyph's advance to whole pixels, so
    at help-text sizes a word opened up ("Ska t", "w ho", "Letz ter")."""
    pygame.init()
    p = Painter(pygame.Surface((1280, 720)))
    for word in ("Skat", "two", "who", "Letzter", "Stich", "with", "Officers"):
        for size in (20, 21, 23):
            gaps = _ink_gaps(p.text_surface(word, size))
            assert max(gaps) - min(gaps) <= 1 and max(gaps) <= 2, (word, size, gaps)



# ----------------------------------------------------------------- the cards a decision is about (issue 16)
def test_the_decision_check_sees_a_panel_on_a_decision_card_and_forgives_a_badge() -> None:
    app = make_app(animation="fast")
    r = pygame.Rect
    card = DrawnBox("card", r(100, 500, 84, 130), "7", None, 0)
    dialog = DrawnBox("panel", r(90, 300, 400, 203), "", None, 1)  # its bottom edge on the card's top
    badge = DrawnBox("panel", r(104, 489, 60, 26), "", None, 1)
    assert fit.covered_decisions([card, dialog], {"7"}) and fit.covered_decisions([card, dialog], {"8"}) == []
    assert fit.covered_decisions([card, badge], {"7"}) == []
    clear = DrawnBox("panel", r(90, 300, 400, 190), "", None, 1)
    assert fit.covered_decisions([card, clear], {"7"}) == []
    assert fit.problems([card, dialog], app.painter) == []  # the general check allows a modal panel here


def _admirals_declaration(app: App) -> TableScene:
    rules = OFFICERS.with_options(officers_layout="admirals")
    table = _table(app, Match.new("officers", rules, players=2, hands=2, seed=5, first_dealer=1))
    while table.c.hand.phase == 0:  # say and hold every value, as a person would: buttons by click
        labels = [b.label for b in table.current_dialog().group.buttons]
        click(app, button_center(table, next(lb for lb in labels if lb[0].isdigit() or lb.startswith(("Ja", "Yes")))))
        settle(app, table)
    click(app, button_center(table, next(b.label for b in table.current_dialog().group.buttons
                                         if b.label in ("Skat aufnehmen", "Take the skat"))))
    settle(app, table)
    for c in [a for a in table.c.hand.legal_actions() if a < 32][:2]:
        click(app, card_center(table, c))
    click(app, button_center(table, {"de": "Drücken", "en": "Put away"}[app.t.language]))
    settle(app, table)
    assert table.c.hand.phase == 3 and table.current_dialog() is not None
    return table


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["de", "en"])
def test_admirals_declaration_and_the_four_player_hint_leave_the_decision_cards_free(
        lang: str, size: tuple[int, int]) -> None:
    """Two states the tour does not reach: the Admirals' declaration (once centred over
    the person's face-up cards) and a hint while bidding at four (over the skat)."""
    app = make_app(lang, size=size, animation="fast")
    _admirals_declaration(app)
    boxes = frame_boxes(app)
    decision = decision_cards(app)
    assert decision and fit.covered_decisions(boxes, decision) == [] and fit.problems(boxes, app.painter) == []
    app.settings["hints"] = True
    table = _table(app, Match.new("skat", ISKO, players=4, hands=4, seed=2, first_dealer=3))
    table.hints.effort = Effort.fixed(6)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, unicode="h", mod=0, scancode=0))
    for _ in range(3000):
        app.frame(0.02)
        if table.hints.hint is not None:
            break
    app.frame(0.02)
    assert table.hints.hint is not None and table.c.hand.phase == 0
    boxes = frame_boxes(app)
    decision = decision_cards(app)
    assert any(b.kind == "card" and int(b.label) in range(32) and table.c.hand.skat >> int(b.label) & 1
               for b in boxes)
    assert fit.covered_decisions(boxes, decision) == [] and fit.problems(boxes, app.painter) == []
