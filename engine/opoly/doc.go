// Package opoly is the shared core of boardroom's three roll-and-move
// property games (Unipoly, Projectopoly, Technopoly): the board model
// (cells, groups, rent tables, building levels), card decks as data, the bank,
// the turn machine (roll, move, resolve the cell, buy or auction, the
// build/mortgage/trade window, end turn), sealed-bid auctions, trades between
// players, mortgages, debt resolution and bankruptcy, the View a viewer may
// see, a Checker of invariants, and a bot.
//
// A variant is a Ruleset value: board and decks as data, knobs, and a few hook
// functions. A variant package (engine/opoly/unipoly, ...) builds its Ruleset
// and wraps it in a Definition with NewDefinition; it never "overrides"
// methods by embedding.
//
// The rule ids in comments (MF-x, C-x, R004-xx, G004-xx, A004-xx) refer to
// shared/rules/README.md and shared/rules/unipoly.md.
package opoly
