"""After each hand: the result with its computation, card points, the skat."""

from __future__ import annotations

import pygame

from ..engine.officers import OfficersHand
from ..engine.skat_hand import SkatHand
from .game_names import declared_name, of_result
from .painter import GOLD, GREEN, INK, INK_DIM, RED, Painter
from .result_text import computation
from .scene import Input, Scene
from .widgets import Button, ButtonGroup


class ResultScene(Scene):
    overlay = True

    def __init__(self, app, table) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.table = table
        self.c = table.c
        self.row = self.c.match.sheet[-1]

    def enter(self) -> None:
        t = self.app.t
        self.group = ButtonGroup()
        last = self.c.match.finished
        self.group.add(Button(210, 600, 200, 56, t("result.final") if last else t("result.next"), self.next))
        self.group.add(Button(420, 600, 150, 56, t("btn.sheet"), self.sheet))
        from .challenge import link_results

        # A duplicate challenge sends both results back; otherwise "Share this deal" asks about your result.
        share = t("share.send_back") if link_results(self.c) else t("result.share")
        self.group.add(Button(580, 600, 190, 56, share, self.share))
        self.group.add(Button(780, 600, 135, 56, t("analysis.button"), self.analysis))
        self.group.add(Button(925, 600, 145, 56, t("replay.button"), self.replay))
        self.share_text = ""

    def next(self) -> None:
        self.app.pop()
        self.table.next_hand()

    def sheet(self) -> None:
        from .sheet import SheetScene

        self.app.push(SheetScene(self.app, self.c))

    def _hand_view(self):  # type: ignore[no-untyped-def]
        from .analysis_view import hand_of_match

        m = self.c.match
        names = [self.table.name(p) for p in range(m.players)]
        return hand_of_match(m, len(m.sheet) - 1, names, self.c.human)

    def analysis(self) -> None:
        from .analysis_view import AnalysisScene

        self.app.push(AnalysisScene(self.app, self._hand_view()))

    def replay(self) -> None:
        from .hand_replay import ReplayScene

        self.app.push(ReplayScene(self.app, self._hand_view()))

    def share(self) -> None:
        from .challenge import share_from_result

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
        officers = isinstance(hand, OfficersHand)
        p.dim(120)
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
        p.text(title, 640, 110, 38, color, bold=True, anchor="center")
        y = 160
        for line in computation(t, r, officers=officers and hand.layout != "admirals"):
            p.text(line, 640, y, 28, INK, anchor="center")
            y += 34
        if r.game not in ("passed", "null") and self.row.declarer is not None and r.game != "ramsch":
            conceded = getattr(hand, "conceded", False)  # the cards still out counted for nobody
            opp = sum(r.points) - r.declarer_points if conceded else 120 - r.declarer_points
            p.text(t("result.points", decl=r.declarer_points, opp=opp), 640, y + 6, 24, INK_DIM, anchor="center")
            y += 32
            flags = [t("result.conceded")] if conceded else []
            if r.schwarz:
                flags.append(t("level.schwarz"))
            elif r.schneider:
                flags.append(t("level.schneider"))
            if flags:
                p.text(" · ".join(flags), 640, y, 24, GOLD, anchor="center")
                y += 30
        elif r.game == "ramsch":
            pts = " · ".join(f"{self.table.name(self.c.match.seats[i])} {pt}" for i, pt in enumerate(r.points))
            p.text(pts, 640, y + 6, 24, INK_DIM, anchor="center")
            y += 36
        # The skat (and the discards) for all to see; in a duplicate challenge, the results compared.
        art = self.app.services.art
        from .challenge import draw_comparison, link_results

        comparing = bool(link_results(self.c))
        if comparing:
            y = draw_comparison(p, self, y)
        elif isinstance(hand, SkatHand):
            skat0 = [c for c in range(32) if hand.deal.skat >> c & 1]
            put = [c for c in range(32) if hand.skat >> c & 1]
            p.text(t("result.skat"), 470, y + 20, 22, INK_DIM, anchor="center")
            for i, c in enumerate(skat0):
                p.blit_px(art.face(c, p.size(60)), 440 + i * 66, y + 90, anchor="center")
            if put != skat0 and not hand.hand_game and r.game != "ramsch":
                p.text(t("result.discards"), 810, y + 20, 22, INK_DIM, anchor="center")
                for i, c in enumerate(put):
                    p.blit_px(art.face(c, p.size(60)), 780 + i * 66, y + 90, anchor="center")
            y += 150
        elif hand.layout == "admirals" and r.game not in ("passed",):
            put = [c for c in range(32) if hand.skat >> c & 1]
            p.text(t("result.skat"), 640, y + 20, 22, INK_DIM, anchor="center")
            for i, c in enumerate(put):
                p.blit_px(art.face(c, p.size(60)), 607 + i * 66, y + 90, anchor="center")
            y += 150
        # Score changes.
        parts = []
        for pl in range(self.c.match.players):
            ch = self.row.changes[pl]
            parts.append(f"{self.table.name(pl)} {ch:+d}" if ch else f"{self.table.name(pl)} 0")
        p.text("   ".join(parts), 640, min(y + 10, 530 if comparing else 560), 24, INK, anchor="center")
        if self.share_text:
            top = 556 if comparing else 520
            for i, line in enumerate(self.share_text.split("\n")):
                p.text(line, 640, top + (22 if comparing else 24) * i, 20, GOLD, anchor="center")
        self.group.draw(p)
