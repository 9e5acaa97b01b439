package tui

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestFreeListKeepsUpToMax: a value put back is the next one got; past
// Max, values put back are left to the collector.
func TestFreeListKeepsUpToMax(t *testing.T) {
	l := FreeList[[]byte]{Max: 2}
	a, b, c := l.Get(), l.Get(), l.Get()
	require.NotSame(t, a, b)
	l.Put(a)
	l.Put(b)
	l.Put(c) // a third: not kept
	require.Len(t, l.free, 2)
	require.Same(t, b, l.Get())
	require.Same(t, a, l.Get())
	require.NotSame(t, c, l.Get(), "the third was not kept")
}
