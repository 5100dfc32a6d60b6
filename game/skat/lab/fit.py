"""Does a frame's layout fit?  Checks the boxes the painter recorded.

Used by the layout tests and ``skat shots``: every text, card, button and
panel lies inside the window, every text inside the button or panel it
belongs to, and nothing that should be read or clicked lies on top of
something else of its own layer (cards may overlap cards: that is a fanned
hand).  A modal panel may cover what is below it, but never cut a text or a
speech bubble in half.
"""

from __future__ import annotations

import pygame

from ..ui.painter import DrawnBox, Painter

SLACK = 2
"""Pixels of overlap forgiven (anti-aliased edges, rounding at small windows)."""
SOLID = ("text", "card", "button", "panel", "bubble")
TOUCH = 2 * SLACK + 2
"""A card the player decides about is grown by this much: a panel touching it covers it."""


def _clash(a: pygame.Rect, b: pygame.Rect) -> bool:
    c = a.clip(b)
    return c.w > SLACK and c.h > SLACK


def _inside(inner: pygame.Rect, outer: pygame.Rect) -> bool:
    return outer.inflate(2 * SLACK, 2 * SLACK).contains(inner)


def _belongs(a: DrawnBox, b: DrawnBox) -> bool:
    """``a`` is drawn in ``b`` (a button's label, a panel's text)."""
    return a.container is not None and a.container == b.rect


def _may_overlap(a: DrawnBox, b: DrawnBox) -> bool:
    if a.kind == "card" and b.kind == "card":
        return True
    if _belongs(a, b) or _belongs(b, a):
        return True
    # Whatever lies wholly on a panel or button (a button on a panel, text on a panel).
    for outer, inner in ((a, b), (b, a)):
        if outer.kind in ("panel", "button", "bubble") and outer.rect.contains(inner.rect):
            return True
    # A title's drop shadow: the same text drawn again a few pixels off.
    return a.kind == b.kind == "text" and a.label == b.label and a.rect.size == b.rect.size


def _name(b: DrawnBox) -> str:
    return f"{b.kind} {b.label!r}"


def problems(boxes: list[DrawnBox], p: Painter) -> list[str]:
    """Every way the recorded frame does not fit, as readable sentences (empty: it fits)."""
    window = p.rect(0, 0, p.W, p.H)
    out: list[str] = []
    solid = [b for b in boxes if b.kind in SOLID]
    for b in solid:
        if not _inside(b.rect, window):
            out.append(f"{_name(b)} leaves the window: {tuple(b.rect)}")
        if b.kind in ("text", "button") and b.container is not None and not _inside(b.rect, b.container):
            out.append(f"{_name(b)} leaves its box {tuple(b.container)}: {tuple(b.rect)}")
    for i, a in enumerate(solid):
        for b in solid[i + 1 :]:
            if a.layer == b.layer:
                if _clash(a.rect, b.rect) and not _may_overlap(a, b):
                    out.append(f"{_name(a)} and {_name(b)} overlap: {tuple(a.rect)} {tuple(b.rect)}")
            elif (b.kind == "panel" and a.kind in ("text", "bubble") and a.layer < b.layer
                  and _clash(a.rect, b.rect) and not b.rect.contains(a.rect)):
                    out.append(f"{_name(b)} cuts {_name(a)}: {tuple(b.rect)} {tuple(a.rect)}")
    return out


def covered_decisions(boxes: list[DrawnBox], decision: set[str]) -> list[str]:
    """Every dialog, panel or speech bubble drawn over a card the player decides about
    (``decision``: the cards' labels, e.g. the hand in a declaration and the skat while
    it lies on the table).  A dialog may cover the rest of the table, but never these;
    a badge smaller than the card it marks (the hint's number) is part of the card."""
    cards = [b for b in boxes if b.kind == "card" and b.label in decision]
    out: list[str] = []
    for b in boxes:
        if b.kind not in ("panel", "bubble"):
            continue
        for c in cards:
            if b.layer <= c.layer or not _clash(b.rect, c.rect.inflate(TOUCH, TOUCH)):
                continue
            if b.kind == "panel" and b.rect.w < c.rect.w and b.rect.h < c.rect.h:
                continue
            out.append(f"{_name(b)} covers card {c.label}: {tuple(b.rect)} {tuple(c.rect)}")
    return out
