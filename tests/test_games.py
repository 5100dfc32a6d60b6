"""The game descriptors: every rule option belongs to a game, and each game's hands know their game."""

from __future__ import annotations

import random
from dataclasses import fields

import pytest

from skat.engine.deal import shuffled_deck
from skat.engine.games import GAMES, OFFICERS, SKAT, game_named, game_of
from skat.engine.match import MatchError
from skat.engine.rules import PRESETS, Rules


def test_every_rule_option_applies_to_a_game() -> None:
    keys = {k for game in GAMES.values() for k in game.option_keys}
    assert keys == {f.name for f in fields(Rules)}


def test_presets_belong_to_exactly_one_game() -> None:
    offered = [name for game in GAMES.values() for name in game.presets]
    assert sorted(offered) == sorted(PRESETS)


@pytest.mark.parametrize("game", [SKAT, OFFICERS], ids=lambda g: g.name)
def test_a_hand_and_its_observations_know_their_game(game) -> None:
    deck = shuffled_deck(random.Random(7))
    hand = game.new_hand(game.default_rules, deck)
    assert isinstance(hand, game.hand_type)
    assert game_of(hand) is game
    assert game.deck_of(hand) == deck
    for seat in range(game.seats):
        view = hand.observe(seat)
        assert isinstance(view, game.observation_type)
        assert game_of(view) is game


@pytest.mark.parametrize("game", [SKAT, OFFICERS], ids=lambda g: g.name)
def test_every_player_sits_at_a_seat_except_a_fourth_dealer(game) -> None:
    for players in game.table_sizes:
        for dealer in range(players):
            seats = game.seats_for(dealer, players)
            assert len(set(seats)) == game.seats
            assert (dealer in seats) == (players == game.seats)


def test_unknown_names_and_tables_are_refused() -> None:
    with pytest.raises(MatchError):
        game_named("doppelkopf")
    with pytest.raises(MatchError):
        game_named(None)
    with pytest.raises(MatchError):
        SKAT.check_table(2, 3)
    with pytest.raises(MatchError):
        OFFICERS.check_table(2, 3)
    with pytest.raises(TypeError):
        game_of(object())
