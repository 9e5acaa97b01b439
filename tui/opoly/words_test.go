package opoly

import (
	"regexp"
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly/projectopoly"
	"boardroom/engine/opoly/technopoly"
	"boardroom/engine/opoly/unipoly"
)

// screenForeignWords are, per game, other games' words that its screens
// must not show (rules C-14; the engine's sentences are scanned by
// engine/opoly's TestC14_EveryMessageInTheGamesOwnWords).
var screenForeignWords = map[string][]string{
	"unipoly": {`\bFTE\b`, `\bWFA\b`, `\bFICO\b`, `Team\+QM`, `budget extension`, `start-up`, `\bdevelopers?\b`,
		`\bCTO\b`, `Invest NI`, `licence fee`, `outsourcing`},
	projectopoly.ID: {`\bstreets?\b`, `(^|[^-])\bbuildings?\b`, `\bhouses?\b`, `\bhotels?\b`, `\bmortgag`, `\bjail\b`,
		`\bsalary\b`, `\bthe bank\b`, `\brent\b`, `start-up`, `\bdevelopers?\b`, `\bCTO\b`, `Invest NI`, `licence fee`, `\bpropert`},
	technopoly.ID: {`\bstreets?\b`, `(^|[^-])\bbuildings?\b`, `\bhouses?\b`, `\bhotels?\b`, `\bmortgag`, `\bjail\b`,
		`\bsalary\b`, `\brent\b`, `\bFTE\b`, `\bWFA\b`, `\bFICO\b`, `budget extension`, `\bpropert`},
}

// TestC14_ScreensInTheGamesOwnWords plays bot games of each property
// variant and reads the screen of a seated player at 80x24 and 160x50
// every few moves, with each action-bar key's dialog opened in turn, for
// another game's words.
func TestC14_ScreensInTheGamesOwnWords(t *testing.T) {
	defs := []engine.Definition{unipoly.Definition{}, projectopoly.Definition{}, technopoly.Definition{}}
	for _, def := range defs {
		id := def.Info().ID
		t.Run(id, func(t *testing.T) {
			var bad []*regexp.Regexp
			for _, w := range screenForeignWords[id] {
				bad = append(bad, regexp.MustCompile(`(?i)`+w))
			}
			reported := map[string]bool{}
			check := func(seed uint64, where, out string) {
				for _, re := range bad {
					if m := re.FindString(out); m != "" && !reported[re.String()+where] {
						reported[re.String()+where] = true
						t.Errorf("seed %d, %s: another game's word %q on screen:\n%s", seed, where, m, out)
					}
				}
			}
			for seed := uint64(1); seed <= 2; seed++ {
				g, err := def.New(engine.Setup{Seats: 3, Seed: seed})
				if err != nil {
					t.Fatal(err)
				}
				f := fixtureOf(t, g, def.Info(), 0, true)
				bots := []engine.Bot{def.NewBot(0, seed), def.NewBot(1, seed+1), def.NewBot(2, seed+2)}
				for step := 0; step < 400 && !g.Outcome().Finished; step++ {
					w := g.Prompt().Waiting[0].Seat
					// Every 25th step (a different one per seed), the dialogs at
					// 80x24 only: drawing is the test's cost, and the race
					// detector multiplies it (63 s at every 6th step with every
					// dialog at both sizes).
					if step%25 == int(seed*7)%25 {
						f.As(w)
						check(seed, "board", f.Plain(smallW, smallH)+"\n"+f.Plain(largeW, largeH))
						for _, e := range f.r.barEntries() { // each dialog the bar opens
							f.Key(e.key)
							check(seed, "key "+e.key, f.Plain(smallW, smallH))
							f.Key("esc")
							f.Refresh()
						}
						f.Sent = nil
					}
					if _, err := g.Apply(w, bots[w].Choose(g.View(w), g.Legal(w))); err != nil {
						t.Fatalf("seed %d step %d: %v", seed, step, err)
					}
				}
			}
		})
	}
}
