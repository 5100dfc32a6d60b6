"""The hint at the table: key H or the Hint button (when turned on in the settings).

The expert's decision for the person's seat runs in slices of a few
milliseconds per frame (:class:`skat.ai.review.hint.HintSearch`) while a "thinking"
line shows; then a panel says what the expert would do and why, and in card
play every legal card carries its number (chance to win, Ramsch points, or
expected score).  Asking marks the hand on the score sheet; the mark is kept
with the match save.
"""

from __future__ import annotations

import random

from ..ai.base import TABLE_SLICE
from ..ai.effort import Effort
from ..ai.expert.player import SearchPlayer
from ..ai.review.hint import Hint, HintSearch
from ..engine import actions as A
from ..engine.games import game_of
from ..engine.match import Hand
from ..engine.tricks import GameType
from ..i18n import Translator
from .game_names import declared_name, of_declaration, of_game, of_hand
from .layout import RATIO
from .painter import GOLD, INK, INK_DIM, Painter

SLICE = TABLE_SLICE
"""Seconds of thinking per frame, as a computer player at the table gets."""
PANEL_X, PANEL_Y, PANEL_W = 320, 58, 640
PANEL_MAX_H, PANEL_GAP = 116, 8
"""The panel's greatest height (title and three lines), and its distance from the skat."""
RANK_NAMES = ("seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")
SUIT_NAMES = ("suit.diamonds", "suit.hearts", "suit.spades", "suit.clubs")


def card_text(t: Translator, card: int) -> str:
    """A card in words: "Jack of clubs", "Kreuz-Bube"."""
    suit = t(SUIT_NAMES[card >> 3])
    return t("hints.card", rank=t("rank_name." + RANK_NAMES[card & 7]), suit=suit)


def percent(p: float) -> str:
    return str(round(100 * p))


def value_label(measure: str, v: float) -> str:
    """The number shown on a card."""
    if measure == "chance":
        return f"{round(100 * v)}%"
    if measure == "ramsch":
        return f"{round(v)}"
    return f"{round(v):+d}"


def action_text(t: Translator, hint: Hint) -> str:
    a = hint.action
    kind = hint.kind
    if kind == "card":
        if hint.blind:  # never name a card the person cannot see
            return t("hints.do.blind")
        return t("hints.do.card", card=card_text(t, a))
    if kind == "discard":
        key = "hints.do.push" if hint.stage == "ramsch" else "hints.do.discard"
        return t(key, cards=" + ".join(card_text(t, c) for c in hint.actions))
    if kind == "bid":
        return t("hints.do.bid", value=A.bid_value(a))
    if kind == "hold":
        return t("hints.do.hold", value=hint.value or "")
    if kind == "declare":
        return t("hints.do.declare", game=declared_name(t, of_declaration(a, hint.hand_game)))
    if kind == "no_call":  # as the dialog's button says it
        return t({"re": "hints.do.no_re", "ramsch": "hints.do.no_knock", "grand_offer": "hints.do.play_ramsch",
                  "gift": "hints.do.no_gift", "exchange": "hints.do.exchange_done"}
                 .get(hint.stage or "", "hints.do.no_kontra"))
    if kind == "swap":  # Revolution: one's own card for the partner's
        given, taken = A.swapped(a)
        return t("hints.do.swap", card=card_text(t, given), other=card_text(t, taken))
    known = ("pass", "pickup", "hand", "kontra", "re", "skat_on", "knock", "gift", "gift_take", "gift_schneider",
             "gift_schwarz")
    return t("hints.do." + kind) if kind in known else t("hints.do.other")


def hint_game(t: Translator, hint: Hint, hand: Hand | None = None) -> str:
    """The game a hint's reason speaks of: against Kontra or Re the declared one with its level
    ("Grand Hand"), else the best game the expert found (Hand when it would be played Hand)."""
    if hint.stage in ("kontra", "re") and hand is not None:
        contract = of_hand(hand)
        if contract is not None:
            return declared_name(t, contract)
    if hint.game is None or not 0 <= hint.game <= GameType.NULL:
        return ""
    return declared_name(t, of_game(hint.game, hint.hand_game))


def reason_text(t: Translator, hint: Hint, legal: int, hand: Hand | None = None) -> str:
    """Why, in one or two sentences (``hand``: the hand the hint is for, to name its declared game)."""
    kind = hint.kind
    game = hint_game(t, hint, hand)
    if legal <= 1:
        return t("hints.why.only")
    if kind == "card":
        if hint.measure == "chance" and hint.chance is not None:
            if hint.side_lead:
                return t("hints.why.side_lead", chance=percent(hint.chance), samples=hint.samples)
            shown = {percent(v) for v in hint.card_values.values()} if hint.card_values else set()
            if len(hint.card_values or ()) > 1 and shown in ({"0"}, {"100"}):  # every card the same: say why one
                return t("hints.why.card_lost" if shown == {"0"} else "hints.why.card_won", samples=hint.samples)
            return t("hints.why.card_chance", chance=percent(hint.chance), samples=hint.samples)
        if hint.measure == "ramsch" and hint.points is not None:
            return t("hints.why.card_ramsch", points=round(hint.points), samples=hint.samples)
        if hint.measure == "score" and hint.points is not None:
            return t("hints.why.card_score", points=f"{round(hint.points):+d}", samples=hint.samples)
        return t("hints.why.card_rule") if hint.by_rule else t("hints.why.card_alike")
    if hint.stage == "ramsch":
        if kind == "discard" and hint.points is not None:
            return t("hints.why.push", points=round(hint.points))
        if hint.chance is not None:
            return t("hints.why.ramsch_call", chance=percent(hint.chance), samples=hint.samples)
    if hint.stage == "grand_offer" and hint.chance is not None:  # a Ramsch round's Grand Hand (decision 44)
        key = "hints.why.grand_offer" if kind == "declare" else "hints.why.no_grand_offer"
        return t(key, chance=percent(hint.chance))
    if hint.points is not None and kind != "discard" and hint.samples:
        return t("hints.why.rollouts", samples=hint.samples, points=f"{round(hint.points):+d}")
    if hint.stage == "confirmed" and hint.chance is not None:
        return t("hints.why.confirmed", value=hint.value, chance=percent(hint.chance), samples=hint.samples)
    if kind in ("bid", "hold") and hint.chance is not None:
        return t("hints.why.bid", value=hint.value, game=game, chance=percent(hint.chance))
    if kind == "pass" and hint.value:
        if hint.chance is None:
            return t("hints.why.pass_none", value=hint.value)
        return t("hints.why.pass", value=hint.value, game=game, chance=percent(hint.chance))
    if kind in ("pickup", "hand") and hint.chance is not None:
        return t("hints.why." + kind, game=game, chance=percent(hint.chance))
    if kind == "discard" and hint.points is not None:
        return t("hints.why.discard", points=round(hint.points))
    if kind == "declare" and hint.chance is not None:
        return t("hints.why.declare", chance=percent(hint.chance))
    if hint.stage == "kontra" and hint.trumps is not None:
        key = "hints.why.kontra" if kind == "kontra" else "hints.why.no_kontra"
        return t(key, trumps=hint.trumps, aces=hint.aces or 0, game=game)
    if hint.stage == "re" and hint.chance is not None:
        key = "hints.why.re" if kind == "re" else "hints.why.no_re"
        return t(key, chance=percent(hint.chance))
    return t("hints.why.rule")


class HintPanel:
    """The hint of one table (see the module docstring)."""

    def __init__(self, table) -> None:
        self.table = table
        self.search: HintSearch | None = None
        self.key: tuple[int, int] | None = None
        self.kept: tuple[int, SearchPlayer] | None = None
        """(hand serial, the expert behind this hand's hints): one per hand, so what it
        found for a bid holds for every hint of the auction (``HintSearch``'s ``player``)."""
        self.time = 0.0
        self.effort: Effort | None = None
        """None: the expert's own budget at the table; a fixed one makes the tour and tests reproducible."""

    @property
    def app(self):
        return self.table.app

    @property
    def enabled(self) -> bool:
        return bool(self.app.settings.get("hints", False))

    @property
    def four(self) -> bool:
        """Skat at four: the top player's cards and label take the top of the table."""
        return self.table.c.match.players == 4

    def button_place(self) -> tuple[float, float]:  # landscape; portrait: the table geometry's toolbar
        """Beside the toolbar; at four, under it (the top hand reaches the toolbar's left)."""
        return (1128, 58) if self.four else (672, 10)

    def _place(self) -> tuple[float, float, float, int, float, float]:
        """The panel: x, y, width, reason lines at most, title size, reason size."""
        if self.table.geo.portrait:  # over the status panel, covering it whole
            x, y, w, _ = self.table.geo.info
            return x, y, w, 3, 24, 20
        if self.four:  # wider and lower, ending above the top player's label and speech bubble
            x, y, w, most, title, size = 320.0, 54.0, 800.0, 2, 20.0, 16.0
        else:
            x, y, w, most, title, size = PANEL_X, PANEL_Y, PANEL_W, 3, 22.0, 18.0
        x, w = self._beside_skat(x, y, w)
        return x, y, w, most, title, size

    def _beside_skat(self, x: float, y: float, w: float) -> tuple[float, float]:
        """The panel's span, on the wider side of the skat where the skat lies under it
        (face down in the middle while bidding, beside a pile later): never on it."""
        sprites = self.table.sprites
        skat = [sprites[c] for c in range(32) if self.table.c.hand.skat >> c & 1 and c in sprites]
        skat = [s for s in skat
                if s.y - s.w * RATIO / 2 < y + PANEL_MAX_H and s.x + s.w / 2 > x and s.x - s.w / 2 < x + w]
        if not skat:
            return x, w
        left = min(s.x - s.w / 2 for s in skat) - PANEL_GAP
        right = max(s.x + s.w / 2 for s in skat) + PANEL_GAP
        end = max(x + w, 1266.0)  # the right side may reach the window's margin
        return (x, left - x) if left - x >= end - right else (right, end - right)

    def _now(self) -> tuple[int, int]:
        return (self.table.hand_serial, len(self.table.c.hand.history))

    @property
    def current(self) -> bool:
        """A hint asked for the decision now before the person (and hints still on)."""
        return self.search is not None and self.key == self._now() and self.table.c.human_to_move and self.enabled

    @property
    def thinking(self) -> bool:
        return self.current and self.search is not None and not self.search.done

    @property
    def hint(self) -> Hint | None:
        return self.search.hint if self.current and self.search is not None else None

    def request(self) -> None:
        """The person asks (key H or the button)."""
        t = self.app.t
        table, c = self.table, self.table.c
        if not self.enabled:
            table.say(t("hints.off"))
            return
        if not c.human_to_move or c.human_seat is None:
            table.say(t("hints.not_now"))
            return
        if self.current:
            return  # asked already: the same answer is coming or shown
        self.key = self._now()
        hand_seed = (c.seed * 1_000_003 + c.match.hand_number * 1009) & 0x7FFFFFFF
        if self.kept is None or self.kept[0] != self.key[0]:
            self.kept = (self.key[0], SearchPlayer(rng=random.Random(hand_seed), effort=self.effort))
        seed = (hand_seed + self.key[1]) & 0x7FFFFFFF
        self.search = HintSearch(c.hand, c.human_seat, seed, self.effort, self.kept[1])
        self.time = 0.0
        number = c.match.hand_number
        if number not in c.hinted:
            c.hinted.add(number)
            self.app.services.save_match(c)
        self.app.invalidate()

    def update(self, dt: float) -> None:
        if self.search is None:
            return
        if not self.current:
            self.search = None
            return
        if not self.search.done:
            self.time += dt
            self.search.step(SLICE)
            self.app.invalidate()

    # ------------------------------------------------------------ draw
    def draw(self, p: Painter) -> None:
        if not self.current or self.table.animating:
            return
        t = self.app.t
        p.new_layer()
        hint = self.hint
        x, y, w, most, title_size, size = self._place()
        least = self.table.geo.info[3] if self.table.geo.portrait else 0.0
        if hint is None:
            h = max(44, least)
            p.panel(x, y, w, h, alpha=255 if least else 240)
            dots = "." * (1 + int(self.time * 3) % 3)
            with p.inside(x, y, w, h):
                p.text(t("hints.thinking") + dots, x + 20, y + h / 2, title_size, INK_DIM, anchor="midleft")
            return
        legal = len(self.table.c.hand.legal_actions())
        title = t("hints.title", action=action_text(t, hint))
        while title_size > 14 and p.text_width(title, title_size, True) > w - 40:
            title_size -= 1
        reason = reason_text(t, hint, legal, self.table.c.hand)
        lines = p.wrap(reason, w - 40, size)
        while len(lines) > most and size > 13:
            size -= 1
            lines = p.wrap(reason, w - 40, size)
        lines = lines[:most]
        step = size + 4
        top = title_size + 16
        h = max(top + step * len(lines) + 8, least)
        p.panel(x, y, w, h, alpha=255 if least else 240)  # portrait: the status panel below stays hidden
        with p.inside(x, y, w, h):
            p.text(title, x + 20, y + 8, title_size, GOLD, bold=True)
            for i, line in enumerate(lines):
                p.text(line, x + 20, y + top + step * i, size, INK)
        if hint.card_values:
            labels = {c: value_label(hint.measure, v) for c, v in hint.card_values.items()}
            self._draw_badges(p, labels, set(hint.actions))
        elif hint.kind == "discard":  # the cards to put away
            self._draw_badges(p, dict.fromkeys(hint.actions, t("hints.badge_skat")), set(hint.actions))

    def _draw_badges(self, p: Painter, labels: dict[int, str], best: set[int]) -> None:
        """A small badge on each card of ``labels`` (those in ``best`` in gold)."""
        sprites = [self.table.sprites[c] for c in labels if c in self.table.sprites]
        if not sprites:
            return
        # The narrowest visible strip of the person's fanned cards bounds a badge's width.
        xs = sorted(self.table.sprites[c].x for c in self.table._hand_order() if c in self.table.sprites)
        gaps = [b - a for a, b in zip(xs, xs[1:], strict=False) if b - a > 1]
        skat = not game_of(self.table.c.hand).piles  # fanned hands (Officers': a grid of piles)
        rows = self.table.geo.portrait and skat  # the portrait hand: two rows of cards side by side
        targets = self.table.targets() if rows else {}
        for sp in sprites:
            label = labels[sp.card]
            most = 64.0 if not rows else 84.0  # portrait: the cards lie side by side, the badge reads larger
            width = min(most, sp.w - 14, (min(gaps) - 4) if gaps else most)
            top = sp.y - sp.w * RATIO / 2
            # Skat: above the visible left strip of the fanned card (portrait: above the upper row's
            # cards, on the top edge of the lower row's, which lie in front); Officers (a grid, no
            # room above): on the lower half of the card, clear of its index in the corner.
            x = sp.x - sp.w / 2 + 2 + width / 2 if skat and not rows else sp.x
            y = top - 11 if skat else sp.y + sp.w * RATIO * 0.2
            if rows and sp.card in targets and targets[sp.card].row > 0:
                y = top + 16
            gold = sp.card in best
            size = 17 if not rows else 21
            while size > 11 and p.text_width(label, size, True) > width - 6:
                size -= 1
            p.panel(x - width / 2, y - 13, width, 26, alpha=250 if gold else 220)
            with p.inside(x - width / 2, y - 13, width, 26):
                p.text(label, x, y, size, GOLD if gold else INK, bold=True, anchor="center")
