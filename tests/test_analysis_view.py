"""The analysis screen and the hand replay, driven by real input events in both languages."""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from skat.ai.review import analysis  # noqa: E402
from skat.engine import actions as A  # noqa: E402
from skat.engine.match import Match  # noqa: E402
from skat.engine.rules import ISKO, OFFICERS  # noqa: E402
from skat.engine.tricks import GameType  # noqa: E402
from skat.lab import fit  # noqa: E402
from skat.lab.shots import _drive, _winner_policy, settle  # noqa: E402
from skat.storage import FileStorage, MatchInProgress, Store  # noqa: E402
from skat.ui.analysis_view import AnalysisScene  # noqa: E402
from skat.ui.app import App  # noqa: E402
from skat.ui.controller import MatchController  # noqa: E402
from skat.ui.hand_replay import ReplayScene  # noqa: E402
from skat.ui.result import ResultScene  # noqa: E402
from skat.ui.sheet import SheetScene  # noqa: E402
from skat.ui.table import TableScene  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent))  # the composed hands live in test_analysis
from test_analysis import CARDS_DECK, CARDS_PLAY, WRONG_LEAD_DECK, WRONG_LEAD_PLAY  # noqa: E402
from uihelp import center, click, key, make_app  # noqa: E402

WORDS = {
    "en": {
        "nine": "9 of spades",
        "trick3": "trick 3",
        "yours": "was yours",
        "cards": "The cards decided",
        "replay3": "Trick 3 of 10",
        "face_down": "face-down",
        "working": "Solving",
    },
    "de": {
        "nine": "Pik-Neun",
        "trick3": "3. Stich",
        "yours": "war deiner",
        "cards": "Die Karten haben entschieden",
        "replay3": "Stich 3 von 10",
        "face_down": "verdeckten",
        "working": "Rechne",
    },
}


@pytest.fixture(autouse=True)
def _fresh_caches() -> None:
    analysis._RESULTS.clear()
    analysis._POSITIONS.clear()


def screen_text(app: App) -> str:
    p = app.painter
    p.start_recording()
    app.draw()
    boxes = p.stop_recording()
    assert fit.problems(boxes, p) == []
    return "\n".join(b.label for b in boxes if b.kind == "text")


def composed_match(deck: list[int], game: GameType, play: list[int]) -> MatchController:
    """A one-hand match in which the person (forehand) played ``play`` as declarer of ``game`` Hand."""
    match = Match.new("skat", ISKO, players=3, hands=3, seed=1, first_dealer=2)
    match.redeal(deck)
    for a in (A.PASS, A.PASS, A.bid(18), A.HAND, A.declare(game), *play):
        match.apply(a)
    assert match.current is not None and match.current.done
    return MatchController(match, human=0, seed=1)


def open_from_sheet(app: App, ctl: MatchController, button: int) -> None:
    app.push(SheetScene(app, ctl))
    app.frame(0.02)
    sheet = app.stack.top
    assert isinstance(sheet, SheetScene)
    click(app, (300, 120 + 10))  # the first (only) row
    assert sheet.selected == 0
    click(app, center(sheet.tools[button]))


def run_analysis(app: App, limit: int = 5000) -> AnalysisScene:
    scene = app.stack.top
    assert isinstance(scene, AnalysisScene)
    frames = 0
    while scene.work is not None and frames < limit:
        app.frame(0.02)
        frames += 1
    assert scene.result is not None
    assert frames > 3  # it took many frames: the work was spread over them
    return scene


@pytest.mark.parametrize("lang", ["en", "de"])
def test_analysis_from_the_score_sheet_names_the_wrong_lead(lang: str) -> None:
    app = make_app(lang)
    ctl = composed_match(WRONG_LEAD_DECK, GameType.CLUBS, WRONG_LEAD_PLAY)
    open_from_sheet(app, ctl, 0)
    assert WORDS[lang]["working"] in screen_text(app)  # the progress screen comes first
    run_analysis(app)
    text = screen_text(app)
    w = WORDS[lang]
    assert w["yours"] in text and w["nine"] in text and w["trick3"] in text
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, SheetScene)


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "de"])
def test_analysis_of_a_hand_lost_on_the_cards_says_so(lang: str) -> None:
    app = make_app(lang)
    ctl = composed_match(CARDS_DECK, GameType.HEARTS, CARDS_PLAY)
    open_from_sheet(app, ctl, 0)
    run_analysis(app)
    assert WORDS[lang]["cards"] in screen_text(app)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_replay_steps_trick_by_trick_with_keys_wheel_and_buttons(lang: str) -> None:
    app = make_app(lang)
    ctl = composed_match(WRONG_LEAD_DECK, GameType.CLUBS, WRONG_LEAD_PLAY)
    open_from_sheet(app, ctl, 1)
    replay = app.stack.top
    assert isinstance(replay, ReplayScene)
    assert replay.step == 0
    start = screen_text(app)
    for _ in range(3):
        key(app, pygame.K_RIGHT)
    assert replay.step == 3 and WORDS[lang]["replay3"] in screen_text(app)
    key(app, pygame.K_LEFT)
    assert replay.step == 2
    click(app, center(replay.next_button))
    assert replay.step == 3
    click(app, center(replay.prev_button))
    assert replay.step == 2
    key(app, pygame.K_END)
    assert replay.step == 10 and not replay.next_button.enabled
    key(app, pygame.K_RIGHT)
    assert replay.step == 10
    key(app, pygame.K_HOME)
    assert replay.step == 0 and screen_text(app) == start
    # All hands are open: every card of the three hands is drawn at the start.
    p = app.painter
    p.start_recording()
    app.draw()
    shown = {int(b.label) for b in p.stop_recording() if b.kind == "card"}
    assert len(shown) == 32  # 30 in the hands, the skat
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, SheetScene)


def _play_to_result(app: App, game: str = "skat") -> TableScene:
    if game == "skat":
        match = Match.new("skat", ISKO, players=3, hands=3, seed=4, first_dealer=2)
    else:
        match = Match.new("officers", OFFICERS, players=2, hands=2, seed=2, first_dealer=1)
    table = TableScene(app, MatchController(match, human=0, seed=4))
    app.push(table)
    if game == "skat":
        _drive(table, _winner_policy(0))
    else:
        _drive(
            table,
            lambda hand, pl: (
                hand.legal_actions()[2]
                if hand.phase == 3 and len(hand.legal_actions()) > 2
                else hand.legal_actions()[-1]
                if hand.phase != 6
                else hand.legal_actions()[0]
            ),
        )
    settle(app, until=lambda: isinstance(app.stack.top, ResultScene))
    assert isinstance(app.stack.top, ResultScene)
    return table


def _result_button(app: App, label: str) -> tuple[float, float]:
    result = app.stack.top
    b = next(b for b in result.group.buttons if b.label == label)
    return center(b)


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "de"])
def test_result_screen_opens_the_analysis_and_the_replay(lang: str) -> None:
    app = make_app(lang)
    _play_to_result(app)
    click(app, _result_button(app, app.t("analysis.button")))
    run_analysis(app)
    scene = app.stack.top
    assert isinstance(scene, AnalysisScene)
    text = screen_text(app)
    assert any(
        key in text
        for key in (
            WORDS[lang]["cards"],
            app.t("analysis.verdict.mine").split(":")[0],
            app.t("analysis.verdict.other").split(":")[0],
        )
    )
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, ResultScene)
    click(app, _result_button(app, app.t("replay.button")))
    assert isinstance(app.stack.top, ReplayScene)
    key(app, pygame.K_RIGHT)
    assert app.stack.top.step == 1
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, ResultScene)


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "de"])
def test_officers_analysis_says_the_face_down_cards_were_known(lang: str) -> None:
    app = make_app(lang)
    _play_to_result(app, "officers")
    click(app, _result_button(app, app.t("analysis.button")))
    run_analysis(app, limit=20000)
    assert WORDS[lang]["face_down"] in screen_text(app)


def _says_ended_early(app: App) -> None:
    """The analysis on top works a few frames, then says the hand ended early (it is not replayed)."""
    scene = app.stack.top
    assert isinstance(scene, AnalysisScene)
    for _ in range(50):
        app.frame(0.02)
    assert scene.result is not None and scene.result.unsupported == "conceded"
    assert app.t("analysis.unsupported.conceded") in screen_text(app)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_analysis_of_a_hand_whose_last_card_was_claimed_says_so_and_never_crashes(lang: str, tmp_path: Path) -> None:
    """The person claims the rest with one card left, the third of the last trick: the claim
    gathers that one card, so as many actions follow the first card as cards lie in the tricks.
    The analysis must still see that the hand was not played out (it used to replay the gathered
    card as a play, and the solver refused it: the game ended with a ValueError)."""
    app = make_app(lang)
    match = Match.new("skat", ISKO, players=3, hands=3, seed=1, first_dealer=2)
    match.redeal(WRONG_LEAD_DECK)
    for a in (A.PASS, A.PASS, A.bid(18), A.HAND, A.declare(GameType.CLUBS), *WRONG_LEAD_PLAY[:29]):
        match.apply(a)
    hand = match.current
    assert hand is not None and len(hand.tricks) == 9 and len(hand.trick) == 2
    person = match.seats[hand.to_move]
    app.push(TableScene(app, MatchController(match, human=person, seed=1)))
    app.frame(0.02)
    table = app.stack.top
    claim = next(b for b in table.toolbar.buttons if b.label == app.t("btn.claim"))
    click(app, center(claim))
    key(app, pygame.K_LEFT)  # the confirm dialog: "Claim the rest", then Enter
    key(app, pygame.K_RETURN)
    for _ in range(3000):
        if isinstance(app.stack.top, ResultScene):
            break
        app.frame(0.02)
    assert isinstance(app.stack.top, ResultScene) and match.actions[-1][-1] in A.PLAY_ENDINGS
    click(app, _result_button(app, app.t("analysis.button")))
    _says_ended_early(app)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, ResultScene)

    # After a restart: the match given up, kept in the data folder, opened from Past matches.
    folder = tmp_path / "data"
    assert Store(FileStorage(folder), language=lang).finish_match(MatchInProgress(match, id="claimed"))
    analysis._RESULTS.clear()
    again = make_app(lang, FileStorage(folder))
    click(again, center(next(b for b in again.stack.top.group.buttons if b.label == again.t("menu.history"))))
    key(again, pygame.K_RETURN)  # the one past match
    sheet = again.stack.top
    assert isinstance(sheet, SheetScene) and sheet.selected == 0
    key(again, pygame.K_a)
    _says_ended_early(again)


def test_the_frame_that_first_shows_the_analysis_draws_no_card_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rendering a card face at a new size takes about a millisecond, and the analysis shows thirty:
    the first frame of the result waited 40 ms for them.  They are drawn in the work's own slices,
    so that frame only copies them."""
    from skat.ui import card_art

    rendered: list[int] = []
    real = card_art._render_face

    def counting(card: int, *args: object) -> object:
        rendered.append(card)
        return real(card, *args)

    monkeypatch.setattr(card_art, "_render_face", counting)
    card_art.clear_cache()
    app = make_app("en")
    open_from_sheet(app, composed_match(WRONG_LEAD_DECK, GameType.CLUBS, WRONG_LEAD_PLAY), 0)
    scene = app.stack.top
    assert isinstance(scene, AnalysisScene)
    app.frame(0.02)
    for _ in range(5000):
        if scene.result is not None:
            break
        scene.update(0.02)  # a frame's slice of the work
    assert scene.result is not None and len(scene.result.notes) == 30
    before = len(rendered)
    app.draw()
    assert len(rendered) == before, "the first frame of the result rendered card faces"
    assert WORDS["en"]["trick3"] in screen_text(app)
