package enginetest

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"hash"
	"testing"

	"boardroom/engine"
)

// GoldenSteps is the step limit of a golden bot-only game.
const GoldenSteps = 100000

// Digest plays a bot-only game of def from setup (PlayBots with Bots) and
// hashes, separately, the final snapshot, every event (all fields), and the
// trace of everything a player could observe at each step: the prompt with
// every awaited seat's default, the legal actions with their template
// bounds, every seat's and a spectator's View, the action chosen, and the
// outcome. Any change of rules, events, views, legal lists or bot decisions
// changes at least one hash. It returns
// "steps=N round=R snapshot=… events=… trace=…".
//
// finalPrompt also hashes the prompt of the finished game into the trace;
// the Unipoly-family golden files were recorded with it, Billionaire's
// without, and a golden file must not change with the harness.
func Digest(def engine.Definition, setup engine.Setup, finalPrompt bool) (string, error) {
	events, trace := sha256.New(), sha256.New()
	var err error
	n := 0 // actions applied
	put := func(h hash.Hash, x any) {
		b, e := json.Marshal(x)
		if e != nil && err == nil {
			err = e
		}
		h.Write(b)
		h.Write([]byte{'\n'})
	}
	encode := func(a engine.Action) {
		enc, e := engine.EncodeAction(a)
		if e != nil && err == nil {
			err = e
		}
		trace.Write(enc)
	}
	g, perr := PlayBots(def, setup, Bots(def, setup), GoldenSteps, func(st *BotStep) error {
		if st.Step > 0 {
			put(events, st.Last)
		}
		n = st.Step
		if st.Done && !finalPrompt {
			return err
		}
		put(trace, st.Prompt)
		for _, w := range st.Prompt.Waiting {
			encode(w.Default)
		}
		if st.Done {
			return err
		}
		for _, a := range st.Legal {
			encode(a)
			if tp, ok := a.(engine.Template); ok {
				put(trace, tp.Param())
			}
		}
		for v := engine.Spectator; v < setup.Seats; v++ {
			put(trace, st.Game.View(v))
		}
		encode(st.Action)
		return err
	})
	if perr != nil {
		return "", perr
	}
	put(trace, g.Outcome())
	snap, serr := g.Snapshot()
	if serr != nil {
		return "", serr
	}
	sum := sha256.Sum256(snap)
	return fmt.Sprintf("steps=%d round=%d snapshot=%s events=%s trace=%s", n, g.Round(),
		hex.EncodeToString(sum[:8]), hex.EncodeToString(events.Sum(nil)[:8]), hex.EncodeToString(trace.Sum(nil)[:8])), err
}

// GoldenCase is one recorded bot-only game of a golden file.
type GoldenCase struct {
	Name  string // the line's first word
	Setup engine.Setup
}

// GoldenLines plays every case and returns one line "Name Digest" per
// case, for the caller to compare with its golden file (internal/golden:
// the engine's test support does no file I/O).
func GoldenLines(t testing.TB, def engine.Definition, cases []GoldenCase, finalPrompt bool) []string {
	t.Helper()
	lines := make([]string, 0, len(cases))
	for _, c := range cases {
		d, err := Digest(def, c.Setup, finalPrompt)
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		lines = append(lines, c.Name+" "+d)
	}
	return lines
}
