package enginetest

import (
	"encoding/json"
	"testing"

	"boardroom/engine"
	"boardroom/engine/rng"
	"boardroom/engine/testgame"

	"github.com/stretchr/testify/require"
)

// perturbTestgame changes, inside a testgame snapshot, only what viewer may
// not see: the RNG state, other seats' secret cards until the game is over,
// and other seats' committed bids while bidding is still open.
func perturbTestgame(snapshot []byte, viewer int, r *rng.PCG) ([]byte, error) {
	var st map[string]json.RawMessage
	if err := json.Unmarshal(snapshot, &st); err != nil {
		return nil, err
	}
	var secrets, bids []int64
	var turn, winner int
	for key, dst := range map[string]any{"secrets": &secrets, "bids": &bids, "turn": &turn, "winner": &winner} {
		if err := json.Unmarshal(st[key], dst); err != nil {
			return nil, err
		}
	}
	for i := range secrets {
		if i != viewer && winner < 0 {
			secrets[i] = int64(r.IntN(9) + 1)
		}
	}
	for i := range bids {
		if i != viewer && turn < 0 && bids[i] >= 0 {
			bids[i] = int64(r.IntN(4))
		}
	}
	var err error
	if st["secrets"], err = json.Marshal(secrets); err != nil {
		return nil, err
	}
	if st["bids"], err = json.Marshal(bids); err != nil {
		return nil, err
	}
	if st["rng"], err = json.Marshal(rng.New(r.Uint64(), r.Uint64())); err != nil {
		return nil, err
	}
	return json.Marshal(st)
}

func TestTestgameConforms(t *testing.T) {
	Run(t, testgame.Definition{}, Config{
		Options: []map[string]string{nil, {"target": "30"}},
		Perturb: perturbTestgame,
		Short:   testing.Short(),
	})
}

func TestRandomPlayoutIsSeededAndFinishes(t *testing.T) {
	setup := engine.Setup{Seats: 3, Seed: 7}
	g1, log1, err := RandomPlayout(testgame.Definition{}, setup, rng.FromSeed(1), 1000)
	require.NoError(t, err)
	require.True(t, g1.Outcome().Finished)
	_, log2, err := RandomPlayout(testgame.Definition{}, setup, rng.FromSeed(1), 1000)
	require.NoError(t, err)
	require.Equal(t, log1, log2)
	_, log3, err := RandomPlayout(testgame.Definition{}, setup, rng.FromSeed(2), 1000)
	require.NoError(t, err)
	require.NotEqual(t, log1, log3, "another playout seed should choose other actions")

	_, short, err := RandomPlayout(testgame.Definition{}, setup, rng.FromSeed(1), 2)
	require.ErrorIs(t, err, ErrStepLimit)
	require.Len(t, short, 2)
}

func TestPerturbChangesOnlyHiddenState(t *testing.T) {
	g, err := testgame.Definition{}.New(engine.Setup{Seats: 3, Seed: 4})
	require.NoError(t, err)
	_, err = g.Apply(1, testgame.Bid{Amount: 2})
	require.NoError(t, err)
	snap, err := g.Snapshot()
	require.NoError(t, err)
	out, err := perturbTestgame(snap, 0, rng.FromSeed(3))
	require.NoError(t, err)
	require.NotEqual(t, snap, out)
	var before, after struct {
		Secrets []int64 `json:"secrets"`
		Bids    []int64 `json:"bids"`
	}
	require.NoError(t, json.Unmarshal(snap, &before))
	require.NoError(t, json.Unmarshal(out, &after))
	require.Equal(t, before.Secrets[0], after.Secrets[0], "the viewer's own secret stays")
	require.Equal(t, int64(-1), after.Bids[0])
	require.Equal(t, int64(-1), after.Bids[2], "an uncommitted bid stays uncommitted")
}

func TestEveryCheckPassesOnTestgameAndFailsOnItsBrokenGame(t *testing.T) {
	cfg := Config{Seats: []int{2, 3}, Seeds: []uint64{5}, Perturb: perturbBroken}
	cases := []struct {
		check, mode string
		cfg         func(Config) Config
	}{
		{"info", "info", nil},
		{"guide", "noguide", nil},
		{"guide", "guidegap", nil},
		{"options", "options", nil},
		{"determinism", "nondeterministic", nil},
		{"snapshot_roundtrip", "lossy", nil},
		{"failed_apply_untouched", "mutates", nil},
		{"legal_actions_apply", "badlegal", nil},
		{"out_of_turn_refused", "accepts", nil},
		{"prompt", "nodefault", nil},
		{"secrecy", "leaks", nil},
		{"secrecy", "", func(c Config) Config {
			c.Perturb = func(b []byte, _ int, _ *rng.PCG) ([]byte, error) { return b, nil }
			return c
		}},
		{"replay", "badcodec", nil},
		{"termination", "", func(c Config) Config { c.MaxSteps = 4; return c }},
		{"outcome", "badplaces", nil},
		{"invariants", "invariant", nil},
		{"action_codec", "badcodec", nil},
		{"events", "leakyevents", nil},
		{"fast_paths", "stalepeek", nil},
		{"fast_paths", "quietmoves", nil},
		{"fast_paths", "sharedview", nil},
		{"fast_paths", "quietlegal", nil},
		{"fast_paths", "badawait", nil},
		{"fast_paths", "badseats", nil},
		{"renew", "stalerenew", nil},
	}
	for _, tc := range cases {
		t.Run(tc.check+"/"+tc.mode, func(t *testing.T) {
			c := cfg
			if tc.cfg != nil {
				c = tc.cfg(c)
			}
			require.NoError(t, runCheck(brokenDef{}, cfg, tc.check), "the honest wrapper passes")
			err := runCheck(brokenDef{mode: tc.mode}, c, tc.check)
			require.Error(t, err, "the suite must catch mode %q", tc.mode)
			t.Log(err)
		})
	}
}

func TestEveryCheckIsCovered(t *testing.T) {
	// Keeps the table above honest when a check is added.
	covered := map[string]bool{"info": true, "guide": true, "options": true, "determinism": true, "snapshot_roundtrip": true,
		"failed_apply_untouched": true, "legal_actions_apply": true, "out_of_turn_refused": true, "prompt": true,
		"secrecy": true, "replay": true, "termination": true, "outcome": true, "invariants": true,
		"action_codec": true, "events": true, "fast_paths": true, "renew": true}
	for _, c := range checks() {
		require.True(t, covered[c.name], "check %q has no broken game showing it can fail", c.name)
	}
	require.Len(t, checks(), len(covered))
}

func TestPanicsBecomeErrors(t *testing.T) {
	err := runCheck(brokenDef{mode: "panics"}, Config{Seats: []int{2}, Seeds: []uint64{1}}, "snapshot_roundtrip")
	require.Error(t, err)
	require.Contains(t, err.Error(), "panic")
	require.Error(t, runCheck(testgame.Definition{}, Config{}, "no_such_check"))
}

func TestResultsRanking(t *testing.T) {
	st := &step{c: &playCase{}}
	mk := func(places ...int) []engine.SeatResult {
		var out []engine.SeatResult
		for i, p := range places {
			out = append(out, engine.SeatResult{Seat: i, Placement: p, Status: engine.StatusFinished})
		}
		return out
	}
	for _, ok := range [][]int{{1, 2, 3, 4}, {1, 2, 2, 4}, {2, 1, 2, 4}, {1, 1, 1, 1}, {3, 1, 1}} {
		require.NoError(t, checkResults(mk(ok...), len(ok), st), "%v", ok)
	}
	for _, bad := range [][]int{{1, 2, 2, 3}, {0, 1}, {2, 2}, {1, 3}, {1, 2, 5}} {
		require.Error(t, checkResults(mk(bad...), len(bad), st), "%v", bad)
	}
	require.Error(t, checkResults(mk(1, 2), 3, st))
	res := mk(1, 2)
	res[1].Status = engine.StatusPlaying
	require.Error(t, checkResults(res, 2, st))
}
