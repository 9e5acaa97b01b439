// Package opoly is the board renderer of the property games (Unipoly
// now; Projectopoly and Technopoly share it): the 40-cell board as a ring
// with group colours or letters, owners, buildings, mortgages and tokens, a
// cursor to inspect any cell's card, the players and info panes, the dice,
// an action bar built from the viewer's legal actions, and the dialogs of
// the game (trading, sealed bids, the mandatory payment).
//
// It draws only from the engine's opoly.View (board data, names and money
// format included); the few words a ruleset does not carry (what a
// building is called) live in the variant table of register.go. What only
// one variant's mechanisms have on screen is that variant's Panel
// (panel.go), in a package of its own that draws with the exported kit
// (kit.go): tui/opoly/projectopoly; tui/opoly/games wires them, and this
// package never imports them. Styles are built from the session's Theme.
package opoly
