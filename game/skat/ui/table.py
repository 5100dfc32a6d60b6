"""The card table for both games: cards move, the computer players think in
slices, and the person plays with mouse, touch or keyboard.

The scene keeps a small animation queue: each engine event (a card played, a
trick taken, cards dealt or turned over) moves the card sprites towards the
layout's targets; the next action is applied only when the table is at rest,
and a click or key finishes whatever is moving.
"""

from __future__ import annotations

import pygame

from ..engine import actions as A
from ..engine.errors import IllegalActionError
from ..engine.events import Event
from ..engine.officers import OfficersHand
from ..engine.skat_hand import Phase, SkatHand
from .controller import MatchController
from .dialogs import SUIT_KEYS, Dialog, build_dialog
from .layout import (
    DECK_POS,
    LABEL_SLOTS,
    OFF_DECK,
    RATIO,
    Target,
    officers_layout,
    skat_layout,
)
from .painter import GOLD, INK, INK_DIM, Painter
from .scene import Input, Scene
from .tween import Sprite
from .widgets import Button, ButtonGroup

AI_NAMES = ("Anna", "Ben", "Clara", "Dora")
POSITION_KEYS = ("pos.forehand", "pos.middlehand", "pos.rearhand")


class TableScene(Scene):
    def __init__(self, app, controller: MatchController) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.c = controller
        self.sprites: dict[int, Sprite] = {}
        self.queue: list[Event] = []
        self.hold = 0.0
        self.held_trick: tuple | None = None
        self.hidden_reveals: set[int] = set()
        self.bubbles: dict[int, tuple[str, float]] = {}
        self.selected: set[int] = set()
        self.focus_card: int | None = None
        self.mods: dict[str, bool] = {}
        self.dialog: Dialog | None = None
        self.dialog_key: tuple | None = None
        self.result_shown_for = -1
        self.hand_serial = -1
        self.think_time = 0.0
        self.toolbar = ButtonGroup()
        self._build_toolbar()
        self.message = ""
        self.message_time = 0.0
        self._new_hand(animate=True)

    # ------------------------------------------------------------ names
    def name(self, player: int) -> str:
        if player == self.c.human:
            return self.app.t("name.you")
        return AI_NAMES[player % len(AI_NAMES)]

    def seat_names(self) -> dict[int, str]:
        return {seat: self.name(p) for seat, p in enumerate(self.c.match.seats)}

    def slot_of_seat(self) -> dict[int, str]:
        s = self.c.seating()
        where = {s.bottom: "bottom", s.left: "left", s.top: "top", s.right: "right"}
        return {seat: where[p] for seat, p in enumerate(self.c.match.seats) if p in where}

    @property
    def officers(self) -> bool:
        return isinstance(self.c.hand, OfficersHand)

    # ------------------------------------------------------------ toolbar
    def _build_toolbar(self) -> None:
        t = self.app.t
        self.toolbar.clear()
        self.toolbar.add(Button(1128, 10, 142, 40, t("btn.menu"), self.open_menu, size=22))
        self.toolbar.add(Button(976, 10, 142, 40, t("btn.last_trick"), self.open_last_trick, size=22))
        self.toolbar.add(Button(824, 10, 142, 40, t("btn.sheet"), self.open_sheet, size=22))

    def open_menu(self) -> None:
        from .menu import PauseScene

        self.app.push(PauseScene(self.app, self))

    def open_last_trick(self) -> None:
        from .overlays import LastTrickScene

        self.app.push(LastTrickScene(self.app, self))

    def open_sheet(self) -> None:
        from .sheet import SheetScene

        self.app.push(SheetScene(self.app, self.c))

    def enter(self) -> None:
        self._build_toolbar()
        self.dialog_key = None

    # ------------------------------------------------------------ hand flow
    def _new_hand(self, animate: bool) -> None:
        self.hand_serial = self.c.match.hand_number
        self.sprites.clear()
        self.queue.clear()
        self.selected.clear()
        self.mods.clear()
        self.bubbles.clear()
        self.held_trick = None
        self.hidden_reveals.clear()
        self.dialog_key = None
        targets = self.targets()
        order = sorted(targets, key=lambda c: targets[c].z)
        speed = self.app.speed
        for i, card in enumerate(order):
            tg = targets[card]
            sp = Sprite(card, DECK_POS[0], DECK_POS[1], 60, tg.face_up, tg.z)
            sp.tx, sp.ty, sp.tw = DECK_POS[0], DECK_POS[1], 60
            if animate and speed > 0:
                sp.move_to(tg.x, tg.y, tg.w, 0.35 * speed, delay=i * 0.025 * speed, angle=tg.angle)
            else:
                sp.move_to(tg.x, tg.y, tg.w, 0, angle=tg.angle)
            self.sprites[card] = sp
        if animate:
            self.app.services.sound("shuffle")

    def next_hand(self) -> None:
        if self.c.next_hand():
            self.app.services.save_match(self.c)
            self._new_hand(animate=True)
        else:
            from .sheet import SheetScene

            self.app.services.finish_match(self.c)
            self.app.push(SheetScene(self.app, self.c, final=True))

    def targets(self) -> dict[int, Target]:
        hand = self.c.hand
        human_seat = self.c.human_seat
        legal = set(a for a in hand.legal_actions() if a < 32) if self.c.human_to_move else set()
        if isinstance(hand, SkatHand):
            return skat_layout(hand, self.slot_of_seat(), human_seat, self.selected, legal, self.held_trick)
        return officers_layout(hand, self.slot_of_seat(), human_seat if human_seat is not None else 0,
                               self.selected, legal, self.held_trick, self.hidden_reveals)

    def relayout(self, duration: float = 0.28) -> None:
        speed = self.app.speed
        for card, tg in self.targets().items():
            sp = self.sprites.get(card)
            if sp is None:
                sx, sy = OFF_DECK if self.officers else DECK_POS
                sp = Sprite(card, sx, sy, 60, False, tg.z)
                sp.tx, sp.ty, sp.tw = sp.x, sp.y, sp.w
                self.sprites[card] = sp
            if sp.face_up != tg.face_up and sp.flip >= 1.0:
                # Cards that stay where they are turn over visibly (Officers' Skat uncovering).
                if abs(sp.tx - tg.x) < 1 and abs(sp.ty - tg.y) < 1:
                    sp.turn_over(0.3 * speed)
                else:
                    sp.face_up = tg.face_up
            sp.z = tg.z
            was_moving = sp.moving and not sp.minor
            sp.move_to(tg.x, tg.y, tg.w, duration * speed, angle=tg.angle)
            sp.minor = duration <= 0.15 and not was_moving

    @property
    def busy(self) -> bool:
        return self.hold > 0 or any(sp.moving for sp in self.sprites.values())

    @property
    def animating(self) -> bool:
        """Something the person would wait for: dealing, a card travelling, a trick on show."""
        return self.hold > 0 or bool(self.queue) or any(sp.moving and not sp.minor for sp in self.sprites.values())

    @property
    def idle(self) -> bool:
        return not self.busy and not self.queue and not self.c.ai_to_move

    @property
    def active(self) -> bool:
        """Frames are needed while anything moves, a computer player thinks, or
        a speech bubble or message is waiting to fade."""
        finished = self.c.hand.done and self.result_shown_for != self.hand_serial
        return not self.idle or finished or bool(self.bubbles) or self.message_time > 0

    def skip(self) -> None:
        """Finish every animation now (a click or key does this)."""
        for _ in range(100):
            if self.hold > 0:
                self.hold = 0
                self._end_hold()
            for sp in self.sprites.values():
                sp.finish()
            if not self.queue:
                break
            self._show(self.queue.pop(0))
        for sp in self.sprites.values():
            sp.finish()

    def _show(self, ev: Event) -> None:
        """Start displaying one event."""
        t = self.app.t
        player = self.c.match.seats[ev.seat] if ev.seat is not None and ev.seat < len(self.c.match.seats) else None
        speed = self.app.speed
        if ev.kind == "bid":
            self._bubble(player, str(ev.value))
        elif ev.kind in ("hold", "pass", "pickup", "hand", "kontra", "re", "no_call"):
            self._bubble(player, t("say." + ev.kind))
        elif ev.kind == "declare":
            d = A.declaration(ev.value)
            self._bubble(player, t(SUIT_KEYS[d.game]))
        elif ev.kind == "play":
            self.app.services.sound("card")
        elif ev.kind == "trick":
            self.held_trick = (ev.seat, ev.cards)
            self.hold = 0.9 * speed
        elif ev.kind == "reveal":
            if self.held_trick is not None:
                self.hidden_reveals.update(ev.cards)
        elif ev.kind in ("deal_down", "deal_up"):
            self.app.services.sound("card")
        elif ev.kind == "end":
            pass
        self.relayout()

    def _end_hold(self) -> None:
        self.held_trick = None
        self.hidden_reveals.clear()
        self.app.services.sound("gather")
        self.relayout(0.35)

    def _bubble(self, player: int | None, text: str) -> None:
        if player is not None:
            self.bubbles[player] = (text, 2.2)

    def apply_human(self, action: int) -> None:
        try:
            events = self.c.act(action)
        except IllegalActionError as exc:
            self.message = str(exc)
            self.message_time = 3.0
            return
        self.selected.clear()
        self.mods.clear()
        self.dialog_key = None
        self.queue.extend(events)
        self.app.services.save_match(self.c)

    def discard_selected(self) -> None:
        cards = sorted(self.selected)
        if len(cards) != 2:
            return
        for c in cards:
            self.apply_human(c)
        self.selected.clear()

    def toggle_mod(self, key: str) -> None:
        self.mods[key] = not self.mods.get(key, False)
        if key == "schwarz" and self.mods[key]:
            self.mods["schneider"] = True
        if key == "schneider" and not self.mods[key]:
            self.mods["schwarz"] = False
        self.dialog_key = None

    # ------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        for sp in self.sprites.values():
            sp.update(dt)
        for p in list(self.bubbles):
            text, left = self.bubbles[p]
            if left - dt <= 0:
                del self.bubbles[p]
            else:
                self.bubbles[p] = (text, left - dt)
        if self.message_time > 0:
            self.message_time -= dt
        if self.hold > 0:
            self.hold -= dt
            if self.hold <= 0:
                self.hold = 0
                self._end_hold()
            return
        if any(sp.moving and not sp.minor for sp in self.sprites.values()):
            return
        if self.queue:
            self._show(self.queue.pop(0))
            return
        if self.app.stack.top is not self:
            return
        hand = self.c.hand
        if self.c.ai_to_move:
            self.think_time += dt
            events = self.c.step_ai(0.004)
            if events:
                self.think_time = 0.0
                self.queue.extend(events)
                self.app.services.save_match(self.c)
            return
        if hand.done and self.result_shown_for != self.hand_serial:
            self.result_shown_for = self.hand_serial
            from .result import ResultScene

            self.app.services.hand_finished(self.c)
            self.app.push(ResultScene(self.app, self))

    def current_dialog(self) -> Dialog | None:
        if not self.c.human_to_move or self.animating:
            return None
        hand = self.c.hand
        key = (self.hand_serial, len(hand.history), tuple(sorted(self.selected)), tuple(sorted(self.mods.items())),
               self.app.t.language)
        if key != self.dialog_key:
            self.dialog_key = key
            seat = self.c.human_seat
            assert seat is not None
            discard_ready = len(self.selected) == 2
            self.dialog = build_dialog(self.app.t, hand, seat, self.apply_human, self.seat_names(), discard_ready,
                                       self.discard_selected, self.mods, self.toggle_mod)
        return self.dialog

    # ------------------------------------------------------------ input
    def playable_cards(self) -> list[int]:
        if not self.c.human_to_move:
            return []
        return [a for a in self.c.hand.legal_actions() if a < 32]

    def card_at(self, pos: tuple[float, float]) -> int | None:
        best = None
        for sp in sorted(self.sprites.values(), key=lambda s: s.z):
            h = sp.w * RATIO
            if sp.angle:
                w, h = h, sp.w
            else:
                w = sp.w
            if sp.x - w / 2 <= pos[0] <= sp.x + w / 2 and sp.y - h / 2 <= pos[1] <= sp.y + h / 2:
                best = sp.card
        return best

    def handle(self, ev: Input) -> None:
        if ev.kind == "key" and ev.key == pygame.K_ESCAPE:
            self.open_menu()
            return
        if ev.kind in ("down", "key") and self.animating:
            self.skip()
            return
        if ev.kind in ("down", "move") and self.toolbar.handle(ev):
            return  # the toolbar is for the mouse; arrow keys belong to the cards
        dlg = self.current_dialog()
        hand = self.c.hand
        if dlg is not None and dlg.group.handle(ev):
            return
        if ev.kind == "key" and ev.text in ("l", "L"):
            self.open_last_trick()
            return
        human = self.c.human_seat
        if not self.c.human_to_move or human is None:
            return
        phase = hand.phase
        playing = phase == Phase.PLAY
        discarding = phase == Phase.DISCARD
        if not (playing or discarding):
            return
        legal = [a for a in hand.legal_actions() if a < 32]
        if ev.kind == "down":
            card = self.card_at(ev.pos)
            if card is None or card not in legal:
                if playing:
                    self.selected.clear()
                    self.relayout(0.1)
                return
            if discarding:
                self._toggle_discard(card)
                return
            if ev.touch and card not in self.selected:
                self.selected = {card}
                self.relayout(0.12)
                return
            self.selected.clear()
            self.apply_human(card)
        elif ev.kind == "key":
            order = [c for c in self._hand_order() if c in legal]
            if not order:
                return
            if ev.key in (pygame.K_LEFT, pygame.K_RIGHT):
                cur = self.focus_card if self.focus_card in order else None
                i = order.index(cur) if cur is not None else -1
                i = (i + (1 if ev.key == pygame.K_RIGHT else -1)) % len(order)
                self.focus_card = order[i]
                if playing:
                    self.selected = {self.focus_card}
                self.relayout(0.1)
            elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_UP) and (
                self.focus_card in order
            ):
                card = self.focus_card
                if discarding:
                    self._toggle_discard(card)
                else:
                    self.selected.clear()
                    self.apply_human(card)

    def _toggle_discard(self, card: int) -> None:
        if card in self.selected:
            self.selected.discard(card)
        elif len(self.selected) < 2:
            self.selected.add(card)
        self.dialog_key = None
        self.relayout(0.12)

    def _hand_order(self) -> list[int]:
        targets = self.targets()
        human = self.c.human_seat
        hand = self.c.hand
        if human is None:
            return []
        if isinstance(hand, SkatHand):
            mine = [c for c in range(32) if hand.hands[human] >> c & 1]
        else:
            mine = [c for c in range(32) if (hand.up[human] | hand.handm[human]) >> c & 1]
        return sorted(mine, key=lambda c: (targets[c].x if c in targets else 0))

    # ------------------------------------------------------------ draw
    def draw(self, p: Painter) -> None:
        art = self.app.services.art
        hand = self.c.hand
        targets = self.targets() if not self.animating else {}
        for sp in sorted(self.sprites.values(), key=lambda s: s.z):
            # Render at the target width (cached) and scale while a card changes size.
            w_px = p.size(sp.tw or sp.w)
            tg = targets.get(sp.card)
            state = "dim" if tg is not None and tg.dim else "normal"
            surf = art.face(sp.card, w_px, state) if sp.face_up else art.back(w_px)
            now_px = p.size(sp.w)
            if abs(now_px - w_px) > 1:
                surf = pygame.transform.smoothscale(surf, (now_px, round(now_px * RATIO)))
            if sp.flip < 1.0:
                surf = pygame.transform.smoothscale(surf, (max(1, round(surf.get_width() * sp.squeeze)),
                                                           surf.get_height()))
            if sp.angle:
                surf = pygame.transform.rotate(surf, sp.angle)
            p.blit_px(surf, sp.x, sp.y, anchor="center")
            if tg is not None and tg.lift and self.c.human_to_move:
                r = p.rect(sp.x - sp.w / 2, sp.y - sp.w * RATIO / 2, sp.w, sp.w * RATIO)
                pygame.draw.rect(p.surface, GOLD, r, max(2, p.size(3)), border_radius=p.size(6))
        self._draw_labels(p)
        self._draw_info(p)
        self.toolbar.draw(p)
        dlg = self.current_dialog()
        if dlg is not None:
            p.panel(dlg.x, dlg.y, dlg.w, dlg.h)
            p.text(dlg.title, dlg.x + dlg.w / 2, dlg.y + 30, 34, GOLD, bold=True, anchor="center")
            y = dlg.y + 64
            for line in dlg.lines:
                for part in p.wrap(line, dlg.w - 40, 24):
                    p.text(part, dlg.x + dlg.w / 2, y, 24, INK, anchor="center")
                    y += 26
            dlg.group.draw(p)
        elif self.c.human_to_move and hand.phase == Phase.PLAY and not self.animating:
            x, y = (640, 458) if not self.officers else (900, 475)
            p.text(self.app.t("hint.play"), x, y, 24, GOLD, anchor="center")
        if self.message_time > 0:
            p.panel(340, 250, 600, 70)
            p.text(self.message, 640, 285, 22, INK, anchor="center")

    def _draw_labels(self, p: Painter) -> None:
        t = self.app.t
        seating = self.c.seating()
        thinking = self.c.thinking_player
        slots = {"bottom": seating.bottom, "left": seating.left, "top": seating.top, "right": seating.right}
        seats = self.c.match.seats
        for slot, player in slots.items():
            if player is None:
                continue
            if self.officers:
                x, y = (150, 480) if slot == "bottom" else (150, 236)  # the left side stays free of cards
            else:
                x, y = LABEL_SLOTS[slot]
            label = self.name(player)
            if player in seats and not self.officers:
                label += " · " + t(POSITION_KEYS[seats.index(player)])
            elif player not in seats:
                label += " · " + t("pos.sits_out")
            if self.officers:
                label += " · " + (t("pos.dealer") if seats.index(player) == 1 else t("pos.forehand"))
            hand = self.c.hand
            if hand.declarer is not None and player == seats[hand.declarer] and hand.game is not None:
                label += " · " + t("label.declarer")
            color = GOLD if thinking == player else INK
            p.text(label, x, y, 24, color, bold=True, anchor="center")
            if thinking == player:
                dots = "." * (1 + int(self.think_time * 3) % 3)
                p.text(t("label.thinking") + dots, x, y + 22, 20, INK_DIM, anchor="center")
            bubble = self.bubbles.get(player)
            if bubble:
                text = bubble[0]
                bx, by = x, y + (46 if slot != "bottom" else -40)
                wpx = p.text_width(text, 26, True) + 28
                p.fill_rect(bx - wpx / 2, by - 18, wpx, 36, (250, 245, 230), radius=16)
                p.text(text, bx, by, 26, (30, 30, 30), bold=True, anchor="center")

    def _draw_info(self, p: Painter) -> None:
        t = self.app.t
        hand = self.c.hand
        m = self.c.match
        p.panel(10, 10, 300, 112, alpha=200)
        number = m.hand_number - (1 if hand.done else 0)  # a finished hand is already on the sheet
        p.text(t("info.hand_of", n=number, total=m.hands), 24, 20, 22, INK_DIM)
        if hand.game is not None and (not isinstance(hand, SkatHand) or hand.phase >= Phase.KONTRA):
            game = t(SUIT_KEYS[hand.game]) if hand.game <= 5 else t("game.ramsch")
            extra = []
            if getattr(hand, "hand_game", False):
                extra.append(t("level.hand"))
            if getattr(hand, "ouvert", False):
                extra.append(t("level.ouvert"))
            if hand.kontra:
                extra.append(t("level.kontra"))
            if hand.re:
                extra.append(t("level.re"))
            p.text(" ".join([game, *extra]), 24, 44, 28, GOLD, bold=True)
        elif hand.phase == Phase.BIDDING:
            p.text(t("info.bidding"), 24, 44, 26, GOLD, bold=True)
        if hand.bid:
            p.text(t("info.bid", bid=hand.bid), 24, 76, 22, INK)
        pts = hand.points
        if hand.declarer is not None and hand.game is not None and hand.game != 5 and len(hand.tricks):
            d = hand.declarer
            mine = pts[d]
            p.text(t("info.tricks", n=len(hand.tricks)) + f" · {mine}:{sum(pts) - mine}", 24, 98, 20, INK_DIM)
        elif len(hand.tricks):
            p.text(t("info.tricks", n=len(hand.tricks)), 24, 98, 20, INK_DIM)
