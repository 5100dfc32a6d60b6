"""The card table for both games: cards move, the computer players think in
slices, and the person plays with mouse, touch or keyboard.

``TableScene`` composes three parts, each deciding one thing: :mod:`skat.ui.table_input`
(what a click, tap or key means), :mod:`skat.ui.table_director` (how the engine's events
move the cards: the deal, a trick held in view and gathered, the pauses) and
:mod:`skat.ui.table_status` (the labels, speech bubbles, message line and status panel).
The scene itself runs the hand: it asks the controller for the computer players' moves
once the director is at rest, builds the person's decision panel, offers the toolbar and
the endings (claim, give up, take back), and draws the cards where the layout puts them.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Literal

import pygame

from ..engine import actions as A
from ..engine.errors import IllegalActionError
from ..engine.events import Event
from ..engine.games import OFFICERS, SKAT, Game, Hand, game_of
from ..engine.skat_hand import Phase, SkatHand
from ..engine.tricks import GameType
from .controller import MatchController
from .dialogs import SHOWN_BIDS, BidPick, Dialog, build_dialog
from .hint import HintPanel
from .layout import (
    RATIO,
    OfficersGeometry,
    TableGeometry,
    Target,
    dialog_text,
    officers_geometry,
    officers_layout,
    reflow_dialog,
    skat_layout,
    table_geometry,
)
from .overlays import ConfirmScene, LastTrickScene
from .painter import GOLD, INK, Painter
from .player_names import AI_NAMES as AI_NAMES  # noqa: F401 - the seat names, still named from here too
from .player_names import player_name
from .scene import Input, Scene
from .seat_view import SeatView, seat_view
from .table_director import CALL_SECONDS as CALL_SECONDS  # noqa: F401 - the pauses, still named from here
from .table_director import ENDING_SECONDS, SHAKE_SECONDS, AnimationDirector
from .table_input import FORCED_SECONDS as FORCED_SECONDS  # noqa: F401 - named from here by the tests
from .table_input import TableInput
from .table_status import StatusDisplay
from .tween import Sprite
from .widgets import Button, ButtonGroup, fitting_size

SKAT_MARK = (120, 190, 235)
"""The colour that marks the cards picked up from the skat during the discard."""


LAYOUTS: dict[Game, Callable[..., dict[int, Target]]] = {SKAT: skat_layout, OFFICERS: officers_layout}
"""Where each game's cards lie: (hand, slot of each seat, seat view, selected, legal cards, held trick,
cards a held trick uncovered, geometry) -> the target of every card."""


class TableScene(Scene):
    portrait = True

    def __init__(self, app, controller: MatchController) -> None:
        super().__init__(app)
        self.c = controller
        self.director = AnimationDirector(self)
        self.status = StatusDisplay(self)
        self.input = TableInput(self)
        self.mods: dict[str, bool] = {}
        self.dialog: Dialog | None = None
        self.dialog_key: tuple | None = None
        self.shown_dialog: Dialog | None = None
        """The decision's panel as laid out for the next frame (None: no decision is shown)."""
        self.drawn_targets: dict[int, Target] = {}
        """The layout's targets for the next frame's card marks (empty while cards move)."""
        self.result_shown_for = -1
        self.hand_serial = -1
        self.think_time = 0.0
        self.toolbar = ButtonGroup()
        self.hints = HintPanel(self)
        self._build_toolbar()
        self.bid_pick: tuple[int, int] | None = None  # (history length, value) chosen in the bid picker
        self._before_end: tuple[Hand, SeatView] | None = None
        """The person's view of this hand just before it ended (shown while its last trick is)."""
        self.c.shorten = bool(self.app.settings.get("shorten", True))
        self.c.takeback = bool(self.app.settings.get("takeback", False))
        self.c.ponder = bool(self.app.settings.get("ponder", True))
        self._new_hand(animate=True)

    # ------------------------------------------------------------ the parts' state, by its old names
    @property
    def sprites(self) -> dict[int, Sprite]:
        return self.director.sprites

    @property
    def queue(self) -> list[Event]:
        return self.director.queue

    @property
    def hold(self) -> float:
        return self.director.hold

    @hold.setter
    def hold(self, value: float) -> None:
        self.director.hold = value

    @property
    def held_trick(self) -> tuple | None:
        return self.director.held_trick

    @property
    def shake(self) -> tuple[int, float] | None:
        return self.director.shake

    @shake.setter
    def shake(self, value: tuple[int, float] | None) -> None:
        self.director.shake = value

    @property
    def bubbles(self) -> dict[int, tuple[str, float]]:
        return self.status.bubbles

    @property
    def message(self) -> str:
        return self.status.message

    @message.setter
    def message(self, text: str) -> None:
        self.status.message = text

    @property
    def message_time(self) -> float:
        return self.status.message_time

    @message_time.setter
    def message_time(self, seconds: float) -> None:
        self.status.message_time = seconds

    @property
    def selected(self) -> set[int]:
        return self.input.selected

    @selected.setter
    def selected(self, cards: set[int]) -> None:
        self.input.selected = cards

    @property
    def focus_card(self) -> int | None:
        return self.input.focus_card

    @focus_card.setter
    def focus_card(self, card: int | None) -> None:
        self.input.focus_card = card

    # ------------------------------------------------------------ names and places
    def name(self, player: int) -> str:
        return player_name(self.app.t, player, self.c.human)

    def seat_names(self) -> dict[int, str]:
        return {seat: self.name(p) for seat, p in enumerate(self.c.match.seats)}

    def slot_of_seat(self) -> dict[int, str]:
        s = self.c.seating()
        where = {s.bottom: "bottom", s.left: "left", s.top: "top", s.right: "right"}
        return {seat: where[p] for seat, p in enumerate(self.c.match.seats) if p in where}

    @property
    def officers(self) -> bool:
        """The cards lie in piles (Officers' Skat's layouts and places), not in fans (Skat's)."""
        return game_of(self.c.hand).piles

    @property
    def geo(self) -> TableGeometry:
        """The table's places on the painter's canvas (landscape or portrait)."""
        return table_geometry(self.app.painter.W, self.app.painter.H)

    @property
    def ogeo(self) -> OfficersGeometry:
        """Officers' Skat's places on the painter's canvas for this hand's layout."""
        hand = self.c.hand
        return officers_geometry(self.app.painter.W, self.app.painter.H, game_of(hand).layout(hand.rules) or "officers")

    @property
    def deck_place(self) -> tuple[float, float]:
        """Where the dealer holds the deck."""
        return self.ogeo.deck if self.officers else self.geo.deck

    def label_place(self, slot: str) -> tuple[float, float, str]:
        """Where a seat's label goes: (x, y, anchor) of its first line."""
        if self.officers:
            return self.ogeo.labels[slot]  # left of the layouts (portrait: above or below them)
        return self.geo.labels[slot]

    def canvas_changed(self) -> None:
        """Turned between landscape and portrait: the controls and every card go to their new places at once."""
        self.enter()
        self.relayout(0.0)

    # ------------------------------------------------------------ toolbar
    def _build_toolbar(self) -> None:
        t = self.app.t
        self.toolbar.clear()
        geo = self.geo
        menu, last, sheet, hint = geo.toolbar
        size = geo.toolbar_size
        self.toolbar.add(Button(*menu, t("btn.menu"), self.open_menu, size=size))
        self.toolbar.add(Button(*last, t("btn.last_trick"), self.open_last_trick, size=size))
        self.toolbar.add(Button(*sheet, t("btn.sheet"), self.open_sheet, size=size))
        if self.app.settings.get("hints", False):
            if not geo.portrait:
                hint = (*self.hints.button_place(), hint[2], hint[3])
            self.toolbar.add(Button(*hint, t("btn.hint") + " (H)", self.hints.request, size=size))
        self._endings = self._ending_offers()
        places = iter(self._ending_places())
        for offered, label, action in zip(self._endings, ("btn.claim", "btn.concede", "btn.takeback"),
                                          (self.ask_claim, self.ask_concede, self.take_back), strict=True):
            if offered:
                self.toolbar.add(Button(*next(places), t(label), action, size=size))

    def _ending_offers(self) -> tuple[bool, bool, bool]:
        """Whether the toolbar offers a claim of the rest, giving up and a take-back now."""
        return self.c.can_claim, self.c.can_concede, self.c.can_take_back

    def _ending_places(self) -> list[tuple[float, float, float, float]]:
        """Free toolbar places left of the others (under them at four, where the top hand reaches up);
        portrait: a row of touch-sized buttons between the trick and the person's label."""
        if self.geo.portrait:
            return [(10 + 235 * i, 850, 230, 82) for i in range(3)]  # 44 CSS px on a 390 px phone
        hint = self.app.settings.get("hints", False)
        if self.c.match.players == 4:
            places = [(976, 58), (824, 58), (1128, 106)]
        else:
            places = [(520, 10), (368, 10), (368, 58)] if hint else [(672, 10), (520, 10), (368, 10)]
        return [(x, y, 142, 40) for x, y in places]

    def take_back(self) -> None:
        """The practice take-back (key Backspace): the person's last move and the replies since are undone."""
        if not self.c.can_take_back:
            return
        self.c.take_back()
        self._new_hand(animate=False)
        self.result_shown_for = -1
        self.say(self.app.t("takeback.done"))
        self.app.services.save_match(self.c)
        self._build_toolbar()

    def ask_claim(self) -> None:
        """Confirm a claim of the rest, naming what it brings if it holds and if it does not."""
        if not self.c.can_claim:
            return
        self.hurry()
        t = self.app.t
        h = self.c.hand
        declarer_side = self.c.human_seat == h.declarer
        null = h.game == GameType.NULL
        good = A.REST_DECLARER if declarer_side != null else A.REST_DEFENDERS
        bad = A.REST_DEFENDERS if good == A.REST_DECLARER else A.REST_DECLARER
        side = "declarer" if declarer_side else "defender"
        key = "confirm.claim_null_" + side if null else "confirm.claim_text"
        text = t(key, good=self._outcome(good), bad=self._outcome(bad))
        self.app.push(ConfirmScene(self.app, t("confirm.claim_title"), text, t("confirm.claim_yes"),
                                   t("confirm.play_on"), self.claim))

    def _outcome(self, action: int) -> str:
        """The game's result if the play ended now by ``action``: "won (+96)" / "lost (−192)"."""
        value = self.c.declarer_value_if(action)
        shown = f"{value:+d}".replace("-", "−")
        return self.app.t("outcome.won" if value > 0 else "outcome.lost", value=shown)

    def claim(self) -> None:
        try:
            self.c.start_claim()
        except IllegalActionError:
            self.say(self.app.t("illegal.action"))
            return
        self.say(self.app.t("claim.checking"), 30.0)
        self._build_toolbar()

    def ask_concede(self) -> None:
        """Confirm giving up, naming the loss now against playing on."""
        if not self.c.can_concede:
            return
        self.hurry()
        t = self.app.t
        self.app.push(ConfirmScene(self.app, t("confirm.concede_title"),
                                   t("confirm.concede_text", lost=self._outcome(A.CONCEDE)),
                                   t("confirm.concede_yes"), t("confirm.play_on"), self.concede))

    def concede(self) -> None:
        try:
            events = self.c.concede()
        except IllegalActionError:
            self.say(self.app.t("illegal.action"))
            return
        self._ended_early(events)
        self.app.services.save_match(self.c)

    def open_menu(self) -> None:
        self.app.screens.open("pause", self)

    def open_last_trick(self) -> None:
        self.app.push(LastTrickScene(self.app, self))

    def open_sheet(self) -> None:
        self.app.screens.open("sheet", self.c)

    def enter(self) -> None:
        self.c.shorten = bool(self.app.settings.get("shorten", True))
        self.c.takeback = bool(self.app.settings.get("takeback", False))
        self.c.ponder = bool(self.app.settings.get("ponder", True))
        self._build_toolbar()
        self.dialog_key = None
        if self.sprites:  # back from the settings: the hand in the sort order chosen there
            self.relayout()

    # ------------------------------------------------------------ hand flow
    def _new_hand(self, animate: bool) -> None:
        self.hand_serial = self.c.match.hand_number
        self.selected.clear()
        self.mods.clear()
        self.bubbles.clear()
        self.dialog_key = None
        self.director.deal(animate)

    def next_hand(self) -> None:
        if self.c.next_hand():
            self.app.services.save_match(self.c)
            self._new_hand(animate=True)
        else:
            self.app.services.finish_match(self.c)
            self.app.screens.open("sheet", self.c, final=True)

    def seat_view(self) -> SeatView:
        """What the person's seat sees of the hand now, as the engine's observation says.

        While the hand's last trick is still on show, the table shows the hand as it was before
        it ended: what the end lays open waits until that trick is gathered."""
        hand = self.c.hand
        seat = self.c.human_seat
        game = game_of(hand)
        if seat is None and max(game.table_sizes) == game.seats:
            seat = 0  # no one sits out (Officers' Skat's two): the person always holds a seat
        view = seat_view(hand, seat)
        if not view.done:
            self._before_end = (hand, view)
        elif self.held_trick is not None and self._before_end is not None and self._before_end[0] is hand:
            return self._before_end[1]
        return view

    def targets(self) -> dict[int, Target]:
        """Where every card lies now, as the table shows it (the backs in their groups' order)."""
        return self.director.place_hidden(self.layout_targets())

    def layout_targets(self) -> dict[int, Target]:
        """Where every card lies by the game's layout (``AnimationDirector.place_hidden`` orders the backs)."""
        hand = self.c.hand
        view = self.seat_view()
        legal = {a for a in view.legal if a < 32} if self.c.human_to_move else set()
        if self.officers:
            geo: TableGeometry | OfficersGeometry = self.ogeo
        else:
            geo = self.geo
        return LAYOUTS[game_of(hand)](hand, self.slot_of_seat(), view, self.selected, legal, self.held_trick,
                                      self.director.hidden_reveals, geo, self.c.match.players)

    def relayout(self, duration: float = 0.28) -> None:
        self.director.relayout(self.layout_targets(), duration)

    @property
    def busy(self) -> bool:
        return self.director.busy

    @property
    def animating(self) -> bool:
        """Something the person would wait for: dealing, a card travelling, a trick on show."""
        return self.director.animating

    @property
    def idle(self) -> bool:
        return not self.busy and not self.queue and not self.c.ai_to_move

    @property
    def active(self) -> bool:
        """Frames are needed while anything moves, a computer player thinks, or
        a speech bubble or message is waiting to fade."""
        finished = self.c.hand.done and self.result_shown_for != self.hand_serial
        fading = bool(self.bubbles) and not self.person_deciding
        forced = self.forced_card() is not None
        return (not self.idle or finished or fading or self.message_time > 0 or self.hints.thinking or forced
                or self.c.checking)

    @property
    def person_deciding(self) -> bool:
        """The table is at rest and waits for the person (speech bubbles do not fade meanwhile)."""
        return self.c.human_to_move and self.idle

    def hurry(self) -> None:
        """A click or key: what moves lands at once (see :meth:`AnimationDirector.hurry`)."""
        self.director.hurry()

    def skip(self) -> None:
        """Finish every animation and pause now (the screenshot tour and tools)."""
        self.director.skip()

    def _ended_early(self, events: list[Event]) -> None:
        """The play ended before its last card (given up, a claim settled, a decided hand
        played out): every card still out is laid open, a line says why, and after a short
        look the cards are gathered in one move (the single events are not shown one by one)."""
        ending = self.c.ending
        self.director.lay_open(events)
        self.dialog_key = None
        speed = self.app.speed
        self.say(self.status.ending_line(), ENDING_SECONDS * max(speed, 1.0) + 2.0)
        if ending is not None and ending.kind == "claim":
            self.app.services.sound("gather")
        self.app.services.save_match(self.c)
        self._build_toolbar()

    def say(self, text: str, seconds: float = 3.0) -> None:
        """A short message in the middle of the table."""
        self.status.say(text, seconds)

    def auction(self) -> list[tuple[int, int]]:
        """The bidding so far as (seat, action), as the engine recorded it (public: every seat hears it)."""
        return list(self.seat_view().bidding)

    def refusal_reason(self, card: int) -> str:
        """Why the person may not play ``card`` now, in their language."""
        return self.status.refusal_reason(card)

    def refuse_card(self, card: int) -> None:
        """A click on a card that may not be played: shake it and say why."""
        self.input.refuse_card(card)

    def apply_human(self, action: int) -> None:
        try:
            events = self.c.act(action)
        except IllegalActionError:
            self.say(self.app.t("illegal.action"))
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

    def swap_selected(self) -> None:
        """Revolution's exchange: swap the person's picked card for the partner's picked one."""
        action = self.input.swap_selected()
        if action is not None:
            self.apply_human(action)
            self.relayout(0.2)

    def toggle_mod(self, key: str) -> None:
        self.mods[key] = not self.mods.get(key, False)
        if key == "schwarz" and self.mods[key]:
            self.mods["schneider"] = True
        if key == "schneider" and not self.mods[key]:
            self.mods["schwarz"] = False
        self.dialog_key = None

    # ------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        self._thought = False
        self._advance(dt)
        if not self._thought and self.app.stack.top is self and not self.hints.thinking:
            self.c.step_ponder()  # the person decides or the cards fly: the computers think ahead

    @property
    def working(self) -> bool:
        """The computers think ahead: frames are needed, but nothing new to draw."""
        return self.app.stack.top is self and self.c.pondering

    def _advance(self, dt: float) -> None:
        director = self.director
        director.tick(dt)
        self.hints.update(dt)
        self.status.update(dt, fading=not self.person_deciding)
        director.tick_shake(dt)
        if director.tick_hold(dt) or director.moving:
            return
        if self.queue:
            director.show_next()
            return
        if self.app.stack.top is not self:
            return
        if self._ending_offers() != self._endings:
            self._build_toolbar()
        self._next_move(dt)

    def _next_move(self, dt: float) -> None:
        """The table is at rest: a claim or the table's checks go on, a computer player thinks
        or moves, the person's forced card is played, or a finished hand shows its result."""
        self._thought = self.c.claim is not None or self.c.ai_to_move or self.c.checking
        if self.c.claim is not None:
            events = self.c.step_claim()
            if events:
                self._ended_early(events)
            return
        checked = self.c.step_checks()
        if checked:
            self._ended_early(checked)
            return
        if checked is None and self.c.ai_to_move:
            self.think_time += dt
            return
        if self.c.ai_to_move:
            self.think_time += dt
            events = self.c.step_ai()
            if events:
                self.think_time = 0.0
                self.queue.extend(events)
                self.app.services.save_match(self.c)
            return
        if self.input.play_forced_card(dt):
            return
        if self.c.hand.done and self.result_shown_for != self.hand_serial:
            self.result_shown_for = self.hand_serial
            self.app.services.hand_finished(self.c)
            self.app.screens.open("result", self)

    def current_dialog(self) -> Dialog | None:
        """The person's decision panel now, built (and laid out) when the decision or its choices changed."""
        self.shown_dialog = self._decision_panel()
        return self.shown_dialog

    def _decision_panel(self) -> Dialog | None:
        if not self.c.human_to_move or self.animating:
            return None
        hand = self.c.hand
        key = (self.hand_serial, len(hand.history), tuple(sorted(self.selected)), tuple(sorted(self.mods.items())),
               self.app.t.language, self._picked())
        if key != self.dialog_key:
            same_decision = self.dialog_key is not None and self.dialog_key[:2] == key[:2] and self.dialog is not None
            focus = self.dialog.group.focus if same_decision and self.dialog is not None else 0
            self.dialog_key = key
            seat = self.c.human_seat
            assert seat is not None
            exchanging = hand.phase == Phase.EXCHANGE
            picked = self.input.swap_selected()
            discard_ready = picked in hand.legal_actions() if exchanging else len(self.selected) == 2
            self.dialog = build_dialog(self.app.t, hand, seat, self.apply_human, self.seat_names(), discard_ready,
                                       self.swap_selected if exchanging else self.discard_selected, self.mods,
                                       self.toggle_mod,
                                       BidPick(self._picked(), self.step_bid_pick))
            if self.dialog is not None:
                self.dialog.fit(self.app.painter)
                area = self.ogeo.dialog_area if self.officers else self.geo.dialog_area
                if self.geo.portrait and area is not None:
                    reflow_dialog(self.dialog, self.app.painter, area)
                self.dialog.group.focus = focus  # the picker's arrows keep the keyboard focus
        return self.dialog

    def _picked(self) -> int | None:
        """The bid picker's value for this decision (None: its default)."""
        if self.bid_pick is not None and self.bid_pick[0] == len(self.c.hand.history):
            return self.bid_pick[1]
        return None

    def step_bid_pick(self, step: int) -> None:
        """Move the bid picker to the previous / next value the person may say."""
        hand = self.c.hand
        values = [A.bid_value(a) for a in hand.legal_actions() if A.is_bid(a)]
        if len(values) < 2:
            return
        current = self._picked()
        i = values.index(current) if current in values else min(SHOWN_BIDS, len(values) - 1)
        i = max(0, min(len(values) - 1, i + step))
        self.bid_pick = (len(hand.history), values[i])

    # ------------------------------------------------------------ input
    def handle(self, ev: Input) -> None:
        self.input.handle(ev)

    def forced_card(self) -> int | None:
        """The person's only legal card in the play, when the forced-cards setting is on (else None)."""
        return self.input.forced_card()

    def playable_cards(self) -> list[int]:
        return self.input.playable_cards()

    def card_at(self, pos: tuple[float, float]) -> int | None:
        return self.input.card_at(pos)

    def _hand_order(self) -> list[int]:
        return self.input.hand_order()

    # ------------------------------------------------------------ draw
    def layout(self, p: Painter) -> None:
        """Before a frame is drawn: the decision's panel and the cards' marks for what the table shows now."""
        self.current_dialog()
        self.drawn_targets = self.targets() if not self.animating or (p.portrait and self.skat_in_hand()) else {}

    def draw(self, p: Painter) -> None:
        art = self.app.services.art
        hand = self.c.hand
        targets = self.drawn_targets if not self.animating else {}
        shaking, shake_left = self.shake if self.shake is not None else (None, 0.0)
        from_skat = self.skat_in_hand()
        for sp in sorted(self.sprites.values(), key=lambda s: s.z):
            # Render at the target width (cached) and scale while a card changes size.
            w_px = p.size(sp.tw or sp.w)
            tg = targets.get(sp.card)
            state: Literal["dim", "normal"] = "dim" if tg is not None and tg.dim else "normal"
            surf = art.face(sp.card, w_px, state) if sp.face_up else art.back(w_px)
            now_px = p.size(sp.w)
            if abs(now_px - w_px) > 1:
                surf = pygame.transform.smoothscale(surf, (now_px, round(now_px * RATIO)))
            if sp.flip < 1.0:
                surf = pygame.transform.smoothscale(surf, (max(1, round(surf.get_width() * sp.squeeze)),
                                                           surf.get_height()))
            if sp.angle:
                surf = pygame.transform.rotate(surf, sp.angle)
            x = sp.x
            if sp.card == shaking:  # a few quick sideways swings that die away
                x += 9 * math.sin(shake_left * 40) * shake_left / SHAKE_SECONDS
            p.blit_px(surf, x, sp.y, anchor="center", card=str(sp.card))
            if sp.card in from_skat:  # framed under the cards that overlap it, like a lifted card
                r = p.rect(sp.x - sp.w / 2, sp.y - sp.w * RATIO / 2, sp.w, sp.w * RATIO)
                pygame.draw.rect(p.surface, SKAT_MARK, r, max(2, p.size(3)), border_radius=p.size(6))
            if tg is not None and tg.lift and self.c.human_to_move:
                r = p.rect(sp.x - sp.w / 2, sp.y - sp.w * RATIO / 2, sp.w, sp.w * RATIO)
                pygame.draw.rect(p.surface, GOLD, r, max(2, p.size(3)), border_radius=p.size(6))
        self._draw_skat_tabs(p, from_skat)
        self.status.draw_labels(p)
        self.status.draw_info(p)
        self.toolbar.draw(p)
        dlg = self.shown_dialog
        if dlg is not None:
            self._draw_dialog(p, dlg)
        elif self.c.human_to_move and hand.phase == Phase.PLAY and not self.animating and self.message_time <= 0:
            x, y = self.geo.play_hint if not self.officers else self.ogeo.play_hint
            p.text(self.app.t("hint.play"), x, y, 24, GOLD, anchor="center")
        self.hints.draw(p)
        self.status.draw_message(p)

    def _draw_dialog(self, p: Painter, dlg: Dialog) -> None:
        p.new_layer()
        p.panel(dlg.x, dlg.y, dlg.w, dlg.h)
        with p.inside(dlg.x, dlg.y, dlg.w, dlg.h):
            lines, top, step, size, title_size = dialog_text(dlg, p, self.geo.portrait)
            title = dlg.title
            p.text(title, dlg.x + dlg.w / 2, dlg.y + 30 + (title_size - 34) / 2,
                   fitting_size(p, title, title_size, dlg.w - 30, True), GOLD, bold=True, anchor="center")
            y = dlg.y + top
            for part in lines:
                p.text(part, dlg.x + dlg.w / 2, y, size, INK, anchor="center")
                y += step
            dlg.group.draw(p)

    def skat_in_hand(self) -> list[int]:
        """The two cards the person (at the bottom) picked up from the skat,
        while they choose what to put away; empty at any other time."""
        hand = self.c.hand
        seat = self.c.human_seat
        if seat is None or hand.to_move != seat or hand.phase != Phase.DISCARD:  # DISCARD is 2 in both games
            return []
        held = game_of(hand).in_reach(hand, seat)
        if isinstance(hand, SkatHand):  # narrows: the declarer's skat, or the one a Schieberamsch pusher took up
            picked = hand.skat_taken
        else:  # Admirals' Skat: the only Officers' layout with a skat
            picked = hand.deck_skat()
        return [c for c in range(32) if (picked & held) >> c & 1]

    def _draw_skat_tabs(self, p: Painter, cards: list[int]) -> None:
        """A small "Skat" tab above each card picked up from the skat (framed in the
        same colour), so the person sees what was added while choosing the two to put away."""
        label = self.app.t("table.skat_tab")
        size, h = (16, 22) if not p.portrait else (26, 34)  # readable on a phone too
        targets = self.drawn_targets if p.portrait else {}
        if p.portrait:
            p.new_layer()  # over the upper row of the portrait hand, like the hint's badges
        for card in cards:
            sp = self.sprites.get(card)
            if sp is None:
                continue
            w = min(sp.w - 4, p.text_width(label, size, True) + 12)
            x, y = sp.x - sp.w / 2 + 2, sp.y - sp.w * RATIO / 2 - h - 2  # above the card's visible left strip
            if card in targets and targets[card].row > 0:  # the portrait hand's lower row lies in front:
                x, y = sp.x + sp.w / 2 - w - 4, y + h + 6  # on its own top edge, clear of its index
            p.fill_rect(x, y, w, h, SKAT_MARK, radius=8)
            with p.inside(x, y, w, h, "mark", label):
                p.text(label, x + w / 2, y + h / 2, size, (20, 30, 40), bold=True, anchor="center")
