"""Duplicate challenge on the result screen: share with your result, compare, send both back.

"Share this deal" asks whether to include the person's result
(:class:`ShareChoiceScene`); the link then carries the seat, the game and the
score (:mod:`skat.engine.challenge`).  A friend who opens it plays the same
deal from the same seat against the same seeded opponents, and the result
screen shows the results side by side (:func:`draw_comparison`) with a button
that sends a link back with both.
"""

from __future__ import annotations

import pygame

from ..engine.challenge import Challenge, ChallengeResult, result_of_hand
from ..i18n import Translator
from .game_names import Contract, declared_name
from .layout import TOUCH_H
from .painter import GOLD, INK, INK_DIM, Painter
from .scene import Input, Scene
from .widgets import Button, ButtonGroup


def link_results(ctl) -> tuple[ChallengeResult, ...]:
    """The results that came with the shared deal being played (none for a plain deal)."""
    challenge: Challenge | None = ctl.challenge
    return challenge.results if challenge is not None else ()


def person_result(ctl) -> ChallengeResult | None:
    """The person's own result on the hand just finished (None when they sat it out)."""
    seat = ctl.human_seat
    if seat is None or not ctl.match.sheet or not ctl.hand.done:
        return None
    if len(ctl.match.sheet) in getattr(ctl, "taken_back", ()):
        return None  # a hand with a take-back never travels as a result
    row = ctl.match.sheet[-1]
    return result_of_hand(row.result, seat, row.changes[ctl.human])


def results_to_send(ctl, with_mine: bool) -> list[ChallengeResult]:
    """What a link from this result screen carries: the friend's result and the
    person's (sending back), or the person's alone, or nothing."""
    mine = person_result(ctl) if with_mine else None
    if mine is None:
        return []
    theirs = link_results(ctl)
    return [theirs[-1], mine] if theirs and theirs[-1].seat == mine.seat else [mine]


def share_from_result(scene) -> None:
    """The result screen's share button."""
    ctl = scene.c
    if link_results(ctl) and person_result(ctl) is not None:
        scene.share_text = scene.app.services.share_deal(ctl, results_to_send(ctl, True))
    elif person_result(ctl) is None:
        scene.share_text = scene.app.services.share_deal(ctl)
    else:
        scene.app.push(ShareChoiceScene(scene.app, scene))


class ShareChoiceScene(Scene):
    """Share the deal with or without the person's result."""

    overlay = True
    portrait = True
    X, Y, W, H = 290, 200, 700, 300

    def __init__(self, app, result_scene) -> None:
        super().__init__(app)
        self.result_scene = result_scene

    def enter(self) -> None:
        t = self.app.t
        p = self.app.painter
        # On a phone: the panel across the width, with touch-sized buttons.
        self.X, self.Y, self.W, self.H = (290, 200, 700, 300) if not p.portrait else (20, 420, 680, 340)
        bw, bh = (300, 56) if not p.portrait else (290, TOUCH_H)
        by = self.Y + self.H - bh - 34
        self.group = ButtonGroup()
        self.group.add(Button(self.X + 40, by, bw, bh, "1  " + t("share.with_result"), self.with_result))
        self.group.add(Button(self.X + self.W - 40 - bw, by, bw, bh, "2  " + t("share.deal_only"), self.deal_only))

    def _share(self, with_mine: bool) -> None:
        scene = self.result_scene
        self.app.pop()
        scene.share_text = self.app.services.share_deal(scene.c, results_to_send(scene.c, with_mine))

    def with_result(self) -> None:
        self._share(True)

    def deal_only(self) -> None:
        self._share(False)

    def handle(self, ev: Input) -> None:
        if ev.kind == "key":
            if ev.key == pygame.K_ESCAPE:
                self.app.pop()
                return
            if ev.text in ("1", "2"):
                self._share(ev.text == "1")
                return
        self.group.handle(ev)

    def draw(self, p: Painter) -> None:
        t = self.app.t
        p.new_layer()
        p.dim(100)
        p.panel(self.X, self.Y, self.W, self.H)
        with p.inside(self.X, self.Y, self.W, self.H):
            p.text(t("share.choose_title"), self.X + self.W / 2, self.Y + 36, 30, GOLD, bold=True, anchor="center")
            y = self.Y + 84
            for line in p.wrap(t("share.choose_text"), self.W - 60, 22):
                p.text(line, self.X + self.W / 2, y, 22, INK, anchor="center")
                y += 28
            self.group.draw(p)


# ---------------------------------------------------------------- the comparison
def game_text(t: Translator, r: ChallengeResult) -> str:
    """The game one side played, as declared ("Grand Hand")."""
    contract = Contract(r.game, hand=r.hand and r.game != "ramsch", schneider_announced=r.schneider_announced,
                        schwarz_announced=r.schwarz_announced, ouvert=r.ouvert)
    return declared_name(t, contract)


def declarer_text(t: Translator, r: ChallengeResult, owner: str, names: dict[int, str]) -> str:
    if r.declarer is None or r.game == "passed":
        return t("challenge.nobody")
    if r.declarer == r.seat:
        return owner
    return names.get(r.declarer, "?")


def outcome_text(t: Translator, r: ChallengeResult) -> str:
    if r.game == "passed":
        return t("challenge.passed")
    if r.game == "ramsch":
        return t("challenge.ramsch", points=r.points)
    return t("challenge.won" if r.won else "challenge.lost", points=r.points)


def verdict(t: Translator, friend: ChallengeResult, mine: ChallengeResult) -> str:
    diff = mine.score - friend.score
    if diff > 0:
        return t("challenge.better", diff=diff)
    if diff < 0:
        return t("challenge.worse", diff=-diff)
    return t("challenge.same")


def draw_comparison(p: Painter, scene, y: float) -> float:
    """The results side by side on the result screen, from ``y``; returns the y below."""
    t = scene.app.t
    ctl = scene.c
    theirs = link_results(ctl)
    mine = person_result(ctl)
    columns: list[tuple[str, ChallengeResult, str]] = []
    for i, r in enumerate(theirs):
        head = t("challenge.col_link") if i == 0 else t("challenge.col_link2")
        columns.append((head, r, t("challenge.friend")))
    if mine is not None:
        columns.append((t("challenge.col_you"), mine, t("challenge.you")))
    seats = ctl.match.seats
    names = {s: scene.table.name(pl) for s, pl in enumerate(seats)}
    p.text(t("challenge.title"), p.W / 2, y + 12, 24, GOLD, bold=True, anchor="center")
    y += 36
    left, label_w, right = (270, 170, 1010) if not p.portrait else (40, 150, 680)
    col_w = (right - left - label_w) / max(1, len(columns))
    rows = [
        ("", [head for head, _, _ in columns]),
        (t("challenge.row_game"), [game_text(t, r) for _, r, _ in columns]),
        (t("challenge.row_declarer"), [declarer_text(t, r, owner, names) for _, r, owner in columns]),
        (t("challenge.row_outcome"), [outcome_text(t, r) for _, r, _ in columns]),
        (t("challenge.row_score"), [f"{r.score:+d}" if r.score else "0" for _, r, _ in columns]),
    ]
    for i, (label, cells) in enumerate(rows):
        if label:
            p.text(label, left, y, 20, INK_DIM, anchor="midleft")
        for j, cell in enumerate(cells):
            size = 20
            while size > 13 and p.text_width(cell, size, i == 0) > col_w - 10:
                size -= 1
            x = left + label_w + col_w * j + col_w / 2
            p.text(cell, x, y, size, GOLD if i == 0 else INK, bold=i == 0, anchor="center")
        y += 26
    if theirs and mine is not None:
        line = verdict(t, theirs[-1], mine)
        size = 22
        while size > 14 and p.text_width(line, size, True) > right - left:
            size -= 1
        p.text(line, p.W / 2, y + 8, size, GOLD, bold=True, anchor="center")
        y += 34
    return y
