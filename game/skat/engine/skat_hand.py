"""One hand of three-player Skat as a state machine: legal actions, apply, observe.

Seats are the positions of the hand: 0 forehand (Vorhand), 1 middlehand,
2 rearhand.  A four-player table maps its players onto these in
:mod:`skat.engine.match`; the dealer who sits out never appears here.

Every ``apply`` validates before it changes anything, so an illegal action
raises :class:`IllegalActionError` and leaves the state as it was.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from . import actions as A
from .cards import ALL_CARDS, DIAMONDS, JACK, JACKS_MASK, cards_of, mask_of, mask_points
from .deal import SkatDeal
from .errors import IllegalActionError
from .hand_state import HandState, Phase, PlayedCards, Trick, raise_actions
from .rules import Rules
from .scoring import HandResult, SkatScore, ramsch_scores, score_skat
from .tricks import FOLLOW, GameType, trick_winner
from .values import NULL_VALUES, REVOLUTION_VALUE, matadors, next_null_step

FOREHAND, MIDDLEHAND, REARHAND = 0, 1, 2


def spitze_card(game: GameType) -> int:
    """The lowest trump, the card of a Spitze: the 7 of a suit game's trump suit, in Grand the
    Jack of diamonds (rules decision 45)."""
    if game == GameType.GRAND:
        return 8 * DIAMONDS + JACK
    return 8 * int(game)  # rank 0 is the 7


@dataclass(frozen=True)
class SkatObservation(PlayedCards):
    """What one seat may know.  Hidden cards are simply absent."""

    SEATS = 3

    seat: int
    phase: Phase
    to_move: int | None
    hand: int
    bid: int
    declarer: int | None
    game: GameType | None
    hand_game: bool
    ouvert: bool
    schneider_announced: bool
    schwarz_announced: bool
    kontra: bool
    re: bool
    open_cards: int
    """The declarer's cards in an ouvert game (still in hand)."""
    skat: int
    """Known skat cards: the discards for the declarer, all of it after the hand."""
    trick: tuple[tuple[int, int], ...]
    tricks: tuple[Trick, ...]
    bidding: tuple[tuple[int, int], ...]
    points: tuple[int, ...]
    legal: tuple[int, ...]
    rules: Rules | None = None
    """The rule set of the hand (always filled by ``observe``): a player needs
    it to know the ladder, the Null rule and whether Kontra may be said."""
    skat_passed: tuple[int, ...] = ()
    """Schieberamsch: the seats that passed the skat on unseen, in turn (everyone saw it)."""
    knocked: tuple[int, ...] = ()
    """Klopfen: the seats that knocked."""
    spitze: int | None = None
    """The Spitze card when the declarer announced Spitze (shown to everyone), else None."""
    held: tuple[int, ...] = ()
    """How many cards each seat holds (everyone sees it; the declarer's twelve after the pickup)."""
    skat_count: int = 2
    """How many cards lie in the skat (or put away as it)."""
    gift: str = ""
    """Schenken: "" (none, or not agreed), "offered" (both defenders offered, the declarer to
    answer), "taken", "schneider" or "schwarz" (declined, played for that)."""
    gift_offers: tuple[int, ...] = ()
    """Schenken: the defenders who said they give the game, in turn."""
    revolution: bool = False
    """The Null Ouvert is a Revolution (its exchange: :attr:`partner_hand`)."""
    partner_hand: int = 0
    """Revolution: a defender's view of the other defender's cards, from the exchange on
    (the defenders showed each other their hands); 0 for everyone else."""


class SkatHand(HandState):
    """The rules of one Skat hand.  See the module docstring for seats."""

    def __init__(self, rules: Rules, deal: SkatDeal) -> None:
        self.rules = rules
        self.deal = deal
        self.hands = list(deal.hands)
        self.skat = deal.skat
        self.phase = Phase.BIDDING
        self.to_move: int | None = MIDDLEHAND
        self.history: list[int] = []
        self.bidding: list[tuple[int, int]] = []  # (seat, action)
        self.bid = 0
        self.duel = 1
        self.sayer = MIDDLEHAND
        self.listener = FOREHAND
        self.declarer: int | None = None
        self.game: GameType | None = None
        self.hand_game = False
        self.schneider_announced = False
        self.schwarz_announced = False
        self.ouvert = False
        self.kontra = False
        self.re = False
        self.kontra_asked: list[int] = []
        self.discards = 0
        self.trick: list[int] = []
        self.leader = FOREHAND
        self.tricks: list[Trick] = []
        self.points = [0, 0, 0]
        self.trick_counts = [0, 0, 0]
        self.result: HandResult | None = None
        self.conceded = False
        """The declarer gave the game up (``A.CONCEDE``)."""
        self.skat_passed: list[int] = []
        """Schieberamsch: the seats that passed the skat on unseen (each doubles the Ramsch)."""
        self.skat_taken = 0
        """The cards the seat putting two away took up from the skat (the declarer's, or in
        Schieberamsch the current pusher's), so the table can mark them."""
        self.pusher: int | None = None
        """Schieberamsch: the last seat that pushed two cards, the only one who knows the skat."""
        self.knocked: list[int] = []
        """Klopfen: the seats that knocked (each doubles the Ramsch)."""
        self.spitze = False
        """Spitze announced with the declaration (rules decisions 45-47)."""
        self.gift = ""
        """Schenken (rules decisions 48-50): see :attr:`SkatObservation.gift`."""
        self.gift_offers: list[int] = []
        self.gift_asked = False
        """The Schenken question has been put (once a game)."""
        self.revolution = False
        """The Null Ouvert is a Revolution (rules decisions 51-53)."""
        self.exchangers: list[int] = []
        """Revolution: the defenders still to exchange, the one to move first."""
        self.exchanged = 0
        """Revolution: the cards that changed hands (each card moves once)."""
        self.exchange_done = False
        if rules.ramsch_always and rules.ramsch_grand_hand:
            self._offer_grand_hand()
        elif rules.ramsch_always:
            self._start_ramsch()

    # ------------------------------------------------------------------ query
    def clone(self) -> SkatHand:
        new = copy.copy(self)
        new.hands = self.hands[:]
        new.history = self.history[:]
        new.bidding = self.bidding[:]
        new.kontra_asked = self.kontra_asked[:]
        new.trick = self.trick[:]
        new.tricks = self.tricks[:]
        new.points = self.points[:]
        new.trick_counts = self.trick_counts[:]
        new.skat_passed = self.skat_passed[:]
        new.knocked = self.knocked[:]
        new.gift_offers = self.gift_offers[:]
        new.exchangers = self.exchangers[:]
        return new

    def legal_play_mask(self) -> int:
        seat, game = self.to_move, self.game
        assert seat is not None and game is not None, "cards are played only in a declared game"
        hand = self.hands[seat]
        if not self.trick:
            return hand
        m = hand & FOLLOW[game][self.trick[0]]
        return m if m else hand

    def legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == Phase.PLAY:
            return cards_of(self.legal_play_mask())
        if phase == Phase.BIDDING:
            return self._legal_bidding()
        ramsch = self.game == GameType.RAMSCH
        if phase == Phase.SKAT:
            return [A.PICKUP, A.SKAT_ON] if ramsch else [A.PICKUP, A.HAND]
        if phase == Phase.DISCARD:
            hand = self.hands[self._mover()]
            return cards_of(hand & ~JACKS_MASK if ramsch else hand)  # no Jack is pushed in Schieberamsch
        if phase == Phase.DECLARE:
            if self.declarer is None:  # a Ramsch round's offer (rules decision 43)
                return [A.NO_CALL, A.declare(GameType.GRAND)]
            return self._legal_declarations()
        if phase == Phase.KONTRA:
            return [A.KNOCK, A.NO_CALL] if ramsch else [A.KONTRA, A.NO_CALL]
        if phase == Phase.RE:
            return [A.RE, A.NO_CALL]
        if phase == Phase.GIFT:
            return self._legal_gift()
        if phase == Phase.EXCHANGE:
            return self._legal_exchange()
        return []

    def _legal_gift(self) -> list[int]:
        if self.to_move != self.declarer:
            return [A.GIFT, A.NO_CALL]
        out = [A.GIFT_TAKEN]
        if not self.schneider_announced:
            out.append(A.GIFT_SCHNEIDER)
        return out + [A.GIFT_SCHWARZ]

    def _legal_exchange(self) -> list[int]:
        mover = self._mover()
        own = self.hands[mover] & ~self.exchanged
        other = self.hands[self._partner(mover)] & ~self.exchanged
        return [A.NO_CALL] + [A.swap(a, b) for a in cards_of(own) for b in cards_of(other)]

    def _partner(self, seat: int) -> int:
        """The other defender of ``seat``."""
        return 3 - seat - self._declarer()

    def _legal_bidding(self) -> list[int]:
        if self.to_move == self.sayer:
            if self.duel == 3:
                return [A.PASS, A.bid(18)]
            return raise_actions(self.bid, self.rules.skip_bids)
        return [A.PASS, A.HOLD]

    def _legal_declarations(self) -> list[int]:
        out = []
        hand = self.hand_game
        for gt in (GameType.DIAMONDS, GameType.HEARTS, GameType.SPADES, GameType.CLUBS, GameType.GRAND):
            out.append(A.declare(gt))
            if hand:
                if self.rules.announcements:
                    out.append(A.declare(gt, schneider=True))
                    out.append(A.declare(gt, schneider=True, schwarz=True))
                out.append(A.declare(gt, schneider=True, schwarz=True, ouvert=True))
        if self.rules.spitze:  # each trump game again with Spitze, where the declarer may announce it
            plain = [A.declaration(a) for a in out]
            out += [A.declare(d.game, d.schneider, d.schwarz, d.ouvert, spitze=True) for d in plain
                    if self.may_announce_spitze(d.game)]
        for ouvert in (False, True):
            value = NULL_VALUES[(hand, ouvert)]
            if value >= self.bid or (self.rules.overbid_null == "next_step" and next_null_step(self.bid)):
                out.append(A.declare(GameType.NULL, ouvert=ouvert))
        if self.rules.revolution and self.bid <= REVOLUTION_VALUE:  # rules decision 51
            out.append(A.declare(GameType.NULL, revolution=True))
        return out

    def playable_mask(self, seat: int) -> int:
        return self.hands[seat]

    def _declarer(self) -> int:
        """The declarer's seat, known from the end of the auction on (skat, discard)."""
        assert self.declarer is not None, "no declarer before the auction ends"
        return self.declarer

    def _mover(self) -> int:
        """The seat to move: someone is, until the hand is over."""
        assert self.to_move is not None, "nobody moves in a finished hand"
        return self.to_move

    # ------------------------------------------------------------------ apply
    def _decide(self, action: int) -> None:
        phase = self.phase
        if phase == Phase.BIDDING:
            self._apply_bid(action)
        elif phase == Phase.SKAT:
            self._apply_skat(action)
        elif phase == Phase.DISCARD:
            self.hands[self._mover()] &= ~(1 << action)
            self.skat |= 1 << action
            self.discards += 1
            if self.discards == 2:
                if self.game == GameType.RAMSCH:
                    self.pusher = self.to_move
                    self._next_skat_turn()
                else:
                    self.phase = Phase.DECLARE
        elif phase == Phase.DECLARE and self.declarer is None:
            self._apply_grand_hand_offer(action)
        elif phase == Phase.DECLARE:
            self._apply_declare(action)
        elif phase == Phase.KONTRA:
            self._apply_kontra(action)
        elif phase == Phase.RE:
            self.re = action == A.RE
            self._start_play()
        elif phase == Phase.GIFT:
            self._apply_gift(action)
        elif phase == Phase.EXCHANGE:
            self._apply_exchange(action)

    def _apply_bid(self, action: int) -> None:
        seat = self.to_move
        assert seat is not None, "a seat is always to bid during the auction"
        self.bidding.append((seat, action))
        if action == A.PASS:
            if self.duel == 3:
                self._all_passed()
                return
            winner = self.listener if seat == self.sayer else self.sayer
            self._end_duel(winner)
        elif action == A.HOLD:
            self.to_move = self.sayer
        else:
            self.bid = A.bid_value(action)
            if self.duel == 3:
                self._declarer_found(FOREHAND)
            else:
                self.to_move = self.listener

    def _end_duel(self, winner: int) -> None:
        if self.duel == 1:
            self.duel = 2
            self.sayer, self.listener = REARHAND, winner
            self.to_move = REARHAND
        elif self.bid:
            self._declarer_found(winner)
        else:
            self.duel = 3
            self.sayer = self.listener = FOREHAND
            self.to_move = FOREHAND

    def _declarer_found(self, seat: int) -> None:
        self.declarer = seat
        self.phase = Phase.SKAT
        self.to_move = seat

    def _all_passed(self) -> None:
        if self.rules.all_pass == "ramsch":
            self._start_ramsch()
        else:
            self._finish_passed()

    def _start_ramsch(self) -> None:
        """A Ramsch begins (all passed, or every hand is one): the skat goes round first with
        Schieberamsch, then each may knock with Klopfen, then forehand leads."""
        self.game = GameType.RAMSCH
        if self.rules.schieberamsch:
            self.phase = Phase.SKAT
            self.to_move = FOREHAND
        else:
            self._start_knocking()

    def _offer_grand_hand(self) -> None:
        """A Ramsch round's hand (``ramsch_grand_hand``): before the skat goes round, each seat in
        turn from forehand may declare a Grand Hand instead of the Ramsch (rules decision 43)."""
        self.game = GameType.RAMSCH
        self.phase = Phase.DECLARE
        self.to_move = FOREHAND

    def _apply_grand_hand_offer(self, action: int) -> None:
        seat = self.to_move
        assert seat is not None
        if action == A.NO_CALL:
            if seat == REARHAND:
                self._start_ramsch()
            else:
                self.to_move = seat + 1
            return
        self.declarer = seat
        self.hand_game = True
        self._apply_declare(action)

    def _next_skat_turn(self) -> None:
        """Schieberamsch: the skat moves on to the next seat; after rearhand it is laid aside."""
        seat = self.to_move + 1  # type: ignore[operator]
        if seat > REARHAND:
            self._start_knocking()
            return
        self.phase = Phase.SKAT
        self.to_move = seat

    def _start_knocking(self) -> None:
        if self.rules.klopfen:
            self.phase = Phase.KONTRA
            self.to_move = FOREHAND
        else:
            self._start_play()

    def _apply_skat(self, action: int) -> None:
        if action == A.HAND:
            self.hand_game = True
            self.phase = Phase.DECLARE
        elif action == A.SKAT_ON:
            self.skat_passed.append(self._mover())
            self._next_skat_turn()
        else:
            self.hands[self._mover()] |= self.skat
            self.skat_taken = self.skat
            self.skat = 0
            self.discards = 0
            self.phase = Phase.DISCARD

    def _apply_declare(self, action: int) -> None:
        d = A.declaration(action)
        self.game = d.game
        self.spitze = d.spitze
        self.revolution = d.revolution
        self.ouvert = d.ouvert
        self.schneider_announced = d.schneider and d.game != GameType.NULL
        self.schwarz_announced = d.schwarz and d.game != GameType.NULL
        if self.rules.kontra_re:
            self.kontra_asked = [s for s in (0, 1, 2) if s != self.declarer and self.may_say_kontra(s)]
        if self.kontra_asked:
            self.phase = Phase.KONTRA
            self.to_move = self.kontra_asked[0]
        else:
            self._start_play()

    def may_announce_spitze(self, game: GameType) -> bool:
        """Spitze in ``game``: the declarer holds its card, and in Grand not all four Jacks (the Jack
        of diamonds would then take the last trick for certain; rules decision 45)."""
        hand = self.hands[self.declarer]  # type: ignore[index]
        if game == GameType.GRAND and hand & JACKS_MASK == JACKS_MASK:
            return False
        return bool(hand >> spitze_card(game) & 1)

    @property
    def spitze_card(self) -> int | None:
        """The card of an announced Spitze, None without one."""
        return spitze_card(self.game) if self.spitze and self.game is not None else None

    def _spitze_failed(self) -> bool:
        """The Spitze card fell in a trick before the last one: the game is lost there."""
        card = self.spitze_card
        return card is not None and len(self.tricks) < 10 and any(card in t.cards for t in self.tricks)

    def _lost_early(self, winner: int) -> bool:
        return super()._lost_early(winner) or self._spitze_failed()

    def _spitze_lost(self) -> bool:
        """The Spitze card did not take the last trick (fell earlier, or was beaten in it)."""
        card = self.spitze_card
        if card is None:
            return False
        last = self.tricks[-1] if len(self.tricks) == 10 else None
        return self.conceded or last is None or card not in last.cards or last.winner != self.declarer

    def may_say_kontra(self, seat: int) -> bool:
        """Whether defender ``seat`` may say Kontra: anyone, or with ``kontra_bidders_only`` one who
        took part in the bidding at 18 or more, by saying a value or holding one (rules decision 29)."""
        if not self.rules.kontra_bidders_only:
            return True
        return any(s == seat and (a == A.HOLD or A.is_bid(a)) for s, a in self.bidding)

    def _apply_kontra(self, action: int) -> None:
        if self.game == GameType.RAMSCH:  # Klopfen: forehand, middlehand, rearhand in turn
            if action == A.KNOCK:
                self.knocked.append(self.to_move)  # type: ignore[arg-type]
            if self.to_move == REARHAND:
                self._start_play()
            else:
                self.to_move += 1  # type: ignore[operator]
            return
        if action == A.KONTRA:
            self.kontra = True
            self.phase = Phase.RE
            self.to_move = self.declarer
            return
        self.kontra_asked.pop(0)
        if self.kontra_asked:
            self.to_move = self.kontra_asked[0]
        else:
            self._start_play()

    def _start_play(self) -> None:
        """The calls are over: before the first card a Revolution's exchange (rules decision 52),
        or the Schenken question (decision 48), then forehand leads."""
        defenders = [s for s in (0, 1, 2) if s != self.declarer]
        if self.revolution and not self.exchange_done:
            self.exchange_done = True
            self.exchangers = defenders
            self.phase = Phase.EXCHANGE
            self.to_move = defenders[0]
        elif self._may_give() and not self.gift_asked:
            self.gift_asked = True
            self.phase = Phase.GIFT
            self.to_move = defenders[0]
        else:
            self._lead()

    def _may_give(self) -> bool:
        """Schenken applies: a suit game or Grand whose declarer has not announced Schwarz
        (an Ouvert counts as Schwarz announced; rules decision 48)."""
        return (self.rules.schenken and self.declarer is not None and self.game not in (GameType.NULL, GameType.RAMSCH)
                and not self.schwarz_announced and not self.ouvert)

    def _apply_gift(self, action: int) -> None:
        seat = self._mover()
        if action == A.NO_CALL:  # one defender will not give: no offer
            self.gift_offers.clear()
            self._lead()
        elif action == A.GIFT:
            self.gift_offers.append(seat)
            if len(self.gift_offers) == 2:
                self.gift = "offered"
                self.to_move = self.declarer
            else:
                self.to_move = next(s for s in (0, 1, 2) if s not in (seat, self.declarer))
        elif action == A.GIFT_TAKEN:
            self.gift = "taken"
            self._finish()
        else:
            self.gift = "schwarz" if action == A.GIFT_SCHWARZ else "schneider"
            self.schneider_announced = True
            self.schwarz_announced = action == A.GIFT_SCHWARZ
            self._lead()

    def _apply_exchange(self, action: int) -> None:
        mover = self._mover()
        if action == A.NO_CALL:
            self.exchangers.pop(0)
            if self.exchangers:
                self.to_move = self.exchangers[0]
            else:
                self._start_play()
            return
        given, taken = A.swapped(action)
        partner = self._partner(mover)
        self.hands[mover] = self.hands[mover] & ~(1 << given) | 1 << taken
        self.hands[partner] = self.hands[partner] & ~(1 << taken) | 1 << given
        self.exchanged |= 1 << given | 1 << taken

    def _lead(self) -> None:
        self.phase = Phase.PLAY
        self.leader = FOREHAND
        self.to_move = FOREHAND

    def _play(self, c: int) -> None:
        seat, game = self.to_move, self.game
        assert seat is not None and game is not None, "cards are played only in a declared game"
        self.hands[seat] &= ~(1 << c)
        trick = self.trick
        trick.append(c)
        if len(trick) < 3:
            self.to_move = (seat + 1) % 3
            return
        w = (self.leader + trick_winner(game, trick)) % 3
        self.tricks.append(Trick(self.leader, tuple(trick), w))
        self.points[w] += mask_points((1 << trick[0]) | (1 << trick[1]) | (1 << trick[2]))
        self.trick_counts[w] += 1
        self.trick = []
        self.leader = self.to_move = w
        if len(self.tricks) == 10 or self._lost_early(w):
            self._finish()

    def concede(self, declarer_wins: bool) -> None:
        """End play early in favour of one side (not recorded as an action).

        This is how the ISS settles resignations (both defenders resign: the
        declarer wins; the declarer resigns: the defenders win) and accepted
        claims.  The cards still out are gathered as the tricks they would have
        formed and go to the side that the concession favours, so trick counts
        stay right for Schwarz.  In Null the declarer wins by taking no trick,
        so there a concession in his favour gives every remaining trick to the
        defenders, and one against him gives him the rest (any trick loses a Null).
        """
        if self.phase != Phase.PLAY or self.declarer is None:
            raise IllegalActionError("only a declared game in play can be conceded")
        self._give_rest(to_declarer=declarer_wins != (self.game == GameType.NULL))

    # ------------------------------------------------------------ early ends
    def can_end_play(self, action: int, seat: int | None = None) -> str:
        """ "" when ``action`` (one of ``A.PLAY_ENDINGS``) may end the play now
        for ``seat`` (None: any seat, as in a replayed record), else why not.

        The declarer may give up (``CONCEDE``) from the declaration to the last
        card; the rest may be given to either side (``REST_*``, the outcome of a
        claim, judged by the table) by any seat.  Both need a declared game
        in play: Ramsch has no sides.
        """
        if self.phase != Phase.PLAY or self.declarer is None or self.game in (None, GameType.RAMSCH):
            return "only a declared game in play can be ended early"
        if self.spitze and action != A.CONCEDE:
            return "a Spitze is played out to its last trick (it may only be given up)"
        if action == A.CONCEDE and seat is not None and seat != self.declarer:
            return f"only the declarer (seat {self.declarer}) can give the game up, not seat {seat}"
        if action not in A.PLAY_ENDINGS:
            return f"{A.action_name(action)} does not end the play"
        return ""

    def apply(self, action: int, seat: int | None = None) -> None:
        if type(action) is int and action in A.PLAY_ENDINGS:
            why = "the hand is over" if self.phase == Phase.DONE else self.can_end_play(action, seat)
            if why:
                raise IllegalActionError(why)
            self.history.append(action)
            if action == A.CONCEDE:
                self._concede()
            else:
                self._give_rest(to_declarer=action == A.REST_DECLARER)
            return
        super().apply(action, seat)

    def _concede(self) -> None:
        """The declarer gives up: the game is lost at the level reached (rules decision 23).

        The cards still out count for nobody; Schneider counts only when the
        declarer could not escape it any more (his points, skat included, and all
        the points still out make 30 or fewer), Schwarz never (he could still take
        a trick).  Announced levels, overbidding and Kontra count as always."""
        self.conceded = True
        self._finish()

    def _give_rest(self, to_declarer: bool) -> None:
        """The cards still out are gathered as the tricks they would have formed and
        go to one side, so trick counts stay right for Schwarz.  Where the first of
        those tricks ends the game (the defenders' against Schwarz announced, the
        declarer's in Null, decision 22), only that one is gathered."""
        d = self.declarer
        assert d is not None
        taker = d if to_declarer else next(s for s in (0, 1, 2) if s != d)
        ends_at_first = self.game == GameType.NULL if to_declarer else self.schwarz_announced
        remaining = self.hands[0] | self.hands[1] | self.hands[2] | mask_of(self.trick)
        rest = cards_of(remaining)
        n = 10 - len(self.tricks)
        if ends_at_first:
            n = min(n, 1)
        for i in range(n):
            chunk = tuple(rest[i * 3 : i * 3 + 3])
            self.tricks.append(Trick(self.leader, chunk, taker))
            self.points[taker] += mask_points(mask_of(chunk))
            self.trick_counts[taker] += 1
            for c in chunk:
                for seat in (0, 1, 2):
                    self.hands[seat] &= ~(1 << c)
        self.trick = []
        self._finish()

    # ------------------------------------------------------------------ end
    def _finish_passed(self) -> None:
        self.phase = Phase.DONE
        self.to_move = None
        self.result = HandResult(game="passed", declarer=None, scores=(0, 0, 0))

    def score_game(self, game: GameType, mats: int, declarer_points: int, declarer_tricks: int) -> SkatScore:
        """``game`` scored on this hand's own terms (bid, Hand, announcements,
        Ouvert, Kontra and Re) for a declarer with ``declarer_points`` (skat
        included) in ``declarer_tricks`` tricks: the hand's result, and what
        best play would have given (:mod:`skat.ai.review.analysis`)."""
        return score_skat(
            game,
            matadors=mats,
            hand=self.hand_game,
            schneider_announced=self.schneider_announced,
            schwarz_announced=self.schwarz_announced,
            ouvert=self.ouvert,
            declarer_points=declarer_points,
            declarer_tricks=declarer_tricks,
            bid=self.bid,
            kontra=self.kontra,
            re=self.re,
            spitze_levels=self.rules.spitze if self.spitze else 0,
            spitze_lost=self._spitze_lost() and self.gift != "taken",
            given=self.gift == "taken",
            revolution=self.revolution,
        )

    def _ramsch_skat_taker(self) -> int:
        """Whose the skat's points are in Ramsch (rules decisions 6 and 27): the winner of the last trick,
        or with ``ramsch_skat="loser"`` the player the tricks alone make the loser (most card
        points, a tie to the earlier seat), so the skat never changes who loses."""
        if self.rules.ramsch_skat == "loser":
            return max(range(3), key=lambda s: (self.points[s], -s))
        return self.tricks[-1].winner

    def _conceded_score(self, mats: int, decl_points: int) -> SkatScore:
        """The score of a given-up game (see :meth:`_concede`): scored as a loss with
        points that make Schneider exactly when it can no longer be escaped."""
        assert self.game is not None
        if self.game == GameType.NULL:
            return self.score_game(self.game, mats, decl_points, 1)
        out = mask_points(self.hands[0] | self.hands[1] | self.hands[2] | mask_of(self.trick))
        schneider = decl_points + out <= 30
        points = decl_points if schneider else min(max(decl_points, 31), 60)
        return self.score_game(self.game, mats, points, 1)

    def _finish(self) -> None:
        self.phase = Phase.DONE
        self.to_move = None
        if self.game == GameType.RAMSCH:
            points = self.points[:]
            points[self._ramsch_skat_taker()] += mask_points(self.skat)
            doublings = len(self.skat_passed) + len(self.knocked)
            seat, scores, durch, virgins = ramsch_scores(points, self.trick_counts, self.rules.jungfrau, doublings)
            self.result = HandResult(
                game="ramsch",
                declarer=seat,
                declarer_points=points[seat],
                declarer_tricks=self.trick_counts[seat],
                won=durch,
                value=scores[seat],
                scores=scores,
                points=tuple(points),
                tricks=tuple(self.trick_counts),
                durchmarsch=durch,
                jungfrau=virgins,
                skat_passed=tuple(self.skat_passed),
                knocked=tuple(self.knocked),
            )
            return
        d = self.declarer
        assert d is not None and self.game is not None
        played = 0
        for t in self.tricks:
            if t.winner != d:
                continue
            for c in t.cards:
                played |= 1 << c
        own_cards = self.deal.hands[d] | self.deal.skat
        decl_points = mask_points(played | self.skat)
        decl_tricks = self.trick_counts[d]
        mats = matadors(self.game, own_cards) if self.game != GameType.NULL else 0
        if self.conceded:
            s = self._conceded_score(mats, decl_points)
        else:
            s = self.score_game(self.game, mats, decl_points, decl_tricks)
        fields = s.result_fields()
        if len(self.tricks) < 10 and not self.conceded and not self._spitze_failed() and self.gift != "taken":
            # stopped at a lost Schwarz announced: Schneider and Schwarz were never played out
            fields.update(schneider=False, schwarz=False)
        scores = tuple(s.value if seat == d else 0 for seat in range(3))
        points = self.points[:]
        points[d] += mask_points(self.skat)
        self.result = HandResult(
            game=self.game.key,
            declarer=d,
            bid=self.bid,
            hand=self.hand_game,
            schneider_announced=self.schneider_announced or self.ouvert and self.game != GameType.NULL,
            schwarz_announced=self.schwarz_announced or self.ouvert and self.game != GameType.NULL,
            ouvert=self.ouvert,
            declarer_points=decl_points,
            declarer_tricks=decl_tricks,
            matadors=mats,
            scores=scores,
            **fields,
            kontra=self.kontra,
            re=self.re,
            points=tuple(points),
            tricks=tuple(self.trick_counts),
            spitze=self.spitze,
            gift=self.gift if self.gift != "offered" else "",
            revolution=self.revolution,
        )

    # ------------------------------------------------------------------ views
    def observe(self, seat: int) -> SkatObservation:
        open_cards = 0
        if self.ouvert and self.declarer is not None and self.phase >= Phase.PLAY:
            open_cards = self.hands[self.declarer]
        known_skat = self.skat if self._knows_skat(seat) else 0
        return SkatObservation(
            seat=seat,
            phase=self.phase,
            to_move=self.to_move,
            hand=self.hands[seat],
            bid=self.bid,
            declarer=self.declarer,
            game=self.game if self.phase >= Phase.KONTRA or self.game == GameType.RAMSCH else None,
            hand_game=self.hand_game,
            ouvert=self.ouvert,
            schneider_announced=self.schneider_announced,
            schwarz_announced=self.schwarz_announced,
            kontra=self.kontra,
            re=self.re,
            open_cards=open_cards,
            skat=known_skat,
            trick=tuple(((self.leader + i) % 3, c) for i, c in enumerate(self.trick)),
            tricks=tuple(self.tricks),
            bidding=tuple(self.bidding),
            points=tuple(self.points),
            legal=tuple(self.legal_actions()) if seat == self.to_move else (),
            rules=self.rules,
            skat_passed=tuple(self.skat_passed),
            knocked=tuple(self.knocked),
            spitze=self.spitze_card,
            held=tuple(m.bit_count() for m in self.hands),
            skat_count=self.skat.bit_count(),
            gift=self.gift,
            gift_offers=tuple(self.gift_offers),
            revolution=self.revolution,
            partner_hand=self._partner_hand(seat),
        )

    def _partner_hand(self, seat: int) -> int:
        """Revolution: the other defender's cards, for a defender, from the exchange on."""
        if not self.revolution or seat == self.declarer or self.phase not in (Phase.EXCHANGE, Phase.PLAY):
            return 0
        return self.hands[self._partner(seat)]

    def _knows_skat(self, seat: int) -> bool:
        """The declarer knows the skat once taken up (then: the discards), never before the Hand
        choice; in Schieberamsch the seat pushing knows what it put there so far, and the last
        seat that pushed knows its two until the next takes them up.  Everyone, after the hand."""
        if self.done:
            return True
        if self.game == GameType.RAMSCH:
            return seat == self.to_move if self.phase == Phase.DISCARD else seat == self.pusher
        return seat == self.declarer and self.phase >= Phase.DISCARD and not self.hand_game

    def all_cards_in_one_place(self) -> bool:
        """Invariant check used by tests: every card is in exactly one place."""
        places = [*self.hands, self.skat, *(sum(1 << c for c in t.cards) for t in self.tricks)]
        places.append(sum(1 << c for c in self.trick))
        total = 0
        for m in places:
            if total & m:
                return False
            total |= m
        return total == ALL_CARDS
