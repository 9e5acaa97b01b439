package opoly_test

import (
	"sync"
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly/unipoly"

	"github.com/stretchr/testify/require"
)

// The game builds parts of views, legal lists and prompts on demand and
// caches them; View, Legal and Prompt must still be safe to call from
// several goroutines at once between two Applies (run with -race), and every
// caller must get the same answer.
func TestViewLegalPrompt_Concurrent(t *testing.T) {
	def := unipoly.Definition{}
	const seats = 4
	g, err := def.New(engine.Setup{Seats: seats, Seed: 11, Options: map[string]string{"endMode": "rounds:20"}})
	require.NoError(t, err)
	bots := make([]engine.Bot, seats)
	for i := range bots {
		bots[i] = def.NewBot(i, uint64(100+i))
	}
	type seen struct {
		views  []engine.View
		legal  [][]engine.Action
		prompt engine.Prompt
	}
	for step := 0; step < 400; step++ {
		p := g.Prompt()
		if len(p.Waiting) == 0 {
			break
		}
		var wg sync.WaitGroup
		got := make([]seen, 4)
		for k := range got {
			wg.Add(1)
			go func() {
				defer wg.Done()
				s := &got[k]
				for v := engine.Spectator; v < seats; v++ {
					s.views = append(s.views, g.View(v))
				}
				for seat := 0; seat < seats; seat++ {
					s.legal = append(s.legal, g.Legal(seat))
				}
				s.prompt = g.Prompt()
			}()
		}
		wg.Wait()
		for k := range got {
			require.Equal(t, got[0].views, got[k].views, "step %d", step)
			require.Equal(t, got[0].legal, got[k].legal, "step %d", step)
			require.Equal(t, got[0].prompt, got[k].prompt, "step %d", step)
		}
		w := p.Waiting[0].Seat
		_, err := g.Apply(w, bots[w].Choose(g.View(w), g.Legal(w)))
		require.NoError(t, err, "step %d", step)
	}
}
