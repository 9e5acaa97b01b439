package opoly

import (
	"strconv"
	"strings"
)

// The table options a ruleset offers (round limit, end mode, catch-up
// money, auctions of declined purchases, card cells switched off) and how
// a game reads them from its setup.

// OptRoundLimit is the key of the option of Ruleset.End.RoundLimits.
const OptRoundLimit = "roundLimit"

// CardSwitch is a Mechanism that can switch the card cells off, so that
// landing on one does nothing (Technopoly's Tech News deck option,
// G001-07).
type CardSwitch interface {
	CardsOn(t Table) bool
}

// cardsOn reports whether the card cells draw cards in this game: asked
// on every landing on a card cell, worked out once (a switch reads the
// table's options).
func (g *Game) cardsOn() bool {
	if !g.cardsSet {
		g.cards, g.cardsSet = g.switchedOn(), true
	}
	return g.cards
}

// switchedOn is cardsOn worked out: no CardSwitch switches the cards off.
func (g *Game) switchedOn() bool {
	rs := g.rs
	if c := &rs.mech; c.set && c.of(rs.Mechanisms) { // the switches Validate found
		for _, i := range c.switches {
			if !rs.Mechanisms[i].(CardSwitch).CardsOn(Table{g}) {
				return false
			}
		}
		return true
	}
	for _, m := range g.rs.Mechanisms {
		if cs, ok := m.(CardSwitch); ok && !cs.CardsOn(Table{g}) {
			return false
		}
	}
	return true
}

// CatchUp is the table option of a catch-up payment by turn position.
type CatchUp struct {
	Choices []string // amounts per position offered at the table ("off" = 0)
	Default string
}

// OptCatchUp is the key of the option of Ruleset.Start.CatchUp.
const OptCatchUp = "catchUp"

// catchUp is the amount each later turn position adds (0: none).
func (g *Game) catchUp() int64 {
	if g.rs.Start.CatchUp == nil {
		return 0
	}
	x, _ := strconv.ParseInt(g.s.Setup.Option(OptCatchUp, g.rs.Start.CatchUp.Default), 10, 64)
	return max(x, 0)
}

// OptAuctionOnDecline is the key of the option of Auction.DeclineOption.
const OptAuctionOnDecline = "auctionOnDecline"

// declineAuction reports whether a declined purchase goes to auction in
// this game: the knob, or the table's option when the ruleset offers one.
func (g *Game) declineAuction() bool {
	if g.rs.Auction.DeclineOption {
		def := "off"
		if g.rs.Auction.OnDecline {
			def = "on"
		}
		return g.s.Setup.Option(OptAuctionOnDecline, def) == "on"
	}
	return g.rs.Auction.OnDecline
}

// OptEndMode is the key of the end-of-game option.
const OptEndMode = "endMode"

// EndLastStanding is the end mode in which the last player in wins.
const EndLastStanding = "lastStanding"

// EndModeText words an end mode for players (rules C-14): "last player
// standing", "30 rounds", "90 minutes".
func EndModeText(m string) string {
	if m == EndLastStanding {
		return "last player standing"
	}
	if n, ok := strings.CutPrefix(m, "rounds:"); ok {
		return n + " rounds"
	}
	if n, ok := strings.CutPrefix(m, "minutes:"); ok {
		return n + " minutes"
	}
	return m
}

// parseEndMode returns the round limit and the time limit in minutes of an
// end mode (both 0: last standing).
func parseEndMode(m string) (rounds, minutes int, ok bool) {
	if m == EndLastStanding {
		return 0, 0, true
	}
	limit := &rounds
	n, ok := strings.CutPrefix(m, "rounds:")
	if !ok {
		if n, ok = strings.CutPrefix(m, "minutes:"); !ok {
			return 0, 0, false
		}
		limit = &minutes
	}
	v, err := strconv.Atoi(n)
	if err != nil || v < 1 {
		return 0, 0, false
	}
	*limit = v
	return rounds, minutes, true
}
