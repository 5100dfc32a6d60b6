"""The application: window, frame loop, scene stack, settings and services.

The loop is async and yields every frame (``await asyncio.sleep(0)``) so the
same code runs under pygbag in the browser, where the page owns the thread.
"""

from __future__ import annotations

import asyncio
import os
import time
from typing import Any

import pygame

from ..i18n import Translator
from .painter import LOGICAL_H, LOGICAL_W, Painter
from .scene import Input, Scene, SceneStack

SPEEDS = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "off": 0.0}


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
        flags = 0 if headless else pygame.RESIZABLE
        self.screen = pygame.display.set_mode(size, flags)
        pygame.display.set_caption("Skat")
        self.headless = headless
        self.painter = Painter(self.screen)
        self.stack = SceneStack()
        self.running = True
        self.clock = pygame.time.Clock()
        self.notices: list[str] = []
        from .services import Services

        self.services = Services(self, store)
        self.t = Translator(self.settings["language"])
        self._set_icon()

    # ----------------------------------------------------------- services
    @property
    def settings(self) -> dict[str, Any]:
        return self.services.settings

    @property
    def speed(self) -> float:
        return SPEEDS.get(self.settings.get("animation", "normal"), 1.0)

    def apply_settings(self) -> None:
        self.t = Translator(self.settings["language"])
        self.services.settings_changed()

    def _set_icon(self) -> None:
        try:
            from .icon import make_icon

            pygame.display.set_icon(make_icon(64))
        except Exception:  # noqa: BLE001 - an icon is never worth a crash
            pass

    def notify(self, text: str) -> None:
        self.notices.append(text)

    # ----------------------------------------------------------- scenes
    def push(self, scene: Scene) -> None:
        self.stack.push(scene)

    def pop(self) -> None:
        self.stack.pop()

    def start(self, deal_code: str | None = None) -> None:
        """The title screen, or straight into a shared deal when a code is given."""
        from .menu import TitleScene

        self.stack.reset(TitleScene(self))
        if deal_code:
            self.start_shared_deal(deal_code)

    def start_from_link(self) -> None:
        """In the browser, ``?deal=CODE`` in the page address starts that deal."""
        code = None
        if self.services.web:
            from .web import deal_code_from_page

            code = deal_code_from_page()
        self.start(code)

    def start_shared_deal(self, code: str) -> bool:
        from ..engine.share import ShareCodeError, decode_deal
        from .controller import MatchController
        from .table import TableScene

        try:
            shared = decode_deal(code)
        except ShareCodeError as exc:
            self.notify(self.t("share.bad_code", reason=str(exc)))
            return False
        # Always the same opponents for a code: normal strength, seeded from the code.
        ctl = MatchController.for_shared_deal(shared, strength="normal")
        self.push(TableScene(self, ctl))
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
        for ev in pygame.event.get():
            if ev.type == pygame.QUIT:
                self.running = False
                return
            if ev.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                self.screen = pygame.display.get_surface()
                self.painter.resize(self.screen)
                continue
            inp = self.translate(ev)
            if inp is not None and self.stack.top is not None:
                self.stack.top.handle(inp)
        for scene in list(self.stack.scenes):
            scene.update(dt)
        self.draw()

    def draw(self) -> None:
        self.painter.background()
        self.stack.draw(self.painter)
        pygame.display.flip()

    async def run(self) -> None:
        if self.stack.top is None:
            self.start()
        while self.running:
            dt = min(self.clock.tick(60) / 1000.0, 0.1)
            self.frame(dt)
            await asyncio.sleep(0)
        pygame.quit()


def main() -> int:
    app = App()
    app.start()
    asyncio.run(app.run())
    return 0
