package play

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestAccountSetAddsEachOnce: a set keeps each account once, in the order
// added, past its inline room too, and copies as a value.
func TestAccountSetAddsEachOnce(t *testing.T) {
	var s AccountSet
	require.Zero(t, s.Len())
	require.False(t, s.Has(0))
	for _, id := range []int64{5, 3, 5, 9, 3} {
		s.Add(id)
	}
	require.Equal(t, 3, s.Len())
	require.Equal(t, []int64{5, 3, 9}, ids(s))
	c := s
	c.Add(11)
	require.Equal(t, 3, s.Len(), "a copy's additions are its own")
	for id := int64(100); id < 110; id++ {
		s.Add(id)
		s.Add(id)
	}
	require.Equal(t, 13, s.Len(), "past the inline room")
	require.True(t, s.Has(109) && s.Has(5) && !s.Has(110))
	require.Equal(t, int64(109), s.At(12))
	a, b := s, s
	a.Add(200)
	b.Add(300)
	require.Equal(t, int64(200), a.At(13), "copies past the inline room keep their own accounts")
	require.Equal(t, int64(300), b.At(13))
	require.Equal(t, 13, s.Len())
}

// TestAwaitedSwap: Swap returns what the table awaited before and forgets a
// table that awaits nobody.
func TestAwaitedSwap(t *testing.T) {
	var b Awaited
	var one, two AccountSet
	one.Add(1)
	two.Add(1)
	two.Add(2)
	require.Zero(t, b.Swap(7, one).Len())
	before := b.Swap(7, two)
	require.Equal(t, []int64{1}, ids(before))
	require.Equal(t, []int64{1, 2}, ids(b.Swap(7, AccountSet{})))
	require.Zero(t, b.Swap(7, one).Len(), "an empty set forgot the table")
	require.Len(t, b.waiting, 1)
	b.Swap(7, AccountSet{})
	require.Empty(t, b.waiting)
}

func ids(s AccountSet) []int64 {
	var out []int64
	for i := range s.Len() {
		out = append(out, s.At(i))
	}
	return out
}
