"""Card play in three-handed Skat: suit games and Grand, Null, Ramsch.

Suit games and Grand are played by an expected-value rule: for every legal
card, the probability that our side takes the trick (from the cards others may
still hold, see :mod:`skat.ai.model.knowledge`) times the points at stake, minus
what the card is worth keeping for later, plus a few bonuses that encode the
classic advice (draw trumps as declarer; as defender lead "short way, long
suit; long way, short suit"; count to 61).  Keeping values make the basics
fall out of one formula: a bare Ten is cheap to give away, so it is smeared
on a partner's sure trick; an Ace is worth keeping unless the trick is rich;
a Jack is not wasted on an empty trick.

Null and Ramsch have their own small rule sets.  A strength that searches the
endgame (:mod:`skat.ai.solve.skat_endgame`) asks it first (:mod:`.player`).
"""

from __future__ import annotations

import random

from ...engine.cards import CARD_POINTS, JACK, SUIT_MASKS, TEN, iter_cards
from ...engine.skat_hand import SkatObservation
from ...engine.tricks import GameType
from ..model.evaluation import null_suit_deficits
from ..model.knowledge import SkatKnowledge
from ..strengths import Strength

LATER_POINTS = 3.0
"""Points each player still to play is expected to add to a trick."""


def choose_card(obs: SkatObservation, profile: Strength, rng: random.Random) -> int:
    """A legal card for the seat to move in the play phase."""
    legal = list(obs.legal)
    if len(legal) == 1:
        return legal[0]
    game = obs.game
    assert game is not None
    kn = SkatKnowledge(obs, game, profile)
    if profile.slip and rng.random() < profile.slip:
        return rng.choice(legal)
    if game == GameType.NULL:
        if obs.seat == obs.declarer:
            return _null_declarer(kn, legal)
        return _null_defender(kn, legal)
    if game == GameType.RAMSCH:
        return _ramsch(kn, legal)
    return _trump_game(kn, obs, legal)


# ---------------------------------------------------------------- trump games
def trick_state(kn: SkatKnowledge) -> tuple[int, int, int]:
    """(lead card, best card, seat of the best card) of the trick on the table."""
    lead_seat, lead = kn.trick[0]
    best_seat, best = lead_seat, lead
    for seat, c in kn.trick[1:]:
        if kn.beats(lead, best, c):
            best_seat, best = seat, c
    return lead, best, best_seat


def keep_value(kn: SkatKnowledge, c: int, my_trumps: int, opp_trumps: int) -> float:
    """What holding ``c`` is worth for the rest of the hand, in card points.

    ``q`` is the chance the card ends up in our tricks; the card's own points
    count for us with ``q`` and against us otherwise, and a winner also
    captures what the others add to its trick.
    """
    pts = CARD_POINTS[c]
    higher = kn.higher_out(c).bit_count()
    if kn.trumps >> c & 1:
        q = 1.0 if higher == 0 else 0.7 if higher == 1 else 0.5 if higher == 2 else 0.3
        if my_trumps > opp_trumps + higher:
            q = max(q, 0.8)
        value = (2 * q - 1) * pts + q * 7.0
        if higher == 0 and c & 7 == JACK:
            value += 2.0
        return value
    suit = kn.follow[c]
    out_in_suit = (suit & kn.out).bit_count()
    mine_in_suit = (suit & kn.hand).bit_count()
    if higher == 0:
        if out_in_suit >= 2:
            q, capture = 0.85, 4.0
        elif out_in_suit == 1:
            q, capture = 0.7, 2.0
        else:
            q, capture = (0.5 if opp_trumps else 1.0), 0.0
    elif higher == 1 and mine_in_suit >= 2:
        q, capture = 0.45, 2.0
    else:
        q, capture = 0.15, 0.0
    value = (2 * q - 1) * pts + q * capture
    if pts == 0 and mine_in_suit <= 2 and my_trumps >= 3:
        value -= 0.5  # shortening a suit prepares a void to trump in
    return value


def _p_team_wins(kn: SkatKnowledge, lead: int | None, c: int, later: list[int]) -> float:
    """Chance that our side takes the trick if this seat plays ``c`` now."""
    me = kn.me
    if lead is None:
        lead_c, best, best_seat = c, c, me
    else:
        lead_c, best, best_seat = trick_state(kn)
        if kn.beats(lead_c, best, c):
            best, best_seat = c, me
    ours = kn.friends(me, best_seat)
    if not later:
        return 1.0 if ours else 0.0
    if len(later) == 1:
        seat = later[0]
        if ours:
            return 1.0 if kn.friends(seat, me) else 1.0 - kn.p_beats(seat, lead_c, best)
        return 0.9 * kn.p_beats(seat, lead_c, best) if kn.friends(seat, me) else 0.0
    first, second = later
    p1 = kn.p_beats(first, lead_c, best)
    p2 = kn.p_beats(second, lead_c, best)
    if not kn.friends(first, me) and not kn.friends(second, me):
        return (1.0 - p1) * (1.0 - p2)
    if kn.friends(first, me):  # partner next, enemy last
        return 1.0 - p2 * 0.8
    return (1.0 - p1) + p1 * 0.15  # enemy next, partner last


def _trump_game(kn: SkatKnowledge, obs: SkatObservation, legal: list[int]) -> int:
    me = kn.me
    declarer = kn.declarer
    trumps = kn.trumps
    my_trumps = (kn.hand & trumps).bit_count()
    opp_trumps = (kn.out & trumps).bit_count()
    leading = not kn.trick
    lead = None if leading else kn.trick[0][1]
    later = [(me + i) % 3 for i in range(1, 3 - len(kn.trick))]
    trick_pts = sum(CARD_POINTS[c] for _, c in kn.trick)
    strong = kn.profile.infers
    if strong:
        ours = kn.team_points(me, obs.points)
        target = 61 if me == declarer else 60
        theirs_seat = next(s for s in range(3) if not kn.friends(s, me))
        theirs = kn.team_points(theirs_seat, obs.points)
    best_card, best_ev = legal[0], float("-inf")
    for c in legal:
        p = _p_team_wins(kn, lead, c, later)
        stake = trick_pts + CARD_POINTS[c] + LATER_POINTS * len(later)
        ev = (2 * p - 1) * stake - keep_value(kn, c, my_trumps, opp_trumps)
        ev += 0.05 * CARD_POINTS[c] * (2 * p - 1)
        if strong:
            if ours < target <= ours + stake:
                ev += 12.0 * p
            if theirs < 120 - target + 1 <= theirs + stake:
                ev -= 12.0 * (1 - p)
            schneider = 91 if me == declarer else 31
            if ours < schneider <= ours + stake:
                ev += 3.0 * p
        if leading:
            ev += _lead_bonus(kn, c, my_trumps, opp_trumps)
        if ev > best_ev:
            best_card, best_ev = c, ev
    return best_card


def _lead_bonus(kn: SkatKnowledge, c: int, my_trumps: int, opp_trumps: int) -> float:
    """The classic leading advice, as nudges on top of the trick's value."""
    trumps = kn.trumps
    is_trump = bool(trumps >> c & 1)
    me, declarer = kn.me, kn.declarer
    assert declarer is not None
    if me == declarer:
        if is_trump:
            if opp_trumps == 0:
                return -6.0
            master = kn.is_master(c)
            if my_trumps >= 2 and my_trumps >= opp_trumps:
                return 10.0 + (3.0 if master else 0.0)
            return 0.0
        # Side suits: prefer the long suit once trumps are drawn, short ones before.
        return 0.0
    bonus = 0.0
    if is_trump:
        bonus -= 3.0 if kn.game != GameType.GRAND else 2.0
    else:
        suit = kn.follow[c]
        lengths = {}
        for s_mask in SUIT_MASKS:
            side = s_mask & ~trumps & kn.hand
            if side:
                lengths[s_mask & ~trumps] = side.bit_count()
        if lengths:
            declarer_next = (me + 1) % 3 == declarer
            pick = max(lengths, key=lambda m: lengths[m]) if declarer_next else min(lengths, key=lambda m: lengths[m])
            if suit == pick:
                bonus += 2.5
        partner = 3 - me - declarer
        if kn.voids[partner] & suit and not kn.voids[partner] & trumps and not kn.voids[declarer] & suit:
            bonus += 3.0  # the partner trumps it
        if c & 7 == TEN and not kn.is_master(c):
            bonus -= 2.0
    return bonus


# ---------------------------------------------------------------- Null
def _null_declarer(kn: SkatKnowledge, legal: list[int]) -> int:
    power = kn.power
    if not kn.trick:
        # Lead the card with fewest cards out below it (someone must go over it).
        def lead_key(c: int) -> tuple[int, int, int]:
            below = kn.lower_out(c).bit_count()
            above = kn.higher_out(c).bit_count()
            return (below if above else 99, -above, power[c])

        return min(legal, key=lead_key)
    lead, best, _ = _null_trick_state(kn)
    follows = kn.follow[lead] >> legal[0] & 1
    if follows:
        under = [c for c in legal if power[c] < power[best]]
        if under:
            return max(under, key=lambda c: power[c])
        return min(legal, key=lambda c: power[c])  # forced over: hope the last player goes higher
    # Cannot follow: throw the highest card of the most dangerous suit.
    danger = {mask: deficit for deficit, mask in null_suit_deficits(kn.hand, kn.out)}
    return max(legal, key=lambda c: (danger.get(kn.follow[c], 0) > 0, danger.get(kn.follow[c], 0), power[c]))


def _null_trick_state(kn: SkatKnowledge) -> tuple[int, int, int]:
    lead_seat, lead = kn.trick[0]
    best_seat, best = lead_seat, lead
    for seat, c in kn.trick[1:]:
        if kn.follow[lead] >> c & 1 and kn.power[c] > kn.power[best]:
            best_seat, best = seat, c
    return lead, best, best_seat


def _null_defender(kn: SkatKnowledge, legal: list[int]) -> int:
    power = kn.power
    declarer = kn.declarer
    assert declarer is not None
    decl_pool = kn.pool[declarer]
    if not kn.trick:
        # Lead low into a suit the declarer still holds, the lower the better
        # relative to his cards: with an open hand, one he must win.
        def lead_key(c: int) -> tuple[float, int]:
            suit = kn.follow[c]
            his = decl_pool & suit
            if not his:
                return (50.0, power[c])
            his_low = min(power[x] for x in iter_cards(his))
            forced = 1 if power[c] < his_low else 0
            known = 2.0 if kn.known[declarer] else 1.0
            return (-(forced * known) + (power[c] - his_low) * 0.1, power[c])

        return min(legal, key=lead_key)
    lead, best, best_seat = _null_trick_state(kn)
    follows = kn.follow[lead] >> legal[0] & 1
    declarer_played = any(seat == declarer for seat, _ in kn.trick)
    if declarer_played:
        if best_seat == declarer:
            # Stay under the declarer's card; throw the highest card that does.
            under = [c for c in legal if not (follows and power[c] > power[best])]
            if under:
                return max(under, key=lambda c: power[c])
            return min(legal, key=lambda c: power[c])
        return max(legal, key=lambda c: power[c])  # the trick is ours anyway: get rid of a high card
    # Declarer still to play: keep the trick's top card low.
    if follows:
        return min(legal, key=lambda c: power[c])
    return max(legal, key=lambda c: power[c])


# ---------------------------------------------------------------- Ramsch
def _ramsch(kn: SkatKnowledge, legal: list[int]) -> int:
    """Take as few points as possible: duck with the highest card that still
    loses, throw Aces and Tens onto other players' tricks, lead low cards."""
    power = kn.power
    if not kn.trick:

        def lead_key(c: int) -> tuple[float, int]:
            # Chance of keeping the trick falls with every higher card still out.
            higher = kn.higher_out(c).bit_count()
            risk = 1.0 if higher == 0 else 1.0 / (1 + higher)
            return (risk * (CARD_POINTS[c] + 6), -power[c] if risk < 0.3 else power[c])

        return min(legal, key=lead_key)
    lead, best, _ = trick_state(kn)
    losers = [c for c in legal if not kn.beats(lead, best, c)]
    if losers:
        return max(losers, key=lambda c: (CARD_POINTS[c] * 2 + power[c] % 100, power[c]))
    if len(kn.trick) == 2:
        return min(legal, key=lambda c: (CARD_POINTS[c], -power[c]))
    return min(legal, key=lambda c: (power[c], CARD_POINTS[c]))
