"""The card table for both games: cards move, the computer players think in
slices, and the person plays with mouse, touch or keyboard.

The scene keeps a small animation queue: each engine event (a card played, a
trick taken, cards dealt or turned over) moves the card sprites towards the
layout's targets; the next action is applied only when the table is at rest,
and a click or key finishes whatever is moving.
"""

from __future__ import annotations

import math

import pygame

from ..engine import actions as A
from ..engine.errors import IllegalActionError
from ..engine.events import Event
from ..engine.match import new_hand
from ..engine.officers import OfficersHand
from ..engine.skat_hand import Phase, SkatHand
from ..engine.tricks import FOLLOW, TRUMPS, GameType
from .controller import MatchController
from .dialogs import SHOWN_BIDS, BidPick, Dialog, build_dialog
from .game_names import declared_name, game_name, of_declaration, of_hand
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
from .painter import GOLD, INK, INK_DIM, Painter
from .scene import Input, Scene
from .tween import Sprite
from .widgets import Button, ButtonGroup, fitting_size

AI_NAMES = ("Anna", "Ben", "Clara", "Dora")
POSITION_KEYS = ("pos.forehand", "pos.middlehand", "pos.rearhand")
SUIT_NAME_KEYS = ("suit.diamonds", "suit.hearts", "suit.spades", "suit.clubs")
BUBBLE_SECONDS = 4.0
TRICK_SECONDS = 1.0
"""How long a finished trick lies in the middle before it is gathered (normal speed)."""
TRICK_SECONDS_UNANIMATED = 0.5
"""With animations off cards jump, but a finished trick still lies in view this long."""
CALL_SECONDS = 0.9
"""How long the table waits after a computer's call in the auction or Kontra round, so it can be read."""
DECLARE_SECONDS = 1.6
"""How long the table waits after a computer declares its game."""
FORCED_SECONDS = 0.6
"""With the forced-cards setting on, the person's only legal card is played for them after this pause."""
PACE_FACTORS = {"slow": 1.75, "normal": 1.0, "fast": 0.4}
"""The computer pace setting scales the waits after a call, a game and a trick (not the card flights)."""
SKAT_MARK = (120, 190, 235)
"""The colour that marks the cards picked up from the skat during the discard."""
CALLS = ("bid", "hold", "pass", "pickup", "hand", "kontra", "re", "no_call", "skat_on", "knock", "no_knock",
         "no_grand_hand")
SHAKE_SECONDS = 0.45
ENDING_SECONDS = 1.6
"""How long the cards of a hand ended early (given up, claimed, decided) lie open before they are gathered."""


def auction_calls(hand: SkatHand | OfficersHand, deck: tuple[int, ...], game: str, rules) -> list[tuple[int, int]]:  # type: ignore[no-untyped-def]
    """(seat, action) of every call in the hand's bidding, in order.

    The engine keeps only the actions, so the bidding is replayed on a fresh
    hand to learn who said each one (this also works for a resumed match)."""
    calls: list[tuple[int, int]] = []
    try:
        replica = new_hand(game, rules, deck)
        for action in hand.history:
            if replica.phase != Phase.BIDDING:
                break
            seat = replica.to_move
            replica.apply(action)
            if seat is not None:
                calls.append((seat, action))
    except (IllegalActionError, ValueError):  # a record that does not replay: show what did
        pass
    return calls


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
        self.forced_wait = 0.0
        """How long the person's only legal card has waited to be played for them."""
        self.toolbar = ButtonGroup()
        from .hint import HintPanel

        self.hints = HintPanel(self)
        self._build_toolbar()
        self.message = ""
        self.message_time = 0.0
        self.bid_pick: tuple[int, int] | None = None  # (history length, value) chosen in the bid picker
        self.shake: tuple[int, float] | None = None  # (card, seconds left): a card that may not be played
        self._auction: tuple[tuple[int, int], list[tuple[int, int]]] | None = None
        self.gathering = False
        """The cards of a hand ended early lie open until the hold ends, then are gathered."""
        self.c.shorten = bool(self.app.settings.get("shorten", True))
        self.c.takeback = bool(self.app.settings.get("takeback", False))
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

    @property
    def geo(self) -> TableGeometry:
        """The table's places on the painter's canvas (landscape or portrait)."""
        return table_geometry(self.app.painter.W, self.app.painter.H)

    @property
    def ogeo(self) -> OfficersGeometry:
        """Officers' Skat's places on the painter's canvas for this hand's layout."""
        hand = self.c.hand
        return officers_geometry(self.app.painter.W, self.app.painter.H, getattr(hand, "layout", "officers"))

    portrait = True

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
        from .overlays import ConfirmScene

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
        from .overlays import ConfirmScene

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
        from .menu import PauseScene

        self.app.push(PauseScene(self.app, self))

    def open_last_trick(self) -> None:
        from .overlays import LastTrickScene

        self.app.push(LastTrickScene(self.app, self))

    def open_sheet(self) -> None:
        from .sheet import SheetScene

        self.app.push(SheetScene(self.app, self.c))

    def enter(self) -> None:
        self.c.shorten = bool(self.app.settings.get("shorten", True))
        self.c.takeback = bool(self.app.settings.get("takeback", False))
        self._build_toolbar()
        self.dialog_key = None
        if self.sprites:  # back from the settings: the hand in the sort order chosen there
            self.relayout()

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
        deck = self.ogeo.deck if self.officers else self.geo.deck  # where the dealer holds the deck
        for i, card in enumerate(order):
            tg = targets[card]
            sp = Sprite(card, deck[0], deck[1], 60, tg.face_up, tg.z)
            sp.tx, sp.ty, sp.tw = deck[0], deck[1], 60
            if animate and speed > 0:
                sp.move_to(tg.x, tg.y, tg.w, 0.35 * speed, delay=i * 0.025 * speed, angle=tg.angle)
                sp.face_up, sp.face_on_leave = False, tg.face_up  # the deck lies face down
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
            return skat_layout(hand, self.slot_of_seat(), human_seat, self.selected, legal, self.held_trick, self.geo)
        return officers_layout(hand, self.slot_of_seat(), human_seat if human_seat is not None else 0,
                               self.selected, legal, self.held_trick, self.hidden_reveals, self.ogeo)

    def relayout(self, duration: float = 0.28) -> None:
        speed = self.app.speed
        for card, tg in self.targets().items():
            sp = self.sprites.get(card)
            if sp is None:
                sx, sy = self.ogeo.deck if self.officers else self.geo.deck
                sp = Sprite(card, sx, sy, 60, False, tg.z)
                sp.tx, sp.ty, sp.tw = sp.x, sp.y, sp.w
                self.sprites[card] = sp
            if sp.face_up != tg.face_up and sp.flip >= 1.0:
                # Cards that stay where they are turn over visibly (Officers' Skat uncovering); a card
                # that goes face down on its way (a gathered trick, the skat put away) turns over in
                # flight, so it leaves the middle face up; one that comes face up shows it at once.
                if abs(sp.tx - tg.x) < 1 and abs(sp.ty - tg.y) < 1:
                    sp.turn_over(0.3 * speed)
                elif sp.face_up and duration > 0 and speed > 0:
                    sp.turn_over(min(0.3, duration) * speed)
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
        fading = bool(self.bubbles) and not self.person_deciding
        forced = self.forced_card() is not None
        return (not self.idle or finished or fading or self.message_time > 0 or self.hints.thinking or forced
                or self.c.checking)

    @property
    def person_deciding(self) -> bool:
        """The table is at rest and waits for the person (speech bubbles do not fade meanwhile)."""
        return self.c.human_to_move and self.idle

    def hurry(self) -> None:
        """A click or key: what moves now lands at once and the waiting events are
        shown, up to a trick that comes to lie in the middle; that trick stays in
        view until the next click (or its time) gathers it.  A click during a
        pause (a held trick, a computer's call) ends the pause."""
        if self.hold > 0:
            self.hold = 0
            self._end_hold()
        for _ in range(100):
            for sp in self.sprites.values():
                sp.finish()
            if not self.queue or self.hold > 0:
                break
            self._show(self.queue.pop(0))
        for sp in self.sprites.values():
            sp.finish()

    def skip(self) -> None:
        """Finish every animation and pause now (the screenshot tour and tools)."""
        for _ in range(1000):
            self.hurry()
            if not self.queue and self.hold <= 0:
                return

    def _show(self, ev: Event) -> None:
        """Start displaying one event."""
        t = self.app.t
        player = self.c.match.seats[ev.seat] if ev.seat is not None and ev.seat < len(self.c.match.seats) else None
        if ev.kind == "bid":
            self._bubble(player, str(ev.value))
        elif ev.kind in CALLS:
            self._bubble(player, t("say." + ev.kind))
        elif ev.kind == "declare":
            said = of_declaration(ev.value, hand=bool(getattr(self.c.hand, "hand_game", False)))
            self._bubble(player, declared_name(t, said))
        elif ev.kind == "play":
            self.app.services.sound("card")
            self._hold_trick_completed_by(ev)
        elif ev.kind == "trick":
            self.held_trick = (ev.seat, ev.cards)
        elif ev.kind == "reveal":
            if self.held_trick is not None:
                self.hidden_reveals.update(ev.cards)
        elif ev.kind in ("deal_down", "deal_up"):
            self.app.services.sound("card")
        self.relayout()
        pause = self._pause_after(ev, player)
        if pause > 0:
            self.hold = max(self.hold, pause)

    def _hold_trick_completed_by(self, ev: Event) -> None:
        """A card that completes a trick lands in the middle with the others.

        The engine has already taken the trick by the time its ``play`` event is
        shown, so the trick (and what its cards uncovered in Officers' Skat) is
        held back from the layout now, not only at the ``trick`` event after it;
        otherwise the cards would fly to the pile and then back to the middle."""
        for later in self.queue:  # this action's events: up to the next card played
            if later.kind == "play":
                return
            if later.kind == "trick" and ev.cards[0] in later.cards:
                self.held_trick = (later.seat, later.cards)
            elif later.kind == "reveal" and self.held_trick is not None:
                self.hidden_reveals.update(later.cards)

    def _pause_after(self, ev: Event, player: int | None) -> float:
        """How long the table waits after an event before going on, at this speed:
        a trick stays in view, and a computer's call or game stays readable."""
        speed = self.app.speed * PACE_FACTORS.get(self.app.settings.get("pace", "normal"), 1.0)
        if ev.kind == "trick":
            return TRICK_SECONDS * speed if speed > 0 else TRICK_SECONDS_UNANIMATED
        computer = player is not None and (player != self.c.human or self.c.autoplay)
        if not computer:
            return 0.0
        if ev.kind == "declare":
            return DECLARE_SECONDS * speed
        if ev.kind in CALLS:
            return CALL_SECONDS * speed
        return 0.0

    def _ended_early(self, events: list[Event]) -> None:
        """The play ended before its last card (given up, a claim settled, a decided hand
        played out): every card still out is laid open, a line says why, and after a short
        look the cards are gathered in one move (the single events are not shown one by one)."""
        ending = self.c.ending
        hand = self.c.hand
        shown = {c for ev in events if ev.kind in ("trick", "play") for c in ev.cards}
        if isinstance(hand, SkatHand):
            shown |= {c for seat in range(3) for c in range(32) if hand.hands[seat] >> c & 1}
        speed = self.app.speed
        for card in shown:
            sp = self.sprites.get(card)
            if sp is not None and not sp.face_up:
                sp.turn_over(0.25 * speed)
        self.held_trick = None
        self.gathering = True
        self.hold = max(self.hold, ENDING_SECONDS * speed if speed > 0 else TRICK_SECONDS_UNANIMATED)
        self.dialog_key = None
        self.say(self._ending_line(ending, hand), ENDING_SECONDS * max(speed, 1.0) + 2.0)
        if ending is not None and ending.kind == "claim":
            self.app.services.sound("gather")
        self.app.services.save_match(self.c)
        self._build_toolbar()

    def _ending_line(self, ending, hand) -> str:  # type: ignore[no-untyped-def]
        """Why the cards are laid open, in the person's language."""
        t = self.app.t
        r = hand.result
        won = r is not None and r.won
        declarer = self.c.match.seats[hand.declarer] if hand.declarer is not None else None

        def said(key: str, player: int | None, **kw: str) -> str:
            if player == self.c.human and not self.c.autoplay:
                return t(key + "_you", **kw)
            return t(key, name=self.name(player) if player is not None else "", **kw)

        if ending is None or ending.kind == "decided":
            return said("ending.decided_won" if won else "ending.decided_lost", declarer)
        if ending.kind == "concede":
            return said("ending.conceded", declarer)
        claim = ending.claim
        side = t("ending.side_declarer" if claim.to_declarer else "ending.side_defenders")
        return said("ending.claim_holds" if claim.holds else "ending.claim_fails", claim.player, side=side)

    def _end_hold(self) -> None:
        if getattr(self, "gathering", False):
            self.gathering = False
            hand = self.c.hand
            if isinstance(hand, SkatHand) and any(hand.hands):
                return  # given up: the cards still out count for nobody and stay open where they are
            self.app.services.sound("gather")
            self.relayout(0.35)
            return
        if self.held_trick is None:
            return
        self.held_trick = None
        self.hidden_reveals.clear()
        self.app.services.sound("gather")
        self.relayout(0.35)

    def _bubble(self, player: int | None, text: str) -> None:
        if player is not None:
            self.bubbles[player] = (text, BUBBLE_SECONDS)

    def say(self, text: str, seconds: float = 3.0) -> None:
        """A short message in the middle of the table."""
        self.message = text
        self.message_time = seconds

    def auction(self) -> list[tuple[int, int]]:
        """The bidding so far as (seat, action), cached per hand and history length."""
        hand = self.c.hand
        key = (self.hand_serial, len(hand.history))
        if self._auction is None or self._auction[0] != key:
            m = self.c.match
            self._auction = (key, auction_calls(hand, m.decks[-1], m.game, hand.rules))
        return self._auction[1]

    def refusal_reason(self, card: int) -> str:
        """Why the person may not play ``card`` now, in their language."""
        t = self.app.t
        hand = self.c.hand
        if not hand.trick or hand.game is None:
            return t("illegal.card")
        lead = hand.trick[0]
        if isinstance(hand, OfficersHand) and hand.layout == "harlequin" and FOLLOW[hand.game][lead] >> card & 1:
            return t("illegal.unseen")  # it follows suit, but only a card the person can see may
        if TRUMPS[hand.game] >> lead & 1:
            return t("illegal.follow_trump")
        return t("illegal.follow_suit", suit=t(SUIT_NAME_KEYS[lead >> 3]))

    def refuse_card(self, card: int) -> None:
        """A click on a card that may not be played: shake it and say why."""
        self.shake = (card, SHAKE_SECONDS)
        self.say(self.refusal_reason(card))

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
        self.hints.update(dt)
        for p in list(self.bubbles) if not self.person_deciding else ():
            # A call made just before the person's turn stays while they decide.
            text, left = self.bubbles[p]
            if left - dt <= 0:
                del self.bubbles[p]
            else:
                self.bubbles[p] = (text, left - dt)
        if self.message_time > 0:
            self.message_time -= dt
        if self.shake is not None:
            left = self.shake[1] - dt
            self.shake = (self.shake[0], left) if left > 0 else None
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
        if self._ending_offers() != self._endings:
            self._build_toolbar()
        if self.c.claim is not None:
            events = self.c.step_claim()
            if events:
                self._ended_early(events)
            return
        checked = self.c.step_checks()
        if checked:
            self._ended_early(checked)
            return
        hand = self.c.hand
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
        if self._play_forced_card(dt):
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
               self.app.t.language, self._picked())
        if key != self.dialog_key:
            same_decision = self.dialog_key is not None and self.dialog_key[:2] == key[:2] and self.dialog is not None
            focus = self.dialog.group.focus if same_decision and self.dialog is not None else 0
            self.dialog_key = key
            seat = self.c.human_seat
            assert seat is not None
            discard_ready = len(self.selected) == 2
            self.dialog = build_dialog(self.app.t, hand, seat, self.apply_human, self.seat_names(), discard_ready,
                                       self.discard_selected, self.mods, self.toggle_mod,
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
    def forced_card(self) -> int | None:
        """The person's only legal card in the play, when the forced-cards setting is on (else None)."""
        if not self.app.settings.get("forced_play") or self.c.hand.phase != Phase.PLAY or self.c.hand.done:
            return None
        legal = self.playable_cards()
        return legal[0] if len(legal) == 1 else None

    def _play_forced_card(self, dt: float) -> bool:
        """Play the person's forced card once it has been in view for :data:`FORCED_SECONDS`; True while waiting."""
        card = self.forced_card()
        if card is None:
            self.forced_wait = 0.0
            return False
        self.forced_wait += dt
        if self.forced_wait >= FORCED_SECONDS:
            self.forced_wait = 0.0
            self.selected.clear()
            self.apply_human(card)
        return True

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
            self.hurry()
            return
        if ev.kind in ("down", "move") and self.toolbar.handle(ev):
            return  # the toolbar is for the mouse; arrow keys belong to the cards
        dlg = self.current_dialog()
        hand = self.c.hand
        if dlg is not None and dlg.group.handle(ev):
            return
        if dlg is not None and ev.kind == "key" and ev.text in ("+", "-") and hand.phase == Phase.BIDDING:
            self.step_bid_pick(1 if ev.text == "+" else -1)
            return
        if ev.kind == "key" and ev.text in ("l", "L"):
            self.open_last_trick()
            return
        if ev.kind == "key" and ev.text in ("h", "H"):
            self.hints.request()
            return
        if ev.kind == "key" and ev.key == pygame.K_BACKSPACE:
            self.take_back()
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
                    if card is not None and hand.playable_mask(human) >> card & 1:
                        self.refuse_card(card)
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
        return sorted(mine, key=lambda c: (targets[c].row, targets[c].x) if c in targets else (0, 0.0))

    # ------------------------------------------------------------ draw
    def draw(self, p: Painter) -> None:
        art = self.app.services.art
        hand = self.c.hand
        targets = self.targets() if not self.animating else {}
        shaking, shake_left = self.shake if self.shake is not None else (None, 0.0)
        from_skat = self.skat_in_hand()
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
        self._draw_labels(p)
        self._draw_info(p)
        self.toolbar.draw(p)
        dlg = self.current_dialog()
        if dlg is not None:
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
        elif self.c.human_to_move and hand.phase == Phase.PLAY and not self.animating and self.message_time <= 0:
            x, y = self.geo.play_hint if not self.officers else self.ogeo.play_hint
            p.text(self.app.t("hint.play"), x, y, 24, GOLD, anchor="center")
        self.hints.draw(p)
        if self.message_time > 0:
            p.new_layer()
            # Below the trick, where the hint to play stands: the trick stays in view.
            w = min(self.geo.message_w, max(480.0, p.text_width(self.message, 24) + 60))
            x, y = self.geo.message if not self.officers else self.ogeo.message
            p.panel(x - w / 2, y, w, 48)
            with p.inside(x - w / 2, y, w, 48):
                p.text(self.message, x, y + 24, 24, INK, anchor="center")

    def skat_in_hand(self) -> list[int]:
        """The two cards the person (at the bottom) picked up from the skat,
        while they choose what to put away; empty at any other time."""
        hand = self.c.hand
        seat = self.c.human_seat
        if seat is None or hand.to_move != seat or hand.phase != Phase.DISCARD:  # DISCARD is 2 in both games
            return []
        if isinstance(hand, SkatHand):  # the declarer's skat, or the one a Schieberamsch pusher took up
            picked, held = hand.skat_taken, hand.hands[seat]
        else:  # Admirals' Skat: the only Officers' layout with a skat
            picked, held = hand.deck_skat(), hand.handm[seat]
        return [c for c in range(32) if (picked & held) >> c & 1]

    def _draw_skat_tabs(self, p: Painter, cards: list[int]) -> None:
        """A small "Skat" tab above each card picked up from the skat (framed in the
        same colour), so the person sees what was added while choosing the two to put away."""
        label = self.app.t("table.skat_tab")
        size, h = (16, 22) if not p.portrait else (26, 34)  # readable on a phone too
        targets = self.targets() if p.portrait else {}
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

    def _label_place(self, slot: str) -> tuple[float, float, str]:
        """Where a seat's label goes: (x, y, anchor) of its first line."""
        if self.officers:
            return self.ogeo.labels[slot]  # left of the layouts (portrait: above or below them)
        return self.geo.labels[slot]

    def _draw_labels(self, p: Painter) -> None:
        t = self.app.t
        seating = self.c.seating()
        thinking = self.c.thinking_player
        slots = {"bottom": seating.bottom, "left": seating.left, "top": seating.top, "right": seating.right}
        seats = self.c.match.seats
        hand = self.c.hand
        for slot, player in slots.items():
            if player is None:
                continue
            x, y, anchor = self._label_place(slot)
            roles = []
            if player in seats and not self.officers:
                roles.append(t(POSITION_KEYS[seats.index(player)]))
            elif player not in seats:
                roles.append(t("pos.sits_out"))
            if self.officers:
                roles.append(t("pos.dealer") if seats.index(player) == 1 else t("pos.forehand"))
            if hand.declarer is not None and player == seats[hand.declarer] and hand.game is not None:
                roles.append(t("label.declarer"))
            color = GOLD if thinking == player else INK
            if self.officers:
                side = self.ogeo.two_line_labels
            else:
                side = slot in ("left", "right") or (slot == "top" and self.geo.portrait)
            if side:  # two short lines at the screen's edge, clear of the person's cards
                p.text(self.name(player), x, y, 24, color, bold=True, anchor=anchor)
                p.text(" · ".join(roles), x, y + 22, 20, INK, anchor=anchor)
                below = y + 42
            else:
                p.text(" · ".join([self.name(player), *roles]), x, y, 24, color, bold=True, anchor=anchor)
                below = y + 22
            if thinking == player:
                dots = "." * (1 + int(self.think_time * 3) % 3)
                p.text(t("label.thinking") + dots, x, below, 20, INK_DIM, anchor=anchor)
            bubble = self.bubbles.get(player)
            if bubble:
                self._draw_bubble(p, bubble[0], slot, p.text_width(" · ".join([self.name(player), *roles]), 24, True))

    def _draw_bubble(self, p: Painter, text: str, slot: str, label_w: float) -> None:
        """A speech bubble beside the speaker's label, where no card or dialog goes."""
        wpx = p.text_width(text, 24, True) + 28
        # Officers' Skat in landscape: above the label, for below it lie the cards or the deck.
        x, by, how = self.ogeo.bubbles[slot] if self.officers else self.geo.bubbles[slot]
        bx = {"left": x + wpx / 2, "right": x - wpx / 2, "center": x, "after": x + label_w / 2 + 18 + wpx / 2,
              "before": x - label_w / 2 - 18 - wpx / 2}[how]
        p.fill_rect(bx - wpx / 2, by - 18, wpx, 36, (250, 245, 230), radius=16)
        with p.inside(bx - wpx / 2, by - 18, wpx, 36, "bubble", text):
            p.text(text, bx, by, 24, (30, 30, 30), bold=True, anchor="center")

    def _auction_text(self) -> list[str]:
        """Each bidder's last call so far, for the status panel."""
        t = self.app.t
        last: dict[int, str] = {}
        bid = 0
        for seat, action in self.auction():
            if A.is_bid(action):
                bid = A.bid_value(action)
                last[seat] = str(bid)
            elif action == A.HOLD:
                last[seat] = t("auction.holds", bid=bid)
            elif action == A.PASS:
                last[seat] = t("auction.passed")
        seats = self.c.match.seats
        return [f"{self.name(seats[s])}: {call}" for s, call in sorted(last.items())]

    def _draw_info(self, p: Painter) -> None:
        t = self.app.t
        hand = self.c.hand
        m = self.c.match
        ox, oy, info_w, info_h = self.geo.info
        x, dy = ox + 14, oy - 10  # the texts' left edge; their heights below are the landscape panel's
        p.panel(ox, oy, info_w, info_h, alpha=200)
        with p.inside(ox, oy, info_w, info_h):
            number = m.hand_number - (1 if hand.done else 0)  # a finished hand is already on the sheet
            head = t("info.hand_of", n=number, total=m.hands)
            kind = m.kinds[number - 1] if 0 < number <= len(m.kinds) else ""
            if kind:  # a Bock or Ramsch round's game (rules decisions 40-43), in gold
                _fit_text(p, head + " · " + t("info.round." + kind), x, dy + 18, 20, GOLD, info_w - 28)
            else:
                p.text(head, x, dy + 18, 20, INK_DIM)
            before_play = hand.phase < Phase.PLAY and not hand.done
            if hand.game is not None and (not isinstance(hand, SkatHand) or hand.phase >= Phase.KONTRA
                                          or hand.game == GameType.RAMSCH):
                contract = of_hand(hand)
                title = game_name(t, contract) if contract is not None else ""
                if hand.bid:
                    title += " · " + t("info.bid_to", bid=hand.bid)
                _fit_text(p, title, x, dy + 40, 26, GOLD, info_w - 28)
                if hand.declarer is not None:
                    who = t("info.declarer", name=self.name(m.seats[hand.declarer]))
                    spitze = getattr(hand, "spitze_card", None)
                    if spitze is not None:  # the Spitze card is shown to everyone (rules decision 45)
                        from .analysis_view import card_words

                        who += " · " + t("info.spitze", card=card_words(t, spitze))
                    _fit_text(p, who, x, dy + 70, 20, INK, info_w - 28)
            elif before_play and (hand.phase == Phase.BIDDING or hand.bid):
                # The bidding, or once it is over the bid it reached, with everyone's last call.
                title = t("info.bidding") if hand.phase == Phase.BIDDING else t("info.bid", bid=hand.bid)
                p.text(title, x, dy + 40, 24, GOLD, bold=True)
                calls = self._auction_text()
                for i, line in enumerate(_pack(p, calls, info_w - 28, 20)[:3]):
                    p.text(line, x, dy + 68 + 18 * i, 18 if len(calls) > 2 else 20, INK)
            pts = hand.points
            if hand.declarer is not None and hand.game is not None and hand.game != 5 and len(hand.tricks):
                d = hand.declarer
                mine = pts[d]
                p.text(t("info.tricks", n=len(hand.tricks)) + f" · {mine}:{sum(pts) - mine}", x, dy + 96, 20, INK_DIM)
            elif len(hand.tricks):
                p.text(t("info.tricks", n=len(hand.tricks)), x, dy + 96, 20, INK_DIM)


INFO_W = 300


def _fit_text(p: Painter, text: str, x: float, y: float, size: float, color, width: float) -> None:  # type: ignore[no-untyped-def]
    """Bold text on one line, made smaller until it fits ``width``."""
    while size > 14 and p.text_width(text, size, True) > width:
        size -= 1
    p.text(text, x, y, size, color, bold=True)


def _pack(p: Painter, parts: list[str], width: float, size: float) -> list[str]:
    """Join ``parts`` with " · " into as few lines of ``width`` as they need."""
    lines: list[str] = []
    for part in parts:
        if lines and p.text_width(lines[-1] + " · " + part, size) <= width:
            lines[-1] += " · " + part
        else:
            lines.append(part)
    return lines
