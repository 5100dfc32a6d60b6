"""Drawing at a logical canvas onto a window of any size, crisply.

Scenes draw in logical coordinates; the painter scales every position and
size to the window and letterboxes it, rendering text and cards at the real
pixel size (never scaling a bitmap up), so the table is sharp at any size.

The canvas is 1280x720 in a window at least as wide as tall and 720x1280 in a
taller one (a phone held upright): :func:`canvas_for` is the one place that
chooses, and the scenes lay themselves out from ``Painter.W``/``Painter.H``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass

import pygame

LOGICAL_W, LOGICAL_H = 1280, 720
"""The landscape canvas."""
PORTRAIT_W, PORTRAIT_H = 720, 1280
"""The portrait canvas: a phone upright shows 720 logical units across its width."""
MIN_WINDOW = (640, 360)
"""The smallest window the layout is made (and tested) for; the desktop window
cannot be made smaller."""
SMALLEST_CARD = 50
"""Logical width of the smallest card drawn (the trick piles; the portrait table's backs are 56)."""
MIN_SCALE = 8 / SMALLEST_CARD
"""Cards cannot be drawn under 8 pixels wide, so below this scale nothing is drawn but one line."""
MIN_DRAWABLE = (-(-LOGICAL_W * 8 // SMALLEST_CARD), -(-LOGICAL_H * 8 // SMALLEST_CARD))
"""The smallest landscape window that is drawn (205x116; turned, for the portrait canvas): a host
that lets the window shrink further gets one "window too small" line instead of the scenes."""

FELT = (22, 92, 58)
FELT_DARK = (14, 64, 40)
INK = (245, 240, 225)
INK_DIM = (190, 200, 185)
GOLD = (236, 196, 90)
PANEL = (18, 30, 38)
PANEL_EDGE = (90, 120, 110)
RED = (220, 80, 70)
GREEN = (110, 200, 120)
BLACK = (0, 0, 0)

# Small text is drawn this many times larger and scaled down: the default font's
# hinting rounds every glyph advance to a whole pixel, which at 15-25 px opens
# gaps inside words ("Ska t", "w ho"); at four times the size the rounding is
# a quarter pixel and the spacing reads evenly.
SUPERSAMPLE_BELOW_PX = 48
SUPERSAMPLE = 4


_NOTHING = nullcontext()  # reusable: drawing inside a box records nothing while recording is off


@dataclass(frozen=True)
class DrawnBox:
    """One thing drawn in a frame, for layout checks (see ``Painter.boxes``).

    ``rect`` is in window pixels (for text: the inked pixels); ``container`` is
    the box the thing must stay inside (a button or panel), if any; ``layer``
    grows with each modal panel or dimmed overlay, so things only clash with
    things of their own layer."""

    kind: str  # 'text', 'card', 'button', 'panel', 'bubble'; 'area' only holds what is drawn in it
    rect: pygame.Rect
    label: str
    container: pygame.Rect | None
    layer: int


def canvas_for(window: tuple[int, int]) -> tuple[int, int]:
    """The logical canvas for a window: portrait when it is taller than wide."""
    w, h = window
    return (PORTRAIT_W, PORTRAIT_H) if h > w else (LOGICAL_W, LOGICAL_H)


class Painter:
    def __init__(self, surface: pygame.Surface) -> None:
        self.surface = surface
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._texts: dict[tuple, pygame.Surface] = {}
        self._background: pygame.Surface | None = None
        self.boxes: list[DrawnBox] | None = None
        """Set to a list to record every text, card, button and panel drawn
        (layout tests); None, the default, records nothing and costs nothing."""
        self._container: pygame.Rect | None = None
        self._layer = 0
        self.W, self.H = LOGICAL_W, LOGICAL_H
        self.resize(surface)

    # ----------------------------------------------------------- geometry
    def resize(self, surface: pygame.Surface) -> bool:
        """Fit the canvas to a new window; True when the orientation changed (the scenes lay out again)."""
        self.surface = surface
        w, h = surface.get_size()
        before = (self.W, self.H)
        self.W, self.H = canvas_for((w, h))
        self.scale = min(w / self.W, h / self.H)
        self.ox = (w - self.W * self.scale) / 2
        self.oy = (h - self.H * self.scale) / 2
        self._texts.clear()
        self._fonts.clear()
        self._background = None
        return before != (self.W, self.H)

    @property
    def portrait(self) -> bool:
        return self.H > self.W

    @property
    def too_small(self) -> bool:
        """The canvas is scaled below :data:`MIN_SCALE` (the window under :data:`MIN_DRAWABLE`, or turned,
        in either direction, letterboxing included)."""
        return self.scale < MIN_SCALE

    def too_small_notice(self, text: str) -> None:
        """One line saying the window is too small, in window pixels, on black: the whole
        ``text``, or only its part before a colon if that fits better, shrunk if need be."""
        self.surface.fill(BLACK)
        w, h = self.surface.get_size()
        font = pygame.font.Font(None, max(6, min(18, h // 2)))
        words = font.render(text, True, INK)
        if words.get_width() > w and ":" in text:
            words = font.render(text.split(":", 1)[0], True, INK)
        if words.get_width() > w:  # shrink to fit
            words = pygame.transform.smoothscale(
                words, (max(1, w), max(1, round(words.get_height() * w / words.get_width())))
            )
        self.surface.blit(words, words.get_rect(center=(w // 2, h // 2)))
        self.record("text", words.get_rect(center=(w // 2, h // 2)), text)

    def px(self, x: float, y: float) -> tuple[int, int]:
        return round(self.ox + x * self.scale), round(self.oy + y * self.scale)

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        x0, y0 = self.px(x, y)
        x1, y1 = self.px(x + w, y + h)
        return pygame.Rect(x0, y0, max(1, x1 - x0), max(1, y1 - y0))

    def to_logical(self, pos: tuple[int, int]) -> tuple[float, float]:
        return (pos[0] - self.ox) / self.scale, (pos[1] - self.oy) / self.scale

    def size(self, v: float) -> int:
        return max(1, round(v * self.scale))

    # ----------------------------------------------------------- layout record
    def record(self, kind: str, rect: pygame.Rect, label: str = "") -> None:
        """Note a drawn box (only while ``boxes`` is a list)."""
        if self.boxes is not None:
            self.boxes.append(DrawnBox(kind, pygame.Rect(rect), label, self._container, self._layer))

    def inside(
        self, x: float, y: float, w: float, h: float, kind: str = "area", label: str = "",
    ) -> AbstractContextManager:
        """Draw within this box: it is recorded, and what is drawn in the block must fit in it."""
        if self.boxes is None:
            return _NOTHING
        return self._inside(self.rect(x, y, w, h), kind, label)

    @contextmanager
    def _inside(self, rect: pygame.Rect, kind: str, label: str) -> Iterator[None]:
        self.record(kind, rect, label)
        outer, self._container = self._container, rect
        try:
            yield
        finally:
            self._container = outer

    def new_layer(self) -> None:
        """What follows is drawn over everything before (a modal dialog, a dimmed overlay)."""
        if self.boxes is not None:
            self._layer += 1

    def start_recording(self) -> list[DrawnBox]:
        self.boxes, self._container, self._layer = [], None, 0
        return self.boxes

    def stop_recording(self) -> list[DrawnBox]:
        boxes, self.boxes = self.boxes or [], None
        return boxes

    # ----------------------------------------------------------- background
    def background(self) -> None:
        """The felt across the whole window, the bars beside the canvas included (a phone's screen is
        narrower than 720x1280: its bars are table, not black), prerendered once per window size."""
        if self._background is None or self._background.get_size() != self.surface.get_size():
            bg = pygame.Surface(self.surface.get_size())
            area = self.surface.get_rect()
            felt = pygame.Surface(area.size)
            felt.fill(FELT)
            # A soft vignette made of concentric rounded rectangles.
            steps = 24
            for i in range(steps):
                t = i / steps
                col = tuple(round(FELT_DARK[k] + (FELT[k] - FELT_DARK[k]) * t) for k in range(3))
                inset = round(min(area.w, area.h) * 0.25 * t)
                pygame.draw.rect(felt, col, felt.get_rect().inflate(-2 * inset, -2 * inset), border_radius=inset)
            bg.blit(felt, area.topleft)
            self._background = bg
        self.surface.blit(self._background, (0, 0))

    # ----------------------------------------------------------- shapes
    def fill_rect(self, x: float, y: float, w: float, h: float, color, radius: float = 0, width: float = 0) -> None:
        r = self.rect(x, y, w, h)
        if len(color) == 4 and color[3] < 255:
            s = pygame.Surface(r.size, pygame.SRCALPHA)
            pygame.draw.rect(s, color, s.get_rect(), self.size(width) if width else 0, border_radius=self.size(radius))
            self.surface.blit(s, r.topleft)
        else:
            pygame.draw.rect(self.surface, color, r, self.size(width) if width else 0, border_radius=self.size(radius))

    def panel(self, x: float, y: float, w: float, h: float, alpha: int = 235) -> None:
        self.record("panel", self.rect(x, y, w, h))
        self.fill_rect(x, y, w, h, (*PANEL, alpha), radius=14)
        self.fill_rect(x, y, w, h, PANEL_EDGE, radius=14, width=2)

    def circle(self, x: float, y: float, r: float, color) -> None:
        pygame.draw.circle(self.surface, color, self.px(x, y), self.size(r))

    def line(self, a: tuple[float, float], b: tuple[float, float], color, width: float = 1) -> None:
        pygame.draw.line(self.surface, color, self.px(*a), self.px(*b), self.size(width))

    def dim(self, alpha: int = 150) -> None:
        self.new_layer()
        s = pygame.Surface(self.surface.get_size(), pygame.SRCALPHA)
        s.fill((0, 0, 0, alpha))
        self.surface.blit(s, (0, 0))

    # ----------------------------------------------------------- text
    def font(self, size: float, bold: bool = False) -> pygame.font.Font:
        px = self.size(size)
        key = (px, bold)
        f = self._fonts.get(key)
        if f is None:
            f = pygame.font.Font(None, px)
            f.set_bold(bold)
            self._fonts[key] = f
        return f

    def text_surface(self, text: str, size: float, color=INK, bold: bool = False) -> pygame.Surface:
        key = (text, size, tuple(color), bold)
        s = self._texts.get(key)
        if s is None:
            if len(self._texts) > 600:
                self._texts.clear()
            px = self.size(size)
            if px < SUPERSAMPLE_BELOW_PX and text:  # an empty text renders 0 wide: smoothscale must not see it
                big = self.font(size * SUPERSAMPLE, bold).render(text, True, color)
                s = pygame.transform.smoothscale(
                    big, (max(1, round(big.get_width() / SUPERSAMPLE)), max(1, round(big.get_height() / SUPERSAMPLE))))
            else:
                s = self.font(size, bold).render(text, True, color)
            self._texts[key] = s
        return s

    def text_width(self, text: str, size: float, bold: bool = False) -> float:
        return self.text_surface(text, size, INK, bold).get_width() / self.scale

    def text(
        self, text: str, x: float, y: float, size: float = 28, color=INK, bold: bool = False,
        anchor: str = "topleft",
    ) -> pygame.Rect:
        s = self.text_surface(text, size, color, bold)
        r = s.get_rect(**{anchor: self.px(x, y)})
        self.surface.blit(s, r)
        if self.boxes is not None and text.strip():
            self.record("text", s.get_bounding_rect().move(r.topleft), text)
        return r

    def wrap(self, text: str, width: float, size: float, bold: bool = False) -> list[str]:
        lines: list[str] = []
        for para in text.split("\n"):
            words = para.split(" ")
            cur = ""
            for w in words:
                trial = (cur + " " + w).strip()
                if cur and self.text_width(trial, size, bold) > width:
                    lines.append(cur)
                    cur = w
                else:
                    cur = trial
            lines.append(cur)
        return lines

    def blit_px(self, surf: pygame.Surface, x: float, y: float, anchor: str = "topleft", card: str = "") -> None:
        """Blit a prerendered surface; ``card`` names a card for the layout record."""
        r = surf.get_rect(**{anchor: self.px(x, y)})
        self.surface.blit(surf, r)
        if card and self.boxes is not None:
            self.record("card", r, card)
