package opoly

import (
	"boardroom/tui/opoly/opolytuitest"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/engine/opoly"
	"boardroom/engine/opoly/projectopoly"
	"boardroom/engine/opoly/unipoly"
	"boardroom/tui"
)

// Every confirmable action of the property games, opened as a player
// opens it, must show at 80x24 (and at 160x50) the question, what it does
// to the player's cash ("cash 10.000€ → 9.400€") and the keys line, before
// anything is sent; Enter must not send it, only y. The cases are listed
// per game: confirmCases holds Projectopoly's and Unipoly's here,
// Technopoly's are added by tp_confirm_test.go (an init appending to
// confirmCases["technopoly"]).

// confirmCase is one confirmable action.
type confirmCase struct {
	name string
	// fixture builds the state and the renderer of the player who acts.
	fixture func(t *testing.T) *fixture
	keys    []string // the keys that open the question
	want    []string // parts of the question, whitespace-insensitive
	// noCash is, for a question that moves none of the viewer's cash
	// (assets against a debt), what it says instead of a cash line.
	noCash string
	// keyLine is the keys line the question shows ("" = tui.YesNoLine).
	keyLine string
}

// confirmCases are the cases per game id.
var confirmCases = map[string][]confirmCase{
	projectopoly.ID: ppConfirmCases(),
	"unipoly":       uniConfirmCases(),
}

// cashLine is the "cash before → after" of a question.
var cashLine = regexp.MustCompile(`cash \S+ (→|->) \S+`)

func TestEveryConfirmationVisibleAt80x24(t *testing.T) {
	games := make([]string, 0, len(confirmCases))
	for g := range confirmCases {
		games = append(games, g)
	}
	slices.Sort(games)
	for _, game := range games {
		for _, c := range confirmCases[game] {
			t.Run(game+"/"+c.name, func(t *testing.T) {
				f := c.fixture(t)
				f.Key(c.keys...)
				require.Empty(t, f.Sent, "opening the question sends nothing")
				require.True(t, f.r.asking(), "a question is open (mode %d)", f.r.mode)
				keyLine := c.keyLine
				if keyLine == "" {
					keyLine = tui.YesNoLine
				}
				// frames: the panes (or the dialog) and the action bar, at
				// 80x24 and at 160x50.
				for i, out := range frames(t, f) {
					size := []string{"80x24", "160x50"}[i]
					for _, w := range c.want {
						assert.Contains(t, out, flat(w), "the question at %s", size)
					}
					if c.noCash != "" {
						assert.Contains(t, out, c.noCash, "at %s", size)
					} else {
						assert.Regexp(t, cashLine, out, "the cash line at %s", size)
					}
					assert.Contains(t, out, flat(keyLine), "the keys at %s", size)
				}
				// Enter answers no: nothing is sent, the question closes.
				f.Key("enter")
				assert.Empty(t, f.Sent, "enter sends nothing")
				assert.False(t, f.r.asking(), "enter closes the question")
				// The same keys and y send it: the case is a real question.
				f = c.fixture(t)
				f.Key(c.keys...)
				require.True(t, f.r.asking())
				f.Key("y")
				assert.NotEmpty(t, f.Sent, "y sends it")
			})
		}
	}
}

// asking reports whether a question is open: a y/n question, an offer's
// review, or the choice of how to pay on accepting.
func (r *Renderer) asking() bool {
	switch r.mode {
	case modeConfirm, modeChoice:
		return true
	case modeTrade:
		return r.trade != nil && r.trade.review != nil
	}
	return false
}

// flat makes every run of spaces and line ends one space.
func flat(s string) string { return strings.Join(strings.Fields(s), " ") }

// ppConfirmCases are Projectopoly's confirmable actions (ada, seat 0,
// acts; 3 PMs, the third a bot).
func ppConfirmCases() []confirmCase {
	pp := func(edit func(s *ppState)) func(t *testing.T) *fixture {
		return func(t *testing.T) *fixture {
			s := newPPState(t, 3, 10000).TurnTo(0)
			edit(s)
			return s.Fixture(0, true)
		}
	}
	staffed := func(s *ppState) {
		s.Own(0, ppIntranet, ppTimesheet, ppPrinter).Level(2, ppIntranet, ppTimesheet).Level(1, ppPrinter).Own(0, ppAgile)
	}
	return []confirmCase{
		{name: "buy", fixture: pp(func(s *ppState) {
			s.Player(0)["pos"] = ppWebsite
			s.Set("phase", 1).Set("dice", []any{5, 6})
		}), keys: []string{"b"}, want: []string{"Buy Corporate Website Redesign for"}},
		{name: "bid", fixture: func(t *testing.T) *fixture {
			s := newPPState(t, 3, 10000).TurnTo(0)
			s.Player(0)["pos"] = ppWebsite
			s.Set("phase", 2).Set("dice", []any{5, 6}).
				Set("auction", map[string]any{"lot": ppWebsite, "min": 0, "bidders": []any{0, 1, 2}, "bids": []any{-1, -1, -1}})
			return s.Fixture(1, true)
		}, keys: []string{"1", "0", "0", "enter"}, want: []string{"Bid 100€ for Corporate Website Redesign?", "If you win"}},
		{name: "bid below the reserve", fixture: func(t *testing.T) *fixture {
			s := newPPState(t, 3, 10000).Own(0, ppDesk).TurnTo(0)
			s.Set("phase", 2).Set("auction", map[string]any{"lot": ppDesk, "min": 0, "bidders": []any{1, 2}, "bids": []any{-1, -1},
				"kind": 1, "seller": 0, "reserves": []any{1000, 1000}, "return": 0})
			return s.Fixture(1, true)
		}, keys: []string{"1", "0", "0", "enter"}, want: []string{"Bid 100€ for Shared Service Desk (offer to all)? It is below the reserve of 1.000€: it cannot win"}},
		{name: "staff count", fixture: pp(func(s *ppState) { s.Own(0, ppIntranet, ppTimesheet, ppPrinter) }),
			keys: []string{"+", "+", "+", "enter"},
			want: []string{"Staff 3 FTE (Intranet Refresh to 1 FTE, Timesheet App to 1 FTE, Printer Fleet Migration to 1 FTE) for"}},
		{name: "release FTE", fixture: pp(staffed), keys: []string{"-", "enter"}, want: []string{"Release an FTE on Intranet Refresh?"}},
		{name: "budget extension", fixture: pp(func(s *ppState) { s.Own(0, ppAgile) }), keys: []string{"m", "enter"},
			want: []string{"Take a budget extension of 1.000€ on Agile Practitioner Certification?"}},
		{name: "release and extend", fixture: pp(func(s *ppState) {
			s.Own(0, ppIntranet, ppTimesheet, ppPrinter).Level(2, ppIntranet, ppTimesheet).Level(1, ppPrinter)
		}), keys: []string{"m", "down", "enter"}, want: []string{"Release and extend Timesheet App?", "FICO grants a budget extension"}},
		{name: "repay extension", fixture: pp(func(s *ppState) { s.Own(0, ppAgile).Extend(ppAgile) }), keys: []string{"u", "enter"},
			want: []string{"Repay the budget extension on Agile Practitioner Certification for"}},
		{name: "trade send", fixture: pp(func(s *ppState) { s.Own(0, ppAgile).Own(1, ppDesk) }),
			keys: []string{"t", "enter", "space", "right", "space", "enter"},
			want: []string{"Send this offer?", "If bob accepts:"}, keyLine: reviewKeys},
		{name: "trade accept", fixture: func(t *testing.T) *fixture {
			s := newPPState(t, 3, 10000).Own(0, ppAgile).Own(1, ppDesk).TurnTo(1)
			f := s.Fixture(0, true)
			f.Apply(1, opoly.ProposeTrade{To: 0, Give: []int{ppDesk}, Take: []int{ppAgile}})
			return f
		}, keys: []string{"a"}, want: []string{"Accept the trade with bob?"}},
		{name: "offer to all", fixture: pp(func(s *ppState) { s.Own(0, ppAgile) }), keys: []string{"o", "enter", "5", "0", "0", "enter"},
			want: []string{"Offer Agile Practitioner Certification (printed", "reserve 500€", "If it sells at the reserve"}},
		{name: "project cancelled by FICO (C16)", fixture: pp(func(s *ppState) {
			s.Own(0, ppAgile, ppWebsite).Set("phase", 7).Set("dice", []any{1, 2})
		}), keys: []string{"c", "enter"}, want: []string{"Let FICO cancel Corporate Website Redesign and pay you half its value, 700€?"}},
		{name: "pay WFA fee", fixture: pp(func(s *ppState) { s.WFA(0, 0) }), keys: []string{"f"},
			want: []string{"Pay the 500€ fee to leave WFA?"}},
		{name: "pay with assets", fixture: pp(debtTo(1, 3000)), keys: []string{"p", "space", "enter"},
			want: []string{"Offer Agile Practitioner Certification to bob against your debt of 3.000€?"}, noCash: "Nothing changes hands yet"},
		{name: "value assets", fixture: func(t *testing.T) *fixture {
			s := newPPState(t, 3, 10000)
			debtTo(1, 3000)(s.TurnTo(0))
			f := s.Fixture(1, true)
			f.Apply(0, opoly.OfferAssets{Cells: []int{ppAgile}})
			return f
		}, keys: []string{"v", "1", "5", "0", "0", "enter"}, want: []string{"Value Agile Practitioner Certification at 1.500€?"},
			noCash: "the debt owed to you drops by 1.500€"},
		{name: "accept valuation", fixture: func(t *testing.T) *fixture {
			s := newPPState(t, 3, 10000)
			debtTo(1, 3000)(s.TurnTo(0))
			f := s.Fixture(0, true)
			f.Apply(0, opoly.OfferAssets{Cells: []int{ppAgile}})
			f.Apply(1, opoly.ValueAssets{Amount: 1500})
			return f
		}, keys: []string{"a"}, want: []string{"Accept 1.500€ for Agile Practitioner Certification?"},
			noCash: "your debt drops from 3.000€ to 1.500€"},
		{name: "repay received at once", fixture: received, keys: []string{"u", "enter"},
			want: []string{"Repay the budget extension on Agile Practitioner Certification now: 1.100€ to FICO instead of 10% (100€)?"}},
		{name: "10% on the received", fixture: received, keys: []string{"e"},
			want: []string{"Pay FICO 10% of the budget extension on Agile Practitioner Certification, Shared Service Desk: 180€?"}},
		{name: "place the FTE won", fixture: func(t *testing.T) *fixture {
			s := newPPState(t, 3, 20000).
				Own(0, ppField, ppLoyalty, ppBanking).Level(4, ppField, ppLoyalty, ppBanking).
				Own(0, ppKPI, ppWarehouse, ppCDP).Level(4, ppKPI, ppWarehouse, ppCDP).
				Own(0, ppIntranet, ppTimesheet, ppPrinter).Level(1, ppIntranet, ppTimesheet, ppPrinter).
				Own(1, ppLegacy, ppHelpDesk).TurnTo(0)
			f := s.Fixture(1, true)
			f.Apply(0, opoly.Build{Cell: ppIntranet}) // 5 FTE left and bob could staff: the shortage auction
			f.Apply(0, opoly.Bid{Amount: 600})
			f.Apply(1, opoly.Bid{Amount: 700})
			return f
		}, keys: []string{"+", "enter"}, want: []string{"Place the FTE won on Legacy Bug-Fix Contract and pay your bid of 700€?"}},
		{name: "bankruptcy", fixture: pp(debtTo(1, 3000)), keys: []string{"d"}, want: []string{"Declare bankruptcy?"}},
		{name: "resign", fixture: pp(func(*ppState) {}), keys: []string{"x"}, want: []string{"Resign?"}},
	}
}

// received gives bob two extended assets outside a trade (A000-25): he
// repays each at once or pays FICO 10%.
func received(t *testing.T) *fixture {
	s := newPPState(t, 3, 10000).Own(1, ppAgile, ppDesk).Extend(ppAgile, ppDesk).TurnTo(0).
		Set("phase", 11).Set("received", map[string]any{"seat": 1, "cells": []any{ppAgile, ppDesk}})
	return s.Fixture(1, true)
}

// debtTo puts ada (owning Agile Practitioner Certification, 300€ cash)
// in debt of x to seat to.
func debtTo(to int, x int64) func(s *ppState) {
	return func(s *ppState) {
		s.Own(0, ppAgile).Cash(0, 300).Set("phase", 4).Set("dice", []any{3, 4}).
			Set("queue", []any{map[string]any{"debtor": 0, "creds": []any{map[string]any{"seat": to, "amount": x}},
				"reason": "the test's debt"}})
	}
}

// Unipoly cells the cases use (G004-01).
const (
	uniBikeShed   = 1
	uniCanteen    = 3
	uniNorthDorm  = 6
	uniSouthDorm  = 8
	uniIntlHouse  = 9
	uniGreatHall  = 39
	uniRectorsOff = 37
)

// uniConfirmCases are Unipoly's confirmable actions.
func uniConfirmCases() []confirmCase {
	uni := func(edit func(s *ppState)) func(t *testing.T) *fixture {
		return func(t *testing.T) *fixture {
			s := opolytuitest.New(t, unipoly.Definition{}, 3, 1500, fixtureMaker(t)).TurnTo(0)
			edit(s)
			return s.Fixture(0, true)
		}
	}
	built := func(s *ppState) { s.Own(0, uniBikeShed, uniCanteen).Level(1, uniBikeShed, uniCanteen) }
	return []confirmCase{
		{name: "buy", fixture: uni(func(s *ppState) {
			s.Player(0)["pos"] = uniGreatHall
			s.Set("phase", 1).Set("dice", []any{5, 6})
		}), keys: []string{"b"}, want: []string{"Buy Great Hall (Aula Magna) for $400?"}},
		{name: "bid", fixture: func(t *testing.T) *fixture {
			s := opolytuitest.New(t, unipoly.Definition{}, 3, 1500, fixtureMaker(t)).TurnTo(0)
			s.Player(0)["pos"] = uniGreatHall
			s.Set("phase", 2).Set("dice", []any{5, 6}).
				Set("auction", map[string]any{"lot": uniGreatHall, "min": 0, "bidders": []any{0, 1, 2}, "bids": []any{-1, -1, -1}})
			return s.Fixture(1, true)
		}, keys: []string{"9", "9", "enter"}, want: []string{"Bid $99 for Great Hall (Aula Magna)?"}},
		{name: "build count", fixture: uni(func(s *ppState) { s.Own(0, uniNorthDorm, uniSouthDorm, uniIntlHouse) }),
			keys: []string{"+", "+", "enter"}, want: []string{"Build 2 houses (North Dorm to 1 house, South Dorm to 1 house) for $100?"}},
		{name: "sell house", fixture: uni(built), keys: []string{"-", "enter"}, want: []string{"Sell a house on Bike Shed Lane for"}},
		{name: "mortgage", fixture: uni(func(s *ppState) { s.Own(0, uniGreatHall) }), keys: []string{"m", "enter"},
			want: []string{"Mortgage Great Hall (Aula Magna) for $200?"}},
		{name: "sell and mortgage", fixture: uni(built), keys: []string{"m", "enter"},
			want: []string{"Mortgage Bike Shed Lane? Every house of its group is sold first"}},
		{name: "lift mortgage", fixture: uni(func(s *ppState) { s.Own(0, uniGreatHall).Extend(uniGreatHall) }), keys: []string{"u", "enter"},
			want: []string{"Lift the mortgage on Great Hall (Aula Magna) for $220?"}},
		{name: "trade send", fixture: uni(func(s *ppState) { s.Own(0, uniGreatHall).Own(1, uniRectorsOff) }),
			keys: []string{"t", "enter", "space", "right", "space", "enter"},
			want: []string{"Send this offer?", "If bob accepts:"}, keyLine: reviewKeys},
		{name: "trade accept", fixture: func(t *testing.T) *fixture {
			s := opolytuitest.New(t, unipoly.Definition{}, 3, 1500, fixtureMaker(t)).Own(0, uniGreatHall).Own(1, uniRectorsOff).TurnTo(1)
			f := s.Fixture(0, true)
			f.Apply(1, opoly.ProposeTrade{To: 0, Give: []int{uniRectorsOff}, Take: []int{uniGreatHall}})
			return f
		}, keys: []string{"a"}, want: []string{"Accept the trade with bob?"}},
		{name: "pay jail fee", fixture: uni(func(s *ppState) {
			p := s.Player(0)
			p["pos"], p["jailed"] = 10, true
		}), keys: []string{"f"}, want: []string{"Pay the $50 fee to leave jail?"}},
		{name: "bankruptcy", fixture: uni(func(s *ppState) {
			s.Own(0, uniGreatHall).Cash(0, 30).Set("phase", 4).Set("dice", []any{3, 4}).
				Set("queue", []any{map[string]any{"debtor": 0, "creds": []any{map[string]any{"seat": 1, "amount": 500}},
					"reason": "the test's debt"}})
		}), keys: []string{"d"}, want: []string{"Declare bankruptcy?"}},
		{name: "resign", fixture: uni(func(*ppState) {}), keys: []string{"x"}, want: []string{"Resign?"}},
	}
}

// TestActionBarKeepsEveryKeyAt80x24: a Projectopoly turn with every
// management key (roll, staff, release, extend, repay, trade, offer to
// all, resign) shows all of them on the 80-column action bar.
func TestActionBarKeepsEveryKeyAt80x24(t *testing.T) {
	s := newPPState(t, 3, 10000).TurnTo(0).Own(0, ppIntranet, ppTimesheet, ppPrinter, ppAgile, ppDesk).
		Level(1, ppIntranet).Extend(ppDesk).Own(1, ppWebsite)
	f := s.Fixture(0, true)
	out := strings.Split(f.Plain(smallW, smallH), "\n")
	bar := out[len(out)-1]
	for _, k := range []string{"r roll", "+ staff", "- release", "m extend", "u repay", "t trade", "o offer", "x resign"} {
		assert.Contains(t, bar, k)
	}
	assert.NotContains(t, bar, "…", "nothing cut")
}

// TestDecisionPanelsTakeTheWidthAt80x24: at 80x24 a player who must bid
// reads the whole auction panel (lot, reserve, the bid line) and every
// player's cash on full-width lines, not in the 24 columns beside the
// ring.
func TestDecisionPanelsTakeTheWidthAt80x24(t *testing.T) {
	s := newPPState(t, 3, 10000).Own(0, ppDesk).TurnTo(0)
	s.Set("phase", 2).Set("auction", map[string]any{"lot": ppDesk, "min": 0, "bidders": []any{1, 2}, "bids": []any{-1, -1},
		"kind": 1, "seller": 0, "reserves": []any{1000, 1000}, "return": 0})
	f := s.Fixture(1, true)
	out := f.Plain(smallW, smallH)
	assert.Contains(t, out, "Offer to all: Shared Service Desk by ada (printed 1.500€)")
	assert.Contains(t, out, "The best bid buys it at once; reserve 1.000€.")
	assert.Regexp(t, `Your bid: .*\(0€ to 10\.000€\)`, out)
	assert.Regexp(t, `1 ada +10\.000€`, out)
}
