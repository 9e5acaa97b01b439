package loadgen

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestRampSteps(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Tables = 250
	require.Equal(t, []int{250}, rampSteps(&cfg))
	cfg.StepTables = 100
	require.Equal(t, []int{100, 200, 250}, rampSteps(&cfg))
	cfg.StepTables = 50
	require.Equal(t, []int{50, 100, 150, 200, 250}, rampSteps(&cfg))
}

func TestEveryP99CountsMissedAsSlowest(t *testing.T) {
	shown := make([]float64, 0, 200)
	for i := range 200 {
		shown = append(shown, float64(i%10)) // 0..9 ms
	}
	require.Equal(t, 9.0, everyP99(shown, 0))
	require.Equal(t, 9.0, everyP99(shown, 1), "one in 201 may be slow")
	require.Greater(t, everyP99(shown, 3), ms(peerWindow), "three in 203 cannot")
	require.Equal(t, 0.0, everyP99(nil, 0))
}

func TestNewStepJudgesTheGoal(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Play, cfg.StepTables = "unipoly", 1
	tab := &playTable{}
	for range 4 {
		h := &human{}
		h.playing.Store(true)
		tab.humans = append(tab.humans, h)
	}
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	srv0 := ProcSample{At: t0, CPUTicks: 0, RSSKiB: 4096}
	srv1 := ProcSample{At: t0.Add(10 * time.Second), CPUTicks: 500, RSSKiB: 8192}
	fast := samples{actions: 20, seconds: 10, self: []float64{1, 2}, all: []float64{3, 4, 49}}
	st := newStep(&cfg, []*playTable{tab}, fast, srv0, srv1, true, srv0, srv0)
	require.True(t, st.OK, "%+v", st)
	require.Equal(t, 4, st.Players)
	require.Equal(t, 4, st.InGame)
	require.Equal(t, 2.0, st.ActionsPerSec)
	require.Equal(t, 49.0, st.EveryP99)
	require.Equal(t, 50.0, st.ServerCPU)
	require.Contains(t, st.Row(), "met")

	slow := fast
	slow.all = []float64{3, 4, 50}
	require.False(t, newStep(&cfg, []*playTable{tab}, slow, srv0, srv1, true, srv0, srv0).OK, "p99 at the goal misses it")

	missed := fast
	missed.allMissed = 1
	st = newStep(&cfg, []*playTable{tab}, missed, srv0, srv1, true, srv0, srv0)
	require.False(t, st.OK, "an action not shown on every screen is slower than the goal")
	require.Contains(t, st.Row(), "MISSED")

	tab.humans[2].playing.Store(false)
	st = newStep(&cfg, []*playTable{tab}, fast, srv0, srv1, true, srv0, srv0)
	require.False(t, st.OK, "a session dropped out")
	require.Equal(t, 1, st.Failed)
}
