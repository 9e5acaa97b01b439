// Package unipoly is Unipoly (game id "unipoly"), the university property
// game of seed 004, specified in shared/rules/unipoly.md. It holds only data:
// the board of G004-01..04 (with its rent tables), the Unexpected and
// Probability decks of G004-08/09, and the Ruleset knobs; the rules are the
// shared core in engine/opoly.
//
// Where Unipoly sets the core's knobs (all other behaviour is the core's):
//   - set-up by seat count: $8,750/7,500/6,250/5,000/3,750 and 7/6/5/4/3
//     dealt properties, each charged at its price (R004-02, A004-01);
//   - GO salary $200; a third double goes to Jail (cell 10) without moving;
//     the jail fee is $50, forced on the 3rd failed turn (G004-06/07);
//   - declined purchases and bankrupt estates go to sealed-bid auctions, 3
//     tied re-bid rounds before a random draw (G004-14);
//   - houses 1-4 and a hotel (level 5), no supply limit, sold back at half
//     price, even building and selling (R004-11, G004-05);
//   - mortgages at half the price, lifted at +10% rounded up to $1, no fee
//     when a mortgaged property changes hands (R004-13..16, A004-06);
//   - trades of properties, Get-Out-of-Jail cards and money in one's own
//     turn, at most 3 proposals per turn; every building of a group with a
//     traded street is sold at half price first (A004-03, A004-08, A004-09);
//   - debts: sell and mortgage, automatic bankruptcy when even that cannot
//     pay; a bankruptcy removes only that player (A004-10, A004-11);
//   - endMode: lastStanding (default), rounds:10/20/30/50/100 or
//     minutes:30/60/90 (G004-12). The engine has no clock: the game is
//     engine.TimeLimited and the platform applies opoly.TimeUp as seat
//     engine.Table after M minutes; the round in progress is the last.
package unipoly
