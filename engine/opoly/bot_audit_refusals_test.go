package opoly_test

import (
	"math/rand/v2"
	"testing"

	"boardroom/engine/opoly"

	"github.com/stretchr/testify/require"
)

// TestRefusalTableAsMap: the auditor's table of refusals answers as a map
// of the same keys would, after every one of 3,000 refusals stored (keys
// repeated and new, the table growing from none to hundreds), for every
// key stored and for keys never stored. It fails with a key's slot lost
// in the growth, or a stored key overwritten by another.
func TestRefusalTableAsMap(t *testing.T) {
	type key struct {
		from, to int
		take     uint64
	}
	put, get := opoly.RefusalTable()
	want := map[key]int{}
	var keys []key
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 3000 {
		k := key{from: r.IntN(opoly.MaxSeats), to: r.IntN(opoly.MaxSeats), take: 1 << r.IntN(40)}
		if r.IntN(4) == 0 {
			k.take |= 1 << r.IntN(40)
		}
		if len(keys) > 0 && r.IntN(3) == 0 {
			k = keys[r.IntN(len(keys))] // a key stored before, refused again
		}
		put(k.from, k.to, k.take, i)
		if _, ok := want[k]; !ok {
			keys = append(keys, k)
		}
		want[k] = i
		if i%97 == 0 || i < 100 {
			for _, k := range keys {
				round, ok := get(k.from, k.to, k.take)
				require.True(t, ok, "refusal %d: %v stored", i, k)
				require.Equal(t, want[k], round, "refusal %d: %v", i, k)
			}
			_, ok := get(MaxSeatsOut, 0, 1<<63)
			require.False(t, ok, "a key never stored")
		}
	}
	require.Greater(t, len(keys), 500)
}

// MaxSeatsOut is a requester no seat is: its key is never stored.
const MaxSeatsOut = opoly.MaxSeats + 1
