"""English rules help: both games, every option, and the decisions taken where the rule texts are thin."""

HELP: dict[str, str] = {
    "help.skat.title": "Skat",
    "help.skat.body": (
        "Three players, 32 cards. The dealer deals 3 cards each, 2 to the skat, 4 each, then 3 each. "
        "Forehand sits left of the dealer, then middlehand, then rearhand. At a table of four the dealer "
        "gets no cards and sits out the hand.\n"
        "Bidding is about numbers, the possible game values 18, 20, 22, 23, 24, 27, 30 ... 264. Middlehand "
        "says values to forehand, who answers yes or pass; then rearhand says to the survivor. The last one "
        "standing is the declarer and must play a game worth at least the bid. If middlehand and rearhand "
        "pass without a bid, forehand may play at 18 or pass too.\n"
        "The declarer takes the skat and puts two cards away (they count for the declarer), or plays Hand "
        "without looking at it. Then the game is declared: a suit (the four Jacks and that suit are trumps), "
        "Grand (only the Jacks are trumps) or Null (no trumps, the declarer must not take a trick).\n"
        "Forehand leads the first trick. Follow suit if you can; a Jack belongs to the trumps, not to its "
        "suit (except in Null). The highest trump wins the trick, otherwise the highest card of the suit led. "
        "The declarer wins with 61 card points or more, the skat included; Ace 11, Ten 10, King 4, Queen 3, "
        "Jack 2."
    ),
    "help.values.title": "Game values",
    "help.values.body": (
        "Value = base value x levels. Base values: Diamonds 9, Hearts 10, Spades 11, Clubs 12, Grand 24.\n"
        "Levels: the matadors (the unbroken run of top trumps the declarer holds, 'with', or lacks, "
        "'without', counting the skat) plus one for the game, and one each for Hand, Schneider, Schneider "
        "announced, Schwarz, Schwarz announced and Ouvert.\n"
        "Example: clubs with 2, game 3, hand 4 = 4 x 12 = 48.\n"
        "Schneider: the losing side has 30 card points or fewer. Schwarz: it took no trick (a trick with no "
        "points still counts). Announcements are allowed only in Hand games; Schwarz announced includes "
        "Schneider announced; Ouvert in a suit or Grand is played Hand and counts as Schwarz announced. "
        "An announcement that fails loses the game at the announced level.\n"
        "Null: 23, Null Hand 35, Null ouvert 46, Null ouvert Hand 59.\n"
        "A lost game counts double (minus). An overbid game (its value below the bid) is lost, counted at "
        "the smallest multiple of its base value that reaches the bid.\n"
        "Kontra and Re double the value once each."
    ),
    "help.officers.title": "Officers' Skat",
    "help.officers.body": (
        "Two players, 16 cards each, laid out in 8 piles: a face-down card under a face-up one. The dealer "
        "alternates; the other player, forehand, always declares.\n"
        "The dealer lays 4 cards face down to forehand and 4 to themselves, then 4 face up on forehand's. "
        "Forehand chooses trumps or Grand having seen only these four cards. The dealer lays their own 4 "
        "face-up cards and may say Kontra. Then the second row is laid the same way; after a Kontra forehand "
        "may answer Re.\n"
        "Only face-up cards on top of a pile can be played. Follow suit as in Skat. After each trick, a "
        "face-down card with nothing on it is turned face up. Forehand leads the first trick, then the "
        "winner of the last trick. 16 tricks.\n"
        "Scoring: matadors over the declarer's 16 cards (Jacks), multiplier = matadors + 1, value = base x "
        "multiplier; doubled for Schneider (the loser has fewer than 30 points), x4 for Schwarz instead; "
        "Kontra and Re double again. Won: + value; lost: - twice the value; 60 : 60 loses for the declarer. "
        "Play an even number of hands."
    ),
    "help.options.title": "Skat options",
    "help.options.body": (
        "Rule sets: ISkO (the tournament rules) and Lothar's table (no skipping in the bidding, Ramsch when "
        "all pass, no announced Schneider or Schwarz, an overbid Null is charged at the next Null step, no "
        "Kontra and Re, no Jungfrau). Each option can also be set on its own.\n"
        "• Skip values: under the ISkO a bidder may jump to any higher value.\n"
        "• When all pass: the deal is passed in (it counts as a game, the next player deals) or a Ramsch is "
        "played.\n"
        "• Ramsch: the Jacks are the only trumps, the skat goes to the winner of the last trick, the player "
        "with most card points loses that many; a tie loses for whoever comes first in the order. Taking "
        "every trick is a Durchmarsch, +120.\n"
        "• Jungfrau: in Ramsch, each player without a trick doubles the loser's charge.\n"
        "• Kontra and Re: after the declaration, before the first card, either defender may say Kontra; "
        "the declarer may answer Re. Each doubles the value.\n"
        "• Seeger-Fabian: +50 for every game won, -50 for every game lost, and +40 to each opponent of a "
        "lost game at three (+30 to each of the other three at four). Ranking: points, then games won, "
        "then fewer games lost.\n"
        "• Net (Bilanz): twice your score minus both opponents' scores."
    ),
    "help.officers_variants.title": "Officers' Skat variants",
    "help.officers_variants.body": (
        "• Passing: forehand may pass instead of choosing. The dealer then lays their four face-up cards and "
        "may choose or pass. If both pass, Ramsch without any trumps (not even the Jacks) is played, cards "
        "ranking A 10 K Q J 9 8 7; more card points is charged that many, 60 : 60 is a draw, all 16 tricks "
        "score +120.\n"
        "• Null: the declarer must not take a trick; value 23, lost -46.\n"
        "• More matadors: the matadors continue past the Jacks into the trump suit (A, 10, K ...).\n"
        "• Simple scoring, 2/3/4: the winner (declarer or opponent) scores 2, 3 with Schneider, 4 with "
        "Schwarz; 60 : 60 scores 1 each.\n"
        "• Simple scoring, base value: the winner scores the base value, doubled with Schneider or Schwarz.\n"
        "• Harlequin Skat: no layout. The cards are drawn in turn, one into the hand, the next turned round so "
        "that only the opponent sees it. Each player knows half of their own and half of the opponent's cards.\n"
        "• Admirals' Skat: 5 cards face down, 5 face up on them and 5 in the hand each, 2 in the skat. The "
        "declarer is found by bidding as in Skat and may take the skat or play Hand."
    ),
    "help.decisions.title": "Decisions",
    "help.decisions.body": (
        "Where the rule texts leave a question open, this game decides:\n"
        "• ISkO: Null is offered only if its value reaches the bid. Suit games and Grand can always be "
        "declared; one that ends below the bid is lost as overbid.\n"
        "• Lothar's table: Null may be declared up to a bid of 59; below the bid it is lost, charged at the "
        "next Null step (23, 35, 46, 59).\n"
        "• Forehand alone after two passes plays at 18, not higher.\n"
        "• Kontra: each defender is asked in seat order after the declaration; then the declarer may say Re.\n"
        "• Lothar's table offers Ouvert although it offers no announcements.\n"
        "• Ramsch and passed-in hands earn no Seeger-Fabian points and count neither as won nor lost.\n"
        "• Net at four: three times your score minus the other three.\n"
        "• Officers' Skat: Kontra by the dealer after their first four face-up cards, Re after the second "
        "row. With Passing, if the dealer declares, forehand may say Kontra and still leads the first trick.\n"
        "• Officers' Null ends when the declarer takes a trick; Kontra and Re double it.\n"
        "• Simple scoring: Kontra and Re double too; with the base-value form 60 : 60 loses for the declarer.\n"
        "• Harlequin: forehand draws first, each player's draws alternate seen and turned; forehand declares "
        "when all cards are drawn. You must follow suit with a card you can see; if you have none you may "
        "play any card, even one you cannot see.\n"
        "• Admirals' Skat: the dealer says, forehand holds; if both pass the deal is passed in (Ramsch with "
        "Passing). Values as in Skat (no Ouvert), Schneider below 30 points, matadors over all 15 cards and "
        "the skat. 15 tricks.\n"
        "• ISS records: when both defenders resign the declarer wins (the remaining tricks go to him, in Null "
        "to the defenders); when the declarer resigns he loses. Games ended by a timeout or a penalty are skipped."
    ),
    "help.controls.title": "Controls",
    "help.controls.body": (
        "Mouse: click a card to play it, click buttons in the dialogs.\n"
        "Touch: tap a card to select it, tap it again to play it.\n"
        "Keyboard: arrow keys choose a card, Enter plays it; in dialogs the number keys press the numbered "
        "buttons, arrows and Enter work too; L shows the last trick; Esc opens the menu.\n"
        "A click or a key finishes any animation at once."
    ),
}
