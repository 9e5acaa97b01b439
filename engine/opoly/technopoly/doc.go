// Package technopoly is Technopoly (game id "technopoly"), the start-up
// property game of seed 001, specified in shared/rules/technopoly.md. It
// holds the board and pricing guide of G001-01, the optional Tech News
// deck of G001-07, the Ruleset knobs, the how-to-play guide and the two
// mechanisms only Technopoly has (takeover.go, finishround.go, behind the
// core's opoly.Mechanism) with the standard bot's rules for takeovers
// (bot.go, an opoly.Advisor), and their rule tests (rules_*_test.go, on
// the core's test kit opolytest); every other rule is the shared core in
// engine/opoly.
//
// Where Technopoly sets the core's knobs (all other behaviour is the core's):
//   - 2-4 players, £150,000 each on Invest NI, nothing dealt; the seat order
//     is shuffled (R001-04..06);
//   - Invest NI pays £20,000 for each pass or landing, counted per player
//     as the trip marker PlayerView.Laps (R001-14, A001-02; CountLaps);
//   - 28 start-ups in 10 fields, every one staffable: level 1-3 is the
//     number of developers, level 4 three developers and a CTO; hired
//     evenly on a complete field at the field's staff price; staff are
//     permanent and unlimited (R001-20..24, A001-07, A001-10, G001-04/05);
//     the unstaffed fee doubles on a complete field (R001-17, A001-11);
//   - no jail, mortgage, auction or trade (R001-27, A001-12); a third
//     double moves, pays £1,000 and resolves the space, and ends the turn
//     (R001-11, A001-01; Jail.ThirdDoubleTax);
//   - takeovers at 120% of the price on unstaffed fields, approved or
//     denied by the owner, denial by default (R001-25, A001-08/09;
//     TakeoverPct, actions request_takeover, approve_takeover,
//     deny_takeover; the takeovers mechanism, takeover.go);
//   - any debt the cash cannot cover is a bankruptcy, which ends the game
//     (R001-12, R001-26, A001-03/04; Liquidation off, End.FirstBankruptcy);
//     Crowdfunding success (N12) collects from every player who can pay in
//     full first, then each who cannot is bankrupt to the drawer, and the
//     game ends once (G001-07 as amended; collecteach.go);
//   - at a buy decision only buy and decline (and terminate) are legal:
//     no hiring, no takeover request (G001-08 as amended; BuyDecisionOnly);
//   - resign is "terminate the game": any player, at any time, even out of
//     turn; the terminating player keeps its resources as its score but
//     cannot win (R001-13, A001-06; End.Resign);
//   - the score is resources: cash + printed prices + staff paid (G001-03);
//     ties: more cash, then more start-ups, then shared, and the reason of
//     the end says which decided (A001-15; tiebreak.go);
//   - options: roundLimit off (default) / 20 / 30 / 40 / 60 / 100
//     (G001-06), techNewsDeck off (default) / on (G001-07) and
//     finishRound off (default) / on: a bankruptcy lets the round in
//     progress be played to its end (G001-09; finishround.go).
//
// Defaults of absent or timed-out seats (C-7): roll, end the turn, decline
// a purchase, deny a takeover request (a DecisionAnswer prompt). Nothing
// is ever bought, hired or terminated for an absent player.
package technopoly
