"""The table's animation director: what the engine's events look like on the table.

It decides how the card sprites move: the deal from the dealer's deck, each event in turn
(a card played flies to the middle, a finished trick stays in view for a moment and is then
gathered face down to its winner's pile, cards uncovered in Officers' Skat turn over), how long
the table waits after a trick or a computer's call, and how a click hurries it all along.  The
next action is applied only once the director is at rest.  It changes no game state: it reads
the hand through the table's layout (:meth:`TableScene.targets`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.events import Event
from ..engine.games import game_of
from .layout import Target
from .tween import Sprite

if TYPE_CHECKING:
    from .table import TableScene

TRICK_SECONDS = 1.0
"""How long a finished trick lies in the middle before it is gathered (normal speed)."""
TRICK_SECONDS_UNANIMATED = 0.5
"""With animations off cards jump, but a finished trick still lies in view this long."""
CALL_SECONDS = 0.9
"""How long the table waits after a computer's call in the auction or Kontra round, so it can be read."""
DECLARE_SECONDS = 1.6
"""How long the table waits after a computer declares its game."""
PACE_FACTORS = {"slow": 1.75, "normal": 1.0, "fast": 0.4}
"""The computer pace setting scales the waits after a call, a game and a trick (not the card flights)."""
CALLS = ("bid", "hold", "pass", "pickup", "hand", "kontra", "re", "no_call", "skat_on", "knock", "no_knock",
         "no_grand_hand", "gift", "no_gift", "gift_taken", "gift_schneider", "gift_schwarz", "swap", "exchange_done")
SHAKE_SECONDS = 0.45
ENDING_SECONDS = 1.6
"""How long the cards of a hand ended early (given up, claimed, decided) lie open before they are gathered."""


class AnimationDirector:
    """The card sprites, the events waiting to be shown, and the pause the table is in."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.sprites: dict[int, Sprite] = {}
        self.queue: list[Event] = []
        self.hold = 0.0
        """Seconds the table still waits (a trick on show, a computer's call being read)."""
        self._on_show: tuple | None = None
        """(winner, cards) of the trick whose ``trick`` event was shown: it lies in view until gathered."""
        self.gathering = False
        """The cards of a hand ended early lie open until the hold ends, then are gathered."""
        self.shake: tuple[int, float] | None = None
        """(card, seconds left): a card that may not be played."""
        self.places: dict[str, list[int]] = {}
        """Per group of face-down cards the person may not know (``Target.hidden``): its cards in
        the order of the group's places, as the table shows them now (see :meth:`place_hidden`)."""

    # ------------------------------------------------------------ state
    @property
    def held_trick(self) -> tuple | None:
        """(winner, cards) of the trick kept in the middle although the engine has taken it."""
        return self._held()[0]

    @property
    def hidden_reveals(self) -> set[int]:
        """Cards a held trick uncovered (Officers' Skat): they stay face down until it is gathered."""
        return self._held()[1]

    def _held(self) -> tuple[tuple | None, set[int]]:
        """The held trick and what it uncovered: the trick on show, or else one whose events still
        wait in the queue.

        The engine takes a trick with its last card, before the table has shown that card: from
        then on every layout (the events' own, or one the person causes meanwhile, such as the
        pause menu or a turned window) keeps the trick in the middle, so its cards never fly to
        the pile before the trick has been seen, then back, and are gathered twice."""
        trick = self._on_show
        uncovered: set[int] = set()
        for ev in self.queue:  # what a trick uncovered waits behind it until it is gathered
            if ev.kind == "trick" and trick is None:
                trick = (ev.seat, ev.cards)
            elif ev.kind == "reveal" and trick is not None:
                uncovered.update(ev.cards)
            elif ev.kind == "play" and trick is not None:
                break
        return trick, uncovered

    @property
    def busy(self) -> bool:
        return self.hold > 0 or any(sp.moving for sp in self.sprites.values())

    @property
    def animating(self) -> bool:
        """Something the person would wait for: dealing, a card travelling, a trick on show."""
        return self.hold > 0 or bool(self.queue) or any(sp.moving and not sp.minor for sp in self.sprites.values())

    @property
    def moving(self) -> bool:
        """A card is on its way (the small moves of a raised or lowered card aside)."""
        return any(sp.moving and not sp.minor for sp in self.sprites.values())

    # ------------------------------------------------------------ the deal and the layout
    def deal(self, animate: bool) -> None:
        """A new hand: every sprite starts at the dealer's deck and (animated) flies to its place."""
        table = self.table
        self.sprites.clear()
        self.queue.clear()
        self._on_show = None
        self.places.clear()
        targets = self.place_hidden(table.layout_targets(), settle=True)
        order = sorted(targets, key=lambda c: targets[c].z)
        speed = table.app.speed
        deck = table.deck_place
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
            table.app.services.sound("shuffle")

    def place_hidden(self, targets: dict[int, Target], settle: bool = False) -> dict[int, Target]:
        """The layout's targets with each group of cards the person may not know given its places
        in the order the table shows them, never in an order of the cards themselves.

        A group keeps its cards' order from one layout to the next; cards that join it come last
        (in the order of where their sprites lie now).  With ``settle`` (the sprites are about to
        move there) the cards that leave a group first change sprites with those at the group's
        leaving places (the middle of a hand, the top of the deck), which look the same face down:
        so a card an opponent plays always leaves from there, whichever it is, and no frame ever
        tells a hidden card by where it lay."""
        groups: dict[str, list[int]] = {}
        for card, tg in targets.items():
            if tg.hidden:
                groups.setdefault(tg.hidden, []).append(card)
        if not groups and not self.places:
            return targets
        out = dict(targets)
        places: dict[str, list[int]] = {}
        for group, cards in groups.items():
            members = set(cards)
            before = list(self.places.get(group, ()))
            if settle:
                self._leave_from_the_middle(group, before, members)
            was = set(before)
            joining = sorted((c for c in cards if c not in was), key=self._lies_at)
            order = [c for c in before if c in members] + joining
            for card, tg in zip(order, sorted((targets[c] for c in cards), key=lambda t: t.z), strict=True):
                out[card] = tg
            places[group] = order
        if settle:
            self.places = places
        return out

    def _lies_at(self, card: int) -> tuple[float, float, int]:
        sp = self.sprites.get(card)
        return (sp.x, sp.y, card) if sp is not None else (0.0, 0.0, card)

    def _leave_from_the_middle(self, group: str, order: list[int], staying: set[int]) -> None:
        """Let the cards of ``order`` not ``staying`` take the group's leaving places, changing
        sprites (and places in ``order``) with the staying cards there."""
        leaving = [i for i, c in enumerate(order) if c not in staying]
        n, k = len(order), len(leaving)
        if not k or k == n:
            return
        first = 0 if group == "deck" else (n - k) // 2
        exits = range(first, first + k)
        movers = [i for i in leaving if i not in exits]
        stayers = [i for i in exits if order[i] in staying]
        for i, j in zip(movers, stayers, strict=True):
            a, b = order[i], order[j]
            sa, sb = self.sprites.get(a), self.sprites.get(b)
            if sa is None or sb is None or sa.face_up or sb.face_up or sa.flip < 1.0 or sb.flip < 1.0:
                continue
            sa.card, sb.card = b, a
            self.sprites[a], self.sprites[b] = sb, sa
            order[i], order[j] = b, a

    def relayout(self, targets: dict[int, Target], duration: float = 0.28) -> None:
        """Every sprite towards its target, turning over where its face changes."""
        targets = self.place_hidden(targets, settle=True)
        speed = self.table.app.speed
        for card, tg in targets.items():
            sp = self.sprites.get(card)
            if sp is None:
                sx, sy = self.table.deck_place
                sp = Sprite(card, sx, sy, 60, False, tg.z)
                sp.tx, sp.ty, sp.tw = sp.x, sp.y, sp.w
                self.sprites[card] = sp
            if sp.face_on_leave is not None:
                # Still waiting on the deck: it shows this face once its flight begins (turning it
                # over now as well would turn it twice when a click lands it).
                sp.face_on_leave = tg.face_up
            elif sp.face_up != tg.face_up and sp.flip >= 1.0:
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

    # ------------------------------------------------------------ time
    def tick(self, dt: float) -> None:
        """The sprites move on."""
        for sp in self.sprites.values():
            sp.update(dt)

    def tick_shake(self, dt: float) -> None:
        """A refused card's shake dies away."""
        if self.shake is not None:
            left = self.shake[1] - dt
            self.shake = (self.shake[0], left) if left > 0 else None

    def tick_hold(self, dt: float) -> bool:
        """Count the pause down (gathering a held trick when it ends); True while it lasted this frame."""
        if self.hold <= 0:
            return False
        self.hold -= dt
        if self.hold <= 0:
            self.hold = 0
            self.end_hold()
        return True

    def hurry(self) -> None:
        """A click or key: what moves now lands at once and the waiting events are
        shown, up to a trick that comes to lie in the middle; that trick stays in
        view until the next click (or its time) gathers it.  A click during a
        pause (a held trick, a computer's call) ends the pause."""
        if self.hold > 0:
            self.hold = 0
            self.end_hold()
        for _ in range(100):
            for sp in self.sprites.values():
                sp.finish()
            if not self.queue or self.hold > 0:
                break
            self.show_next()
        for sp in self.sprites.values():
            sp.finish()

    def skip(self) -> None:
        """Finish every animation and pause now (the screenshot tour and tools)."""
        for _ in range(1000):
            self.hurry()
            if not self.queue and self.hold <= 0:
                return

    # ------------------------------------------------------------ events
    def show_next(self) -> None:
        self.show(self.queue.pop(0))

    def show(self, ev: Event) -> None:
        """Start displaying one event."""
        table = self.table
        seats = table.c.match.seats
        player = seats[ev.seat] if ev.seat is not None and ev.seat < len(seats) else None
        table.status.event_said(ev, player)
        if ev.kind in ("play", "deal_down", "deal_up"):
            table.app.services.sound("card")
        elif ev.kind == "trick":
            self._on_show = (ev.seat, ev.cards)
        table.relayout()
        pause = self.pause_after(ev, player)
        if pause > 0:
            self.hold = max(self.hold, pause)

    def pause_after(self, ev: Event, player: int | None) -> float:
        """How long the table waits after an event before going on, at this speed:
        a trick stays in view, and a computer's call or game stays readable."""
        table = self.table
        speed = table.app.speed * PACE_FACTORS.get(table.app.settings.get("pace", "normal"), 1.0)
        if ev.kind == "trick":
            return TRICK_SECONDS * speed if speed > 0 else TRICK_SECONDS_UNANIMATED
        computer = player is not None and (player != table.c.human or table.c.autoplay)
        if not computer:
            return 0.0
        if ev.kind == "declare":
            return DECLARE_SECONDS * speed
        if ev.kind in CALLS:
            return CALL_SECONDS * speed
        return 0.0

    def lay_open(self, events: list[Event]) -> None:
        """The play ended before its last card: every card still out turns face up, and after
        a short look (the hold) the cards are gathered in one move."""
        hand = self.table.c.hand
        shown = {c for ev in events if ev.kind in ("trick", "play") for c in ev.cards}
        game = game_of(hand)
        for seat in range(game.seats):  # the cards still held
            shown |= {c for c in range(32) if game.held(hand, seat) >> c & 1}
        speed = self.table.app.speed
        for card in shown:
            sp = self.sprites.get(card)
            if sp is not None and not sp.face_up:
                sp.turn_over(0.25 * speed)
        self._on_show = None
        self.gathering = True
        self.hold = max(self.hold, ENDING_SECONDS * speed if speed > 0 else TRICK_SECONDS_UNANIMATED)

    def end_hold(self) -> None:
        """The pause is over: a held trick (or a hand laid open) is gathered."""
        table = self.table
        if self.gathering:
            self.gathering = False
            hand = table.c.hand
            game = game_of(hand)
            if any(game.held(hand, seat) for seat in range(game.seats)):
                return  # given up: the cards still out count for nobody and stay open where they are
            table.app.services.sound("gather")
            table.relayout(0.35)
            return
        if self._on_show is None:
            return
        self._on_show = None
        table.app.services.sound("gather")
        table.relayout(0.35)
