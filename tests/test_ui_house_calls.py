"""Schenken and Revolution at the table, by mouse and touch: the person gives as a defender and
answers a gift as the declarer; declares a Revolution by its toggle; picks a card of its own and
one of its partner's (shown face up) and swaps them; the set-up's third page sets both options."""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from skat.engine import actions as A  # noqa: E402
from skat.engine.deal import SkatDeal  # noqa: E402
from skat.engine.hand_state import Phase  # noqa: E402
from skat.engine.match import Match  # noqa: E402
from skat.engine.rules import ISKO  # noqa: E402
from skat.engine.tricks import GameType  # noqa: E402
from skat.ui.controller import MatchController  # noqa: E402
from skat.ui.layout import RATIO  # noqa: E402
from skat.ui.table import TableScene  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent))
import uihelp  # noqa: E402
from test_ui import button_center, cards, click, settle  # noqa: E402
from test_ui_setup import forward, make_app, open_setup  # noqa: E402

GIFT_DEAL = ("CJ SJ HJ DJ CA CT C9 C7 HA D8", "CK C8 SA ST SK HK H9 DA DK D9", "CQ SQ S9 S8 S7 HT HQ H8 DT DQ",
             "H7 D7")
REVOLUTION_DEAL = ("D7 D9 DK SJ SQ SA C7 C8 CQ CA", "D8 DT DQ DA HJ S7 C9 CT CJ CK", "H7 H8 H9 HT HQ HK HA S8 S9 SK",
                   "DJ ST")
CLUBS_HAND = [A.PASS, A.PASS, A.bid(18), A.HAND, A.declare(GameType.CLUBS)]


@pytest.fixture
def app():  # type: ignore[no-untyped-def]
    yield uihelp.make_app("en", size=(960, 540), animation="fast")
    pygame.event.clear()


def table_for(app, rules, deal, human: int, script: list[int]) -> TableScene:  # type: ignore[no-untyped-def]
    """A table on ``deal`` whose first actions are ``script`` (whoever's they are)."""
    match = Match.new("skat", rules, players=3, hands=3, seed=1, first_dealer=2)
    match.redeal(SkatDeal.from_hands(*[cards(*text.split()) for text in deal]).deck)
    table = TableScene(app, MatchController(match, human=human, seed=1))
    app.push(table)
    for action in script:
        table.queue.extend(match.act(action))
    table.dialog_key = None
    settle(app, table)
    return table


def test_the_person_gives_as_a_defender_by_touch(app) -> None:  # type: ignore[no-untyped-def]
    table = table_for(app, ISKO.with_options(schenken=True), GIFT_DEAL, 1, CLUBS_HAND)
    hand = table.c.hand
    assert hand.phase == Phase.GIFT and hand.to_move == 1
    labels = [b.label for b in table.current_dialog().group.buttons]  # type: ignore[union-attr]
    assert labels == ["Play on", "Give it"]
    click(app, button_center(table, "Give it"), touch=True)
    settle(app, table)
    # rearhand (one trump, no Ace) gives too; forehand, with nine sure tricks, declines for Schneider
    assert hand.gift_offers == [1, 2] and hand.gift in ("schneider", "schwarz") and hand.schneider_announced


def test_the_person_takes_a_gift_with_the_mouse(app) -> None:  # type: ignore[no-untyped-def]
    table = table_for(app, ISKO.with_options(schenken=True), GIFT_DEAL, 0, [*CLUBS_HAND, A.GIFT, A.GIFT])
    hand = table.c.hand
    dlg = table.current_dialog()
    assert dlg is not None and hand.gift == "offered"
    notes = {b.label: b.note for b in dlg.group.buttons}
    assert notes == {"Take it": "96", "Schneider": "120", "Schwarz": "144"}
    click(app, button_center(table, "Take it"))
    settle(app, table)
    assert hand.done and hand.result is not None and hand.result.gift == "taken" and hand.result.value == 96


def test_the_person_declares_a_revolution_by_its_toggle(app) -> None:  # type: ignore[no-untyped-def]
    table = table_for(app, ISKO.with_options(revolution=True), REVOLUTION_DEAL, 2, [A.PASS, A.bid(18), A.PASS, A.HAND])
    dlg = table.current_dialog()
    assert dlg is not None and {b.label: b.note for b in dlg.group.buttons}["Null"] == "35"
    click(app, button_center(table, "Revolution"), touch=True)
    assert {b.label: b.note for b in table.current_dialog().group.buttons}["Null"] == "92"  # type: ignore[union-attr]
    click(app, button_center(table, "Null"))
    hand = table.c.hand
    assert hand.revolution and hand.game == GameType.NULL and hand.ouvert


def _top_strip(table: TableScene, card: int) -> tuple[float, float]:
    """A point on the visible part of a card: the bottom one's lower part, a side fan's top strip."""
    sp = table.sprites[card]
    if card in [c for c in range(32) if table.c.hand.hands[table.c.human_seat] >> c & 1]:  # type: ignore[index]
        return sp.x, sp.y + sp.w * RATIO / 2 - 12
    return sp.x, sp.y - sp.w * RATIO / 2 + 8


@pytest.mark.parametrize("touch", [False, True])
def test_the_person_swaps_with_the_partner_whose_cards_lie_open(app, touch: bool) -> None:  # type: ignore[no-untyped-def]
    script = [A.PASS, A.bid(18), A.PASS, A.HAND, A.declare(GameType.NULL, revolution=True)]
    table = table_for(app, ISKO.with_options(revolution=True), REVOLUTION_DEAL, 0, script)
    hand = table.c.hand
    assert hand.phase == Phase.EXCHANGE and hand.to_move == 0
    targets = table.targets()
    s7, ca = cards("S7", "CA")
    assert targets[s7].face_up  # the partner's cards face up for the person
    swap = next(b for b in table.current_dialog().group.buttons if b.label == "Swap")  # type: ignore[union-attr]
    assert not swap.enabled
    click(app, _top_strip(table, ca), touch=touch)
    click(app, _top_strip(table, s7), touch=touch)
    assert table.selected == {ca, s7}
    click(app, button_center(table, "Swap"), touch=touch)
    assert hand.hands[0] >> s7 & 1 and hand.hands[1] >> ca & 1
    settle(app, table)  # the two cards change places
    assert table.targets()[ca].face_up and not table.selected
    click(app, button_center(table, "Done"), touch=touch)
    settle(app, table)
    assert hand.phase == Phase.PLAY or hand.done


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_third_set_up_page_sets_schenken_and_revolution(lang: str) -> None:
    a = make_app(lang)
    setup = open_setup(a)
    forward(a, setup, "page")
    forward(a, setup, "page")
    assert setup.page == "more"
    forward(a, setup, "schenken")
    forward(a, setup, "revolution")
    assert setup.rules() == ISKO.with_options(schenken=True, revolution=True)


@pytest.mark.parametrize(("lang", "given", "declined", "revolution"), [
    ("de", "Kreuz mit 6, Hand, geschenkt", "Kreuz mit 6, Hand, Schenken abgelehnt, Schwarz angesagt", "Revolution"),
    ("en", "Clubs with 6, Hand, given", "Clubs with 6, Hand, gift declined, Schwarz announced", "Revolution"),
])
def test_the_sheet_names_a_gift_and_a_revolution(lang: str, given: str, declined: str, revolution: str) -> None:
    from skat.i18n import Translator
    from skat.ui.game_names import game_name, of_result

    t = Translator(lang)
    results = {}
    for answer in (A.GIFT_TAKEN, A.GIFT_SCHWARZ):
        match = Match.new("skat", ISKO.with_options(schenken=True), players=3, hands=3, seed=1, first_dealer=2)
        match.redeal(SkatDeal.from_hands(*[cards(*text.split()) for text in GIFT_DEAL]).deck)
        for action in [*CLUBS_HAND, A.GIFT, A.GIFT, answer]:
            match.act(action)
        while not match.current.done:  # type: ignore[union-attr]
            match.act(match.current.legal_actions()[0])  # type: ignore[union-attr]
        results[answer] = match.current.result  # type: ignore[union-attr]
    assert game_name(t, of_result(results[A.GIFT_TAKEN])) == given
    assert game_name(t, of_result(results[A.GIFT_SCHWARZ])).startswith(declined)
    assert game_name(t, of_result(results[A.GIFT_TAKEN]), short=True).endswith(t("gname.short.gift_taken"))
    match = Match.new("skat", ISKO.with_options(revolution=True), players=3, hands=3, seed=1, first_dealer=2)
    match.redeal(SkatDeal.from_hands(*[cards(*text.split()) for text in REVOLUTION_DEAL]).deck)
    for action in [A.PASS, A.bid(18), A.PASS, A.HAND, A.declare(GameType.NULL, revolution=True), A.NO_CALL,
                   A.NO_CALL]:
        match.act(action)
    while not match.current.done:  # type: ignore[union-attr]
        match.act(match.current.legal_actions()[0])  # type: ignore[union-attr]
    assert game_name(t, of_result(match.current.result)) == revolution  # type: ignore[union-attr]


def test_a_hint_names_the_new_calls() -> None:
    from skat.ai.review.hint import HintSearch
    from skat.i18n import Translator
    from skat.ui.hint import action_text

    t = Translator("en")
    match = Match.new("skat", ISKO.with_options(schenken=True), players=3, hands=3, seed=1, first_dealer=2)
    match.redeal(SkatDeal.from_hands(*[cards(*text.split()) for text in GIFT_DEAL]).deck)
    for action in CLUBS_HAND:
        match.act(action)
    hand = match.current
    assert hand is not None and hand.phase == Phase.GIFT
    search = HintSearch(hand, 1, seed=1)
    while not search.step(0.05):
        pass
    assert search.hint is not None and search.hint.action in hand.legal_actions()
    assert action_text(t, search.hint) in ("give the game", "play on")
    match = Match.new("skat", ISKO.with_options(revolution=True), players=3, hands=3, seed=1, first_dealer=2)
    match.redeal(SkatDeal.from_hands(*[cards(*text.split()) for text in REVOLUTION_DEAL]).deck)
    for action in [A.PASS, A.bid(18), A.PASS, A.HAND, A.declare(GameType.NULL, revolution=True)]:
        match.act(action)
    search = HintSearch(match.current, 0, seed=1)  # type: ignore[arg-type]
    while not search.step(0.05):
        pass
    assert search.hint is not None and search.hint.action == A.swap(*cards("CA", "S7"))
    assert "for your partner's" in action_text(t, search.hint)
