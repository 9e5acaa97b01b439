// Package opoly is the board renderer of the property games (Unipoly
// now; Projectopoly and Technopoly share it): the 40-cell board as a ring
// with group colours or letters, owners, buildings, mortgages and tokens, a
// cursor to inspect any cell's card, the players and info panes, the dice,
// an action bar built from the viewer's legal actions, and the dialogs of
// the game (trading, sealed bids, the mandatory payment).
//
// It draws only from the engine's opoly.View (board data, names and money
// format included), so a variant differs in data, never in code; the few
// words a ruleset does not carry (what a building is called) live in the
// variant table of register.go. Styles are built from the session's Theme.
package opoly
