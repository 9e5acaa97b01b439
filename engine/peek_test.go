package engine_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
)

type peekView struct{ N int }

// TestViewOf: a view handed as a value or as a lent pointer reads the same;
// a value is copied, a pointer is the caller's, anything else is nil.
func TestViewOf(t *testing.T) {
	v := peekView{N: 3}
	got := engine.ViewOf[peekView](v)
	require.Equal(t, 3, got.N)
	got.N = 4
	require.Equal(t, 3, v.N, "a value is copied")
	require.Same(t, &v, engine.ViewOf[peekView](&v))
	require.Nil(t, engine.ViewOf[peekView]("other"))
	require.Nil(t, engine.ViewOf[peekView](nil))
}
