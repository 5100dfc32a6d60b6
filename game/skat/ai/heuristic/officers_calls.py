"""The heuristic's Officers' Skat calls: trump choice, passing, Kontra and Re,
the Admirals' auction, its skat and discard (its cards: :mod:`.officers_cards`).
"""

from __future__ import annotations

import random

from ...engine import actions as A
from ...engine.cards import ACE, JACK, JACKS_MASK, KING, QUEEN, TEN, iter_cards
from ...engine.officers import OfficersObservation, OPhase
from ...engine.rules import Rules
from ...engine.tricks import BASE_VALUES, GameType
from ...engine.values import NULL_VALUES, matadors
from ..base import Thinking
from ..model.evaluation import TRUMP_GAMES, best_discard, logistic
from ..strengths import Strength
from .skat_calls import bid_action

_JACK_WEIGHT = {3: 3.0, 2: 2.6, 1: 2.2, 0: 1.9}
_TRUMP_RANK_WEIGHT = {ACE: 1.8, TEN: 1.6, KING: 1.2, QUEEN: 1.1}

# Winning chance of the declarer as a logistic function of the visible score
# (game_score), per moment of decision and kind of game: (intercept, slope).
# Fitted by ``python -m skat.lab.calibrate officers`` on self-play of the strong player.
P_MODELS: dict[str, tuple[float, float]] = {
    "admirals_grand": (-1.077, 0.325),
    "admirals_kontra_grand": (1.614, 0.083),
    "admirals_kontra_suit": (1.412, 0.328),
    "admirals_suit": (-1.788, 0.354),
    "choice_grand": (-0.55, 0.248),
    "choice_suit": (-0.867, 0.287),
    "harlequin_grand": (-0.334, 0.323),
    "harlequin_kontra_grand": (2.199, 0.159),
    "harlequin_kontra_suit": (0.048, 0.304),
    "harlequin_suit": (-0.496, 0.279),
    "kontra_grand": (-0.162, 0.248),
    "kontra_suit": (-0.25, 0.303),
    "re_grand": (-0.306, 0.276),
    "re_suit": (-0.483, 0.341),
}


def think(obs: OfficersObservation, rules: Rules, profile: Strength, rng: random.Random) -> Thinking:
    """Generator for one Officers' Skat call (card play: :func:`.officers_cards.choose_card`)."""
    legal = obs.legal
    if len(legal) == 1:
        return legal[0]
    phase = obs.phase
    yield None
    if phase == OPhase.DECLARE:
        return _declare(obs, rules, profile, rng)
    if phase == OPhase.KONTRA:
        return A.KONTRA if _declarer_chance(obs, rules) < profile.officers_kontra_below else A.NO_CALL
    if phase == OPhase.RE:
        return A.RE if _declarer_chance(obs, rules) > profile.officers_re_above else A.NO_CALL
    if phase == OPhase.BIDDING:
        return _bid(obs, rules, profile)
    if phase == OPhase.SKAT:
        return _skat_choice(obs, rules, profile)
    if phase == OPhase.DISCARD:
        return _discard(obs, rules)
    return legal[0]


# ------------------------------------------------------------------ what is visible
def own_known(obs: OfficersObservation) -> int:
    """This seat's cards that it can see: face-up, hand, and (Admirals) its discards."""
    return obs.playable[obs.seat] | obs.hand | obs.skat


def opp_known(obs: OfficersObservation) -> int:
    return obs.playable[1 - obs.seat] | obs.opponent_hand_visible


def card_weight(game: int, c: int) -> float:
    """A card's contribution to a game's strength (trump choice, doubling, bidding)."""
    suit, rank = c >> 3, c & 7
    if rank == JACK:
        return _JACK_WEIGHT[suit]
    if game == GameType.GRAND:
        return 1.2 if rank == ACE else 0.4 if rank == TEN else 0.0
    if suit == game:
        return _TRUMP_RANK_WEIGHT.get(rank, 1.0)
    return 1.0 if rank == ACE else 0.3 if rank == TEN else 0.0


def game_score(game: int, mine: int, theirs: int) -> float:
    """How much better this seat stands in ``game`` than the opponent, by what is visible."""
    own = sum(card_weight(game, c) for c in iter_cards(mine))
    score = own - 0.8 * sum(card_weight(game, c) for c in iter_cards(theirs))
    for suit in range(4):
        if (game == GameType.GRAND or suit != game) and mine >> (suit * 8 + ACE) & 1 and mine >> (suit * 8 + TEN) & 1:
            score += 0.5  # a Ten under its own Ace is as good as a winner
    return score


def win_chance(context: str, game: int, score: float) -> float:
    a, b = P_MODELS[f"{context}_{'grand' if game == GameType.GRAND else 'suit'}"]
    return logistic((a, b), [1.0, score])


def grand_worthy(cards: int) -> bool:
    """The usual rule for a Grand on a few visible cards: three Jacks, or two with two Aces."""
    jacks = (cards & JACKS_MASK).bit_count()
    aces = sum(1 for s in range(4) if cards >> (s * 8 + ACE) & 1)
    return jacks >= 3 or (jacks == 2 and aces >= 2)


def expected_score(rules: Rules, game: int, p: float, multiplier: int = 1) -> float:
    """The declarer's expected entry for a winning chance ``p`` under the scoring rule."""
    base = BASE_VALUES[GameType(game)]
    if rules.officers_scoring == "simple_points":
        return 4 * p - 2
    if rules.officers_scoring == "simple_base":
        return base * (2 * p - 1)
    return base * multiplier * (3 * p - 2)


def choose_game(rules: Rules, context: str, mine: int, theirs: int) -> tuple[GameType, float, float]:
    """(game, winning chance, expected score) of the best trump game on the visible cards."""
    best: tuple[float, float, GameType] | None = None
    for g in TRUMP_GAMES:
        if g == GameType.GRAND and not grand_worthy(mine):
            continue
        p = win_chance(context, g, game_score(g, mine, theirs))
        mult = 1
        if rules.more_matadors:
            mult = abs(matadors(g, mine)) + 1
        ev = expected_score(rules, g, p, mult)
        if best is None or (ev, p) > best[:2]:
            best = (ev, p, g)
    assert best is not None
    return best[2], best[1], best[0]


def null_suits_low(cards: int) -> bool:
    """Only low cards, none above a Nine: the only Officers' hand worth a Null."""
    return bool(cards) and all(c & 7 <= 2 for c in iter_cards(cards))


def _context(obs: OfficersObservation, rules: Rules) -> str:
    if rules.officers_layout != "officers":
        return rules.officers_layout
    return "choice" if not obs.playable[1] else "kontra"


# ------------------------------------------------------------------ declaring
def _declare(obs: OfficersObservation, rules: Rules, profile: Strength, rng: random.Random) -> int:
    legal = obs.legal
    if rules.officers_layout == "admirals":
        return _declare_admirals(obs, rules)
    mine = own_known(obs)
    theirs = opp_known(obs)
    game, p, _ = choose_game(rules, _context(obs, rules), mine, theirs)
    if profile.whim and rng.random() < profile.whim:
        # An easy player goes by its strongest suit, whatever it is worth.
        game = max(TRUMP_GAMES[:4], key=lambda g: sum(card_weight(g, c) for c in iter_cards(mine)))
    null = A.declare(GameType.NULL)
    if null in legal and profile.dares and p < profile.officers_pass_below and null_suits_low(mine):
        return null
    if A.PASS in legal:
        # Forehand passes a weak hand; the dealer who passes too sends the
        # hand to Ramsch, so it declares from an even chance.
        need = profile.officers_pass_below if obs.seat == 0 and not obs.passes else profile.officers_dealer_plays_from
        if p < need:
            return A.PASS
    return A.declare(game)


def _declare_admirals(obs: OfficersObservation, rules: Rules) -> int:
    """The declaration with the best expected score among those whose value reaches the bid."""
    mine = own_known(obs)
    theirs = opp_known(obs)
    best_action, best_key = obs.legal[0], (-1, float("-inf"))
    for action in obs.legal:
        if not A.is_declaration(action):
            continue
        d = A.declaration(action)
        if d.schneider or d.schwarz:
            continue
        if d.game == GameType.NULL:
            value = NULL_VALUES[(obs.hand_game, False)]
            p = 0.7 if null_suits_low(obs.hand | obs.playable[obs.seat]) else 0.05
        else:
            if d.game == GameType.GRAND and not grand_worthy(mine):
                continue
            value = BASE_VALUES[d.game] * (abs(matadors(d.game, mine, jacks_only=True)) + 1 + obs.hand_game)
            p = win_chance("admirals", d.game, game_score(d.game, mine, theirs))
        key = (int(value >= obs.bid), value * (3 * p - 2))
        if key > best_key:
            best_action, best_key = action, key
    return best_action


def _declarer_chance(obs: OfficersObservation, rules: Rules) -> float:
    """The declarer's winning chance as this seat sees it (for Kontra and Re)."""
    game = obs.game
    if game is None or game == GameType.NULL:
        return 0.5
    mine, theirs = own_known(obs), opp_known(obs)
    declaring = obs.seat == obs.declarer
    if not declaring:
        mine, theirs = theirs, mine
    if rules.officers_layout == "officers":
        context = "re" if (obs.playable[0] | obs.playable[1]).bit_count() > 8 else "kontra"
    else:
        # The opponent cannot see the declarer's hand, but knows it chose this game.
        context = rules.officers_layout if declaring else f"{rules.officers_layout}_kontra"
    return win_chance(context, game, game_score(game, mine, theirs))


# ------------------------------------------------------------------ Admirals' auction
def admirals_limit(obs: OfficersObservation, profile: Strength) -> int:
    """Highest bid this seat would play: the value of the best game whose
    chance, by the visible cards, reaches the bidding threshold."""
    mine = own_known(obs)
    theirs = opp_known(obs)
    limit = 0
    for g in TRUMP_GAMES:
        if g == GameType.GRAND and not grand_worthy(mine):
            continue
        if win_chance("admirals", g, game_score(g, mine, theirs)) >= profile.officers_bid_from:
            limit = max(limit, BASE_VALUES[g] * (abs(matadors(g, mine, jacks_only=True)) + 1))
    return limit


def _bid(obs: OfficersObservation, rules: Rules, profile: Strength) -> int:
    return bid_action(obs, admirals_limit(obs, profile))


def _skat_choice(obs: OfficersObservation, rules: Rules, profile: Strength) -> int:
    """Hand only with a game that is nearly sure and still reaches the bid."""
    if not profile.dares:
        return A.PICKUP
    mine = own_known(obs)
    game, p, _ = choose_game(rules, "admirals", mine, opp_known(obs))
    value = BASE_VALUES[game] * (abs(matadors(game, mine, jacks_only=True)) + 2)
    return A.HAND if p >= 0.85 and value >= obs.bid else A.PICKUP


def _discard(obs: OfficersObservation, rules: Rules) -> int:
    """Push points and short suits into the skat, as in Skat, but only from
    the hand: the face-up cards stay where they lie."""
    mine = own_known(obs)
    game, _, _ = choose_game(rules, "admirals", mine, opp_known(obs))
    pair = best_discard(mine, game, obs.skat, allowed=obs.hand | obs.skat)
    for c in pair:
        if obs.hand >> c & 1:
            return c
    return obs.legal[0]
