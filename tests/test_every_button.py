"""Every button of every screen reachable from the title, pressed with real mouse and key events,
for a fresh data folder and for a long-used one (many past matches, some kept by an older version
without their deals, statistics and a match in progress).  Nothing may raise.

The walk is breadth first: each screen is reached again from a fresh copy of the data folder by
replaying the presses that led to it, so every press starts from the same state a player would see.
"""

from __future__ import annotations

import json
import os
import random
import shutil
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from skat.engine.match import Match  # noqa: E402
from skat.engine.rules import ISKO, LOTHAR, OFFICERS  # noqa: E402
from skat.storage import FileStorage, MatchInProgress, Store  # noqa: E402
from skat.ui.app import App  # noqa: E402

Press = tuple[str, object]
"""("click", button label) or ("keys", (key, ...))."""

KEY_PRESSES: tuple[tuple[int, ...], ...] = (
    (pygame.K_RETURN,), (pygame.K_a,), (pygame.K_r,), (pygame.K_h,), (pygame.K_DOWN, pygame.K_RETURN),
    (pygame.K_ESCAPE,),
)
MAX_DEPTH = 4


def played(match: Match, rng: random.Random, hands: int) -> Match:
    while len(match.sheet) < hands and not match.finished:
        hand = match.current
        assert hand is not None
        if hand.done:
            match.next_hand()
            continue
        match.apply(rng.choice(hand.legal_actions()))
    return match


def long_used_folder(directory: Path) -> Path:
    """24 past matches of every kind, every third one kept without its deals (as older versions
    kept them), statistics, and a match in progress."""
    store = Store(FileStorage(directory, fsync=False), language="en")
    rng = random.Random(4)
    kinds = [("skat", ISKO, 3, 3), ("skat", LOTHAR.with_options(seeger_fabian=True), 4, 4),
             ("officers", OFFICERS, 2, 2)]
    for i in range(24):
        game, rules, players, hands = kinds[i % 3]
        match = played(Match.new(game, rules, players=players, hands=hands, seed=100 + i), rng, hands - (i % 4 == 1))
        store.finish_match(MatchInProgress(match, person=i % players, ai="normal", id=f"m{i:02d}"))
    path = directory / "sheets.json"
    doc = json.loads(path.read_text())
    for n, entry in enumerate(doc["matches"]):
        if n % 3 == 1:
            entry.pop("deals", None)  # the format before the deals were kept
    path.write_text(json.dumps(doc))
    current = played(Match.new("skat", ISKO, players=3, hands=36, seed=9), rng, 2)
    store.save_match(MatchInProgress(current, id="now"))
    assert not store.notices
    return directory


class Walk:
    def __init__(self, template: Path, work: Path) -> None:
        self.template, self.work, self.runs = template, work, 0

    def app(self) -> App:
        self.runs += 1
        folder = self.work / f"run{self.runs}"
        shutil.copytree(self.template, folder)
        app = App(size=(1280, 720), store=Store(FileStorage(folder, fsync=False), language="en"), headless=True)
        app.settings["animation"] = "off"
        app.start()
        app.frame(0.02)
        return app

    @staticmethod
    def buttons(app: App) -> list[tuple[str, pygame.Rect]]:
        """The buttons on the topmost layer drawn, as the player sees them (pixel rectangles)."""
        app.painter.start_recording()
        app.frame(0.02)
        boxes = app.painter.stop_recording()
        top = max((b.layer for b in boxes), default=0)
        return [(b.label, b.rect) for b in boxes if b.kind == "button" and b.layer == top]

    @staticmethod
    def press(app: App, step: Press) -> None:
        kind, what = step
        if kind == "click":
            found = [rect for label, rect in Walk.buttons(app) if label == what]
            if not found:
                return  # the screen changed on its own (a hand ended): nothing to press
            pos = found[0].center
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False))
            app.frame(0.02)
        else:
            for k in what:  # type: ignore[union-attr]
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, unicode="", mod=0, scancode=0))
                app.frame(0.02)
        for _ in range(3):  # let the new screen settle (a computer player's first slices too)
            app.frame(0.02)

    @staticmethod
    def screen(app: App) -> tuple[str, ...]:
        return tuple(type(s).__name__ for s in app.stack.scenes)

    def run(self) -> Iterator[tuple[tuple[Press, ...], tuple[str, ...]]]:
        """Every (presses, screen) reached; raises whatever a press raises."""
        queue: list[tuple[Press, ...]] = [()]
        seen: set[tuple[str, ...]] = set()
        while queue:
            path = queue.pop(0)
            app = self.app()
            for step in path:
                self.press(app, step)
            here = self.screen(app)
            if here in seen or not app.running:
                continue
            seen.add(here)
            yield path, here
            if len(path) >= MAX_DEPTH:
                continue
            steps: list[Press] = [("click", label) for label, _ in self.buttons(app)]
            steps += [("keys", keys) for keys in KEY_PRESSES]
            for step in steps:
                app = self.app()
                for earlier in path:
                    self.press(app, earlier)
                try:
                    self.press(app, step)
                except Exception as exc:
                    raise AssertionError(f"{' → '.join(map(str, (*path, step)))} on {here}: {exc!r}") from exc
                if app.running and self.screen(app) not in seen:
                    queue.append((*path, step))


@pytest.mark.slow
@pytest.mark.parametrize("folder", ["fresh", "long-used"])
def test_every_button_of_every_screen_from_the_title(tmp_path: Path, folder: str) -> None:
    template = tmp_path / "template"
    template.mkdir()
    if folder == "long-used":
        long_used_folder(template)
    walk = Walk(template, tmp_path)
    screens = {here for _, here in walk.run()}
    names = {name for here in screens for name in here}
    assert {"TitleScene", "SetupScene", "HistoryScene", "HelpScene", "StatsScene", "SettingsScene",
            "TableScene"} <= names
    if folder == "long-used":
        assert {"SheetScene", "AnalysisScene", "ReplayScene"} <= names


def test_analysis_and_replay_open_for_every_kept_sheet_or_say_why_not(tmp_path: Path) -> None:
    """Each of the 24 past matches, opened from Past matches with the keyboard: A and R open the analysis
    and the replay of its last hand where its deals were kept; where not, both buttons are off and a line
    says why, and the keys do nothing."""
    long_used_folder(tmp_path)
    app = App(size=(1280, 720), store=Store(FileStorage(tmp_path, fsync=False), language="en"), headless=True)
    app.settings["animation"] = "off"
    app.start()
    app.frame(0.02)
    kept = app.services.past_sheets()
    assert len(kept) == 24 and sum(not m.replayable for m in kept) == 8
    why = app.t("sheet.no_record")
    for i, m in enumerate(kept):
        app.stack.reset(app.stack.scenes[0])
        app.frame(0.02)
        Walk.press(app, ("click", app.t("menu.history")))
        Walk.press(app, ("keys", (pygame.K_DOWN,) * i + (pygame.K_RETURN,)))
        assert Walk.screen(app)[-1] == "SheetScene" and app.stack.top.c.match.id == m.id
        app.painter.start_recording()
        app.frame(0.02)
        texts = {b.label for b in app.painter.stop_recording()}
        tools = app.stack.top.tools
        assert [b.enabled for b in tools] == [m.replayable] * 2
        assert (why in texts) != m.replayable
        for k, scene in ((pygame.K_a, "AnalysisScene"), (pygame.K_r, "ReplayScene")):
            Walk.press(app, ("keys", (k,)))
            assert Walk.screen(app)[-1] == (scene if m.replayable else "SheetScene")
            if m.replayable:
                view = app.stack.top.view
                assert view.hand.done and view.hand.result == m.sheet[-1].result
                Walk.press(app, ("keys", (pygame.K_ESCAPE,)))
