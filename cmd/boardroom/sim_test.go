package main

import (
	"bytes"
	"encoding/json"
	"runtime"
	"testing"
	"time"

	"boardroom/engine"
	"boardroom/engine/opoly/unipoly"
	"boardroom/engine/testgame"

	"github.com/stretchr/testify/require"
)

func TestSimUnknownGame(t *testing.T) {
	var out, errOut bytes.Buffer
	code := runSim([]string{"--game", "no-such-game", "--games", "1"}, &out, &errOut)
	require.Equal(t, 2, code)
	require.Contains(t, errOut.String(), `unknown game "no-such-game"`)
	require.Empty(t, out.String())
}

func TestSimBadFlags(t *testing.T) {
	reg, err := engine.NewRegistry(testgame.Definition{})
	require.NoError(t, err)
	for _, args := range [][]string{
		{"--game", "testgame", "--games", "-1"},
		{"--game", "testgame", "--workers", "0"},
		{"--game", "testgame", "--nope"},
		{"--game", "testgame", "extra"},
		{"--game", "testgame", "--players", "9"},
		{"--game", "testgame", "--option", "target=1"},
		{"--game", "testgame", "--option", "junk"},
		{"--game", "testgame", "--option", "target="}, // not the default (issue 25)
	} {
		var out, errOut bytes.Buffer
		require.Equal(t, 2, simWith(reg, args, &out, &errOut), "%v", args)
		require.NotEmpty(t, errOut.String(), "%v", args)
	}
}

func simJSON(t *testing.T, reg *engine.Registry, args ...string) (map[string]any, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := simWith(reg, append(args, "--json"), &out, &errOut)
	var m map[string]any
	require.NoError(t, json.Unmarshal(out.Bytes(), &m), "stdout %q stderr %q", out.String(), errOut.String())
	return m, code
}

func TestSimJSONIsDeterministicAcrossWorkers(t *testing.T) {
	reg, err := engine.NewRegistry(testgame.Definition{})
	require.NoError(t, err)
	args := []string{"--game", "testgame", "--games", "60", "--players", "3", "--seed", "9", "--option", "target=21"}
	one, code := simJSON(t, reg, append(args, "--workers", "1")...)
	require.Equal(t, 0, code)
	three, code := simJSON(t, reg, append(args, "--workers", "3")...)
	require.Equal(t, 0, code)
	for _, k := range []string{"games", "finished", "capped", "errors", "games_per_sec", "wins_by_seat", "mean_rounds",
		"wins_by_position", "capped_share", "p90_rounds", "mean_turns", "p90_turns", "actions_per_sec", "seed", "players", "game", "max_rounds", "first_error"} {
		require.Contains(t, one, k)
	}
	for _, k := range []string{"games", "finished", "capped", "errors", "wins_by_seat", "wins_by_position", "mean_rounds",
		"p90_rounds", "mean_turns", "p90_turns", "actions", "seed", "game"} {
		require.Equal(t, one[k], three[k], k)
	}
	require.Equal(t, 60.0, one["games"])
	require.Equal(t, 60.0, one["finished"])
	require.Equal(t, 0.0, one["errors"])
	require.Equal(t, "testgame", one["game"])
	require.Len(t, one["wins_by_seat"], 3)
}

func TestSimCappedAndText(t *testing.T) {
	reg, err := engine.NewRegistry(testgame.Definition{})
	require.NoError(t, err)
	m, code := simJSON(t, reg, "--game", "testgame", "--games", "10", "--max-rounds", "1")
	require.Equal(t, 0, code)
	require.Equal(t, 10.0, m["capped"])
	require.Equal(t, 1.0, m["capped_share"])
	require.Equal(t, 1.0, m["max_rounds"])

	var out, errOut bytes.Buffer
	require.Equal(t, 0, simWith(reg, []string{"--game", "testgame", "--games", "5", "--players", "2"}, &out, &errOut))
	for _, want := range []string{"games       5", "finished    5", "errors      0", "seat 1", "games/sec", "actions/sec",
		"capped      0 (0.0% of the games that ended)", "rounds      mean ", ", 90th percentile ", "turns       mean ",
		"wins by position in the first turn order"} {
		require.Contains(t, out.String(), want)
	}
}

func TestSimStepLimitIsAnError(t *testing.T) {
	reg, err := engine.NewRegistry(testgame.Definition{})
	require.NoError(t, err)
	m, code := simJSON(t, reg, "--game", "testgame", "--games", "3", "--max-steps", "2")
	require.Equal(t, 1, code)
	require.Equal(t, 3.0, m["errors"])
	require.Contains(t, m["first_error"], "step limit")
}

// TestSimStrongSeats: --strong-seats plays the strong bot in that seat
// (rotated over the games) and reports its win share with a 95% interval
// and the time of its decisions; a game without a strong level refuses.
func TestSimStrongSeats(t *testing.T) {
	reg, err := engine.NewRegistry(testgame.Definition{}, unipoly.Definition{})
	require.NoError(t, err)
	m, code := simJSON(t, reg, "--game", "unipoly", "--games", "2", "--players", "2", "--strong-seats", "0", "--option", "endMode=rounds:10", "--workers", "1")
	require.Equal(t, 0, code)
	levels := m["levels"].([]any)
	require.Len(t, levels, 2)
	strong := levels[1].(map[string]any)
	require.Equal(t, "strong", strong["level"])
	require.Positive(t, m["decisions"])
	require.Positive(t, m["decision_mean_ms"])
	require.GreaterOrEqual(t, m["decision_p99_ms"].(float64), m["decision_mean_ms"].(float64))
	require.GreaterOrEqual(t, m["decision_p99_ms"].(float64), m["decision_p50_ms"].(float64))
	require.GreaterOrEqual(t, m["decision_max_ms"].(float64), m["decision_p99_ms"].(float64))
	if runtime.GOOS == "linux" {
		require.Positive(t, m["decision_cpu_p50_ms"])
		require.GreaterOrEqual(t, m["decision_cpu_p99_ms"].(float64), m["decision_cpu_p50_ms"].(float64))
		require.GreaterOrEqual(t, m["decision_cpu_max_ms"].(float64), m["decision_cpu_p99_ms"].(float64))
	}

	var out, errOut bytes.Buffer
	require.Equal(t, 2, simWith(reg, []string{"--game", "testgame", "--strong-seats", "0"}, &out, &errOut))
	require.Contains(t, errOut.String(), "unknown bot level")
	require.Equal(t, 2, simWith(reg, []string{"--game", "unipoly", "--strong-seats", "7"}, &out, &errOut))
	lo, hi := wilson(40, 100)
	require.InDelta(t, 0.309, lo, 0.001)
	require.InDelta(t, 0.498, hi, 0.001)
}

// TestDecisionTimeStats: the median, 99th percentile and maximum are the
// decision times at those ranks.
func TestDecisionTimeStats(t *testing.T) {
	var ds []time.Duration
	for i := 100; i >= 1; i-- {
		ds = append(ds, time.Duration(i)*time.Millisecond)
	}
	st := statsOf(ds)
	require.InDelta(t, 50.5, st.Mean, 1e-9)
	require.InDelta(t, 50, st.P50, 1e-9)
	require.InDelta(t, 99, st.P99, 1e-9)
	require.InDelta(t, 100, st.Max, 1e-9)
	require.Equal(t, timeStats{}, statsOf(nil))
	require.InDelta(t, 7, statsOf([]time.Duration{7 * time.Millisecond}).P50, 1e-9)
}

// TestSimLevelsKeepTheGamesAuditor: with bot levels the game is wrapped to
// time its decisions; the wrapper must not hide the game's auditor, or the
// counters of leveled runs read 0 whatever the bots do (issue 27).
func TestSimLevelsKeepTheGamesAuditor(t *testing.T) {
	wrapped := &timedDef{Definition: auditedTestgame{}}
	require.NotNil(t, engine.NewAuditor(wrapped, 2))
	require.Nil(t, engine.NewAuditor(&timedDef{Definition: testgame.Definition{}}, 2), "a game without an auditor has none")
}

// auditedTestgame is testgame with an auditor that counts nothing.
type auditedTestgame struct{ testgame.Definition }

func (auditedTestgame) NewAuditor(int) engine.Auditor { return nopAuditor{} }

type nopAuditor struct{}

func (nopAuditor) Before(engine.Game, int, engine.Action, bool) {}
func (nopAuditor) After(engine.Game, int, engine.Action, bool)  {}
func (nopAuditor) Audit() engine.BotAudit                       { return engine.BotAudit{} }
