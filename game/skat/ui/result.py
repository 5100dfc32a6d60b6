"""After each hand: the result with its computation, card points, the skat."""

from __future__ import annotations

import pygame

from ..engine.games import game_of
from ..engine.skat_hand import SkatHand
from .analysis_view import hand_of_match
from .challenge import draw_comparison, link_results, share_from_result
from .game_names import declared_name, of_result
from .layout import RESULT_PANEL, TOUCH_H
from .painter import GOLD, GREEN, INK, INK_DIM, RED, Painter
from .result_text import computation
from .scene import Input, Scene
from .widgets import Button, ButtonGroup, fitting_size


class ResultScene(Scene):
    overlay = True
    portrait = True

    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table
        self.c = table.c
        self.row = self.c.match.sheet[-1]

    def enter(self) -> None:
        t = self.app.t
        self.group = ButtonGroup()
        last = self.c.match.finished
        # A duplicate challenge sends both results back; otherwise "Share this deal" asks about your result.
        share = t("share.send_back") if link_results(self.c) else t("result.share")
        buttons = [(t("result.final") if last else t("result.next"), self.next), (t("btn.sheet"), self.sheet),
                   (share, self.share), (t("analysis.button"), self.analysis), (t("replay.button"), self.replay)]
        for (label, action), box in zip(buttons, self.button_boxes(), strict=True):
            self.group.add(Button(*box, label, action, size=26 if not self.app.painter.portrait else 28))
        self.share_text = getattr(self, "share_text", "")

    def button_boxes(self) -> list[tuple[float, float, float, float]]:
        """Next, sheet, share, analysis, replay: one row, or (portrait) Next across and pairs below."""
        if self.app.painter.portrait:
            return [(40, 960, 640, TOUCH_H), (40, 1054, 315, TOUCH_H), (365, 1054, 315, TOUCH_H),
                    (40, 1148, 315, TOUCH_H), (365, 1148, 315, TOUCH_H)]
        return [(210, 600, 200, 56), (420, 600, 150, 56), (580, 600, 190, 56), (780, 600, 135, 56),
                (925, 600, 145, 56)]

    def next(self) -> None:
        self.app.pop()
        self.table.next_hand()

    def sheet(self) -> None:
        self.app.screens.open("sheet", self.c)

    def _hand_view(self):
        m = self.c.match
        names = [self.table.name(p) for p in range(m.players)]
        return hand_of_match(m, len(m.sheet) - 1, names, self.c.human)

    def analysis(self) -> None:
        self.app.screens.open("analysis", self._hand_view())

    def replay(self) -> None:
        self.app.screens.open("replay", self._hand_view())

    def share(self) -> None:
        share_from_result(self)

    def update(self, dt: float) -> None:
        if self.share_text:  # in the browser the clipboard answers a few frames later
            self.share_text = self.app.services.share_update() or self.share_text

    def handle(self, ev: Input) -> None:
        if ev.kind == "key" and ev.key == pygame.K_ESCAPE:
            self.table.open_menu()
            return
        self.group.handle(ev)

    def draw(self, p: Painter) -> None:
        t = self.app.t
        r = self.row.result
        hand = self.c.hand
        game = game_of(hand)
        p.dim(120)
        portrait = p.portrait
        cx = p.W / 2
        width = 860 if not portrait else 640
        if portrait:
            p.panel(*RESULT_PANEL)
        else:
            p.panel(190, 70, 900, 610)
        names = {i: self.table.name(pl) for i, pl in enumerate(range(self.c.match.players))}
        if r.game == "passed":
            title = t("result.title_passed")
        elif r.game == "ramsch":
            title = t("result.title_ramsch")
        else:
            who = names[self.row.declarer] if self.row.declarer is not None else "?"
            key = "result.title_won" if r.won else "result.title_lost"
            if self.row.declarer == self.c.human:
                key += "_you"  # "You win", "Du gewinnst": the verb agrees with the person
            title = t(key, name=who, game=declared_name(t, of_result(r)))
            if r.draw:
                title = t("result.title_draw")
        color = GREEN if r.won else RED
        if r.game in ("passed", "ramsch") or r.draw:
            color = GOLD
        top = 0 if not portrait else 90  # the portrait panel starts lower, under the table's toolbar
        big = 0 if not portrait else 4  # a phone shows 0.54 CSS px per unit: the portrait text is larger
        p.text(title, cx, top + 110, fitting_size(p, title, 38 + big, width, True), color, bold=True, anchor="center")
        y: float = top + 160
        lines = computation(t, r, officers=not game.valued_as_skat(hand.rules))
        if self.row.factor != 1 and r.value:  # a Bock game: the sheet writes the value doubled
            lines.append(t("result.bock", value=r.value * self.row.factor))
        for line in lines:
            p.text(line, cx, y, fitting_size(p, line, 28 + big, width), INK, anchor="center")
            y += 34 + big
        if r.game not in ("passed", "null") and self.row.declarer is not None and r.game != "ramsch" \
                and r.gift != "taken":  # a game given was not played: no card points to tell
            conceded = getattr(hand, "conceded", False)  # the cards still out counted for nobody
            opp = sum(r.points) - r.declarer_points if conceded else 120 - r.declarer_points
            points = t("result.points", decl=r.declarer_points, opp=opp)
            p.text(points, cx, y + 6, fitting_size(p, points, 24 + big, width), INK_DIM, anchor="center")
            y += 32
            flags = [t("result.conceded")] if conceded else []
            if r.schwarz:
                flags.append(t("level.schwarz"))
            elif r.schneider:
                flags.append(t("level.schneider"))
            if flags:
                p.text(" · ".join(flags), cx, y, 24 + big, GOLD, anchor="center")
                y += 30
            ending = self.c.ending
            if ending is not None and ending.kind != "concede" and self.c.hand.done:
                why = self.table.status.ending_line()  # a claim judged, a decided hand laid open
                p.text(why, cx, y, fitting_size(p, why, 20 + big, width), INK_DIM, anchor="center")
                y += 28
        elif r.game == "ramsch":
            pts = " · ".join(f"{self.table.name(self.c.match.seats[i])} {pt}" for i, pt in enumerate(r.points))
            p.text(pts, cx, y + 6, fitting_size(p, pts, 24, width), INK_DIM, anchor="center")
            y += 36
        # The skat (and the discards) for all to see; in a duplicate challenge, the results compared.
        art = self.app.services.art
        comparing = bool(link_results(self.c))
        if comparing:
            y = draw_comparison(p, self, y)
        elif isinstance(hand, SkatHand):  # narrows the type: Skat's deal keeps the skat as dealt
            skat0 = [c for c in range(32) if hand.deal.skat >> c & 1]
            put = [c for c in range(32) if hand.skat >> c & 1]
            sx, dx, cw = (470, 810, 60) if not portrait else (200, 520, 100)
            p.text(t("result.skat"), sx, y + 20, 22, INK_DIM, anchor="center")
            for i, c in enumerate(skat0):
                p.blit_px(art.face(c, p.size(cw)), sx - 30 + i * 66 * cw / 60, y + 40 + cw * 5 / 6, anchor="center")
            if put != skat0 and not hand.hand_game:  # a Schieberamsch's skat went round: what it counted
                label = t("result.final_skat") if r.game == "ramsch" else t("result.discards")
                p.text(label, dx, y + 20, 22, INK_DIM, anchor="center")
                for i, c in enumerate(put):
                    p.blit_px(art.face(c, p.size(cw)), dx - 30 + i * 66 * cw / 60, y + 40 + cw * 5 / 6, anchor="center")
            y += 150 if not portrait else 210
        elif game.has_skat(hand.rules) and r.game not in ("passed",):  # Admirals' Skat
            put = [c for c in range(32) if hand.skat >> c & 1]
            cw = 60 if not portrait else 100
            p.text(t("result.skat"), cx, y + 20, 22, INK_DIM, anchor="center")
            for i, c in enumerate(put):
                p.blit_px(art.face(c, p.size(cw)), cx - 33 * cw / 60 + i * 66 * cw / 60, y + 40 + cw * 5 / 6,
                          anchor="center")
            y += 150 if not portrait else 210
        # Score changes.
        parts = []
        for pl in range(self.c.match.players):
            ch = self.row.changes[pl]
            parts.append(f"{self.table.name(pl)} {ch:+d}" if ch else f"{self.table.name(pl)} 0")
        changes = "   ".join(parts)
        bottom = (530 if comparing else 560) if not portrait else 850
        p.text(changes, cx, min(y + 10, bottom), fitting_size(p, changes, 24 if not portrait else 28, width), INK,
               anchor="center")
        if self.share_text:
            share_top = (556 if comparing else 520) if not portrait else 880
            for i, line in enumerate(self.share_text.split("\n")):
                p.text(line, cx, share_top + (22 if comparing else 24) * i, fitting_size(p, line, 20, width), GOLD,
                       anchor="center")
        self.group.draw(p)
