package enginetest

import (
	"bytes"
	"encoding/json"
	"errors"

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
