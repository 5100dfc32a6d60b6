"""One hand of Offiziersskat (Officers' Skat) and its layout variants.

Seats: 0 is forehand (the non-dealer, who declares), 1 is the dealer.  The
deal is explicit: cards are laid out from the deck in the order of the rule
text, and dealing pauses at each decision (trump choice after forehand's first
four face-up cards, Kontra after the dealer's, Re after the second row).

Layouts (``Rules.officers_layout``):

* ``officers``: 8 piles each, a face-down card under a face-up one; only
  face-up cards on top are playable; a face-down card turns over after the
  trick in which its cover was played.
* ``harlequin``: no layout; the players draw in turn, alternately into the
  hand ("to see") and turned the other way ("to turn"), so each knows 8 of
  their own cards and 8 of the opponent's.  A player must follow suit with a
  card they can see; with none they may play any card, also a blind one.
  Forehand declares when all cards are drawn.
* ``admirals``: 5 face-down, 5 face-up on them and 5 in the hand each, 2 in
  the skat; the declarer is found by bidding (the dealer says, forehand
  holds) and plays with the skat or Hand, valued as in Skat.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Protocol

from . import actions as A
from .cards import ALL_CARDS, cards_of, mask_of, mask_points
from .deal import check_deck
from .hand_state import HandState, Phase, PlayedCards, Trick, raise_actions
from .rules import Rules
from .scoring import HandResult, SkatScore, score_skat
from .tricks import BASE_VALUES, FOLLOW, GameType, trick_winner
from .values import NULL_VALUES, matadors

FOREHAND, DEALER = 0, 1
OFFICERS_NULL_VALUE = 23


OPhase = Phase
"""The phases are the same as Skat's; Bidding, Skat and Discard occur only in Admirals' Skat."""


@dataclass(frozen=True)
class OfficersObservation(PlayedCards):
    SEATS = 2

    seat: int
    phase: OPhase
    to_move: int | None
    declarer: int | None
    game: GameType | None
    kontra: bool
    re: bool
    bid: int
    playable: tuple[int, int]
    """Face-up playable cards (or known hand cards) of both seats as this seat sees them."""
    piles: tuple[tuple[tuple[int | None, int | None], ...], ...]
    """Per seat, per pile: (face-down card or None if hidden, face-up card); ``-1`` marks a hidden card."""
    hand: int
    """Cards in this seat's hand that it can see (Harlequin, Admirals)."""
    blind: int
    """How many of this seat's own cards it cannot see (Harlequin)."""
    opponent_hand_visible: int
    opponent_hand_count: int
    trick: tuple[tuple[int, int], ...]
    tricks: tuple[Trick, ...]
    points: tuple[int, int]
    legal: tuple[int, ...]
    rules: Rules | None = None
    """The rule set of the hand (always filled by ``observe``)."""
    skat: int = 0
    """Known skat cards (Admirals' Skat): the declarer's discards, all of it after the hand."""
    hand_game: bool = False
    schneider_announced: bool = False
    schwarz_announced: bool = False
    passes: tuple[int, ...] = ()
    """Seats that passed instead of declaring (Passing variant), in order."""
    bidding: tuple[tuple[int, int], ...] = ()
    """(seat, action) of every call in the bidding (Admirals' Skat), in order, as ``SkatHand`` keeps it."""
    spitze: int | None = None
    """Officers' Skat has no Spitze (the field is Skat's announced Spitze card): always None."""
    held: tuple[int, ...] = ()
    """How many cards each seat has, in its piles and its hand (everyone sees it)."""
    skat_count: int = 0
    """How many cards lie in the skat (Admirals' Skat; none in the other layouts)."""


class AdmiralsDeclaration(Protocol):
    """What Admirals' scoring reads of a hand (the hand itself, or a search's copy)."""

    hand_game: bool
    schneider_announced: bool
    schwarz_announced: bool
    bid: int
    kontra: bool
    re: bool
    total_tricks: int


def admirals_score(hand: AdmiralsDeclaration, game: GameType, mats: int, decl_points: int,
                   decl_tricks: int) -> SkatScore:
    """Admirals' Skat is scored as Skat (no Ouvert) over 15 tricks, Schneider below 30 points;
    ``hand`` supplies the declaration, the bid, Kontra/Re and the number of tricks."""
    return score_skat(
        game,
        matadors=mats,
        hand=hand.hand_game,
        schneider_announced=hand.schneider_announced,
        schwarz_announced=hand.schwarz_announced,
        ouvert=False,
        declarer_points=decl_points,
        declarer_tricks=decl_tricks,
        bid=hand.bid,
        kontra=hand.kontra,
        re=hand.re,
        total_tricks=hand.total_tricks,
        schneider_limit=29,
    )


def _officers_score(
    rules: Rules,
    game: GameType,
    mats: int,
    decl_points: int,
    decl_tricks: int,
    total_tricks: int,
    kontra: bool,
    re: bool,
    declarer: int,
) -> dict:
    """Score by the Officers' text: multiplier = matadors + 1, Schneider ×2
    when the loser has fewer than 30, Schwarz ×4 instead, Kontra and Re ×2 each,
    win +value, loss −2×value, 60:60 lost for the declarer."""
    factor = (2 if kontra else 1) * (2 if re else 1)
    opp = 1 - declarer
    if game == GameType.NULL:
        won = decl_tricks == 0
        base = OFFICERS_NULL_VALUE
        multiplier = 1
        schneider = schwarz = False
    else:
        won = decl_points >= 61
        base = BASE_VALUES[game]
        multiplier = abs(mats) + 1
        loser_points = decl_points if not won else 120 - decl_points
        loser_tricks = decl_tricks if not won else total_tricks - decl_tricks
        schwarz = loser_tricks == 0
        schneider = loser_points < 30
    draw = game != GameType.NULL and decl_points == 60 and rules.officers_scoring == "simple_points"
    scores = [0, 0]
    if rules.officers_scoring == "standard":
        game_value = base * multiplier * (4 if schwarz else 2 if schneider else 1)
        value = game_value * factor if won else -2 * game_value * factor
        scores[declarer] = value
    else:
        winner = declarer if won else opp
        if draw:
            game_value = 1
            scores = [1, 1]
        elif rules.officers_scoring == "simple_points":
            game_value = 4 if schwarz else 3 if schneider else 2
            scores[winner] = game_value * factor
        else:
            game_value = base * (2 if schneider or schwarz else 1)
            scores[winner] = game_value * factor
        value = scores[declarer]
    return {
        "won": won,
        "base": base,
        "multiplier": multiplier,
        "game_value": game_value,
        "value": value,
        "scores": tuple(scores),
        "schneider": schneider,
        "schwarz": schwarz,
        "draw": draw,
    }


class OfficersHand(HandState):
    """One hand of Officers' Skat (or Harlequin/Admirals' Skat)."""

    def __init__(self, rules: Rules, deck: tuple[int, ...] | list[int]) -> None:
        self.rules = rules
        self.layout = rules.officers_layout
        self.deck = check_deck(deck)
        n_piles = 5 if self.layout == "admirals" else 8
        self.n_piles = n_piles
        self.total_tricks = 15 if self.layout == "admirals" else 16
        # Per seat: face-up playable mask, face-down mask, hand mask, and what
        # the owner can see of their hand (Harlequin).
        self.up = [0, 0]
        self.down = [0, 0]
        self.handm = [0, 0]
        self.seen = [0, 0]
        self.under: dict[int, int] = {}
        self.pile_cards: list[list[list[int]]] = [[[] for _ in range(n_piles)] for _ in range(2)]
        self.dealt = 0
        self.skat = 0
        self.phase = OPhase.DECLARE
        self.to_move: int | None = FOREHAND
        self.declarer: int | None = None
        self.game: GameType | None = None
        self.passes: list[int] = []
        self.bidding: list[tuple[int, int]] = []  # (seat, action), Admirals' Skat
        self.kontra = False
        self.re = False
        self.hand_game = False
        self.schneider_announced = False
        self.schwarz_announced = False
        self.bid = 0
        self.duel_open = True
        self.discards = 0
        self.trick: list[int] = []
        self.leader = FOREHAND
        self.tricks: list[Trick] = []
        self.points = [0, 0]
        self.trick_counts = [0, 0]
        self.history: list[int] = []
        self.result: HandResult | None = None
        self.origin = [0, 0]  # every card each seat was dealt, for matadors
        if self.layout == "officers":
            self._deal_row(0)
        elif self.layout == "harlequin":
            self._deal_harlequin()
        else:
            self._deal_admirals()

    # ------------------------------------------------------------------ dealing
    def _take(self, n: int) -> list[int]:
        cs = list(self.deck[self.dealt : self.dealt + n])
        self.dealt += n
        return cs

    def _lay_down(self, seat: int, first_pile: int, cards: list[int]) -> None:
        for i, c in enumerate(cards):
            self.pile_cards[seat][first_pile + i].append(c)
            self.down[seat] |= 1 << c
            self.origin[seat] |= 1 << c

    def _lay_up(self, seat: int, first_pile: int, cards: list[int]) -> None:
        for i, c in enumerate(cards):
            pile = self.pile_cards[seat][first_pile + i]
            if pile:
                self.under[c] = pile[-1]
            pile.append(c)
            self.up[seat] |= 1 << c
            self.origin[seat] |= 1 << c

    def _deal_row(self, row: int) -> None:
        first = row * 4
        self._lay_down(FOREHAND, first, self._take(4))
        self._lay_down(DEALER, first, self._take(4))
        self._lay_up(FOREHAND, first, self._take(4))

    def _deal_harlequin(self) -> None:
        for i, c in enumerate(self._take(32)):
            seat = i % 2
            self.handm[seat] |= 1 << c
            self.origin[seat] |= 1 << c
            if (i // 2) % 2 == 0:
                self.seen[seat] |= 1 << c

    def _deal_admirals(self) -> None:
        self._lay_down(FOREHAND, 0, self._take(5))
        self._lay_down(DEALER, 0, self._take(5))
        self._lay_up(FOREHAND, 0, self._take(5))
        self._lay_up(DEALER, 0, self._take(5))
        for seat in (FOREHAND, DEALER):
            for c in self._take(5):
                self.handm[seat] |= 1 << c
                self.seen[seat] |= 1 << c
                self.origin[seat] |= 1 << c
        self.skat = mask_of(self._take(2))
        self.phase = OPhase.BIDDING
        self.to_move = DEALER

    # ------------------------------------------------------------------ query
    def clone(self) -> OfficersHand:
        new = copy.copy(self)
        for name in (
            "up",
            "down",
            "handm",
            "seen",
            "passes",
            "bidding",
            "trick",
            "tricks",
            "points",
            "trick_counts",
            "history",
            "origin",
        ):
            setattr(new, name, getattr(self, name)[:])
        new.pile_cards = [[p[:] for p in piles] for piles in self.pile_cards]
        return new

    def playable_mask(self, seat: int) -> int:
        return self.up[seat] | self.handm[seat]

    def legal_play_mask(self) -> int:
        seat = self.to_move
        cards = self.up[seat] | self.handm[seat]  # type: ignore[index]
        if not self.trick:
            return cards
        follow = FOLLOW[self.game][self.trick[0]]  # type: ignore[index]
        if self.layout == "harlequin":
            m = self.seen[seat] & follow  # type: ignore[index]
        else:
            m = cards & follow
        return m if m else cards

    def legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == OPhase.PLAY:
            return cards_of(self.legal_play_mask())
        if phase == OPhase.DECLARE:
            out = [
                A.declare(gt)
                for gt in (GameType.DIAMONDS, GameType.HEARTS, GameType.SPADES, GameType.CLUBS, GameType.GRAND)
            ]
            if self.layout == "admirals":
                if self.hand_game and self.rules.announcements:
                    for gt in list(GameType)[:5]:
                        out.append(A.declare(gt, schneider=True))
                        out.append(A.declare(gt, schwarz=True))
                if NULL_VALUES[(self.hand_game, False)] >= self.bid:
                    out.append(A.declare(GameType.NULL))
                return out
            if self.rules.officers_null:
                out.append(A.declare(GameType.NULL))
            if self.rules.officers_passing:
                out.append(A.PASS)
            return out
        if phase == OPhase.KONTRA:
            return [A.KONTRA, A.NO_CALL]
        if phase == OPhase.RE:
            return [A.RE, A.NO_CALL]
        if phase == OPhase.BIDDING:
            if self.to_move == DEALER:
                if not self.duel_open:
                    return [A.PASS]
                return raise_actions(self.bid, self.rules.skip_bids)
            if not self.duel_open:  # the dealer passed without a bid: forehand may play at 18
                return [A.PASS, A.bid(18)]
            return [A.PASS, A.HOLD]
        if phase == OPhase.SKAT:
            return [A.PICKUP, A.HAND]
        if phase == OPhase.DISCARD:
            return cards_of(self.handm[self.declarer])  # type: ignore[index]
        return []

    # ------------------------------------------------------------------ apply
    def _decide(self, action: int) -> None:
        phase = self.phase
        if phase == OPhase.DECLARE:
            self._apply_declare(action)
        elif phase == OPhase.KONTRA:
            self._apply_kontra(action)
        elif phase == OPhase.RE:
            self.re = action == A.RE
            self._start_play()
        elif phase == OPhase.BIDDING:
            self._apply_bid(action)
        elif phase == OPhase.SKAT:
            if action == A.HAND:
                self.hand_game = True
            else:
                self.handm[self.declarer] |= self.skat  # type: ignore[index]
                self.seen[self.declarer] |= self.skat  # type: ignore[index]
                self.skat = 0
            self.phase = OPhase.DECLARE if self.hand_game else OPhase.DISCARD
        elif phase == OPhase.DISCARD:
            d = self.declarer
            self.handm[d] &= ~(1 << action)  # type: ignore[index]
            self.seen[d] &= ~(1 << action)  # type: ignore[index]
            self.skat |= 1 << action
            self.discards += 1
            if self.discards == 2:
                self.phase = OPhase.DECLARE

    def _apply_bid(self, action: int) -> None:
        seat = self.to_move
        assert seat is not None  # someone is always to move in the bidding
        self.bidding.append((seat, action))
        if action == A.PASS:
            if self.to_move == DEALER:
                if self.bid:
                    self._declarer_found(FOREHAND)
                else:
                    self.duel_open = False
                    self.to_move = FOREHAND
            elif self.duel_open:
                self._declarer_found(DEALER)
            else:
                self._nobody_declares()
        elif action == A.HOLD:
            self.to_move = DEALER
        else:
            self.bid = A.bid_value(action)
            if self.to_move == FOREHAND:  # forehand plays at 18
                self._declarer_found(FOREHAND)
            else:
                self.to_move = FOREHAND

    def _declarer_found(self, seat: int) -> None:
        self.declarer = seat
        self.phase = OPhase.SKAT
        self.to_move = seat

    def _nobody_declares(self) -> None:
        if self.rules.officers_passing:
            self.game = GameType.NO_TRUMP
            if self.layout == "officers":
                self._deal_rest()
            self._start_play()
        else:
            self.phase = OPhase.DONE
            self.to_move = None
            self.result = HandResult(game="passed", declarer=None, scores=(0, 0))

    def _apply_declare(self, action: int) -> None:
        seat = self.to_move
        if action == A.PASS:
            self.passes.append(seat)  # type: ignore[arg-type]
            if seat == FOREHAND:
                if self.layout == "officers":
                    self._lay_up(DEALER, 0, self._take(4))
                self.to_move = DEALER
            else:
                self._nobody_declares()
            return
        d = A.declaration(action)
        self.declarer = seat
        self.game = d.game
        self.schneider_announced = d.schneider
        self.schwarz_announced = d.schwarz
        if self.layout == "officers" and seat == FOREHAND:
            self._lay_up(DEALER, 0, self._take(4))
        if self.rules.kontra_re:
            self.phase = OPhase.KONTRA
            self.to_move = 1 - seat  # type: ignore[operator]
        else:
            if self.layout == "officers":
                self._deal_rest()
            self._start_play()

    def _apply_kontra(self, action: int) -> None:
        if self.layout == "officers":
            self._deal_rest()
        if action == A.KONTRA:
            self.kontra = True
            self.phase = OPhase.RE
            self.to_move = self.declarer
        else:
            self._start_play()

    def _deal_rest(self) -> None:
        """The second row: 4 face down to each, then 4 face up to each."""
        if self.dealt >= 32:
            return
        self._lay_down(FOREHAND, 4, self._take(4))
        self._lay_down(DEALER, 4, self._take(4))
        self._lay_up(FOREHAND, 4, self._take(4))
        self._lay_up(DEALER, 4, self._take(4))

    def _start_play(self) -> None:
        self.phase = OPhase.PLAY
        self.leader = self.to_move = FOREHAND

    def _play(self, c: int) -> None:
        seat = self.to_move
        bitc = 1 << c
        self.up[seat] &= ~bitc  # type: ignore[index]
        self.handm[seat] &= ~bitc  # type: ignore[index]
        self.seen[seat] &= ~bitc  # type: ignore[index]
        trick = self.trick
        trick.append(c)
        if len(trick) == 1:
            self.to_move = 1 - seat  # type: ignore[operator]
            return
        w = self.leader ^ trick_winner(self.game, trick)  # type: ignore[arg-type]
        self.tricks.append(Trick(self.leader, (trick[0], trick[1]), w))
        self.points[w] += mask_points((1 << trick[0]) | (1 << trick[1]))
        self.trick_counts[w] += 1
        # Turn over what the two played cards uncovered.
        under = self.under
        for i, played in enumerate(trick):
            below = under.get(played)
            if below is not None:
                owner = self.leader ^ i
                self.down[owner] &= ~(1 << below)
                self.up[owner] |= 1 << below
        self.trick = []
        self.leader = self.to_move = w
        if len(self.tricks) == self.total_tricks or self._lost_early(w):
            self._finish()

    # ------------------------------------------------------------------ end
    def _finish(self) -> None:
        self.phase = OPhase.DONE
        self.to_move = None
        game = self.game
        assert game is not None
        if game == GameType.NO_TRUMP:
            p = self.points[:]
            if self.skat:  # Admirals' Skat: the skat goes with the last trick, as in Skat's Ramsch
                p[self.tricks[-1].winner] += mask_points(self.skat)
            if self.trick_counts[0] == self.total_tricks or self.trick_counts[1] == self.total_tricks:
                seat = 0 if self.trick_counts[0] else 1
                scores = tuple(120 if s == seat else 0 for s in (0, 1))
                durch = True
            elif p[0] == p[1]:
                seat, scores, durch = None, (0, 0), False
            else:
                seat = 0 if p[0] > p[1] else 1
                scores = tuple(-p[seat] if s == seat else 0 for s in (0, 1))
                durch = False
            self.result = HandResult(
                game="ramsch",
                declarer=seat,
                won=durch,
                value=scores[seat] if seat is not None else 0,
                scores=scores,
                declarer_points=p[seat] if seat is not None else 60,
                declarer_tricks=self.trick_counts[seat] if seat is not None else 0,
                points=tuple(p),
                tricks=tuple(self.trick_counts),
                durchmarsch=durch,
                draw=seat is None,
            )
            return
        d = self.declarer
        assert d is not None
        decl_points = self.points[d] + mask_points(self.skat)
        decl_tricks = self.trick_counts[d]
        own = self.origin[d] | (self.deck_skat() if self.layout == "admirals" else 0)
        jacks_only = not self.rules.more_matadors
        mats = 0 if game == GameType.NULL else matadors(game, own, jacks_only=jacks_only)
        points = (
            self.points[0] + (mask_points(self.skat) if d == 0 else 0),
            self.points[1] + (mask_points(self.skat) if d == 1 else 0),
        )
        common = dict(
            game=game.key,
            declarer=d,
            bid=self.bid,
            hand=self.hand_game,
            schneider_announced=self.schneider_announced,
            schwarz_announced=self.schwarz_announced,
            declarer_points=decl_points,
            declarer_tricks=decl_tricks,
            matadors=mats,
            kontra=self.kontra,
            re=self.re,
            points=points,
            tricks=tuple(self.trick_counts),
        )
        if self.layout == "admirals":
            s = admirals_score(self, game, mats, decl_points, decl_tricks)
            fields = s.result_fields()
            if len(self.tricks) < self.total_tricks:  # stopped at a lost Schwarz announced (or Null)
                fields.update(schneider=False, schwarz=False)
            self.result = HandResult(
                scores=tuple(s.value if i == d else 0 for i in (0, 1)),
                **fields,
                **common,  # type: ignore[arg-type]
            )
            return
        r = _officers_score(
            self.rules, game, mats, decl_points, decl_tricks, self.total_tricks, self.kontra, self.re, d
        )
        self.result = HandResult(
            won=r["won"],
            value=r["value"],
            scores=r["scores"],
            base=r["base"],
            multiplier=r["multiplier"],
            game_value=r["game_value"],
            charged_value=r["game_value"],
            schneider=r["schneider"],
            schwarz=r["schwarz"],
            draw=r["draw"],
            **common,  # type: ignore[arg-type]
        )

    def deck_skat(self) -> int:
        return mask_of(self.deck[30:32]) if self.layout == "admirals" else 0

    # ------------------------------------------------------------------ views
    def observe(self, seat: int) -> OfficersObservation:
        opp = 1 - seat
        piles: list[tuple[tuple[int | None, int | None], ...]] = []
        for s in (0, 1):
            row: list[tuple[int | None, int | None]] = []
            for pile in self.pile_cards[s]:
                live = [c for c in pile if (self.up[s] | self.down[s]) >> c & 1]
                if not live:
                    row.append((None, None))
                elif len(live) == 2:
                    row.append((-1, live[1]))
                elif self.up[s] >> live[0] & 1:
                    row.append((None, live[0]))
                else:
                    row.append((-1, None))
            piles.append(tuple(row))
        if self.layout == "harlequin":
            own_hand = self.seen[seat]
            blind = (self.handm[seat] & ~self.seen[seat]).bit_count()
            opp_visible = self.handm[opp] & ~self.seen[opp]
        else:
            own_hand = self.handm[seat]
            blind = 0
            opp_visible = 0
        return OfficersObservation(
            seat=seat,
            phase=self.phase,
            to_move=self.to_move,
            declarer=self.declarer,
            game=self.game,
            kontra=self.kontra,
            re=self.re,
            bid=self.bid,
            playable=(self.up[0], self.up[1]),
            piles=tuple(piles),
            hand=own_hand,
            blind=blind,
            opponent_hand_visible=opp_visible,
            opponent_hand_count=self.handm[opp].bit_count(),
            trick=tuple((self.leader ^ i, c) for i, c in enumerate(self.trick)),
            tricks=tuple(self.tricks),
            points=(self.points[0], self.points[1]),
            legal=tuple(self.legal_actions()) if seat == self.to_move else (),
            rules=self.rules,
            skat=self.skat if self.done or (seat == self.declarer and self.discards == 2) else 0,
            hand_game=self.hand_game,
            schneider_announced=self.schneider_announced,
            schwarz_announced=self.schwarz_announced,
            passes=tuple(self.passes),
            bidding=tuple(self.bidding),
            held=tuple((self.up[s] | self.down[s] | self.handm[s]).bit_count() for s in (0, 1)),
            skat_count=self.skat.bit_count(),
        )

    def all_cards_in_one_place(self) -> bool:
        undealt = mask_of(self.deck[self.dealt :])
        places = [*self.up, *self.down, *self.handm, self.skat, undealt, mask_of(self.trick)]
        places += [mask_of(t.cards) for t in self.tricks]
        total = 0
        for m in places:
            if total & m:
                return False
            total |= m
        return total == ALL_CARDS
