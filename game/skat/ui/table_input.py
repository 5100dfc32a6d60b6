"""The table's input: what a click, a tap or a key means at the table.

It decides which table action an input event is: a click or key during an animation hurries
it; the toolbar and the decision's panel take theirs; the shortcut keys (L last trick, H hint,
Backspace take-back, +/- the bid picker, Escape the menu); and on the person's cards, a card
played (a tap first raises it, a second plays it), a card refused with the reason, two cards
chosen to put away, or the arrow keys walking the playable cards.  It also plays the person's
only legal card for them when the forced-cards setting is on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..engine import actions as A
from ..engine.games import game_of
from ..engine.skat_hand import Phase, SkatHand
from .layout import RATIO
from .scene import Input
from .table_director import SHAKE_SECONDS

if TYPE_CHECKING:
    from .table import TableScene

FORCED_SECONDS = 0.6
"""With the forced-cards setting on, the person's only legal card is played for them after this pause."""
CHOOSE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_UP)
"""Keys that play (or, discarding, pick) the card with the keyboard focus."""


class TableInput:
    """Input events turned into the table's actions, and the person's card choice in progress."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.selected: set[int] = set()
        """Raised cards: the two to put away, or (touch, keys) the card about to be played."""
        self.focus_card: int | None = None
        self.forced_wait = 0.0
        """How long the person's only legal card has waited to be played for them."""

    def handle(self, ev: Input) -> None:
        table = self.table
        if ev.kind == "key" and ev.key == pygame.K_ESCAPE:
            table.open_menu()
            return
        if ev.kind in ("down", "key") and table.animating:
            table.hurry()
            return
        if ev.kind in ("down", "move") and table.toolbar.handle(ev):
            return  # the toolbar is for the mouse; arrow keys belong to the cards
        if self._decision(ev) or self._shortcut(ev):
            return
        legal = self._choosable_cards()
        if legal is None:
            return
        if ev.kind == "down":
            self._click(ev, legal)
        elif ev.kind == "key":
            self._card_key(ev, legal)

    def _decision(self, ev: Input) -> bool:
        """The decision's panel (its buttons, and + / - on the bid picker)."""
        table = self.table
        dlg = table.current_dialog()
        if dlg is None:
            return False
        if dlg.group.handle(ev):
            return True
        if ev.kind == "key" and ev.text in ("+", "-") and table.c.hand.phase == Phase.BIDDING:
            table.step_bid_pick(1 if ev.text == "+" else -1)
            return True
        return False

    def _shortcut(self, ev: Input) -> bool:
        """L the last trick, H a hint, Backspace the practice take-back."""
        if ev.kind != "key":
            return False
        table = self.table
        if ev.text in ("l", "L"):
            table.open_last_trick()
        elif ev.text in ("h", "H"):
            table.hints.request()
        elif ev.key == pygame.K_BACKSPACE:
            table.take_back()
        else:
            return False
        return True

    def _choosable_cards(self) -> list[int] | None:
        """The cards the person may choose now (playing, putting away, or in a Revolution's exchange
        the cards still free to change hands); None when it is not their choice."""
        c = self.table.c
        if not c.human_to_move or c.human_seat is None:
            return None
        if c.hand.phase == Phase.EXCHANGE:
            swaps = [A.swapped(a) for a in c.hand.legal_actions() if A.is_swap(a)]
            return sorted({g for g, _ in swaps} | {k for _, k in swaps})
        if c.hand.phase not in (Phase.PLAY, Phase.DISCARD):
            return None
        return [a for a in c.hand.legal_actions() if a < 32]

    def swap_selected(self) -> int | None:
        """The swap the picked cards make in a Revolution's exchange: one of the person's, one of the
        partner's (None until both are picked)."""
        c = self.table.c
        seat, hand = c.human_seat, c.hand
        if seat is None or not isinstance(hand, SkatHand) or hand.phase != Phase.EXCHANGE:
            return None
        mine = [x for x in self.selected if hand.hands[seat] >> x & 1]
        theirs = [x for x in self.selected if not hand.hands[seat] >> x & 1]
        return A.swap(mine[0], theirs[0]) if len(mine) == 1 and len(theirs) == 1 else None

    def toggle_exchange(self, card: int) -> None:
        """Pick or drop a card for the exchange: one of the person's and one of the partner's at most
        (picking another of the same hand replaces the first)."""
        c = self.table.c
        seat, hand = c.human_seat, c.hand
        assert seat is not None and isinstance(hand, SkatHand)
        if card in self.selected:
            self.selected.discard(card)
        else:
            own = hand.hands[seat] >> card & 1
            self.selected = {x for x in self.selected if (hand.hands[seat] >> x & 1) != own} | {card}
        self.table.dialog_key = None
        self.table.relayout(0.12)

    def _click(self, ev: Input, legal: list[int]) -> None:
        table = self.table
        hand = table.c.hand
        card = self.card_at(ev.pos)
        playing = hand.phase == Phase.PLAY
        if card is None or card not in legal:
            if playing:
                self.selected.clear()
                table.relayout(0.1)
                seat = table.c.human_seat
                if card is not None and seat is not None and hand.playable_mask(seat) >> card & 1:
                    self.refuse_card(card)
            return
        if hand.phase == Phase.EXCHANGE:
            self.toggle_exchange(card)
            return
        if not playing:
            self.toggle_discard(card)
            return
        if ev.touch and card not in self.selected:
            self.selected = {card}
            table.relayout(0.12)
            return
        self.selected.clear()
        table.apply_human(card)

    def _card_key(self, ev: Input, legal: list[int]) -> None:
        table = self.table
        order = [c for c in self.hand_order() if c in legal]
        if not order:
            return
        playing = table.c.hand.phase == Phase.PLAY
        if ev.key in (pygame.K_LEFT, pygame.K_RIGHT):
            cur = self.focus_card if self.focus_card in order else None
            i = order.index(cur) if cur is not None else -1
            i = (i + (1 if ev.key == pygame.K_RIGHT else -1)) % len(order)
            self.focus_card = order[i]
            if playing:
                self.selected = {self.focus_card}
            table.relayout(0.1)
        elif ev.key in CHOOSE_KEYS and self.focus_card in order:
            card = self.focus_card
            if table.c.hand.phase == Phase.EXCHANGE:
                self.toggle_exchange(card)
            elif not playing:
                self.toggle_discard(card)
            else:
                self.selected.clear()
                table.apply_human(card)

    # ------------------------------------------------------------ the person's cards
    def refuse_card(self, card: int) -> None:
        """A click on a card that may not be played: shake it and say why."""
        table = self.table
        table.director.shake = (card, SHAKE_SECONDS)
        table.say(table.status.refusal_reason(card))

    def toggle_discard(self, card: int) -> None:
        if card in self.selected:
            self.selected.discard(card)
        elif len(self.selected) < 2:
            self.selected.add(card)
        self.table.dialog_key = None
        self.table.relayout(0.12)

    def card_at(self, pos: tuple[float, float]) -> int | None:
        best = None
        for sp in sorted(self.table.sprites.values(), key=lambda s: s.z):
            h = sp.w * RATIO
            if sp.angle:
                w, h = h, sp.w
            else:
                w = sp.w
            if sp.x - w / 2 <= pos[0] <= sp.x + w / 2 and sp.y - h / 2 <= pos[1] <= sp.y + h / 2:
                best = sp.card
        return best

    def hand_order(self) -> list[int]:
        """The person's cards in the order they lie (row by row, then left to right): the arrow keys' order."""
        table = self.table
        targets = table.targets()
        human = table.c.human_seat
        hand = table.c.hand
        if human is None:
            return []
        mine = [c for c in range(32) if game_of(hand).in_reach(hand, human) >> c & 1]
        return sorted(mine, key=lambda c: (targets[c].row, targets[c].x) if c in targets else (0, 0.0))

    def playable_cards(self) -> list[int]:
        c = self.table.c
        if not c.human_to_move:
            return []
        return [a for a in c.hand.legal_actions() if a < 32]

    def forced_card(self) -> int | None:
        """The person's only legal card in the play, when the forced-cards setting is on (else None)."""
        table = self.table
        if not table.app.settings.get("forced_play") or table.c.hand.phase != Phase.PLAY or table.c.hand.done:
            return None
        legal = self.playable_cards()
        return legal[0] if len(legal) == 1 else None

    def play_forced_card(self, dt: float) -> bool:
        """Play the person's forced card once it has been in view for :data:`FORCED_SECONDS`; True while waiting."""
        card = self.forced_card()
        if card is None:
            self.forced_wait = 0.0
            return False
        self.forced_wait += dt
        if self.forced_wait >= FORCED_SECONDS:
            self.forced_wait = 0.0
            self.selected.clear()
            self.table.apply_human(card)
        return True
