"""Scenes on a stack (menus, the table, overlays), each with handle/update/draw.

Input reaches only the top scene; an overlay scene lets the scenes below it
draw first.  Drawing never changes game state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .painter import Painter

if TYPE_CHECKING:
    from .app import App


@dataclass(frozen=True)
class Input:
    """A device-independent input event in logical coordinates.

    kind: 'down' (mouse button or touch), 'up', 'move', 'key', 'wheel'.
    """

    kind: str
    pos: tuple[float, float] = (0.0, 0.0)
    key: int = 0
    text: str = ""
    touch: bool = False
    button: int = 1
    dy: int = 0


class Scene:
    overlay = False
    portrait = False
    """Has a portrait form (it lays itself out from ``Painter.W``/``H``); a scene without one is
    replaced by the turn-your-phone hint on a portrait canvas (see ``ui/portrait.py``)."""

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack."""

    def canvas_changed(self) -> None:
        """The window turned between landscape and portrait: place the controls again
        (the scenes build them in ``enter``, which only lays out, never changes state)."""
        self.enter()

    def handle(self, ev: Input) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def layout(self, p: Painter) -> None:
        """Right before a frame is drawn: build and place what the state now asks for (a panel for
        the decision, text wrapped to the canvas), so that :meth:`draw` only draws."""

    def draw(self, p: Painter) -> None:
        """Paint the scene as it is: reads the state, never changes it."""

    @property
    def idle(self) -> bool:
        """No animation running (used by tests and the shot tour)."""
        return True

    @property
    def active(self) -> bool:
        """Needs frames without input (something moves, a timer runs, a
        computer player thinks); an inactive scene is not redrawn until input
        arrives, which keeps the idle game from burning a CPU core."""
        return not self.idle

    @property
    def working(self) -> bool:
        """Needs frames for work that changes nothing on screen (the computers thinking
        ahead): the loop keeps stepping, but draws only when something else asks."""
        return False


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self.changes = 0
        """Counts pushes and pops, so the frame loop knows to redraw."""

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        self.changes += 1
        scene.enter()

    def pop(self) -> Scene | None:
        s = self.scenes.pop() if self.scenes else None
        self.changes += 1
        if self.scenes:
            self.scenes[-1].enter()
        return s

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop()
        self.push(scene)

    def reset(self, scene: Scene) -> None:
        self.scenes.clear()
        self.changes += 1
        self.push(scene)

    def drawn(self) -> list[Scene]:
        """The scenes a frame shows: the top one and the scenes under its overlays."""
        start = len(self.scenes) - 1
        while start > 0 and self.scenes[start].overlay:
            start -= 1
        return self.scenes[max(0, start):]

    def draw(self, p: Painter) -> None:
        for s in self.drawn():
            s.layout(p)
            s.draw(p)
