"""The decisions the rules give the person, as button panels.

Each dialog offers exactly the engine's legal actions for this moment, with
the game value each declaration would have and whether it reaches the bid.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

from ..engine import actions as A
from ..engine.games import game_of
from ..engine.officers import OfficersHand
from ..engine.skat_hand import Phase, SkatHand
from ..engine.tricks import BASE_VALUES, GameType
from ..engine.values import NULL_VALUES, REVOLUTION_VALUE, matadors
from ..i18n import Translator
from .game_names import declared_name, of_hand
from .painter import LOGICAL_H, Painter
from .widgets import Button, ButtonGroup

TEXT_TOP, TEXT_STEP, TEXT_SIZE = 64, 26, 24
"""The dialog text: first line's centre below the panel's top, line spacing, size."""
OFFICERS_CARDS_EACH = 16
"""Each player's cards in Officers' Skat and Harlequin (eight of them not dealt yet at the trump call)."""
SUIT_KEYS = ("game.diamonds", "game.hearts", "game.spades", "game.clubs", "game.grand", "game.null")


@dataclass
class Dialog:
    title: str
    lines: list[str] = field(default_factory=list)
    group: ButtonGroup = field(default_factory=lambda: ButtonGroup(numbered=True))
    x: float = 290
    y: float = 170
    w: float = 700
    h: float = 290

    def wrapped(self, p: Painter) -> list[str]:
        """The text lines as drawn: wrapped to the panel's width."""
        return [part for line in self.lines for part in p.wrap(line, self.w - 40, TEXT_SIZE)]

    def fit(self, p: Painter) -> None:
        """Make room for the text as it wraps in this language: the buttons move
        below the last line and the panel grows; a panel that would leave the
        window moves up."""
        if not self.group.buttons:
            return
        n = len(self.wrapped(p))
        text_bottom = self.y + TEXT_TOP + TEXT_STEP * (n - 1) + TEXT_SIZE / 2 if n else self.y + 48
        shift = text_bottom + 10 - min(b.y for b in self.group.buttons)
        if shift > 0:
            for b in self.group.buttons:
                b.y += shift
            self.h += shift
        over = self.y + self.h - (LOGICAL_H - 10)
        if over > 0:
            up = min(over, self.y - 60)
            self.y -= up
            for b in self.group.buttons:
                b.y -= up


def declaration_value(hand: SkatHand | OfficersHand, seat: int, action: int) -> tuple[int, bool]:
    """(value the declaration would have if won as announced, exact?)."""
    d = A.declaration(action)
    hand_game = bool(getattr(hand, "hand_game", False))
    if d.game == GameType.NULL:
        if not game_of(hand).valued_as_skat(hand.rules):
            return 23, True
        return (REVOLUTION_VALUE if d.revolution else NULL_VALUES[(hand_game, d.ouvert)]), True
    if isinstance(hand, SkatHand):  # narrows the type: what the declarer knows of its cards, per game
        cards = hand.hands[seat] | (hand.skat if not hand_game else 0)
        exact = not hand_game
        jacks_only = False
    else:
        cards = hand.up[seat] | hand.handm[seat] | hand.down[seat] | (hand.skat if not hand_game else 0)
        cards &= hand.seen[seat] | hand.up[seat]
        exact = False
        jacks_only = not hand.rules.more_matadors
    m = abs(matadors(d.game, cards, jacks_only=jacks_only))
    levels = m + 1
    if not game_of(hand).valued_as_skat(hand.rules):
        return BASE_VALUES[d.game] * levels, exact
    levels += hand_game
    if d.schneider:
        levels += 2
    if d.schwarz:
        levels += 2
    if d.ouvert:
        levels += 1
    if d.spitze:
        levels += hand.rules.spitze
    return BASE_VALUES[d.game] * levels, exact


def build_dialog(
    t: Translator, hand: SkatHand | OfficersHand, seat: int, act: Callable[[int], None], names: dict[int, str],
    discard_ready: bool, discard: Callable[[], None], mods: dict[str, bool], toggle: Callable[[str], None],
    pick: BidPick | None = None,
) -> Dialog | None:
    legal = hand.legal_actions()
    phase = hand.phase
    dlg: Dialog
    # Skat's own calls (narrowing the type): the Grand Hand offer of a Ramsch round, Schieberamsch.
    if isinstance(hand, SkatHand) and phase == Phase.DECLARE and hand.declarer is None:
        return _grand_hand_offer(t, hand, seat, act)
    if isinstance(hand, SkatHand) and hand.game == GameType.RAMSCH and phase < Phase.PLAY:
        return _ramsch_call(t, hand, act, discard_ready, discard)
    if phase == Phase.BIDDING:
        dlg = _bidding(t, hand, seat, legal, act, names, pick)
    elif phase == Phase.SKAT:
        dlg = Dialog(t("dlg.skat_title", bid=hand.bid))
        dlg.lines.append(t("dlg.skat_text"))
        dlg.group.add(Button(390, 330, 240, 64, t("dlg.pickup"), lambda: act(A.PICKUP)))
        dlg.group.add(Button(650, 330, 240, 64, t("dlg.hand"), lambda: act(A.HAND)))
    elif phase == Phase.DISCARD:
        dlg = Dialog(t("dlg.discard_title"), y=170, h=230)
        dlg.lines.append(t("dlg.discard_text"))
        dlg.group.add(Button(520, 310, 240, 60, t("dlg.discard"), discard, enabled=discard_ready))
    elif phase == Phase.DECLARE:
        dlg = _declare(t, hand, seat, legal, act, mods, toggle)
    elif phase == Phase.KONTRA:
        dlg = Dialog(t("dlg.kontra_title"))
        declarer = names.get(hand.declarer, "?") if hand.declarer is not None else "?"
        dlg.lines.append(t("dlg.kontra_text", name=declarer, game=_game_text(t, hand)))
        _doubling(dlg, t("dlg.no_kontra"), t("dlg.kontra"), lambda: act(A.NO_CALL), lambda: act(A.KONTRA))
    elif phase == Phase.RE:
        dlg = Dialog(t("dlg.re_title"))
        dlg.lines.append(t("dlg.re_text"))
        _doubling(dlg, t("dlg.no_re"), t("dlg.re"), lambda: act(A.NO_CALL), lambda: act(A.RE))
    elif phase == Phase.GIFT and isinstance(hand, SkatHand):
        dlg = _gift(t, hand, seat, legal, act, names)
    elif phase == Phase.EXCHANGE:
        dlg = _exchange(t, act, discard_ready, discard)
    else:
        return None
    if game_of(hand).piles and (phase != Phase.DECLARE or game_of(hand).has_skat(hand.rules)):
        _to_side(dlg)  # beside the piles, which stay in view
    return dlg


def _gift(t: Translator, hand: SkatHand, seat: int, legal: list[int], act: Callable[[int], None],
          names: dict[int, str]) -> Dialog:
    """Schenken (rules decisions 48-49): a defender gives or plays on (playing on first, with the
    focus and the key 1); the declarer takes the gift, with what it writes, or declines for
    Schneider or Schwarz."""
    if seat != hand.declarer:
        dlg = Dialog(t("dlg.gift_title"))
        declarer = names.get(hand.declarer, "?") if hand.declarer is not None else "?"
        dlg.lines.append(t("dlg.gift_text", name=declarer, game=_game_text(t, hand)))
        for giver in hand.gift_offers:
            dlg.lines.append(t("dlg.gift_partner", name=names.get(giver, "?")))
        _doubling(dlg, t("dlg.no_gift"), t("dlg.gift"), lambda: act(A.NO_CALL), lambda: act(A.GIFT))
        return dlg
    dlg = Dialog(t("dlg.gift_answer_title"))
    value = _gift_value(hand)
    if value < hand.bid:
        dlg.lines.append(t("dlg.gift_answer_overbid", bid=hand.bid))
    else:
        dlg.lines.append(t("dlg.gift_answer_text", value=value))
    choices = [(A.GIFT_TAKEN, t("dlg.gift_take")), (A.GIFT_SCHNEIDER, t("dlg.gift_schneider")),
               (A.GIFT_SCHWARZ, t("dlg.gift_schwarz"))]
    shown = [(a, label) for a, label in choices if a in legal]
    base = BASE_VALUES[hand.game] if hand.game is not None else 0
    more = {A.GIFT_TAKEN: 0, A.GIFT_SCHNEIDER: 2, A.GIFT_SCHWARZ: 2 if hand.schneider_announced else 4}
    x0 = 640 - (len(shown) * 225 - 15) / 2
    for i, (a, label) in enumerate(shown):
        worth = value + base * more[a]  # what it writes when won: Schneider's two levels, Schwarz's four
        dlg.group.add(Button(x0 + i * 225, 330, 210, 64, label, partial(act, a), note=str(worth),
                             warn=worth < hand.bid))
    return dlg


def _gift_value(hand: SkatHand) -> int:
    """What a taken gift writes for this declarer (rules decision 49), Kontra and Re aside: the
    levels fixed before play, the skat's matadors included."""
    assert hand.game is not None and hand.declarer is not None
    levels = abs(matadors(hand.game, hand.deal.hands[hand.declarer] | hand.deal.skat)) + 1 + hand.hand_game
    levels += 2 * hand.schneider_announced + 2 * hand.schwarz_announced
    return BASE_VALUES[hand.game] * (levels + (hand.rules.spitze if hand.spitze else 0))


def _exchange(t: Translator, act: Callable[[int], None], ready: bool, swap: Callable[[], None]) -> Dialog:
    """Revolution's exchange (rules decision 52): the two cards are picked on the table (one's own
    and the partner's, face up), Swap exchanges them, Done ends one's turn."""
    dlg = Dialog(t("dlg.exchange_title"), y=170, h=230)
    dlg.lines.append(t("dlg.exchange_text"))
    dlg.group.add(Button(390, 310, 240, 60, t("dlg.exchange_swap"), swap, enabled=ready))
    dlg.group.add(Button(650, 310, 240, 60, t("dlg.exchange_done"), lambda: act(A.NO_CALL)))
    return dlg


def _ramsch_call(t: Translator, hand: SkatHand, act: Callable[[int], None], discard_ready: bool,
                 discard: Callable[[], None]) -> Dialog | None:
    """Schieberamsch's skat (take it, or pass it on unseen), its push of two cards (picked on the
    hand as a discard is), and Klopfen; the call that doubles is second and has no number key."""
    if hand.phase == Phase.SKAT:
        dlg = Dialog(t("dlg.ramsch_skat_title"))
        dlg.lines.append(t("dlg.ramsch_skat_text"))
        if hand.skat_passed:
            dlg.lines.append(t("dlg.ramsch_skat_passed", n=len(hand.skat_passed)))
        _doubling(dlg, t("dlg.take_skat"), t("dlg.skat_on"), lambda: act(A.PICKUP), lambda: act(A.SKAT_ON))
        return dlg
    if hand.phase == Phase.DISCARD:
        dlg = Dialog(t("dlg.push_title"), y=170, h=230)
        dlg.lines.append(t("dlg.push_text"))
        dlg.group.add(Button(520, 310, 240, 60, t("dlg.push"), discard, enabled=discard_ready))
        return dlg
    if hand.phase == Phase.KONTRA:
        dlg = Dialog(t("dlg.knock_title"))
        dlg.lines.append(t("dlg.knock_text", n=len(hand.knocked)))
        _doubling(dlg, t("dlg.no_knock"), t("dlg.knock"), lambda: act(A.NO_CALL), lambda: act(A.KNOCK))
        return dlg
    return None


def _grand_hand_offer(t: Translator, hand: SkatHand, seat: int, act: Callable[[int], None]) -> Dialog:
    """A Ramsch round's offer (rules decision 43): play the Ramsch (first, with the focus and the
    key 1) or declare a Grand Hand, with what it is worth with these cards if won."""
    grand = A.declare(GameType.GRAND)
    value = BASE_VALUES[GameType.GRAND] * (abs(matadors(GameType.GRAND, hand.hands[seat])) + 2)  # game, Hand
    dlg = Dialog(t("dlg.grand_hand_title"))
    dlg.lines.append(t("dlg.grand_hand_text", value=value))
    _doubling(dlg, t("dlg.play_ramsch"), t("dlg.grand_hand"), lambda: act(A.NO_CALL), lambda: act(grand))
    return dlg


def _doubling(dlg: Dialog, no_label: str, call_label: str, no: Callable[[], None], call: Callable[[], None]) -> None:
    """Kontra or Re: declining comes first and has the focus and the key 1, so Enter,
    Space or a stray digit never doubles the game; the call itself has no number key
    (a click, or an arrow key and then Enter)."""
    dlg.group.add(Button(390, 330, 240, 64, no_label, no))
    dlg.group.add(Button(650, 330, 240, 64, call_label, call)).hotkey = ""
    dlg.group.focus = 0


def _to_side(dlg: Dialog) -> None:
    """Officers' Skat keeps both layouts in view: dialogs go beside them, buttons in a grid."""
    dlg.x, dlg.w = 690, 570
    buttons = dlg.group.buttons
    cols = 3 if len(buttons) > 4 else 2
    bw = (dlg.w - 40 - (cols - 1) * 12) / cols
    top = dlg.y + 80 + 26 * len(dlg.lines)
    for i, b in enumerate(buttons):
        r, c = divmod(i, cols)
        b.x, b.y, b.w, b.h = dlg.x + 20 + c * (bw + 12), top + r * 66, bw, 56
    dlg.h = top + ((len(buttons) + cols - 1) // cols) * 66 + 10 - dlg.y


def _game_text(t: Translator, hand: SkatHand | OfficersHand) -> str:
    """The declared game with its level ("Grand Hand"), as every screen names it."""
    contract = of_hand(hand)
    if contract is None or hand.game is None or hand.game > GameType.NULL:
        return ""
    return declared_name(t, contract)


@dataclass
class BidPick:
    """The value picker of a bidding dialog where values may be skipped (ISkO):
    ``value`` is the chosen one (None: the first beyond the buttons), ``change``
    moves it by a step (-1 / +1) along the legal values."""

    value: int | None
    change: Callable[[int], None]


SHOWN_BIDS = 6
"""Bid buttons in a row: the next values; the picker reaches every higher one."""


def _bidding(
    t: Translator, hand: SkatHand | OfficersHand, seat: int, legal: list[int], act: Callable[[int], None],
    names: dict[int, str], pick: BidPick | None = None,
) -> Dialog:
    bids = [a for a in legal if A.is_bid(a)]
    if A.HOLD in legal:
        sayer = hand.sayer if isinstance(hand, SkatHand) else 1  # narrows: Admirals' dealer always says
        dlg = Dialog(t("dlg.hold_title", name=names.get(sayer, "?"), bid=hand.bid))
        dlg.lines.append(t("dlg.hold_text", bid=hand.bid))
        dlg.group.add(Button(390, 330, 240, 64, t("dlg.hold", bid=hand.bid), lambda: act(A.HOLD)))
        dlg.group.add(Button(650, 330, 240, 64, t("dlg.pass"), lambda: act(A.PASS)))
        return dlg
    if bids and not hand.bid and len(bids) == 1 and A.bid_value(bids[0]) == 18 and _alone(hand):
        dlg = Dialog(t("dlg.alone_title"))
        dlg.lines.append(t("dlg.alone_text"))
        dlg.group.add(Button(390, 330, 240, 64, t("dlg.play18"), lambda: act(A.bid(18))))
        dlg.group.add(Button(650, 330, 240, 64, t("dlg.pass"), lambda: act(A.PASS)))
        return dlg
    dlg = Dialog(t("dlg.bid_title") if not hand.bid else t("dlg.bid_title_at", bid=hand.bid))
    dlg.lines.append(t("dlg.bid_text") if hand.bid else t("dlg.bid_text_first"))
    values = [A.bid_value(a) for a in bids]
    shown = values[:SHOWN_BIDS] if len(values) > 1 else values
    widths = [136.0] + [88.0] * (len(shown) - 1)  # the next value says so: "Say 18"
    x = 640 - (sum(widths) + 8 * (len(shown) - 1)) / 2
    for i, (v, w) in enumerate(zip(shown, widths, strict=True)):
        label = t("dlg.bid_next", bid=v) if i == 0 else str(v)
        dlg.group.add(Button(x, 290, w, 56, label, partial(act, A.bid(v)), size=24))
        x += w + 8
    if len(values) > 1 and pick is not None:
        # Any higher value at once (ISkO lets a bidder skip values): - / + choose it, Jump says it.
        value = pick.value if pick.value in values else values[min(len(shown), len(values) - 1)]
        dlg.lines.append(t("dlg.bid_pick"))
        y = 362
        dlg.group.add(Button(310, y, 260, 56, t("dlg.pass"), lambda: act(A.PASS)))
        dlg.group.add(Button(640, y, 52, 56, "-", lambda: pick.change(-1), enabled=value != values[0],
                             size=30)).hotkey = ""  # arrows, Enter, and the - key reach it
        dlg.group.add(Button(700, y, 210, 56, t("dlg.bid_jump", bid=value), lambda: act(A.bid(value)), size=24))
        dlg.group.add(Button(918, y, 52, 56, "+", lambda: pick.change(+1), enabled=value != values[-1], size=30))
    else:
        dlg.group.add(Button(520, 362, 240, 56, t("dlg.pass"), lambda: act(A.PASS)))
    return dlg


def _alone(hand: SkatHand | OfficersHand) -> bool:
    if isinstance(hand, SkatHand):  # narrows the type: each game knows its own auction
        return hand.duel == 3
    return not hand.duel_open


def _declare(
    t: Translator, hand: SkatHand | OfficersHand, seat: int, legal: list[int], act: Callable[[int], None],
    mods: dict[str, bool], toggle: Callable[[str], None],
) -> Dialog:
    officers = hand if isinstance(hand, OfficersHand) else None  # narrows: Officers' trump choice
    admirals = officers is not None and officers.layout == "admirals"
    plain_officers = officers is not None and not admirals
    games = [GameType.DIAMONDS, GameType.HEARTS, GameType.SPADES, GameType.CLUBS, GameType.GRAND, GameType.NULL]
    if officers is not None and not admirals:
        # Beside the layout, so the face-up cards stay in view; in Harlequin above the hand
        # that fills the bottom row (the cards trumps are chosen from).
        title = t("dlg.trump_title") if hand.to_move == 0 else t("dlg.trump_title_dealer")
        top = 190 if officers.layout == "harlequin" else 250
        dlg = Dialog(title, x=690, y=top, w=570, h=300)
        seen = (officers.seen[seat] | officers.up[seat]).bit_count()  # four in Officers' Skat, half in Harlequin
        dlg.lines.append(t("dlg.trump_text", seen=seen, total=OFFICERS_CARDS_EACH))
        positions: list[tuple[float, float]] = [(710 + (i % 3) * 182, top + 90 + (i // 3) * 84) for i in range(6)]
    else:
        dlg = Dialog(t("dlg.declare_title", bid=hand.bid), y=170, h=320)
        dlg.lines.append(t("dlg.declare_text_hand") if getattr(hand, "hand_game", False) else t("dlg.declare_text"))
        x0 = 640 - (6 * 108 - 8) / 2
        positions = [(x0 + i * 108, 280) for i in range(6)]
    for (x, y), g in zip(positions, games, strict=True):
        if g == GameType.NULL:
            a = A.declare(g, ouvert=mods.get("ouvert", False), revolution=mods.get("revolution", False))
        else:
            a = A.declare(g, schneider=mods.get("schneider", False), schwarz=mods.get("schwarz", False),
                          ouvert=mods.get("ouvert", False), spitze=mods.get("spitze", False))
        ok = a in legal
        value, exact = declaration_value(hand, seat, a) if ok else (0, True)
        note, warn = "", False
        if ok and not plain_officers:
            warn = value < hand.bid
            note = ("" if exact else "~") + str(value) + (" < " + str(hand.bid) if warn else "")
        elif ok:
            note = "~" + str(value) if g != GameType.NULL else "23"
        w = 170 if plain_officers else 100
        dlg.group.add(Button(x, y, w, 70, t(SUIT_KEYS[g]), partial(act, a), enabled=ok, note=note, size=24,
                             warn=warn))
    if not plain_officers:
        y2 = 370
        opts = []
        hand_game = getattr(hand, "hand_game", False)
        if hand_game and any(A.is_declaration(a) and A.declaration(a).schneider and not A.declaration(a).ouvert
                             for a in legal):
            opts += [("schneider", t("dlg.mod_schneider")), ("schwarz", t("dlg.mod_schwarz"))]
        if any(A.is_declaration(a) and A.declaration(a).ouvert for a in legal):
            opts.append(("ouvert", t("dlg.mod_ouvert")))
        if any(A.is_declaration(a) and A.declaration(a).spitze for a in legal):  # rules decision 45
            opts.append(("spitze", t("dlg.mod_spitze")))
        if any(A.is_declaration(a) and A.declaration(a).revolution for a in legal):  # rules decision 51
            opts.append(("revolution", t("dlg.mod_revolution")))
        step = 200 if len(opts) <= 3 else 170 if len(opts) == 4 else 140  # the toggles stay inside the panel
        if len(opts) > 3:  # and say the announcements by their level alone, to stay readable
            short = {"schneider": t("dlg.mod_schneider_short"), "schwarz": t("dlg.mod_schwarz_short")}
            opts = [(key, short.get(key, label)) for key, label in opts]
        xo = 640 - (len(opts) * step - 10) / 2
        for i, (key, label) in enumerate(opts):
            b = Button(xo + i * step, y2, step - 10, 48, label, partial(toggle, key), size=22, compact=len(opts) > 3)
            b.selected = mods.get(key, False)
            dlg.group.add(b)
    if A.PASS in legal:
        if plain_officers:
            dlg.group.add(Button(710 + 182, top + 236, 170, 50, t("dlg.pass"), lambda: act(A.PASS)))
        else:
            dlg.group.add(Button(520, 430, 240, 50, t("dlg.pass"), lambda: act(A.PASS)))
    return dlg
