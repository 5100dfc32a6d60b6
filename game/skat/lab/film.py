"""``skat film DIR``: contact sheets of the table's animations, one strip of frames each.

A still screenshot cannot show motion: the film steps the real table at 60 frames a
second through a hand and keeps a frame every few hundredths of a second of each
animation (deal, bids, skat, discard, declaration, a trick, the last trick, the result).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine import actions as A
from ..engine.games import GAMES
from ..engine.match import Match
from ..storage import MemoryStorage, Store

if TYPE_CHECKING:
    import pygame

FILM_DT = 1 / 60
"""The film steps the table at 60 frames a second, as the desktop loop does."""
THUMB = (320, 180)
FILM_COLUMNS = 6


class _Strip:
    """One animation to film: from the event ``start`` says begins it, a frame
    every ``every`` seconds until ``stop`` says it is over (or ``most`` frames)."""

    def __init__(self, name: str, title: str, every: float, start, stop, most: int = 24) -> None:
        self.name, self.title, self.every, self.start, self.stop, self.most = name, title, every, start, stop, most
        self.began: float | None = None
        self.next_at = 0.0
        self.frames: list[tuple[float, pygame.Surface]] = []
        self.done = False


class _Watch:
    """What the table has shown so far: the events in order, with their times."""

    def __init__(self) -> None:
        self.time = 0.0
        self.events: list[tuple[float, str]] = []
        self.result_at: float | None = None
        self.done_at: float | None = None
        """When the engine's hand ended (the table shows its last card just after)."""
        self.early = False
        """The play ended early (a claim, a decided hand): the rest was laid open, not shown card by card."""

    def count(self, kind: str) -> int:
        return sum(1 for _, k in self.events if k == kind)

    def first(self, *kinds: str) -> float | None:
        return next((t for t, k in self.events if k in kinds), None)

    def nth(self, kind: str, n: int) -> float | None:
        """When the ``n``-th (1-based) event of ``kind`` was shown."""
        times = [t for t, k in self.events if k == kind]
        return times[n - 1] if len(times) >= n else None


def _film_strips(officers: bool) -> list[_Strip]:
    """The main animations of a hand (see ``skat film``)."""
    calls = ("bid", "hold", "pass", "pickup", "hand", "declare", "kontra", "re", "no_call")

    def after(t: float | None, seconds: float):
        return None if t is None else t + seconds

    def second_trick_start(w: _Watch) -> float | None:  # the first card after the first trick was taken
        t1 = w.nth("trick", 1)
        return next((t for t, k in w.events if k == "play" and t1 is not None and t > t1), None)

    def second_trick_end(w: _Watch) -> float | None:  # the next lead, or the result
        t2 = w.nth("trick", 2)
        return next((t for t, k in w.events if k in ("play", "end") and t2 is not None and t > t2), None)

    def last_trick(w: _Watch) -> float | None:  # the card that ends the hand, or the rest laid open
        if w.early:
            return w.done_at
        return next((t for t, k in w.events if k == "play" and w.done_at is not None and t >= w.done_at), None)

    strips = [_Strip("deal", "deal", 0.1, lambda w: 0.0, lambda w: 1.6, 16)]
    if officers:
        strips.append(_Strip("calls", "trump call and Kontra round", 0.2, lambda w: w.first(*calls),
                             lambda w: w.first("play"), 30))
    else:
        strips += [
            _Strip("bidding", "bid bubbles", 0.25, lambda w: w.first(*calls),
                   lambda w: w.first("pickup", "hand", "declare"), 30),
            _Strip("skat", "skat pick-up", 0.1, lambda w: w.first("pickup"),
                   lambda w: after(w.first("pickup"), 1.2), 12),
            _Strip("discard", "discard", 0.1, lambda w: w.first("discard"),
                   lambda w: after(w.first("discard"), 1.5), 18),
            _Strip("declare", "declaration and opening lead", 0.2, lambda w: w.first("declare"),
                   lambda w: after(w.first("play"), 0.4), 18),
        ]
    strips += [
        _Strip("trick", "a trick from the lead to the gather (second trick)", 0.1, second_trick_start,
               second_trick_end, 48),
        _Strip("result", "the last trick and the result", 0.15, last_trick,
               lambda w: after(w.result_at, 0.6), 30),
    ]
    return strips


def _film_match(game: str, rules, seed: int) -> Match:
    """The filmed match: the person's seat (filled by a computer) is forehand."""
    seats = GAMES[game].seats  # as many at the table as at a hand, each dealing once
    return Match.new(game, rules, players=seats, hands=seats, seed=seed, first_dealer=seats - 1)


def film_seed(game: str, rules) -> int:
    """A seed whose first hand, played by the computers, shows every animation:
    in Skat the person's seat (at the bottom, face up) takes the skat and plays."""
    from ..ui.controller import MatchController

    for seed in range(1, 200):
        ctl = MatchController(_film_match(game, rules, seed), human=0, seed=seed, autoplay=True)
        for _ in range(5000):
            if ctl.hand.done:
                break
            ctl.step_ai(1.0)
        hand = ctl.hand
        if len(hand.tricks) < 4:
            continue
        if GAMES[game].piles or (hand.declarer == ctl.human_seat and A.PICKUP in hand.history):
            return seed
    return 1


def film_hand(app, game: str, rules, seed: int):
    """Play one hand at normal speed, 60 frames a second, and keep the strips' frames."""
    import pygame

    from ..ui.controller import MatchController
    from ..ui.menu import TitleScene
    from ..ui.result import ResultScene
    from ..ui.table import TableScene

    ctl = MatchController(_film_match(game, rules, seed), human=0, seed=seed, autoplay=True)
    app.stack.reset(TitleScene(app))
    watch = _Watch()
    table = TableScene(app, ctl)
    show = table.director.show

    def shown(ev) -> None:
        watch.events.append((watch.time, ev.kind))
        show(ev)

    table.director.show = shown  # type: ignore[method-assign]  # the film logs what the table shows
    app.push(table)
    strips = _film_strips(GAMES[game].piles)
    real_draw = app.draw
    app.draw = lambda: None  # only the frames a strip keeps are painted
    try:
        for _ in range(int(120 / FILM_DT)):
            app.step(FILM_DT, events=[])
            watch.time += FILM_DT
            if watch.done_at is None and ctl.hand.done:
                watch.done_at = watch.time
                watch.early = ctl.ending is not None
            if watch.result_at is None and isinstance(app.stack.top, ResultScene):
                watch.result_at = watch.time
            for s in strips:
                _film_frame(s, watch, real_draw, app, pygame)
            if all(s.done for s in strips):
                break
    finally:
        app.draw = real_draw
    return strips


def _film_frame(s: _Strip, watch: _Watch, draw, app, pygame) -> None:
    if s.done:
        return
    if s.began is None:
        began = s.start(watch)
        if began is None:
            return
        s.began = began
        s.next_at = watch.time
    stop = s.stop(watch)
    if (stop is not None and watch.time > stop + 1e-9) or len(s.frames) >= s.most:
        s.done = True
        return
    if watch.time + 1e-9 >= s.next_at:
        draw()
        s.frames.append((watch.time - s.began, pygame.transform.smoothscale(app.screen, THUMB)))
        s.next_at += s.every


def contact_sheet(strip: _Strip, heading: str):
    """The strip's frames in rows of FILM_COLUMNS, each with its time since the strip began."""
    import pygame

    pygame.font.init()
    w, h = THUMB
    gap, top, label = 6, 44, 22
    rows = max(1, -(-len(strip.frames) // FILM_COLUMNS))
    sheet = pygame.Surface((FILM_COLUMNS * (w + gap) + gap, top + rows * (h + label + gap) + gap))
    sheet.fill((24, 28, 32))
    title_font, small = pygame.font.Font(None, 34), pygame.font.Font(None, 22)
    sheet.blit(title_font.render(heading, True, (240, 220, 150)), (gap, 12))
    for i, (t, thumb) in enumerate(strip.frames):
        r, c = divmod(i, FILM_COLUMNS)
        x, y = gap + c * (w + gap), top + r * (h + label + gap)
        sheet.blit(thumb, (x, y))
        sheet.blit(small.render(f"{i + 1}  +{t:.2f} s", True, (210, 210, 210)), (x + 2, y + h + 3))
    if not strip.frames:
        sheet.blit(small.render("(not seen in this hand)", True, (210, 120, 120)), (gap, top + 10))
    return sheet


FILM_GAMES = (("skat", "Skat"), ("officers", "Offiziersskat"))


def film(out_dir: str, languages: tuple[str, ...] = ("de", "en"), games: tuple[str, ...] = ("skat", "officers"),
         ) -> list[Path]:
    """``skat film DIR``: a contact sheet (PNG) per main animation, game and language."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from ..ui.app import App

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    paths: list[Path] = []
    for game, title in FILM_GAMES:
        if game not in games:
            continue
        rules = GAMES[game].default_rules
        seed = film_seed(game, rules)
        for lang in languages:
            app = App(size=(1280, 720), store=Store(MemoryStorage(), language=lang), headless=True)
            app.settings["animation"] = "normal"
            app.settings["sound"] = False
            for strip in film_hand(app, game, rules, seed):
                path = out / f"film-{lang}-{game}-{strip.name}.png"
                heading = f"{title} ({lang}, seed {seed}): {strip.title}, {len(strip.frames)} frames"
                pygame.image.save(contact_sheet(strip, heading), str(path))
                paths.append(path)
    return paths


def film_main(argv: list[str]) -> int:
    out = argv[0] if argv else "film"
    for p in film(out):
        print(p)
    return 0
