package sshserver_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/billionaire"
	"boardroom/engine/opoly/technopoly"
	"boardroom/engine/opoly/unipoly"
)

// TestRulesAndNewSayDefaultsInWordsC12C14: `rules GAME` closes with the
// table settings: every option's choices in words, both defaults (the
// private and the public table's), and the values the command line takes;
// `new` prints a table's options and timer in words; an option error
// names the choices and both defaults. No rule id, no internal value
// where a player reads a setting.
func TestRulesAndNewSayDefaultsInWordsC12C14(t *testing.T) {
	ts := startServerWith(t, t.TempDir(), serverSetup{games: []engine.Definition{unipoly.Definition{}, technopoly.Definition{}, billionaire.Definition{}}})
	c := dialKey(t, ts.addr, newKey(t))
	mustRun(t, c, "handle starter")
	flat := func(s string) string { return strings.Join(strings.Fields(s), " ") }

	out := flat(mustRun(t, c, "rules unipoly"))
	require.Contains(t, out, "TABLE SETTINGS AND THEIR DEFAULTS")
	require.Contains(t, out, "End of game: last player standing, 10 rounds")
	require.Contains(t, out, "(default: last player standing; public tables: 90 minutes)")
	require.Contains(t, out, "--option endMode=VALUE, VALUE one of lastStanding (last player standing), rounds:10 (10 rounds)")
	require.Contains(t, out, "Turn timer: standard timer: 60 s a move, 30 s a sealed bid, 90 s an answer to a trade")
	require.NotContains(t, out, "C-7")
	out = flat(mustRun(t, c, "rules technopoly"))
	require.Contains(t, out, "(default: no round limit; public tables: 40 rounds)")
	require.NotContains(t, out, "sealed bid", "Technopoly has no auctions")
	out = flat(mustRun(t, c, "rules billionaire"))
	require.Contains(t, out, "(default: 25 rounds; public tables: 15 rounds)")
	require.Contains(t, out, "120 s a secret choice of action cards")

	out = mustRun(t, c, "new unipoly")
	require.Contains(t, out, "options: End of game: 90 minutes", "a public table's limit, in words")
	require.Contains(t, out, "turn timer: standard timer: 60 s a move, 30 s a sealed bid, 90 s an answer to a trade")
	require.NotRegexp(t, `lastStanding|minutes:\d|C-7`, out)

	r := run(t, c, "new technopoly --option roundLimit=7")
	require.Equal(t, 1, r.code)
	require.Contains(t, r.err, `Option roundLimit (Round limit) cannot be "7": choose off (no round limit), 20 (20 rounds)`)
	require.Contains(t, r.err, "(default: no round limit; public tables: 40 rounds)")
}
