"""Screens by name: a scene opens another screen through the router, never by importing it.

The screens form a graph with loops (the title opens the table, the table its score sheet,
the final sheet the title again); written as imports, that graph was an import circle held
together by imports inside functions.  Here a scene asks for a screen by its name,
``self.app.screens.open("sheet", controller)``, and ``app.py`` wires each name to the scene
class that draws it when the application starts (:data:`skat.ui.app.SCREENS`), so each
scene module imports only what it uses and nothing imports a scene module to leave it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Literal

from .scene import Scene

if TYPE_CHECKING:
    from .app import App

ScreenName = Literal["title", "pause", "table", "result", "sheet", "history", "stats", "help", "analysis", "replay"]
"""The screens a scene opens by name (the scenes a module builds for itself, such as its own
questions and overlays, it imports directly)."""

ScreenFactory = Callable[..., Scene]
"""Builds a screen from the application and the screen's own arguments (usually its class)."""


class Router:
    """The name → screen map, and the few ways a screen goes on the scene stack."""

    def __init__(self, app: App, factories: Mapping[str, ScreenFactory]) -> None:
        self.app = app
        self.factories = dict(factories)

    def make(self, name: ScreenName, *args: Any, **kwargs: Any) -> Scene:
        """The screen ``name`` built for ``args`` (not shown yet: for ``stack.reset``/``replace``)."""
        try:
            factory = self.factories[name]
        except KeyError:
            raise KeyError(f"no screen is wired for {name!r} (see skat.ui.app.SCREENS)") from None
        return factory(self.app, *args, **kwargs)

    def open(self, name: ScreenName, *args: Any, **kwargs: Any) -> Scene:
        """Show the screen ``name`` on top of the stack; returns it."""
        scene = self.make(name, *args, **kwargs)
        self.app.stack.push(scene)
        return scene

    def replace(self, name: ScreenName, *args: Any, **kwargs: Any) -> Scene:
        """Show the screen ``name`` in place of the top one."""
        scene = self.make(name, *args, **kwargs)
        self.app.stack.replace(scene)
        return scene

    def reset(self, name: ScreenName, *args: Any, **kwargs: Any) -> Scene:
        """The screen ``name`` alone on the stack (back to the title)."""
        scene = self.make(name, *args, **kwargs)
        self.app.stack.reset(scene)
        return scene
