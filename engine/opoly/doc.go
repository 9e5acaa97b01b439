// Package opoly is the shared core of boardroom's three roll-and-move
// property games (Unipoly, Projectopoly, Technopoly): the board model
// (cells, groups, rent tables, building levels), card decks as data, the bank,
// the turn machine (roll, move, resolve the cell, buy or auction, the
// build/mortgage/trade window, end turn), sealed-bid auctions, trades between
// players, mortgages, debt resolution and bankruptcy, the View a viewer may
// see, a Checker of invariants, and a bot.
//
// A variant is a Ruleset value: board and decks as data, knobs, a few hook
// functions and a list of Mechanisms. A variant package (engine/opoly/
// unipoly, projectopoly, technopoly) builds its Ruleset and wraps it in a
// Definition with NewDefinition; it never "overrides" methods by
// embedding, and the core never imports a variant (deps_test.go). Knobs
// cover what differs by a number or a switch (no jail, a tax on the third
// double, no auction on decline, no mortgages, no selling back, the first
// bankruptcy ending the game, a different score through HoldingValue, the
// game's own vocabulary through Words, whose zero value is the core's own
// words, which Unipoly speaks); they are grouped by concern (Money,
// Start, Turn, Jail, Auction, Buildings, Mortgage, Trade, Debt, End).
//
// Mechanisms (mechanism.go) are the rule modules only some variants have.
// A Mechanism owns action kinds: it lists them (Legal), checks and applies
// them, and adds its lobby options; an Ender changes how the game ends, a
// Settler offers a debtor another way out than cash, a Stock makes
// buildings finite (supply.go: the core counts them in every build and
// sale and asks it before a build), a CardSwitch can switch the card
// cells off, a MarkUp sets the takeover mark-up, an Advisor gives the
// standard bot its rules of thumb for them (bot_advice.go). It reaches
// the game only through Table (table.go), the core's steps that keep the bank's
// books and the published view in step, and it lives with the variant
// that owns it, its tests included (the test kit: Editor in editor.go and
// engine/opoly/opolytest). Today:
//   - Technopoly: the Tech News deck option (technopoly/technews.go),
//     takeovers at a mark-up (technopoly/takeover.go),
//     finishing the round at a bankruptcy (technopoly/finishround.go) and
//     the standard bot's takeover rules (technopoly/bot.go);
//   - Projectopoly: Project Planning's finite pools, their shortage
//     auctions and the placement of a unit won in one
//     (projectopoly/supply.go; the auction and the place phase are the
//     core's), sales to all (projectopoly/offertoall.go; the auction it
//     opens is the core's), mixed payment of a debt
//     (projectopoly/mixed.go), the receiver's choice to repay or pay the
//     transfer fee (projectopoly/receive.go), and the standard bot's rules
//     for all of them and for placing a unit (projectopoly/bot.go).
//
// Still in the core behind a knob: the transfer fee on mortgaged
// properties in trades (Mortgage.TransferPct, trade.go), and the strong
// bot's own takeover rules (bot_own.go, which its search reads). The
// action types, the state they keep in the snapshot and their phases stay
// in the core, which decodes the action log, builds the prompt and the
// View.
//
// Game flow. Prompt names the awaited seats: the active player in the
// "roll", "jail", "buy" and "post_roll" phases; every bidder still to bid
// in "auction" (simultaneous, sealed); the debtor in "debt"; the addressee
// of a proposal in "trade". Legal lists every action of a seat; Bid,
// ProposeTrade and CounterTrade come as engine.Template over their amount.
// A UI or bot builds a full ProposeTrade itself (partner, cells and cards
// from both sides, money either way) and Apply validates it.
//
// Views. View(viewer) returns a View value. Its Board and Rules point at the
// ruleset's static data; its slices are shared between views and must not
// be modified. The game never writes to a published slice again, so a View
// stays a consistent snapshot after later moves. A seat's or spectator's
// view is built once per state and shared by every caller. A game is used
// by one goroutine at a time (the lobby serialises every call on a table),
// so what View, Legal and Prompt build on demand needs no lock; the values
// they return may be read from any goroutine afterwards.
//
// Legal lists into the game's own buffer for the seat: the list stays valid
// and unchanged until the next successful Apply; a caller that keeps it
// longer copies it (the lobby does). Prompt's Waiting lists are shared and
// read-only too.
//
// Lent views and quiet games (peek.go) are the simulator's fast paths
// (engine.ViewPeeker, engine.Quieter): PeekView holds what View holds but
// is rewritten in place by the next Apply (its Players and Supply are the
// game's own buffers; its Cells are still the published slice, a new one
// whenever a cell changes, which the bot's reserve relies on); a quiet game
// writes no sentences, reuses one list of events and money changes, and
// lists trade templates whose bounds it rewrites for the next list. All of
// it is valid until the next Apply; the conformance check fast_paths holds
// a quiet game with lent views to the plain one.
//
// Speed. Bots play thousands of games (boardroom sim), so the hot path
// allocates little: the published parts of views, events and money changes
// are carved from per-game blocks (arena.go), an Apply's sentences become
// one string (events.go), constant actions are boxed once, and Legal reads a
// summary of the cells (owners, levels per group, buildings on the board)
// that publish keeps for the changed cells only. Snapshot views build their
// players on demand; lent views are filled in place, field by field. A
// golden test (golden_test.go) pins snapshots, events, views, legal lists
// and bot choices of several bot-only games, so such work cannot change a
// game.
//
// The rule ids in comments (MF-x, C-x, R004-xx, G004-xx, A004-xx) refer to
// shared/rules/README.md and shared/rules/unipoly.md; tests are named after
// them.
package opoly
