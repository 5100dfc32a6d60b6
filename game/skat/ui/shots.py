"""``skat shots DIR``: a headless tour of every scene in both languages, as PNG files.

It drives the real scenes the way a person would (through the table's own
actions), so the pictures show what a player sees.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..engine import actions as A
from ..engine.match import Match
from ..engine.rules import ISKO, OFFICERS
from ..storage import MemoryStorage, Store


def _frames(app, n: int = 1, dt: float = 0.05) -> None:  # type: ignore[no-untyped-def]
    for _ in range(n):
        app.frame(dt)


def settle(app, limit: int = 2000, until=None) -> None:  # type: ignore[no-untyped-def]
    """Run frames (skipping animations) until the table waits for the person or ``until`` holds."""
    from .table import TableScene

    for _ in range(limit):
        top = app.stack.top
        if until is not None and until():
            return
        if isinstance(top, TableScene):
            top.skip()
            if top.c.human_to_move and not top.busy and not top.queue:
                app.frame(0.02)
                return
        app.frame(0.05)
        if not isinstance(app.stack.top, TableScene) and until is None:
            return


def _save(app, out: Path, name: str) -> Path:  # type: ignore[no-untyped-def]
    import pygame

    app.draw()
    path = out / f"{name}.png"
    pygame.image.save(app.screen, str(path))
    return path


def _auto_card(table) -> None:  # type: ignore[no-untyped-def]
    legal = [a for a in table.c.hand.legal_actions() if a < 32]
    table.apply_human(legal[0])


def declarer_seed(game_rules, want_declarer: bool = True) -> int:  # type: ignore[no-untyped-def]
    """A seed whose first hand the person (forehand) can win the bidding in with strong cards."""
    import random

    from ..engine.deal import SkatDeal, shuffled_deck
    from ..engine.values import matadors

    for seed in range(1, 500):
        rng = random.Random(seed)
        deck = shuffled_deck(rng)
        fh = SkatDeal.from_deck(deck).hands[0]
        jacks = bin(fh & 0x10101010).count("1")
        if jacks >= 3 and matadors(4, fh) >= 2:
            return seed
    return 1


def tour(out_dir: str, languages: tuple[str, ...] = ("de", "en"), size: tuple[int, int] = (1280, 720)) -> list[Path]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from .app import App
    from .controller import MatchController
    from .help import HelpScene
    from .menu import SettingsScene, SetupScene, TitleScene
    from .sheet import SheetScene
    from .table import TableScene

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    paths: list[Path] = []
    for lang in languages:
        app = App(size=size, store=Store(MemoryStorage(), language=lang), headless=True)
        app.settings["animation"] = "fast"
        app.stack.reset(TitleScene(app))
        _frames(app, 2)
        paths.append(_save(app, out, f"{lang}-01-menu"))
        app.push(SetupScene(app))
        _frames(app, 2)
        paths.append(_save(app, out, f"{lang}-02-setup"))
        app.pop()

        # Skat: bidding, then a declaration, the play, the result.
        seed = declarer_seed(ISKO)
        match = Match("skat", ISKO.with_options(kontra_re=True), players=3, hands=3, seed=seed, first_dealer=2)
        ctl = MatchController(match, human=0, strength="normal", seed=seed)
        table = TableScene(app, ctl)
        app.push(table)
        settle(app)
        # Say a value so that the bidding dialog shows the ladder.
        hand = ctl.hand
        paths.append(_save(app, out, f"{lang}-03-skat-bidding"))
        for _ in range(40):
            hand = ctl.hand
            if hand.phase != 0 or hand.done:
                break
            if ctl.human_to_move:
                legal = hand.legal_actions()
                if A.HOLD in legal:
                    table.apply_human(A.HOLD if hand.bid < 48 else A.PASS)
                else:
                    bids = [a for a in legal if A.is_bid(a) and A.bid_value(a) <= 48]
                    table.apply_human(bids[0] if bids else A.PASS)
            settle(app)
        if ctl.human_to_move and ctl.hand.phase == 1:  # take the skat
            table.apply_human(A.PICKUP)
            settle(app)
            cards = [c for c in range(32) if ctl.hand.hands[ctl.human_seat] >> c & 1]
            table.selected = {cards[0], cards[1]}
            table.dialog_key = None
            paths.append(_save(app, out, f"{lang}-04-skat-discard"))
            table.discard_selected()
            settle(app)
        if ctl.human_to_move and ctl.hand.phase == 3:
            paths.append(_save(app, out, f"{lang}-05-skat-declare"))
            legal = ctl.hand.legal_actions()
            table.apply_human(A.declare(4) if A.declare(4) in legal else legal[0])
            settle(app)
        for _ in range(60):
            hand = ctl.hand
            if hand.done:
                break
            if ctl.human_to_move:
                if hand.phase == 6:
                    if len(hand.tricks) == 4 and not hand.trick:
                        paths.append(_save(app, out, f"{lang}-06-skat-play"))
                    _auto_card(table)
                else:
                    table.apply_human(hand.legal_actions()[-1])
            settle(app)
        settle(app, until=lambda app=app: type(app.stack.top).__name__ == "ResultScene")
        paths.append(_save(app, out, f"{lang}-07-skat-result"))
        app.push(SheetScene(app, ctl))
        _frames(app, 1)
        paths.append(_save(app, out, f"{lang}-08-score-sheet"))
        app.stack.reset(TitleScene(app))

        # Officers' Skat mid-hand: face-down and face-up piles on both sides.
        om = Match("officers", OFFICERS, players=2, hands=2, seed=5, first_dealer=1)
        octl = MatchController(om, human=0, strength="normal", seed=5)
        otable = TableScene(app, octl)
        app.push(otable)
        settle(app)
        paths.append(_save(app, out, f"{lang}-09-officers-trump-choice"))
        for _ in range(200):
            hand = octl.hand
            if hand.done or len(hand.tricks) >= 5:
                break
            if octl.human_to_move:
                if hand.phase == 6:
                    _auto_card(otable)
                else:
                    otable.apply_human(hand.legal_actions()[2] if hand.phase == 3 else hand.legal_actions()[-1])
            settle(app)
        settle(app)
        paths.append(_save(app, out, f"{lang}-10-officers-mid-hand"))
        app.stack.reset(TitleScene(app))

        app.push(HelpScene(app, "decisions"))
        _frames(app, 1)
        paths.append(_save(app, out, f"{lang}-11-rules-help"))
        app.pop()
        app.push(SettingsScene(app))
        _frames(app, 1)
        paths.append(_save(app, out, f"{lang}-12-settings"))
        from .history import tour_states  # past matches, giving up a match, a save failure (uisetup)

        for name in tour_states(app):
            paths.append(_save(app, out, f"{lang}-{name}"))
    return paths


def main(argv: list[str]) -> int:
    out = argv[0] if argv else "shots"
    for p in tour(out):
        print(p)
    return 0
