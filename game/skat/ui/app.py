"""The application: window, frame loop, scene stack, settings and services.

The loop is async and yields every frame (``await asyncio.sleep(0)``) so the
same code runs under pygbag in the browser, where the page owns the thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
import time
import warnings
from typing import Any

import pygame

from ..engine.challenge import decode_challenge
from ..engine.games import game_named
from ..engine.share import ShareCodeError
from .analysis_view import AnalysisScene
from .controller import MatchController
from .hand_replay import ReplayScene
from .help import HelpScene
from .history import HistoryScene
from .icon import make_icon
from .menu import PauseScene, TitleScene
from .overlays import ConfirmScene
from .painter import LOGICAL_H, LOGICAL_W, MIN_WINDOW, Painter
from .portrait import draw_turn_hint, turn_hint_input
from .result import ResultScene
from .router import Router, ScreenFactory
from .scene import Input, Scene, SceneStack
from .services import Services
from .sheet import SheetScene
from .stats_view import StatsScene
from .table import TableScene
from .web import PageViewport, deal_code_from_page

SPEEDS = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "off": 0.0}
IDLE_WAIT_MS = 250
"""How long an idle desktop loop sleeps at most before looking at the scenes again."""
SCREENS: dict[str, ScreenFactory] = {
    "title": TitleScene,
    "pause": PauseScene,
    "table": TableScene,
    "result": ResultScene,
    "sheet": SheetScene,
    "history": HistoryScene,
    "stats": StatsScene,
    "help": HelpScene,
    "analysis": AnalysisScene,
    "replay": ReplayScene,
}
"""Every screen a scene opens by name (:mod:`skat.ui.router`): the one place that knows them all."""


class App:
    def __init__(
        self, size: tuple[int, int] = (LOGICAL_W, LOGICAL_H), store: Any = None, headless: bool = False
    ) -> None:
        if headless:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        self.started = time.perf_counter()
        # Not pygame.init(): that starts the mixer too, and ALSA prints errors on a machine without a
        # sound card.  The sounds start the mixer themselves, quietly, on first use (ui/sounds.py).
        pygame.display.init()
        pygame.font.init()
        # In the browser the window has the size chosen from the page's viewport (skat.ui.web) and follows it
        # (follow_page); the page scales it: pygbag's SDL would adopt pythons.js's square canvas box if it
        # were resizable.
        flags = 0 if headless or sys.platform == "emscripten" else pygame.RESIZABLE
        self.screen = pygame.display.set_mode(size, flags)
        pygame.display.set_caption("Skat")
        if flags & pygame.RESIZABLE:
            self._set_minimum_size()
        self.headless = headless
        self.painter = Painter(self.screen)
        self.stack = SceneStack()
        self.running = True
        self.clock = pygame.time.Clock()
        self._dirty = True
        """Draw the next frame even without input (set by scene changes)."""
        self.draws = 0
        self._drawn_changes = -1
        self.notices: list[str] = []
        self.screens = Router(self, SCREENS)
        self.services = Services(self, store)
        self.t = self.services.translator()
        self.viewport = PageViewport() if self.services.web else None
        """In the browser, the page's viewport, which the window follows (:meth:`follow_page`)."""
        self._set_icon()

    # ----------------------------------------------------------- services
    @property
    def settings(self) -> dict[str, Any]:
        return self.services.settings

    @property
    def speed(self) -> float:
        return SPEEDS.get(self.settings.get("animation", "normal"), 1.0)

    def apply_settings(self) -> None:
        self.t = self.services.translator()
        self.services.settings_changed()

    def _set_icon(self) -> None:
        with contextlib.suppress(Exception):  # an icon is never worth a crash
            pygame.display.set_icon(make_icon(64))

    def _set_minimum_size(self) -> None:
        """The layout is made for windows down to MIN_WINDOW; the window stays at least that big."""
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().minimum_size = MIN_WINDOW
        except Exception:  # noqa: BLE001 - an older pygame or a browser canvas: nothing to enforce
            pass

    def notify(self, text: str) -> None:
        self.notices.append(text)
        self._dirty = True

    # ----------------------------------------------------------- scenes
    def push(self, scene: Scene) -> None:
        self.stack.push(scene)

    def pop(self) -> None:
        self.stack.pop()

    def invalidate(self) -> None:
        """Something outside the input and the scenes' timers changed what is shown."""
        self._dirty = True

    def start(self, deal_code: str | None = None, seat: int = 0) -> None:
        """The title screen, and on top of it the shared deal when a code is
        given (an empty or unusable code leaves the title with a notice that
        says why)."""
        self.screens.reset("title")
        if deal_code is not None:
            self.start_shared_deal(deal_code, seat)

    def start_from_link(self) -> None:
        """In the browser, ``?deal=CODE`` in the page address starts that deal."""
        code = None
        if self.services.web:
            code = deal_code_from_page()
        self.start(code)

    def start_shared_deal(self, code: str, seat: int = 0) -> bool:
        """Play one shared hand from ``seat`` (0 forehand) against the same
        seeded opponents as everyone else with this code."""
        try:
            challenge = decode_challenge(code)  # a plain deal code, or one with results to compare
        except ShareCodeError as exc:
            reason = self.t("share.err." + exc.key, **exc.params)
            self.notify(self.t("share.bad_code", reason=reason))
            return False
        shared = challenge.deal
        seats = game_named(shared.game).seats
        seat = seat if 0 <= seat < seats else 0
        if challenge.seat is not None:
            seat = challenge.seat  # the same seat as the friend who shared it

        def play() -> None:
            self.services.abandon_match()
            # Always the same opponents for a code: normal strength, seeded from the code.
            ctl = MatchController.for_shared_deal(shared, strength="normal", seat=seat)
            ctl.challenge = challenge if challenge.results else None
            table = TableScene(self, ctl)
            self.push(table)
            if challenge.problem is not None:  # a damaged results part: the deal is played, not compared
                exc = challenge.problem
                reason = self.t("share.err." + exc.key, **exc.params)
                self.notify(self.t("challenge.broken", reason=reason))
                self.services.show_notices()
                return
            table.message = self.t("challenge.opened" if challenge.results else "share.single_hand")
            table.message_time = 6.0

        current = self.services.match_in_progress()
        if current is None:
            play()
            return True
        # Playing the shared hand gives up the match in progress: ask first.
        t, m = self.t, current.match
        text = t("confirm.new_text", game=t("game_name." + m.game), n=len(m.sheet), total=m.hands)
        self.push(ConfirmScene(self, t("confirm.new_title"), text, t("confirm.share_yes"), t("confirm.new_no"), play))
        return True

    # ----------------------------------------------------------- frames
    def translate(self, ev: pygame.event.Event) -> Input | None:
        """Mouse, wheel and keys in logical coordinates.  A touch arrives as SDL's
        synthesized mouse click with ``touch`` set (raw finger events are ignored,
        so a tap is never handled twice)."""
        p = self.painter
        if ev.type == pygame.MOUSEBUTTONDOWN:
            if ev.button in (4, 5):
                return Input("wheel", p.to_logical(ev.pos), dy=1 if ev.button == 4 else -1)
            return Input("down", p.to_logical(ev.pos), touch=bool(getattr(ev, "touch", False)), button=ev.button)
        if ev.type == pygame.MOUSEBUTTONUP:
            return Input("up", p.to_logical(ev.pos), touch=bool(getattr(ev, "touch", False)), button=ev.button)
        if ev.type == pygame.MOUSEMOTION:
            return Input("move", p.to_logical(ev.pos))
        if ev.type == pygame.MOUSEWHEEL:
            return Input("wheel", dy=ev.y)
        if ev.type == pygame.KEYDOWN:
            return Input("key", key=ev.key, text=ev.unicode or "")
        return None

    def frame(self, dt: float) -> None:
        """One frame that always draws (tests and the screenshot tour use it)."""
        self.step(dt, force_draw=True)

    @property
    def active(self) -> bool:
        """Some scene needs frames without input: an animation, a timer, a
        computer player thinking."""
        return any(scene.active for scene in self.stack.scenes)

    def step(self, dt: float, events: list[pygame.event.Event] | None = None, force_draw: bool = False) -> bool:
        """Handle input, advance the scenes and draw if anything can have changed.

        Returns whether the frame was drawn.  An idle screen (no input, nothing
        moving) is not drawn again, so the game costs next to nothing while the
        person reads or looks away."""
        self.follow_page()
        changed = force_draw or self._dirty or self.active
        scenes_before = self.stack.changes
        if events is None:
            events = pygame.event.get()
        for ev in events:
            changed = True
            if ev.type == pygame.QUIT:
                self.running = False
                return False
            if ev.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                surface = pygame.display.get_surface()
                if surface is not None:
                    self.resized(surface)
                continue
            inp = self.translate(ev)
            if inp is not None and self.stack.top is not None:
                if self.turn_hint_shown:
                    inp = turn_hint_input(self.painter, inp)
                    if inp is None:
                        continue
                self.stack.top.handle(inp)
        for scene in list(self.stack.scenes):
            scene.update(dt)
        if not (changed or self._dirty or self.active or self.stack.changes != scenes_before):
            return False
        self._dirty = False
        self._drawn_changes = self.stack.changes
        self.draw()
        self.draws += 1
        return True

    def follow_page(self) -> None:
        """In the browser: when the page's viewport settled on another size (a phone turned, an in-app
        browser's sheet grown to the full screen), the window takes its size and the scenes lay out again.
        Still not RESIZABLE: SDL sizes the canvas to exactly this, and the page's CSS fits it to the screen."""
        size = self.viewport.poll() if self.viewport is not None else None
        if size is not None and size != self.screen.get_size():
            self.resized(pygame.display.set_mode(size, 0))

    def resized(self, surface: pygame.Surface) -> None:
        """A new window size; turned between landscape and portrait, every scene lays out again
        (positions only: the match, the dialogs' state and the animations go on)."""
        self.screen = surface
        if self.painter.resize(surface):
            for scene in list(self.stack.scenes):
                scene.canvas_changed()
        self._dirty = True

    @property
    def turn_hint_shown(self) -> bool:
        """A portrait canvas and a scene in view that has no portrait form: the hint stands instead."""
        return self.painter.portrait and not all(s.portrait for s in self.stack.drawn())

    def draw(self) -> None:
        """Every scene, bottom up; in a window too small to draw them, one line saying so; in portrait,
        a scene with no portrait form gives way to the turn-your-phone hint."""
        if self.painter.too_small:
            self.painter.too_small_notice(self.t("window.too_small"))
        elif self.turn_hint_shown:
            self.painter.background()
            draw_turn_hint(self.painter, self.t)
        else:
            self.painter.background()
            self.stack.draw(self.painter)
        pygame.display.flip()

    def _wait_for_input(self, timeout_ms: int) -> list[pygame.event.Event]:
        """Desktop, nothing moving: sleep until an event arrives or the timeout
        passes (SDL wakes us), instead of redrawing sixty times a second."""
        first = pygame.event.wait(timeout_ms)
        if first.type == pygame.NOEVENT:
            return []
        return [first, *pygame.event.get()]

    @property
    def working(self) -> bool:
        """Some scene works between frames without changing the picture (see :attr:`Scene.working`)."""
        return any(scene.working for scene in self.stack.scenes)

    @property
    def needs_frame(self) -> bool:
        """Whether the next frame must be drawn even if no input arrives."""
        return self._dirty or self.stack.changes != self._drawn_changes or self.active

    async def run(self, seconds: float | None = None) -> None:
        """The frame loop.  ``seconds`` ends it after that long (benchmarks).

        While something moves it runs at 60 frames a second.  Idle, it draws
        nothing: on the desktop it sleeps in SDL until input arrives (waking
        now and then for the scenes' timers); in the browser, where nothing may
        block, it only polls input and yields the thread to the page.  While a
        scene works without changing the picture (the computers thinking ahead)
        it steps at 60 frames a second without drawing, until that work is done."""
        if self.stack.top is None:
            self.start()
        stop_at = None if seconds is None else time.perf_counter() + seconds
        self.clock.tick()
        while self.running:
            if stop_at is not None and time.perf_counter() >= stop_at:
                break
            if self.needs_frame:
                self.step(min(self.clock.tick(60) / 1000.0, 0.1))
            elif self.services.web or self.working:
                events = pygame.event.get()
                self.step(min(self.clock.tick(60) / 1000.0, 0.1), events)
            else:
                events = self._wait_for_input(IDLE_WAIT_MS)
                self.step(min(self.clock.tick() / 1000.0, 0.1), events)
            await asyncio.sleep(0)
        if seconds is None:
            pygame.quit()


def main() -> int:
    app = App()
    app.start()
    asyncio.run(app.run())
    return 0
