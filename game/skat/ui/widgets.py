"""Buttons and keyboard focus: mouse, touch and keyboard reach every control."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from .painter import GOLD, INK, INK_DIM, PANEL, Painter
from .scene import Input


@dataclass
class Button:
    x: float
    y: float
    w: float
    h: float
    label: str
    action: Callable[[], None]
    enabled: bool = True
    hotkey: str = ""
    size: float = 26
    note: str = ""
    selected: bool = False
    warn: bool = False
    compact: bool = False
    """A toggle that may share a portrait row with three others (the declaration's announcements)."""
    note_size: float = 0.0
    """The note's font size (0: seven tenths of the label's); a touch-sized button's is larger."""

    def contains(self, pos: tuple[float, float]) -> bool:
        return self.x <= pos[0] <= self.x + self.w and self.y <= pos[1] <= self.y + self.h

    def draw(self, p: Painter, focused: bool = False, hover: bool = False) -> None:
        with p.inside(self.x, self.y, self.w, self.h, "button", self.label):
            self._draw(p, focused, hover)

    def _draw(self, p: Painter, focused: bool, hover: bool) -> None:
        if not self.enabled:
            base = (60, 70, 72)
        elif self.selected:
            base = (150, 110, 40)
        elif focused or hover:
            base = (70, 120, 100)
        else:
            base = (40, 72, 64)
        p.fill_rect(self.x, self.y, self.w, self.h, base, radius=10)
        edge = GOLD if focused else (120, 150, 135)
        p.fill_rect(self.x, self.y, self.w, self.h, edge, radius=10, width=2 if focused else 1)
        color = INK if self.enabled else INK_DIM
        cy = self.y + self.h / 2 - (7 if self.note else 0)
        label = f"{self.hotkey}  {self.label}" if self.hotkey else self.label
        p.text(label, self.x + self.w / 2, cy, fitting_size(p, label, self.size, self.w - 14), color, anchor="center")
        if self.note:
            note_color = (240, 120, 100) if self.warn else INK_DIM
            p.text(self.note, self.x + self.w / 2, self.y + self.h - 13, self.note_size or self.size * 0.7, note_color,
                   anchor="center")


@dataclass
class ButtonGroup:
    """A set of buttons with one keyboard focus: arrows move, Enter presses,
    number keys press the numbered buttons."""

    buttons: list[Button] = field(default_factory=list)
    focus: int = 0
    numbered: bool = False
    hover: int = -1

    def add(self, b: Button) -> Button:
        self.buttons.append(b)
        if self.numbered and len(self.buttons) <= 9:
            b.hotkey = str(len(self.buttons))
        return b

    def clear(self) -> None:
        self.buttons.clear()
        self.focus = 0

    def _enabled(self) -> list[int]:
        return [i for i, b in enumerate(self.buttons) if b.enabled]

    def handle(self, ev: Input) -> bool:
        """True when the event was used."""
        if ev.kind == "move":
            self.hover = next((i for i, b in enumerate(self.buttons) if b.contains(ev.pos)), -1)
            return False
        if ev.kind == "down":
            for i, b in enumerate(self.buttons):
                if b.enabled and b.contains(ev.pos):
                    self.focus = i
                    b.action()
                    return True
            return False
        if ev.kind != "key":
            return False
        enabled = self._enabled()
        if not enabled:
            return False
        if ev.key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB):
            later = [i for i in enabled if i > self.focus]
            self.focus = later[0] if later else enabled[0]
            return True
        if ev.key in (pygame.K_LEFT, pygame.K_UP):
            earlier = [i for i in enabled if i < self.focus]
            self.focus = earlier[-1] if earlier else enabled[-1]
            return True
        if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and (
            0 <= self.focus < len(self.buttons) and self.buttons[self.focus].enabled
        ):
            self.buttons[self.focus].action()
            return True
        if self.numbered and ev.text and ev.text.isdigit() and ev.text != "0":
            # By the number drawn on the button: one without a number (a call that doubles
            # the game, the bid picker's -) is never pressed by a digit.
            i = next((i for i, b in enumerate(self.buttons) if b.hotkey == ev.text), -1)
            if i >= 0 and self.buttons[i].enabled:
                self.focus = i
                self.buttons[i].action()
                return True
        return False

    def draw(self, p: Painter) -> None:
        if self.focus >= len(self.buttons) or not self.buttons[self.focus].enabled:
            en = self._enabled()
            self.focus = en[0] if en else 0
        for i, b in enumerate(self.buttons):
            b.draw(p, focused=(i == self.focus), hover=(i == self.hover))


def fitting_size(p: Painter, text: str, size: float, width: float, bold: bool = False) -> float:
    """``size``, or smaller until ``text`` fits ``width`` (a long label in another language)."""
    while size > 12 and p.text_width(text, size, bold) > width:
        size -= 1
    return size


def draw_triangle(p: Painter, x: float, y: float, direction: str, half: float = 8, color=INK_DIM) -> None:
    """A small triangle centred on (x, y) pointing "left", "right", "up" or "down": drawn, not
    a character, because the game's font has no arrow glyphs (▲ ▼ would show as boxes)."""
    dx, dy = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}[direction]
    tip = (x + dx * half * 0.75, y + dy * half * 0.75)
    a = (x - dx * half * 0.75 - dy * half, y - dy * half * 0.75 - dx * half)
    b = (x - dx * half * 0.75 + dy * half, y - dy * half * 0.75 + dx * half)
    pygame.draw.polygon(p.surface, color, [p.px(*tip), p.px(*a), p.px(*b)])


@dataclass
class ScrollButtons:
    """Up and down for a list longer than its page, for a finger (a phone has no wheel and no
    arrow keys) as much as for a mouse: each press turns one page."""

    up: tuple[float, float, float, float]
    down: tuple[float, float, float, float]

    def press(self, pos: tuple[float, float]) -> int:
        """-1 (up), +1 (down) or 0 for a press at ``pos``."""
        for step, (x, y, w, h) in ((-1, self.up), (1, self.down)):
            if x <= pos[0] <= x + w and y <= pos[1] <= y + h:
                return step
        return 0

    def draw(self, p: Painter, can_up: bool, can_down: bool) -> None:
        for direction, (x, y, w, h), on in (("up", self.up, can_up), ("down", self.down, can_down)):
            with p.inside(x, y, w, h, "button", direction):
                p.fill_rect(x, y, w, h, (40, 72, 64) if on else (50, 60, 62), radius=10)
                draw_triangle(p, x + w / 2, y + h / 2, direction, half=min(w, h) / 4, color=INK if on else INK_DIM)


def draw_title(p: Painter, text: str, y: float = 60, size: float = 64) -> None:
    p.text(text, p.W / 2 + 2, y + 3, size, (0, 0, 0), bold=True, anchor="center")
    p.text(text, p.W / 2, y, size, GOLD, bold=True, anchor="center")


__all__ = ["Button", "ButtonGroup", "ScrollButtons", "draw_title", "PANEL"]
