"""Card faces and backs drawn by our own code, at any pixel size.

Nothing is loaded from disk except pygame's bundled default font (for the
indices), so the art works unchanged under pygbag.  pygame.draw has no
antialiased filled polygons, so every card is drawn at 2-4x its size and
smooth-scaled down; that also gives soft, per-alpha rounded corners.  Drawing
a face costs a few milliseconds, so results are kept in a shared, size-bounded
cache keyed by (kind, card, width, deck, language, state).

Layout is in *card-width units* (the card is 1.0 wide and 91/59 tall) so one
description serves every size from a 40 px phone hand to a 200 px table.

>>> import pygame
>>> art = CardArt("tournament", "de")
>>> art.face(31, 59).get_size(), card_size(59)
((59, 91), (59, 91))
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Literal, NamedTuple

import pygame

Deck = Literal["tournament", "classic", "german", "german_classic"]
Language = Literal["de", "en"]
State = Literal["normal", "highlight", "dim"]
Colour = tuple[int, int, int]
Point = tuple[float, float]

ASPECT = 91 / 59
"""Height over width of a Skat card (59 x 91 mm)."""

DECKS: tuple[Deck, ...] = ("tournament", "classic", "german", "german_classic")
"""French suits in four colours (the ISkO tournament deck) and in two; German suits (Eichel,
Grün, Herz, Schellen) in their own four colours and in two (red and black)."""
GERMAN_DECKS: frozenset[str] = frozenset({"german", "german_classic"})


def suit_words(deck: str | None) -> str:
    """Which suit names the texts use with ``deck`` (a :data:`skat.i18n.SUIT_WORDS` value)."""
    return "german" if deck in GERMAN_DECKS else "french"
LANGUAGES: tuple[Language, ...] = ("de", "en")
STATES: tuple[State, ...] = ("normal", "highlight", "dim")

DIAMONDS, HEARTS, SPADES, CLUBS = 0, 1, 2, 3
TEN, JACK, QUEEN, KING, ACE = 3, 4, 5, 6, 7

# Suit colours per deck, indexed by suit (diamonds, hearts, spades, clubs).  The
# tournament amber is deep enough to read as an index on white paper.
SUIT_COLOURS: dict[str, tuple[Colour, Colour, Colour, Colour]] = {
    "tournament": ((238, 146, 0), (206, 22, 36), (0, 128, 60), (24, 24, 28)),
    "classic": ((206, 22, 36), (206, 22, 36), (24, 24, 28), (24, 24, 28)),
    # Schellen amber, Herz red, Grün leaf green, Eichel acorn brown (dark enough for an index).
    "german": ((226, 150, 0), (206, 22, 36), (36, 126, 40), (104, 58, 22)),
    "german_classic": ((206, 22, 36), (206, 22, 36), (24, 24, 28), (24, 24, 28)),
}
RANK_LABELS: dict[str, tuple[str, ...]] = {
    "de": ("7", "8", "9", "10", "B", "D", "K", "A"),
    "en": ("7", "8", "9", "10", "J", "Q", "K", "A"),
}
GERMAN_LABELS: tuple[str, ...] = ("7", "8", "9", "10", "U", "O", "K", "A")
"""A German-suited deck has Unter, Ober, König and Daus (called Ass at the table) in either language."""
BACK_COLOURS: dict[str, Colour] = {"tournament": (14, 74, 58), "classic": (22, 44, 100), "german": (110, 30, 34),
                                   "german_classic": (54, 40, 30)}

PAPER: Colour = (252, 250, 242)
EDGE: Colour = (128, 126, 118)
GOLD: Colour = (206, 158, 44)
GOLD_DARK: Colour = (150, 108, 22)
INK: Colour = (30, 30, 38)
SKIN: Colour = (246, 218, 188)
HIGHLIGHT: Colour = (255, 206, 60)

CORNER = 0.055  # corner radius
MIN_CORNER_PX = 3.5  # below this a small card's corners would not read as rounded
INDEX_TOP = 0.05
INDEX_GAP = 0.035
# Widths (px) where the proportions are exactly large, medium and compact; in between they blend.
LARGE_FULL, MEDIUM_FROM, COMPACT_FULL = 160, 96, 48
FIGURE_ZOOM = 1.1  # court figures are drawn at this scale about the card centre

CACHE_BYTES = 48 * 1024 * 1024
"""Upper bound on the cached surfaces (about 2000 cards at 100 px): enough for
every size a table uses, small enough for a phone browser."""


def card_height(width: int) -> int:
    """Pixel height of a card ``width`` pixels wide (59:91)."""
    return max(1, round(width * ASPECT))


def card_size(width: int) -> tuple[int, int]:
    """(width, height) of a card ``width`` pixels wide."""
    return width, card_height(width)


def corner_radius(width: int) -> int:
    """Corner radius in pixels, for callers drawing outlines or shadows that match the card."""
    return round(max(MIN_CORNER_PX, width * CORNER))


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


# ---------------------------------------------------------------- suit shapes
# Each pip is a list of polygons and circles in a unit box (about 1 wide, y down,
# centred on 0,0), so it can be placed, scaled and turned 180 degrees cheaply.
# The kind is "p" (polygon) or "c" (circle), with "d" or "l" after it for a part
# drawn in a darker or lighter shade of the suit colour (the German pips' detail).

Shape = tuple[str, tuple]


def _lobes(a: float, cy: float, r: float, tip_y: float, steps: int = 18) -> list[Point]:
    """Two circles (centres (+-a, cy), radius r) joined by tangents to a tip below them: a heart."""
    dx, dy = -a, tip_y - cy
    base = math.atan2(dy, dx)
    tangent = base - math.acos(r / math.hypot(dx, dy))
    cleft = math.atan2(-math.sqrt(r * r - a * a), -a)
    angles = [tangent + (cleft - tangent) * i / steps for i in range(steps + 1)]
    right = [(a + r * math.cos(t), cy + r * math.sin(t)) for t in angles]
    left = [(-x, y) for x, y in reversed(right[:-1])]
    return [(0.0, tip_y), *right, *left]


def _bezier(p0: Point, p1: Point, p2: Point, steps: int = 8) -> list[Point]:
    out = []
    for i in range(steps + 1):
        t = i / steps
        u = 1 - t
        a, b, c = u * u, 2 * u * t, t * t
        out.append((a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]))
    return out


def _stem(top: float, bottom: float, neck: float, foot: float) -> list[Point]:
    """A flared stem with concave sides, as on spades and clubs."""
    right = _bezier((neck, top), (neck * 1.2, bottom - 0.06), (foot, bottom))
    left = [(-x, y) for x, y in reversed(right)]
    return [*right, *left]


def _diamond() -> list[Point]:
    """A rhombus with slightly hollow sides, like a printed Karo."""
    corners = [(0.0, -0.56), (0.41, 0.0), (0.0, 0.56), (-0.41, 0.0)]
    out: list[Point] = []
    for i, (x0, y0) in enumerate(corners):
        x1, y1 = corners[(i + 1) % 4]
        length = math.hypot(x1 - x0, y1 - y0)
        nx, ny = -(y1 - y0) / length, (x1 - x0) / length  # points inwards for this winding
        for j in range(10):
            s = j / 10
            bend = 0.035 * math.sin(math.pi * s)
            out.append((x0 + (x1 - x0) * s + nx * bend, y0 + (y1 - y0) * s + ny * bend))
    return out


def _build_shapes() -> tuple[list[Shape], ...]:
    heart = [("p", (_lobes(0.235, -0.16, 0.265, 0.45),))]
    spade_body = [(x, -y) for x, y in _lobes(0.225, -0.13, 0.255, 0.53)]
    spade = [("p", (spade_body,)), ("p", (_stem(0.05, 0.53, 0.035, 0.2),))]
    club = [
        ("c", ((0.0, -0.255), 0.245)),
        ("c", ((-0.255, 0.085), 0.245)),
        ("c", ((0.255, 0.085), 0.245)),
        ("c", ((0.0, 0.02), 0.14)),
        ("p", (_stem(0.05, 0.53, 0.04, 0.2),)),
    ]
    diamond = [("p", (_diamond(),))]
    return diamond, heart, spade, club


SUIT_SHAPES = _build_shapes()


def _ellipse_points(cx: float, cy: float, rx: float, ry: float, start: float = 0.0, end: float = 2 * math.pi,
                    steps: int = 24) -> list[Point]:
    angles = [start + (end - start) * i / steps for i in range(steps + 1)]
    return [(cx + rx * math.cos(a), cy + ry * math.sin(a)) for a in angles]


def _acorn() -> list[Shape]:
    """Eichel: a nut under a scaly cup on a short stalk."""
    nut = _ellipse_points(0.0, 0.1, 0.27, 0.34, -0.15, math.pi + 0.15)
    nut = [*nut[: len(nut) // 2], (0.0, 0.5), *nut[len(nut) // 2:]]
    cup = _ellipse_points(0.0, -0.04, 0.35, 0.26, math.pi, 2 * math.pi)
    cup = [*cup, (0.33, 0.02), (0.0, 0.05), (-0.33, 0.02)]
    stalk = [(-0.035, -0.26), (0.035, -0.26), (0.09, -0.5), (0.03, -0.52)]
    scales = [("cl", ((x, y), 0.035)) for x, y in ((-0.2, -0.06), (-0.07, -0.1), (0.07, -0.1), (0.2, -0.06),
                                                   (-0.13, -0.19), (0.0, -0.21), (0.13, -0.19))]
    shine = _ellipse_points(-0.13, 0.17, 0.05, 0.13, steps=12)
    return [("pd", (stalk,)), ("p", (nut,)), ("pl", (shine,)), ("pd", (cup,)), *scales]


def _leaf() -> list[Shape]:
    """Grün: a broad leaf with a wavy edge, its midrib and veins in a light shade."""
    right: list[Point] = []
    for i in range(25):
        t = i / 24
        w = 0.44 * math.sin(math.pi * t) ** 0.75 * (1 + 0.07 * math.sin(7 * math.pi * t))
        right.append((w, 0.4 - 0.96 * t))
    left = [(-x, y) for x, y in reversed(right[1:-1])]
    stalk = [(-0.03, 0.36), (0.03, 0.36), (0.06, 0.56), (0.0, 0.56)]
    rib = [(-0.018, 0.38), (0.018, 0.38), (0.006, -0.46), (-0.006, -0.46)]
    veins: list[Shape] = []
    for y in (0.2, 0.02, -0.16):
        for side in (-1, 1):
            vein = [(0.0, y + 0.02), (0.0, y - 0.02), (side * 0.27, y - 0.17), (side * 0.27, y - 0.14)]
            veins.append(("pl", (vein,)))
    return [("pd", (stalk,)), ("p", ([*right, *left],)), ("pl", (rib,)), *veins]


def _german_heart() -> list[Shape]:
    """Herz: fuller than the French heart, with a light gleam on one lobe."""
    return [("p", (_lobes(0.24, -0.14, 0.28, 0.48),)), ("cl", ((-0.24, -0.2), 0.08))]


def _bell() -> list[Shape]:
    """Schellen: a round sleigh bell with a band, a slot and a loop on top."""
    r, cy = 0.4, 0.08
    band: list[Point] = []
    for y in (-0.02, 0.1):
        half = math.sqrt(r * r - (y - cy) ** 2)
        band += [(-half, y), (half, y)] if y < 0 else [(half, y), (-half, y)]
    slot = _ellipse_points(0.0, 0.3, 0.2, 0.045, steps=16)
    return [
        ("cd", ((0.0, -0.37), 0.1)),
        ("cl", ((0.0, -0.37), 0.045)),
        ("c", ((0.0, cy), r)),
        ("pd", (band,)),
        ("pd", (slot,)),
        ("cd", ((0.0, 0.42), 0.06)),
        ("cl", ((-0.17, -0.12), 0.07)),
    ]


def _build_german_shapes() -> tuple[list[Shape], ...]:
    return _bell(), _german_heart(), _leaf(), _acorn()


GERMAN_SUIT_SHAPES = _build_german_shapes()


# ---------------------------------------------------------------- painter


class _Painter:
    """Draws in card-width units onto a supersampled canvas, optionally turned 180 degrees.

    Court cards and indices are drawn once per half with ``rot`` toggled, which is
    how real double-headed cards are made.
    """

    def __init__(self, surface: pygame.Surface) -> None:
        self.surface = surface
        self.k = surface.get_width()  # pixels per card-width unit
        self.hu = surface.get_height() / self.k  # card height in units
        self.rot = False
        self.zoom = 1.0  # scale about the card centre, for the court figures
        self.shapes: tuple[list[Shape], ...] = SUIT_SHAPES  # French pips, or GERMAN_SUIT_SHAPES

    def pt(self, x: float, y: float) -> Point:
        if self.zoom != 1.0:
            x, y = 0.5 + (x - 0.5) * self.zoom, self.hu / 2 + (y - self.hu / 2) * self.zoom
        if self.rot:
            x, y = 1.0 - x, self.hu - y
        return x * self.k, y * self.k

    def poly(self, points: Sequence[Point], colour: Colour | tuple[int, int, int, int], width: float = 0) -> None:
        px = [self.pt(x, y) for x, y in points]
        pygame.draw.polygon(self.surface, colour, px, max(1, round(width * self.k * self.zoom)) if width else 0)

    def circle(self, centre: Point, r: float, colour: Colour, width: float = 0) -> None:
        w = max(1, round(width * self.k * self.zoom)) if width else 0
        pygame.draw.circle(self.surface, colour, self.pt(*centre), r * self.k * self.zoom, w)

    def line(self, a: Point, b: Point, colour: Colour, width: float) -> None:
        """A thick line as a polygon, so the ends stay square at any angle."""
        (x0, y0), (x1, y1) = a, b
        length = math.hypot(x1 - x0, y1 - y0) or 1.0
        nx, ny = -(y1 - y0) / length * width / 2, (x1 - x0) / length * width / 2
        self.poly([(x0 + nx, y0 + ny), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)], colour)

    def ellipse(self, cx: float, cy: float, rx: float, ry: float, colour: Colour, width: float = 0) -> None:
        x, y = self.pt(cx, cy)
        k = self.k * self.zoom
        rect = pygame.Rect(0, 0, round(2 * rx * k), round(2 * ry * k))
        rect.center = (round(x), round(y))
        pygame.draw.ellipse(self.surface, colour, rect, max(1, round(width * k)) if width else 0)

    def pip(self, suit: int, cx: float, cy: float, size: float, colour: Colour, flip: bool = False) -> None:
        """One suit symbol ``size`` units wide centred on (cx, cy); ``flip`` turns it upside down."""
        sign = -1.0 if flip else 1.0
        shades = {"": colour, "d": _mix(colour, INK, 0.45), "l": _mix(colour, PAPER, 0.55)}
        for kind, args in self.shapes[suit]:
            ink = shades[kind[1:]]
            if kind[0] == "p":
                self.poly([(cx + sign * x * size, cy + sign * y * size) for x, y in args[0]], ink)
            else:
                (x, y), r = args
                self.circle((cx + sign * x * size, cy + sign * y * size), r * size, ink)

    def blit_box(self, image: pygame.Surface, x: float, y: float) -> None:
        """Blit ``image`` with its top-left at unit (x, y); turned 180 degrees with the painter."""
        if not self.rot:
            self.surface.blit(image, (round(x * self.k), round(y * self.k)))
            return
        turned = pygame.transform.rotate(image, 180)
        right, bottom = self.pt(x, y)
        self.surface.blit(turned, (round(right - image.get_width()), round(bottom - image.get_height())))


# ---------------------------------------------------------------- text

_FONTS: dict[int, pygame.font.Font] = {}
_CAP_RATIO: list[float] = []


def _font(px: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    font = _FONTS.get(px)
    if font is None:
        font = _FONTS[px] = pygame.font.Font(None, px)
    return font


def _label(text: str, colour: Colour, cap_px: float, max_w: float) -> pygame.Surface:
    """Rank label whose capital height is ``cap_px``, cropped to its ink, top at the cap line.

    The default font's metrics are measured rather than assumed, so the index
    lands the same way whichever pygame build (desktop or pygbag) renders it.
    """
    if not _CAP_RATIO:
        _CAP_RATIO.append(_font(100).render("H", True, INK).get_bounding_rect().height / 100)
    font = _font(max(4, round(cap_px / _CAP_RATIO[0])))
    cap = font.render("H", True, colour).get_bounding_rect()
    image = font.render(text, True, colour)
    ink = image.get_bounding_rect()
    bottom = max(ink.bottom, cap.bottom)
    image = image.subsurface(pygame.Rect(ink.x, cap.top, ink.width, bottom - cap.top))
    scale = cap_px / cap.height
    width = image.get_width() * scale
    squeeze = min(1.0, max_w / width)
    size = (max(1, round(width * squeeze)), max(1, round(image.get_height() * scale)))
    return pygame.transform.smoothscale(image, size)


# ---------------------------------------------------------------- faces


def _supersample(width: int) -> int:
    return 4 if width <= 90 else 3 if width <= 160 else 2


def _blank(width: int, fill: Colour = PAPER) -> tuple[pygame.Surface, int]:
    """Supersampled canvas holding the bare card: rounded paper with a thin edge."""
    s = _supersample(width)
    w, h = width * s, card_height(width) * s
    canvas = pygame.Surface((w, h), pygame.SRCALPHA)
    canvas.fill((*EDGE, 0))  # transparent but edge-coloured, so smoothscale leaves no dark fringe
    radius = round(max(MIN_CORNER_PX, width * CORNER) * s)
    pygame.draw.rect(canvas, EDGE, canvas.get_rect(), border_radius=radius)
    pygame.draw.rect(canvas, fill, canvas.get_rect().inflate(-2 * s, -2 * s), border_radius=max(1, radius - s))
    return canvas, s


class _Layout(NamedTuple):
    """Size-dependent proportions: small cards get a bigger index and a tighter pip field.

    At phone sizes only the index strip of each card in a fanned hand shows,
    so it must carry the card alone; the picture matters only when there is room.
    """

    index_x: float  # centre of the corner index column
    cap: float  # cap height of the rank label
    max_w: float  # "10" is squeezed to this width
    pip: float  # index pip width
    field_x: float  # scale of the number-card pip field about the centre, across
    field_y: float  # and along
    field_pip: float  # and of its pips
    notch_x: float  # the court frame keeps clear of the index up to here
    notch_y: float

    @classmethod
    def for_width(cls, width: int) -> _Layout:
        """Interpolate between the large, medium and compact proportions."""
        if width <= MEDIUM_FROM:
            t = min(1.0, max(0.0, (MEDIUM_FROM - width) / (MEDIUM_FROM - COMPACT_FULL)))
            a, b = _MEDIUM, _COMPACT
        else:
            t = min(1.0, (width - MEDIUM_FROM) / (LARGE_FULL - MEDIUM_FROM))
            a, b = _MEDIUM, _LARGE
        x, cap, max_w, pip, fx, fy, fp, nx = (u + (v - u) * t for u, v in zip(a, b, strict=True))
        return cls(x, cap, max_w, pip, fx, fy, fp, nx, INDEX_TOP + cap + INDEX_GAP + pip * 0.95 + 0.03)


# index_x, cap, max_w, pip, field_x, field_y, field_pip, notch_x at the three reference widths
_LARGE = (0.13, 0.19, 0.22, 0.14, 1.0, 1.0, 1.0, 0.245)
_MEDIUM = (0.15, 0.235, 0.26, 0.18, 1.0, 1.0, 1.0, 0.275)
_COMPACT = (0.17, 0.285, 0.31, 0.22, 0.8, 0.92, 0.85, 0.31)


def _index(p: _Painter, lay: _Layout, text: str, suit: int, colour: Colour) -> None:
    label = _label(text, colour, lay.cap * p.k, lay.max_w * p.k)
    lw = label.get_width() / p.k
    pip_y = INDEX_TOP + lay.cap + INDEX_GAP + lay.pip * 0.5
    for rot in (False, True):
        p.rot = rot
        p.blit_box(label, lay.index_x - lw / 2, INDEX_TOP)
        p.pip(suit, lay.index_x, pip_y, lay.pip, colour)
    p.rot = False


# Pip positions for 7..10 as (column, row); columns are x, rows are y in units.
_COL_L, _COL_C, _COL_R = 0.36, 0.5, 0.64
_TOP_ROW = 0.37


def _pip_layout(rank: int, hu: float) -> list[Point]:
    mid = hu / 2
    if rank <= 1:  # 7, 8: three rows a side
        rows = [_TOP_ROW, mid, hu - _TOP_ROW]
        spots = [(x, y) for y in rows for x in (_COL_L, _COL_R)]
        spots.append((_COL_C, (rows[0] + rows[1]) / 2))
        if rank == 1:
            spots.append((_COL_C, (rows[1] + rows[2]) / 2))
        return spots
    top, bottom = _TOP_ROW, hu - _TOP_ROW  # 9, 10: four rows a side
    rows = [top + (bottom - top) * i / 3 for i in range(4)]
    spots = [(x, y) for y in rows for x in (_COL_L, _COL_R)]
    if rank == 2:
        spots.append((_COL_C, mid))
    else:
        spots += [(_COL_C, (rows[0] + rows[1]) / 2), (_COL_C, (rows[2] + rows[3]) / 2)]
    return spots


def _number(p: _Painter, lay: _Layout, suit: int, rank: int, colour: Colour) -> None:
    mid = p.hu / 2
    size = (0.19 if rank <= 1 else 0.17) * lay.field_pip  # the four-row layouts need smaller pips to stay clear
    for x, y in _pip_layout(rank, p.hu):
        x, y_field = 0.5 + (x - 0.5) * lay.field_x, mid + (y - mid) * lay.field_y
        p.pip(suit, x, y_field, size, colour, flip=y > mid + 1e-6)


def _ace(p: _Painter, suit: int, colour: Colour) -> None:
    mid = p.hu / 2
    ring = _mix(PAPER, colour, 0.35)
    p.circle((0.5, mid), 0.36, ring, 0.006)
    p.circle((0.5, mid), 0.335, _mix(PAPER, colour, 0.18), 0.004)
    p.pip(suit, 0.5, mid, 0.5 if suit != DIAMONDS else 0.52, colour)


def _daus(p: _Painter, suit: int, colour: Colour) -> None:
    """The German Daus: two big pips, head to foot, on a ribboned medallion."""
    mid = p.hu / 2
    p.ellipse(0.5, mid, 0.36, 0.5, _mix(PAPER, colour, 0.12))
    p.ellipse(0.5, mid, 0.36, 0.5, _mix(PAPER, colour, 0.45), 0.006)
    p.line((0.2, mid - 0.05), (0.8, mid + 0.05), _mix(PAPER, colour, 0.3), 0.05)
    p.line((0.2, mid - 0.05), (0.8, mid + 0.05), _mix(PAPER, colour, 0.6), 0.008)
    p.pip(suit, 0.5, mid - 0.22, 0.34, colour)
    p.pip(suit, 0.5, mid + 0.22, 0.34, colour, flip=True)


def _court_frame(hu: float, lay: _Layout) -> list[Point]:
    """The picture frame, notched at two corners so the big indices stay clear."""
    nx, ny, m = lay.notch_x, lay.notch_y, 0.075
    return [(nx, m), (1 - m, m), (1 - m, hu - ny), (1 - nx, hu - ny), (1 - nx, hu - m), (m, hu - m), (m, ny), (nx, ny)]


def _court(p: _Painter, lay: _Layout, suit: int, rank: int, colour: Colour) -> None:
    hu = p.hu
    mid = hu / 2
    frame = _court_frame(hu, lay)
    p.poly(frame, _mix(PAPER, colour, 0.09))
    german = p.shapes is GERMAN_SUIT_SHAPES
    figure = _GERMAN_FIGURES[rank] if german else _FIGURES[rank]
    p.zoom = FIGURE_ZOOM
    for rot in (False, True):
        p.rot = rot
        _robe(p, colour, mid, JACK if german and rank == QUEEN else rank)
        figure(p, colour)
        if german:  # the Ober holds his suit up high, the Unter low, the König at his shoulder
            x, y = {JACK: (0.33, 0.62), QUEEN: (0.35, 0.215), KING: (0.355, 0.565)}[rank]
            p.pip(suit, x, y, 0.095, colour)
    p.rot, p.zoom = False, 1.0
    p.line((0.075, mid), (0.925, mid), _trim(colour), 0.02)
    p.line((0.075, mid - 0.011), (0.925, mid - 0.011), colour, 0.006)
    p.line((0.075, mid + 0.011), (0.925, mid + 0.011), colour, 0.006)
    p.poly(frame, colour, 0.008)


def _robe(p: _Painter, colour: Colour, mid: float, rank: int) -> None:
    """Shoulders and chest, shared by the three court figures."""
    dark = _mix(colour, (0, 0, 0), 0.4)
    light = _mix(colour, (255, 255, 255), 0.6)
    trim = _trim(colour)
    robe = [(0.285, mid), (0.265, 0.65), (0.28, 0.575), (0.33, 0.528), (0.41, 0.495), (0.59, 0.495), (0.67, 0.528),
            (0.72, 0.575), (0.735, 0.65), (0.715, mid)]
    p.poly(robe, colour)
    if rank == JACK:  # slashed doublet: vertical panels
        for x in (0.32, 0.41, 0.59, 0.68):
            p.line((x, 0.56), (x + (0.012 if x > 0.5 else -0.012), mid), dark, 0.024)
            p.line((x, 0.56), (x + (0.012 if x > 0.5 else -0.012), mid), light, 0.008)
    elif rank == QUEEN:  # bodice with lacing
        p.poly([(0.43, 0.56), (0.57, 0.56), (0.555, mid), (0.445, mid)], light)
        for i in range(4):
            y = 0.59 + i * 0.042
            p.line((0.455, y), (0.545, y + 0.02), dark, 0.007)
            p.line((0.545, y), (0.455, y + 0.02), dark, 0.007)
    else:  # ermine cape
        cape = [(0.27, 0.6), (0.31, 0.54), (0.41, 0.5), (0.59, 0.5), (0.69, 0.54), (0.73, 0.6), (0.5, 0.64)]
        p.poly(cape, PAPER)
        p.poly(cape, dark, 0.005)
        for x, y in ((0.32, 0.57), (0.38, 0.545), (0.62, 0.545), (0.68, 0.57), (0.44, 0.585), (0.56, 0.585)):
            p.poly([(x, y - 0.012), (x + 0.006, y + 0.008), (x - 0.006, y + 0.008)], INK)
    # the right arm, holding the sceptre, flower or halberd
    sleeve = [(0.645, 0.515), (0.705, 0.54), (0.735, 0.625), (0.69, 0.645), (0.66, 0.585)]
    p.poly(sleeve, _mix(colour, (0, 0, 0), 0.18))
    p.poly(sleeve, dark, 0.005)
    p.line((0.685, 0.632), (0.732, 0.614), trim, 0.016)
    # gold collar and placket
    p.poly([(0.42, 0.495), (0.5, 0.6), (0.58, 0.495), (0.55, 0.495), (0.5, 0.56), (0.45, 0.495)], trim)
    if rank != QUEEN:
        p.line((0.5, 0.6), (0.5, mid), trim, 0.028)
        for i in range(3):
            y = 0.64 + i * 0.045
            p.poly([(0.5, y - 0.013), (0.513, y), (0.5, y + 0.013), (0.487, y)], dark if trim == GOLD else GOLD)
    p.poly(robe, dark, 0.006)


def _trim(colour: Colour) -> Colour:
    """Gold trim, or dark brown where gold would vanish on an amber (diamonds) robe."""
    if sum((a - b) ** 2 for a, b in zip(colour, GOLD, strict=True)) < 90**2:
        return _mix(colour, INK, 0.6)
    return GOLD


def _face_features(p: _Painter, cx: float, cy: float, r: float, mouth: Colour) -> None:
    p.circle((cx - 0.33 * r, cy - 0.05 * r), 0.09 * r, INK)
    p.circle((cx + 0.33 * r, cy - 0.05 * r), 0.09 * r, INK)
    p.line((cx - 0.52 * r, cy - 0.3 * r), (cx - 0.15 * r, cy - 0.36 * r), INK, 0.07 * r)
    p.line((cx + 0.52 * r, cy - 0.3 * r), (cx + 0.15 * r, cy - 0.36 * r), INK, 0.07 * r)
    p.poly([(cx, cy - 0.05 * r), (cx + 0.12 * r, cy + 0.3 * r), (cx - 0.02 * r, cy + 0.3 * r)], _mix(SKIN, INK, 0.3))
    p.line((cx - 0.18 * r, cy + 0.55 * r), (cx + 0.18 * r, cy + 0.55 * r), mouth, 0.09 * r)


def _king(p: _Painter, colour: Colour) -> None:
    hair = (228, 226, 222)
    hx, hy, r = 0.5, 0.37, 0.08
    p.ellipse(hx, hy + 0.01, r * 1.3, r * 1.15, hair)
    p.line((0.5, 0.5), (0.5, 0.44), SKIN, 0.05)
    p.circle((hx, hy), r, SKIN)
    p.poly([(hx - r * 0.95, hy + 0.01), (hx + r * 0.95, hy + 0.01), (hx + 0.03, hy + r + 0.06), (hx, hy + r + 0.085),
            (hx - 0.03, hy + r + 0.06)], hair)
    p.poly([(hx - r * 0.95, hy + 0.01), (hx + r * 0.95, hy + 0.01), (hx + 0.03, hy + r + 0.06), (hx, hy + r + 0.085),
            (hx - 0.03, hy + r + 0.06)], _mix(hair, INK, 0.35), 0.004)
    _face_features(p, hx, hy, r, _mix(SKIN, INK, 0.5))
    moustache = [(hx - 0.04, hy + 0.035), (hx, hy + 0.025), (hx + 0.04, hy + 0.035), (hx, hy + 0.045)]
    p.poly(moustache, _mix(hair, INK, 0.25))
    # crown
    band_y = hy - r + 0.005
    spikes = [(hx - 0.08, band_y), (hx - 0.085, band_y - 0.085), (hx - 0.045, band_y - 0.04), (hx, band_y - 0.1),
              (hx + 0.045, band_y - 0.04), (hx + 0.085, band_y - 0.085), (hx + 0.08, band_y)]
    p.poly(spikes, GOLD)
    p.poly(spikes, GOLD_DARK, 0.005)
    band = [(hx - 0.085, band_y - 0.005), (hx + 0.085, band_y - 0.005), (hx + 0.08, band_y + 0.03),
            (hx - 0.08, band_y + 0.03)]
    p.poly(band, GOLD_DARK)
    for x, y in ((hx - 0.085, band_y - 0.085), (hx, band_y - 0.1), (hx + 0.085, band_y - 0.085)):
        p.circle((x, y), 0.013, GOLD)
    p.circle((hx, band_y + 0.012), 0.013, colour)
    # sceptre
    p.line((0.71, 0.72), (0.745, 0.27), GOLD_DARK, 0.02)
    p.circle((0.747, 0.25), 0.03, GOLD)
    p.circle((0.747, 0.25), 0.03, GOLD_DARK, 0.005)
    p.line((0.747, 0.18), (0.747, 0.225), GOLD_DARK, 0.01)
    p.line((0.73, 0.197), (0.764, 0.197), GOLD_DARK, 0.01)
    p.circle((0.707, 0.645), 0.026, SKIN)
    p.circle((0.707, 0.645), 0.026, _mix(SKIN, INK, 0.4), 0.004)


def _queen(p: _Painter, colour: Colour) -> None:
    hair = (92, 58, 36)
    hx, hy, r = 0.5, 0.37, 0.074
    p.ellipse(hx, 0.38, 0.125, 0.15, _mix(colour, PAPER, 0.55))  # veil
    p.ellipse(hx, 0.38, 0.125, 0.15, colour, 0.005)
    p.poly([(hx - 0.093, 0.35), (hx - 0.1, 0.5), (hx - 0.04, 0.48), (hx + 0.04, 0.48), (hx + 0.1, 0.5),
            (hx + 0.093, 0.35)], hair)
    p.circle((hx, 0.35), 0.093, hair)
    p.line((0.5, 0.5), (0.5, 0.44), SKIN, 0.045)
    p.circle((hx, hy), r, SKIN)
    p.poly([(hx - r, hy - 0.01), (hx - 0.01, hy - r - 0.012), (hx + r * 0.4, hy - r * 0.55)], hair)
    _face_features(p, hx, hy, r, (190, 60, 70))
    tiara = [(hx - 0.06, 0.3), (hx - 0.03, 0.27), (hx, 0.245), (hx + 0.03, 0.27), (hx + 0.06, 0.3), (hx, 0.282)]
    p.poly(tiara, GOLD)
    p.poly(tiara, GOLD_DARK, 0.004)
    p.circle((hx, 0.262), 0.012, colour)
    for i in range(7):  # necklace
        t = (i - 3) / 3
        p.circle((0.5 + t * 0.05, 0.52 + (1 - t * t) * 0.025), 0.007, GOLD)
    # flower
    stem = _mix((40, 110, 60), colour, 0.2)
    p.line((0.7, 0.68), (0.73, 0.33), stem, 0.012)
    p.poly([(0.715, 0.5), (0.77, 0.45), (0.76, 0.48)], stem)
    for i in range(6):
        a = i * math.pi / 3
        p.circle((0.73 + math.cos(a) * 0.03, 0.305 + math.sin(a) * 0.03), 0.022, colour)
    p.circle((0.73, 0.305), 0.018, GOLD)
    p.circle((0.702, 0.645), 0.025, SKIN)
    p.circle((0.702, 0.645), 0.025, _mix(SKIN, INK, 0.4), 0.004)


def _jack(p: _Painter, colour: Colour) -> None:
    hair = (120, 78, 40)
    hx, hy, r = 0.5, 0.375, 0.076
    p.circle((hx, hy - 0.008), r + 0.012, hair)
    p.poly([(hx - r - 0.01, hy - 0.01), (hx - r - 0.012, hy + 0.06), (hx - r + 0.02, hy + 0.05)], hair)
    p.poly([(hx + r + 0.01, hy - 0.01), (hx + r + 0.012, hy + 0.06), (hx + r - 0.02, hy + 0.05)], hair)
    p.line((0.5, 0.5), (0.5, 0.44), SKIN, 0.048)
    p.circle((hx, hy), r, SKIN)
    _face_features(p, hx, hy, r, _mix(SKIN, INK, 0.5))
    p.poly([(hx - 0.035, hy + 0.03), (hx, hy + 0.022), (hx + 0.035, hy + 0.03), (hx + 0.03, hy + 0.038),
            (hx, hy + 0.032), (hx - 0.03, hy + 0.038)], hair)
    # beret with a feather
    feather = _bezier((hx + 0.03, hy - 0.075), (hx + 0.19, hy - 0.1), (hx + 0.18, hy - 0.2), 10)
    back = _bezier((hx + 0.18, hy - 0.2), (hx + 0.14, hy - 0.11), (hx + 0.02, hy - 0.055), 10)
    p.poly(feather + back, PAPER)
    p.poly(feather + back, _mix(colour, INK, 0.3), 0.005)
    p.line(feather[2], feather[-2], _mix(colour, INK, 0.3), 0.004)
    cap = [(hx - 0.1, hy - 0.035), (hx - 0.09, hy - 0.085), (hx - 0.03, hy - 0.118), (hx + 0.06, hy - 0.112),
           (hx + 0.1, hy - 0.07), (hx + 0.085, hy - 0.045)]
    p.poly(cap, colour)
    p.poly(cap, _mix(colour, INK, 0.5), 0.005)
    p.line((hx - 0.09, hy - 0.045), (hx + 0.08, hy - 0.055), GOLD, 0.016)
    # halberd
    steel = (176, 182, 192)
    p.line((0.705, 0.73), (0.73, 0.21), GOLD_DARK, 0.016)
    blade = [(0.732, 0.245), (0.795, 0.23), (0.81, 0.275), (0.795, 0.32), (0.728, 0.305)]
    p.poly(blade, steel)
    p.poly(blade, _mix(steel, INK, 0.5), 0.004)
    tip = [(0.719, 0.215), (0.73, 0.165), (0.741, 0.215)]
    p.poly(tip, steel)
    p.poly(tip, _mix(steel, INK, 0.5), 0.004)
    p.circle((0.707, 0.645), 0.026, SKIN)
    p.circle((0.707, 0.645), 0.026, _mix(SKIN, INK, 0.4), 0.004)


def _ober(p: _Painter, colour: Colour) -> None:
    """The German Ober: a bearded man in a wide plumed hat, with a sword."""
    hair = (70, 44, 26)
    hx, hy, r = 0.5, 0.375, 0.074
    p.line((0.5, 0.5), (0.5, 0.44), SKIN, 0.046)
    p.circle((hx, hy), r, SKIN)
    beard = [(hx - r, hy), (hx - r * 0.9, hy + 0.05), (hx - 0.03, hy + r + 0.05), (hx, hy + r + 0.07),
             (hx + 0.03, hy + r + 0.05), (hx + r * 0.9, hy + 0.05), (hx + r, hy), (hx + 0.04, hy + 0.04),
             (hx, hy + 0.05), (hx - 0.04, hy + 0.04)]
    p.poly(beard, hair)
    _face_features(p, hx, hy, r, _mix(SKIN, INK, 0.5))
    p.poly([(hx - 0.045, hy + 0.035), (hx, hy + 0.022), (hx + 0.045, hy + 0.035), (hx, hy + 0.045)], hair)
    # wide-brimmed hat with a plume in the suit colour
    brim = _ellipse_points(hx, hy - r + 0.012, 0.13, 0.028, steps=20)
    crown = [(hx - 0.07, hy - r + 0.01), (hx - 0.06, hy - r - 0.06), (hx + 0.06, hy - r - 0.065),
             (hx + 0.07, hy - r + 0.01)]
    plume = _bezier((hx + 0.05, hy - r - 0.05), (hx + 0.2, hy - r - 0.12), (hx + 0.16, hy - r + 0.04), 10)
    plume += _bezier((hx + 0.16, hy - r + 0.04), (hx + 0.14, hy - r - 0.06), (hx + 0.05, hy - r - 0.02), 10)
    p.poly(plume, colour)
    p.poly(plume, _mix(colour, INK, 0.5), 0.004)
    p.poly(crown, _mix(INK, colour, 0.25))
    p.poly(brim, _mix(INK, colour, 0.35))
    p.line((hx - 0.068, hy - r - 0.005), (hx + 0.068, hy - r - 0.005), GOLD, 0.014)
    # sword, point up
    steel = (176, 182, 192)
    p.line((0.72, 0.64), (0.735, 0.2), steel, 0.018)
    p.poly([(0.726, 0.2), (0.7355, 0.16), (0.744, 0.2)], steel)
    p.line((0.68, 0.585), (0.78, 0.58), GOLD_DARK, 0.016)
    p.circle((0.707, 0.645), 0.026, SKIN)
    p.circle((0.707, 0.645), 0.026, _mix(SKIN, INK, 0.4), 0.004)


_FIGURES: dict[int, Callable[[_Painter, Colour], None]] = {JACK: _jack, QUEEN: _queen, KING: _king}
_GERMAN_FIGURES: dict[int, Callable[[_Painter, Colour], None]] = {JACK: _jack, QUEEN: _ober, KING: _king}
"""Unter, Ober and König: the Unter shares the Jack's figure, the Ober is a man of his own."""


def _render_face(card: int, width: int, deck: str, language: str) -> pygame.Surface:
    canvas, _ = _blank(width)
    p = _Painter(canvas)
    german = deck in GERMAN_DECKS
    if german:
        p.shapes = GERMAN_SUIT_SHAPES
    lay = _Layout.for_width(width)
    suit, rank = card >> 3, card & 7
    colour = SUIT_COLOURS[deck][suit]
    if rank <= TEN:
        _number(p, lay, suit, rank, colour)
    elif rank == ACE:
        (_daus if german else _ace)(p, suit, colour)
    else:
        _court(p, lay, suit, rank, colour)
    _index(p, lay, (GERMAN_LABELS if german else RANK_LABELS[language])[rank], suit, colour)
    return pygame.transform.smoothscale(canvas, card_size(width))


def _render_back(width: int, deck: str) -> pygame.Surface:
    canvas, s = _blank(width)
    p = _Painter(canvas)
    hu = p.hu
    base = BACK_COLOURS[deck]
    line = _mix(base, (255, 255, 255), 0.22)
    dot = _mix(base, GOLD, 0.7)
    margin = 0.06
    inner = pygame.Rect(0, 0, round((1 - 2 * margin) * p.k), round((hu - 2 * margin) * p.k))
    inner.center = canvas.get_rect().center
    pattern = pygame.Surface(canvas.get_size(), pygame.SRCALPHA)
    pattern.fill((*base, 255))
    cx, cy = 0.5, hu / 2
    step = 0.1
    n = int(hu / step) + 12
    p2 = _Painter(pattern)
    if deck in GERMAN_DECKS:
        p2.shapes = GERMAN_SUIT_SHAPES
    for i in range(-n, n + 1):  # diagonal lattice centred on the card, so it is symmetric
        c = i * step
        p2.line((cx + c - hu, cy - hu), (cx + c + hu, cy + hu), line, 0.009)
        p2.line((cx + c - hu, cy + hu), (cx + c + hu, cy - hu), line, 0.009)
    for a in range(-n, n + 1):
        for b in range(-n, n + 1):
            x, y = cx + a * step / 2, cy + b * step / 2
            if not (-0.05 < x < 1.05 and -0.05 < y < hu + 0.05):
                continue
            if (a + b) % 2 == 0:
                p2.circle((x, y), 0.012, dot)
            else:
                p2.poly([(x, y - 0.02), (x + 0.012, y), (x, y + 0.02), (x - 0.012, y)], _mix(base, (0, 0, 0), 0.3))
    # medallion
    med = [(cx, cy - 0.33), (cx + 0.25, cy), (cx, cy + 0.33), (cx - 0.25, cy)]
    p2.poly(med, base)
    p2.poly(med, GOLD, 0.012)
    inset = [(cx, cy - 0.28), (cx + 0.2, cy), (cx, cy + 0.28), (cx - 0.2, cy)]
    p2.poly(inset, _mix(base, GOLD, 0.45), 0.005)
    cream = (240, 232, 210)
    p2.pip(CLUBS, cx, cy - 0.105, 0.1, cream)
    p2.pip(SPADES, cx + 0.075, cy, 0.1, cream)
    p2.pip(HEARTS, cx, cy + 0.105, 0.1, cream, flip=True)
    p2.pip(DIAMONDS, cx - 0.075, cy, 0.1, cream)
    radius = round(0.035 * p.k)
    pygame.draw.rect(pattern, GOLD, inner.inflate(-round(0.035 * p.k), -round(0.035 * p.k)), max(1, s),
                     border_radius=radius)
    mask = pygame.Surface(canvas.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), inner, border_radius=radius)
    pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    canvas.blit(pattern, (0, 0))
    return pygame.transform.smoothscale(canvas, card_size(width))


# ---------------------------------------------------------------- effects


def highlight(surface: pygame.Surface) -> pygame.Surface:
    """A copy with a gold rim, for the selected or suggested card; same size, so layouts do not shift."""
    out = surface.copy()
    w = out.get_width()
    rim = max(2, round(w * 0.04))
    pygame.draw.rect(out, HIGHLIGHT, out.get_rect(), rim, border_radius=corner_radius(w))
    inner = out.get_rect().inflate(-2 * rim, -2 * rim)
    inner_radius = max(1, corner_radius(w) - rim)
    pygame.draw.rect(out, _mix(HIGHLIGHT, PAPER, 0.5), inner, max(1, rim // 3), border_radius=inner_radius)
    return out


def dimmed(surface: pygame.Surface) -> pygame.Surface:
    """A greyed copy for cards that may not be played now; alpha (the rounded corners) is kept."""
    out = surface.copy()
    out.fill((150, 150, 156), special_flags=pygame.BLEND_RGB_MULT)
    out.fill((40, 40, 44), special_flags=pygame.BLEND_RGB_ADD)
    return out


def with_shadow(surface: pygame.Surface, offset: int | None = None) -> pygame.Surface:
    """The card on a soft drop shadow, for cards lying on the table (face down in the skat, say).

    Returns a larger surface; the card sits at its top-left, so blit it where the
    card alone would go.  The blur is a down-and-up smoothscale: cheap, and
    available in every pygame-ce build.
    """
    w, h = surface.get_size()
    off = max(2, round(w * 0.04)) if offset is None else offset
    pad = 2 * off
    shadow = pygame.Surface((w + pad, h + pad), pygame.SRCALPHA)
    silhouette = surface.copy()
    silhouette.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGB_MULT)
    silhouette.fill((255, 255, 255, 90), special_flags=pygame.BLEND_RGBA_MULT)
    shadow.blit(silhouette, (off, off))
    small = pygame.transform.smoothscale(shadow, (max(1, (w + pad) // 4), max(1, (h + pad) // 4)))
    out = pygame.transform.smoothscale(small, (w + pad, h + pad))
    out.blit(surface, (0, 0))
    return out


# ---------------------------------------------------------------- cache and API

_CACHE: OrderedDict[tuple, pygame.Surface] = OrderedDict()
_CACHE_SIZE = [0]


def _cached(key: tuple, make: Callable[[], pygame.Surface]) -> pygame.Surface:
    surface = _CACHE.get(key)
    if surface is not None:
        _CACHE.move_to_end(key)
        return surface
    surface = make()
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        surface = surface.convert_alpha()  # faster blits once a window exists
    _CACHE[key] = surface
    _CACHE_SIZE[0] += surface.get_width() * surface.get_height() * 4
    while _CACHE_SIZE[0] > CACHE_BYTES and len(_CACHE) > 1:
        _, old = _CACHE.popitem(last=False)
        _CACHE_SIZE[0] -= old.get_width() * old.get_height() * 4
    return surface


def clear_cache() -> None:
    """Forget every rendered card (e.g. after the window was resized to a new card size)."""
    _CACHE.clear()
    _CACHE_SIZE[0] = 0


def _apply_state(surface: pygame.Surface, state: State) -> pygame.Surface:
    if state not in STATES:
        raise ValueError(f"unknown state {state!r}; expected one of {STATES}")
    if state == "highlight":
        return highlight(surface)
    if state == "dim":
        return dimmed(surface)
    return surface


class CardArt:
    """Renders card faces and backs of one deck style and index language.

    Surfaces are shared through a cache: treat them as read-only (copy before
    drawing on one).  Creating a CardArt is free, so switch decks by making a new one.
    """

    def __init__(self, deck: Deck = "tournament", language: Language = "de") -> None:
        if deck not in SUIT_COLOURS:
            raise ValueError(f"unknown deck {deck!r}; expected one of {DECKS}")
        if language not in RANK_LABELS:
            raise ValueError(f"unknown language {language!r}; expected one of {LANGUAGES}")
        self.deck: Deck = deck
        self.language: Language = language

    def __repr__(self) -> str:
        return f"CardArt(deck={self.deck!r}, language={self.language!r})"

    def size(self, width: int) -> tuple[int, int]:
        """(width, height) of a card ``width`` pixels wide."""
        return card_size(width)

    def label(self, rank: int) -> str:
        """Index text of ``rank`` (0=7 .. 7=Ace) in this language (a German-suited deck's in either)."""
        return (GERMAN_LABELS if self.deck in GERMAN_DECKS else RANK_LABELS[self.language])[rank]

    def face(self, card: int, width: int, state: State = "normal") -> pygame.Surface:
        """Face of ``card`` (suit*8 + rank) ``width`` pixels wide, with transparent rounded corners."""
        if not 0 <= card < 32:
            raise ValueError(f"not a card: {card!r}")
        width = _check_width(width)
        if state != "normal":
            base = self.face(card, width)
            return _cached(("face", card, width, self.deck, self.language, state), lambda: _apply_state(base, state))
        return _cached(("face", card, width, self.deck, self.language, state),
                       lambda: _render_face(card, width, self.deck, self.language))

    def back(self, width: int, state: State = "normal") -> pygame.Surface:
        """Back of a card ``width`` pixels wide (a lattice in the deck's colour, its suits in the medallion)."""
        width = _check_width(width)
        if state != "normal":
            base = self.back(width)
            return _cached(("back", -1, width, self.deck, "", state), lambda: _apply_state(base, state))
        return _cached(("back", -1, width, self.deck, "", state), lambda: _render_back(width, self.deck))

    def table_back(self, width: int) -> pygame.Surface:
        """A face-down card lying on the table: the back on a soft shadow (larger than the card)."""
        width = _check_width(width)
        return _cached(("table_back", -1, width, self.deck, "", "normal"), lambda: with_shadow(self.back(width)))

    highlight = staticmethod(highlight)
    dimmed = staticmethod(dimmed)
    with_shadow = staticmethod(with_shadow)


def _check_width(width: int) -> int:
    width = int(width)
    if width < 8:
        raise ValueError(f"card width too small: {width}")
    return width
