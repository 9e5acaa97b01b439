package enginetest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"boardroom/engine"
	"boardroom/engine/rng"
)

// perturbRounds is how many perturbations each viewer gets at a step.
const perturbRounds = 2

// checkSecrecy: View(viewer) is deterministic; and when the game's test
// supplies Perturb, changing in a snapshot only what viewer may not see
// leaves View(viewer) byte-identical, for every seat and the spectator at
// every step. A Perturb that never changes any snapshot is itself an error,
// since it would make the check vacuous.
func checkSecrecy(s *suite) error {
	changed := false
	err := s.walk(false, func(st *step) error {
		r := rng.New(st.c.setup.Seed, uint64(st.i)+1)
		for _, v := range viewers(st.c.setup.Seats) {
			want, err := json.Marshal(st.g.View(v))
			if err != nil {
				return st.errorf("View(%d) is not JSON: %v", v, err)
			}
			again, _ := json.Marshal(st.g.View(v))
			if !bytes.Equal(want, again) {
				return st.errorf("View(%d) is not deterministic:\n  %s\n  %s", v, clip(want), clip(again))
			}
			if s.cfg.Perturb == nil {
				continue
			}
			for k := 0; k < perturbRounds; k++ {
				snap, err := s.cfg.Perturb(append([]byte(nil), st.snap...), v, r)
				if err != nil {
					return st.errorf("Perturb for viewer %d: %v", v, err)
				}
				changed = changed || !bytes.Equal(snap, st.snap)
				g, err := s.def.Restore(snap)
				if err != nil {
					return st.errorf("Restore of a snapshot perturbed for viewer %d: %v", v, err)
				}
				got, err := json.Marshal(g.View(v))
				if err != nil {
					return st.errorf("View(%d) of a perturbed game is not JSON: %v", v, err)
				}
				if !bytes.Equal(want, got) {
					return st.errorf("View(%d) changed when only what it may not see changed: it leaks hidden information:\n  %s\n  %s", v, clip(want), clip(got))
				}
			}
		}
		return nil
	})
	if err == nil && s.cfg.Perturb != nil && !changed {
		return errors.New("the Perturb hook never changed a snapshot: the secrecy check would prove nothing")
	}
	return err
}

// CheckPerturb tries a game's Perturb on a new game of setup, as viewer
// with random source r: the perturbed snapshot must differ and restore. It
// returns the new game and the restored perturbed one, for the game's test
// to check more (its invariants, the viewer's View).
func CheckPerturb(def engine.Definition, setup engine.Setup, viewer int, r *rng.PCG,
	perturb func(snapshot []byte, viewer int, r *rng.PCG) ([]byte, error)) (g, perturbed engine.Game, err error) {
	if g, err = def.New(setup); err != nil {
		return nil, nil, err
	}
	snap, err := g.Snapshot()
	if err != nil {
		return nil, nil, err
	}
	out, err := perturb(snap, viewer, r)
	if err != nil {
		return nil, nil, err
	}
	if bytes.Equal(out, snap) {
		return nil, nil, errors.New("perturb changed nothing")
	}
	if perturbed, err = def.Restore(out); err != nil {
		return nil, nil, fmt.Errorf("restoring the perturbed snapshot: %w", err)
	}
	return g, perturbed, nil
}
