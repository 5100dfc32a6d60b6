"""Line and bar charts drawn with pygame: a score sheet's running totals, the person's results over
time, Seeger-Fabian per list.

The game's own drawing, no plotting library (none would load in the browser's build, and the
charts must look like the rest of the table): axes with round steps, the numbers as the language
writes them, a label for each axis, a legend.  Everything is in logical units, so a chart reads the
same in a landscape and a portrait window; tick labels are thinned until they cannot touch.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from ..i18n import Translator
from .painter import GOLD, INK, INK_DIM, Painter

GRID = (60, 92, 84)
AXIS = (150, 170, 160)
PLAYER_COLORS = (GOLD, (120, 190, 240), (240, 140, 120), (150, 220, 130))
"""The person's line first (gold, as their name on the sheet), then the others'."""
NEGATIVE = (220, 110, 90)


@dataclass(frozen=True)
class Series:
    label: str
    values: Sequence[float]
    """One value per point, at x = ``start``, ``start`` + 1, ...."""
    color: tuple[int, int, int] = GOLD
    width: float = 3


@dataclass(frozen=True)
class Box:
    """Where a chart goes and how big its texts are (logical units)."""

    x: float
    y: float
    w: float
    h: float
    size: float = 18

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h


def nice_step(span: float, most: int) -> float:
    """A round step (1, 2 or 5 times a power of ten) giving at most ``most`` steps over ``span``."""
    if span <= 0:
        return 1.0
    raw = span / max(1, most)
    power = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if m * power >= raw:
            return float(m * power)
    return float(10 * power)


def ticks(lo: float, hi: float, most: int, whole: bool = True) -> list[float]:
    """Round values from below ``lo`` to above ``hi`` (always including both ends' room)."""
    if hi <= lo:
        lo, hi = lo - 1, hi + 1
    step = nice_step(hi - lo, most)
    if whole:
        step = max(1.0, step)
    first = math.floor(lo / step) * step
    last = math.ceil(hi / step) * step
    n = round((last - first) / step)
    return [first + i * step for i in range(n + 1)]


class _Frame:
    """The plot area inside a box, once the axes' labels have taken their room."""

    def __init__(self, p: Painter, box: Box, t: Translator, y_ticks: list[float], x_label: str, y_label: str,
                 legend: Sequence[tuple[str, tuple[int, int, int]]]) -> None:
        self.p, self.box, self.t = p, box, t
        s = box.size
        self.y_ticks = y_ticks
        label_w = max(p.text_width(t.number(v), s) for v in y_ticks)
        self.left = box.x + label_w + 10
        self.top = box.y + s * 1.6  # the y axis' label and the legend above the plot
        self.bottom = box.bottom - s * 2.6  # the x ticks and the x axis' label below it
        self.right = box.right - 8
        self.lo, self.hi = y_ticks[0], y_ticks[-1]
        p.text(y_label, box.x, box.y, s, INK_DIM, anchor="topleft")
        p.text(x_label, (self.left + self.right) / 2, box.bottom, s, INK_DIM, anchor="midbottom")
        self._legend(legend, p.text_width(y_label, s) + box.x + 24)

    def _legend(self, items: Sequence[tuple[str, tuple[int, int, int]]], start: float) -> None:
        p, s = self.p, self.box.size
        x = self.right
        for label, color in reversed(items):
            w = p.text_width(label, s)
            if x - w - s * 1.6 < start:
                break  # no room for more (the sheet's names are also written under it)
            p.text(label, x, self.box.y, s, INK, anchor="topright")
            x -= w + 8
            p.fill_rect(x - s, self.box.y + s * 0.25, s * 0.9, s * 0.5, color, radius=3)
            x -= s + 18

    def y_at(self, v: float) -> float:
        return self.bottom - (v - self.lo) / (self.hi - self.lo) * (self.bottom - self.top)

    def grid(self) -> None:
        p, s = self.p, self.box.size
        for v in self.y_ticks:
            y = self.y_at(v)
            p.line((self.left, y), (self.right, y), AXIS if v == 0 else GRID, 2 if v == 0 else 1)
            p.text(self.t.number(v), self.left - 8, y, s, INK_DIM, anchor="midright")
        p.line((self.left, self.top), (self.left, self.bottom), AXIS, 2)

    def x_labels(self, positions: Sequence[tuple[float, str]]) -> None:
        """Labels under the x axis, every one that keeps clear of the one before."""
        p, s = self.p, self.box.size
        last = -1e9
        for x, label in positions:
            w = p.text_width(label, s)
            if x - w / 2 < last + 12 or x + w / 2 > self.box.right:
                continue
            p.line((x, self.bottom), (x, self.bottom + 5), AXIS, 1)
            p.text(label, x, self.bottom + 7, s, INK_DIM, anchor="midtop")
            last = x + w / 2


def draw_line_chart(p: Painter, box: Box, t: Translator, series: Sequence[Series], x_label: str, y_label: str,
                    start: int = 0) -> None:
    """Lines over x = start, start + 1, ...: points joined, each series in its colour, the last point
    marked; the x axis counts (hands or matches)."""
    values = [v for s in series for v in s.values] or [0.0]
    most_y = max(2, int((box.h - box.size * 4.2) // (box.size * 2.2)))
    frame = _Frame(p, box, t, ticks(min(0.0, min(values)), max(0.0, max(values)), most_y), x_label, y_label,
                   [(s.label, s.color) for s in series])
    frame.grid()
    n = max((len(s.values) for s in series), default=0)
    span = max(1, n - 1)

    def x_at(i: float) -> float:
        return frame.left + 6 + (i - start) / span * (frame.right - frame.left - 12)

    label_w = p.text_width(str(start + n), box.size) + 16
    step = nice_step(span, max(1, int((frame.right - frame.left) // label_w)))
    step = max(1, int(step))
    marks = [(x_at(i), str(i)) for i in range(start, start + n, step)]
    frame.x_labels(marks)
    for s in series:
        pts = [p.px(x_at(start + i), frame.y_at(v)) for i, v in enumerate(s.values)]
        if len(pts) >= 2:
            pygame.draw.lines(p.surface, s.color, False, pts, max(1, p.size(s.width)))
        if pts:
            pygame.draw.circle(p.surface, s.color, pts[-1], max(2, p.size(s.width + 2)))


def draw_bar_chart(p: Painter, box: Box, t: Translator, values: Sequence[float], labels: Sequence[str],
                   x_label: str, y_label: str, last_running: bool = False) -> None:
    """One bar per value from the zero line (below it in red); ``last_running``: the last bar is a
    list still being played, drawn as an outline."""
    most_y = max(2, int((box.h - box.size * 4.2) // (box.size * 2.2)))
    vals = list(values) or [0.0]
    frame = _Frame(p, box, t, ticks(min(0.0, min(vals)), max(0.0, max(vals)), most_y), x_label, y_label, ())
    frame.grid()
    n = len(values)
    if not n:
        return
    slot = (frame.right - frame.left - 8) / n
    bar = max(3.0, min(slot * 0.7, 60.0))
    zero = frame.y_at(0)
    marks = []
    for i, v in enumerate(values):
        cx = frame.left + 4 + slot * (i + 0.5)
        top, bottom = sorted((frame.y_at(v), zero))
        color = GOLD if v >= 0 else NEGATIVE
        outline = last_running and i == n - 1
        p.fill_rect(cx - bar / 2, top, bar, max(1.5, bottom - top), color, radius=2, width=2 if outline else 0)
        marks.append((cx, labels[i]))
    frame.x_labels(marks)
