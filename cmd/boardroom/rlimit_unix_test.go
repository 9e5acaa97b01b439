//go:build unix

package main

import (
	"bytes"
	"log/slog"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestRaiseOpenFileLimit lowers the soft limit and checks that it is raised
// back to the hard maximum and logged.
func TestRaiseOpenFileLimit(t *testing.T) {
	var orig syscall.Rlimit
	require.NoError(t, syscall.Getrlimit(syscall.RLIMIT_NOFILE, &orig))
	t.Cleanup(func() { _ = syscall.Setrlimit(syscall.RLIMIT_NOFILE, &orig) })
	if orig.Max < 512 {
		t.Skipf("hard limit %d too low to lower the soft one", orig.Max)
	}
	low := syscall.Rlimit{Cur: 256, Max: orig.Max}
	require.NoError(t, syscall.Setrlimit(syscall.RLIMIT_NOFILE, &low))

	var buf bytes.Buffer
	raiseOpenFileLimit(slog.New(slog.NewTextHandler(&buf, nil)))
	var now syscall.Rlimit
	require.NoError(t, syscall.Getrlimit(syscall.RLIMIT_NOFILE, &now))
	require.Equal(t, orig.Max, now.Cur)
	require.Contains(t, buf.String(), "open file limit")
}
