"""The rules of Skat and Offiziersskat.  Standard library only; never imports pygame."""

from .actions import HAND, HOLD, KONTRA, NO_CALL, PASS, PICKUP, RE, action_name, bid, declare, parse_action
from .cards import card_name, cards_of, mask_of, mask_points, parse_card
from .deal import SkatDeal, shuffled_deck
from .errors import IllegalActionError, RecordError
from .games import GAMES, Game, game_named, game_of
from .match import Match, MatchError, new_hand
from .officers import OfficersHand, OPhase
from .rules import ISKO, LOTHAR, OFFICERS, PRESETS, Rules, RulesError, preset
from .scoring import HandResult, score_skat
from .skat_hand import Phase, SkatHand
from .tricks import GameType

__all__ = [
    "HAND",
    "HOLD",
    "KONTRA",
    "NO_CALL",
    "PASS",
    "PICKUP",
    "RE",
    "action_name",
    "bid",
    "declare",
    "parse_action",
    "card_name",
    "cards_of",
    "mask_of",
    "mask_points",
    "parse_card",
    "SkatDeal",
    "shuffled_deck",
    "IllegalActionError",
    "RecordError",
    "GAMES",
    "Game",
    "game_named",
    "game_of",
    "Match",
    "MatchError",
    "new_hand",
    "OfficersHand",
    "OPhase",
    "ISKO",
    "LOTHAR",
    "OFFICERS",
    "PRESETS",
    "Rules",
    "RulesError",
    "preset",
    "HandResult",
    "score_skat",
    "Phase",
    "SkatHand",
    "GameType",
]
