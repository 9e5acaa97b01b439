// Package projectopoly is Projectopoly (game id "projectopoly"), the project
// managers' property game of seed 000, specified in
// shared/rules/projectopoly.md. It holds the board of G000-02 with its fee
// table, the Chance and Project Chest decks of G000-07/08, the Ruleset
// knobs and the mechanisms of offering to all, of mixed payment and of
// receiving extended assets (offertoall.go, mixed.go, receive.go, behind
// the core's opoly.Mechanism), the standard bot's rules for them (bot.go,
// an opoly.Advisor), with their rule and bot tests
// (rules_*_test.go, bot_test.go, on the core's test kit opolytest); the
// other rules are the shared core in engine/opoly.
//
// Where Projectopoly sets the core's knobs (all other behaviour is the core's):
//   - 2-7 PMs; 35.000/30.000/25.000/20.000/15.000/10.000€ and 7..2 dealt
//     cards, each paid (R000-05, A000-01..04); amounts in steps of 10€,
//     written 12.500€; the seat order is kept and a roll-off picks the first
//     PM (G000-17);
//   - Go! pays 2.000€; a third double goes to WFA (cell 10) without moving;
//     leaving WFA costs 500€, forced on the 3rd failed turn; WFA exit cards
//     are held and may be sold (R000-19..22, A000-11);
//   - certifications (250/500/1.000/2.000€) and services (dice × 40€ or
//     100€) are the core's counted and dice cells (G000-03/04);
//   - declined purchases go to a sealed-bid auction unless the lobby option
//     auctionOnDecline is off (A000-08);
//   - FTE 1-4 and Team+QM (level 5) from Project Planning's finite pool of
//     32 FTE and 12 QM teams; a Team+QM returns its 4 FTE; with 5 FTE (2 QM)
//     or fewer free and another PM able to staff, a build request is a
//     sealed shortage auction of that one unit with reserves (G000-10);
//     a QM is broken down only with 4 FTE free, else the whole group is
//     released to a level the pool can supply (SellGroupDown);
//   - budget extensions are the core's mortgages (half the value, repaid
//     +10% rounded up to 10€); whoever receives an extended asset pays 10%
//     at once or redeems it (R000-28);
//   - trades move at least one asset and give something both ways (no gifts
//     or loans, A000-23), never a project of a staffed group (R000-26);
//     "offer to all" runs a seller-run sealed auction with a reserve (G000-12;
//     offertoall.go);
//   - debts to one PM may be paid in part with assets at the creditor's
//     valuation (A000-21; mixed.go); several creditors are one debt to FICO whose
//     cash is split equally in seat order, in multiples of 10€, the rest to
//     FICO (A000-20 as amended); bankruptcy to a PM hands it
//     everything, to FICO frees every asset (A000-25);
//   - card C16 lets FICO cancel a project for half its value (A000-14);
//   - endMode: lastStanding (default), rounds:10/20/30/50/100 or
//     minutes:30/60/90; the score is the net worth of G000-14, ties broken
//     by cash, then by the number of assets.
//
// Defaults for absent or timed-out seats (C-7; engine.Prompt carries them):
// roll (also the roll for doubles in WFA), end the turn, decline a purchase,
// no bid in every sealed auction (a tied re-bid stays at the tied amount),
// reject a trade, refuse properties offered against a debt (creditor),
// reject a valuation (debtor), the cheapest project for C16, and in a debt
// the liquidation order of MF-10 (release FTE from the dearest group, then
// extend the cheapest asset, then bankruptcy). Sealed bids are
// engine.DecisionBid, trade and valuation answers engine.DecisionAnswer.
package projectopoly
