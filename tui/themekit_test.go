package tui

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestThemeKeepsValuesOnceAndBounded: a value is made once per key and
// theme, and past maxKept values are made for each call, not kept.
func TestThemeKeepsValuesOnceAndBounded(t *testing.T) {
	type key struct{ i int }
	th := NewTheme(nil, false, false)
	made := 0
	get := func(i int) *int {
		return th.Kept(key{i}, func() any { made++; v := i; return &v }).(*int)
	}
	a := get(1)
	require.Same(t, a, get(1))
	require.Equal(t, 1, made)
	require.NotSame(t, a, NewTheme(nil, false, false).Kept(key{1}, func() any { v := 1; return &v }).(*int))
	for i := 2; i <= maxKept+10; i++ {
		get(i)
	}
	made = 0
	require.NotSame(t, get(maxKept+5), get(maxKept+5), "past the bound nothing is kept")
	require.Equal(t, 2, made)
	require.Same(t, a, get(1))
}
