package enginetest

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"boardroom/engine"
	"boardroom/engine/rng"
	"boardroom/engine/testgame"

	"github.com/stretchr/testify/require"
)

func TestPlayBotsFinishesAndShowsEveryStep(t *testing.T) {
	def := testgame.Definition{}
	setup := engine.Setup{Seats: 3, Seed: 9}
	var steps, events int
	g, err := PlayBots(def, setup, Bots(def, setup), 1000, func(st *BotStep) error {
		require.Equal(t, steps, st.Step)
		if st.Step > 0 {
			require.NotEmpty(t, st.Last, "every applied action has events")
			events++
		}
		if !st.Done {
			require.True(t, st.Prompt.Awaits(st.Seat))
			require.NotNil(t, st.Action)
			steps++
		}
		return nil
	})
	require.NoError(t, err)
	require.True(t, g.Outcome().Finished)
	require.Equal(t, steps, events)

	_, err = PlayBots(def, setup, Bots(def, setup), 1, nil)
	require.ErrorIs(t, err, ErrStepLimit)
	stop := errors.New("stop")
	_, err = PlayBots(def, setup, Bots(def, setup), 1000, func(*BotStep) error { return stop })
	require.ErrorIs(t, err, stop)
	_, err = PlayBots(brokenDef{mode: "invariant"}, setup, Bots(def, setup), 1000, nil)
	require.ErrorContains(t, err, "invariant")
}

// digestFields splits a Digest line into its named hashes.
func digestFields(t *testing.T, d string) map[string]string {
	out := map[string]string{}
	for _, f := range strings.Fields(d) {
		k, v, ok := strings.Cut(f, "=")
		require.True(t, ok, d)
		out[k] = v
	}
	return out
}

// leaksDef is brokenDef's mode "leaks" with bots that read the honest view
// inside the leaking one, so that they play as on the honest game.
type leaksDef struct{ brokenDef }

type unwrapBot struct{ engine.Bot }

func (b unwrapBot) Choose(v engine.View, legal []engine.Action) engine.Action {
	if bv, ok := v.(brokenView); ok {
		v = bv.View
	}
	return b.Bot.Choose(v, legal)
}

func (d leaksDef) NewBot(seat int, seed uint64) engine.Bot {
	return unwrapBot{d.brokenDef.NewBot(seat, seed)}
}

func TestDigestSeesWhatPlayersSee(t *testing.T) {
	setup := engine.Setup{Seats: 3, Seed: 4}
	honest, err := Digest(brokenDef{}, setup, true)
	require.NoError(t, err)
	again, err := Digest(brokenDef{}, setup, true)
	require.NoError(t, err)
	require.Equal(t, honest, again, "a digest is deterministic")
	h := digestFields(t, honest)

	leaks, err := Digest(leaksDef{brokenDef{mode: "leaks"}}, setup, true)
	require.NoError(t, err)
	l := digestFields(t, leaks)
	require.NotEqual(t, h["trace"], l["trace"], "a view that shows more changes the trace")
	require.Equal(t, h["events"], l["events"])

	leaky, err := Digest(brokenDef{mode: "leakyevents"}, setup, true)
	require.NoError(t, err)
	require.NotEqual(t, h["events"], digestFields(t, leaky)["events"], "other events change the events hash")

	noFinal, err := Digest(brokenDef{}, setup, false)
	require.NoError(t, err)
	n := digestFields(t, noFinal)
	require.NotEqual(t, h["trace"], n["trace"])
	require.Equal(t, h["snapshot"], n["snapshot"])

	other, err := Digest(brokenDef{}, engine.Setup{Seats: 3, Seed: 5}, true)
	require.NoError(t, err)
	require.NotEqual(t, h["snapshot"], digestFields(t, other)["snapshot"])

	_, err = Digest(brokenDef{mode: "invariant"}, setup, true)
	require.Error(t, err)
}

// testgameFuzz fuzzes testgame (or a broken wrapper of it).
func testgameFuzz(def engine.Definition) Fuzz {
	return Fuzz{
		Def:   def,
		Setup: func(in *Input) engine.Setup { return engine.Setup{Seats: 2 + in.Next()%3, Seed: uint64(in.Next())} },
		Junk: func(in *Input) engine.Action {
			switch in.Next() % 3 {
			case 0:
				return testgame.Bid{Amount: int64(in.Next()%7) - 2}
			case 1:
				return testgame.Add{N: int64(in.Next()%7) - 2}
			}
			return testgame.Resign{}
		},
		JunkOneIn: 3,
		MaxSteps:  500,
	}
}

// fuzzInputs are fixed pseudo-random inputs of several lengths.
func fuzzInputs() [][]byte {
	r := rng.FromSeed(11)
	var out [][]byte
	for i := 0; i < 40; i++ {
		b := make([]byte, 8+r.IntN(200))
		for j := range b {
			b[j] = byte(r.IntN(256))
		}
		out = append(out, b)
	}
	return append(out, nil)
}

func TestFuzzPlayPassesOnTestgameAndFailsOnItsBrokenGames(t *testing.T) {
	for _, data := range fuzzInputs() {
		require.NoError(t, testgameFuzz(testgame.Definition{}).Play(data))
		require.NoError(t, testgameFuzz(brokenDef{}).Play(data), "the honest wrapper passes")
	}
	for mode, want := range map[string]string{
		"mutates":   "changed the state",
		"invariant": "more than 3 moves",
		"badlegal":  "refused",
		"nodefault": "refused",
		"panics":    "panic: broken game",
	} {
		t.Run(mode, func(t *testing.T) {
			var errs []string
			for _, data := range fuzzInputs() {
				if err := testgameFuzz(brokenDef{mode: mode}).Play(data); err != nil {
					errs = append(errs, err.Error())
				}
			}
			require.NotEmpty(t, errs, "the driver must catch mode %q", mode)
			require.Contains(t, strings.Join(errs, "\n"), want)
		})
	}
}

func TestExportReplayCatchesALossyCodec(t *testing.T) {
	setup := engine.Setup{Seats: 3, Seed: 2}
	kinds, err := ExportReplay(testgame.Definition{}, setup, Bots(testgame.Definition{}, setup), 2)
	require.NoError(t, err)
	require.True(t, kinds["bid"] && kinds["add"], "%v", kinds)
	_, err = ExportReplay(brokenDef{mode: "badcodec"}, setup, Bots(testgame.Definition{}, setup), 2)
	require.Error(t, err)
	_, err = ExportReplay(brokenDef{mode: "lossy"}, setup, Bots(testgame.Definition{}, setup), 2)
	require.ErrorContains(t, err, "restored replay differs")
}

func TestCheckPerturbRefusesAPerturbThatChangesNothing(t *testing.T) {
	setup := engine.Setup{Seats: 3, Seed: 4}
	g, p, err := CheckPerturb(testgame.Definition{}, setup, 0, rng.FromSeed(1), perturbTestgame)
	require.NoError(t, err)
	require.Equal(t, g.View(0), p.View(0))
	_, _, err = CheckPerturb(testgame.Definition{}, setup, 0, rng.FromSeed(1),
		func(b []byte, _ int, _ *rng.PCG) ([]byte, error) { return b, nil })
	require.ErrorContains(t, err, "changed nothing")
	_, _, err = CheckPerturb(testgame.Definition{}, setup, 0, rng.FromSeed(1),
		func(b []byte, _ int, _ *rng.PCG) ([]byte, error) { return append(b, '!'), nil })
	require.ErrorContains(t, err, "restoring")
}

// TestFuzzPlayReadsAtMostMaxInputBytes: Play reads no byte past MaxInput,
// so an input's work is bounded (at most MaxInput/2 chosen steps, then the
// defaults) and the fuzzer's minimiser cuts the rest at once.
func TestFuzzPlayReadsAtMostMaxInputBytes(t *testing.T) {
	for _, max := range []int{0, 16, 40} {
		f := testgameFuzz(testgame.Definition{})
		f.MaxInput = max
		var in *Input
		setup := f.Setup
		f.Setup = func(i *Input) engine.Setup { in = i; return setup(i) }
		want := max
		if want == 0 {
			want = DefaultMaxInput
		}
		for _, data := range fuzzInputs() {
			long := append(append([]byte{}, data...), make([]byte, 2*DefaultMaxInput)...)
			for i := range long {
				long[i] |= 1 // no zero byte: every byte is a choice
			}
			require.NoError(t, f.Play(long))
			require.LessOrEqual(t, in.pos, want, "Play read past MaxInput %d", want)
		}
	}
}

func TestCheckCorpusRefusesAMissingShortOrOverlongCorpus(t *testing.T) {
	f := testgameFuzz(testgame.Definition{})
	f.MaxInput = 8
	dir := t.TempDir()
	write := func(name string, data []byte) {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name),
			[]byte("go test fuzz v1\n[]byte("+strconv.Quote(string(data))+")\n"), 0o644))
	}
	check := func(dir string) bool {
		ft := &fakeTB{TB: t}
		func() {
			defer func() { _ = recover() }()
			f.CheckCorpus(ft, os.DirFS(dir), ".")
		}()
		return !ft.failed
	}
	require.False(t, check(filepath.Join(dir, "missing")), "no corpus")
	for i := range MinCorpus {
		write(strconv.Itoa(i), []byte{byte(i), 1, 2})
	}
	require.True(t, check(dir))
	write("long", make([]byte, 9))
	require.False(t, check(dir), "an input longer than MaxInput")
	require.NoError(t, os.Remove(filepath.Join(dir, "long")))
	require.NoError(t, os.Remove(filepath.Join(dir, "0")))
	require.False(t, check(dir), "fewer than MinCorpus inputs")
}

// fakeTB records a failure instead of failing the test; Fatal stops the
// checker with a panic that check recovers.
type fakeTB struct {
	testing.TB
	failed bool
}

func (f *fakeTB) Helper()               {}
func (f *fakeTB) Errorf(string, ...any) { f.failed = true }
func (f *fakeTB) Fatal(...any)          { f.failed = true; panic(f) }
func (f *fakeTB) Fatalf(string, ...any) { f.failed = true; panic(f) }
