"""The turn-your-phone hint: what a portrait canvas shows instead of a scene
that has no portrait form, so nobody is left squinting at 5 px text.

It draws a phone turning on its side, says what to do in the player's
language, and offers a big Back button (a tap on it reaches the scene as
Escape, which closes every screen); keys still go to the scene below.
"""

from __future__ import annotations

import pygame

from ..i18n import Translator
from .layout import TOUCH_H
from .painter import GOLD, INK, INK_DIM, Painter
from .scene import Input
from .widgets import Button

BACK = (160.0, 1010.0, 400.0, TOUCH_H)
"""The Back button's box on the portrait canvas (x, y, w, h)."""


def _back_button(t: Translator) -> Button:
    return Button(*BACK, t("btn.back"), lambda: None, size=30)


def _phone(p: Painter, cx: float, cy: float, w: float, h: float, color) -> None:
    p.fill_rect(cx - w / 2, cy - h / 2, w, h, color, radius=18, width=5)
    if w < h:
        p.fill_rect(cx - 22, cy + h / 2 - 22, 44, 8, color, radius=4)
    else:
        p.fill_rect(cx + w / 2 - 22, cy - 22, 8, 44, color, radius=4)


def draw_turn_hint(p: Painter, t: Translator) -> None:
    """The whole portrait canvas: an upright phone, an arrow, the phone on its side, the words."""
    cx = p.W / 2
    _phone(p, cx - 150, 340, 120, 210, INK_DIM)
    _phone(p, cx + 130, 340, 210, 120, GOLD)
    # A curved arrow from the upright phone to the turned one.
    points = [p.px(cx - 70 + 120 * k / 12, 250 - 60 * (1 - ((k - 6) / 6) ** 2)) for k in range(13)]
    pygame.draw.lines(p.surface, GOLD, False, points, p.size(6))
    tip = p.px(cx + 50, 250)
    pygame.draw.polygon(p.surface, GOLD, [tip, p.px(cx + 22, 232), p.px(cx + 34, 268)])
    p.text(t("portrait.turn_title"), cx, 560, 46, GOLD, bold=True, anchor="center")
    y = 640.0
    for line in p.wrap(t("portrait.turn_text"), p.W - 100, 32):
        p.text(line, cx, y, 32, INK, anchor="center")
        y += 44
    _back_button(t).draw(p, focused=True)


def turn_hint_input(p: Painter, ev: Input) -> Input | None:
    """Input while the hint stands: a tap on Back becomes Escape, other taps do nothing."""
    if ev.kind == "down":
        x, y, w, h = BACK
        if x <= ev.pos[0] <= x + w and y <= ev.pos[1] <= y + h:
            return Input("key", key=pygame.K_ESCAPE)
        return None
    if ev.kind in ("up", "move", "wheel"):
        return None
    return ev
