package golden

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestCompareAndUpdate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "testdata", "golden.txt")
	require.ErrorContains(t, compare(path, "a\n", false), "-update")
	require.NoError(t, compare(path, "a\n", true))
	require.NoError(t, compare(path, "a\n", false))
	require.ErrorContains(t, compare(path, "b\n", false), "differs")
	Check(t, path, []string{"a"}, false)
}
