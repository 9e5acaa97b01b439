package db

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// flock belongs to an open file description, so two LockDir calls in one
// process conflict exactly as two servers do.
func TestLockDirIsExclusive(t *testing.T) {
	dir := t.TempDir()
	l, err := LockDir(dir)
	require.NoError(t, err)
	b, err := os.ReadFile(filepath.Join(dir, LockFile))
	require.NoError(t, err)
	require.Equal(t, strconv.Itoa(os.Getpid()), strings.TrimSpace(string(b)), "the lock file names its holder")

	_, err = LockDir(dir)
	require.ErrorIs(t, err, ErrLocked)
	var le *LockedError
	require.ErrorAs(t, err, &le)
	require.Equal(t, dir, le.Dir)
	require.Equal(t, os.Getpid(), le.PID)
	require.Contains(t, err.Error(), dir)
	require.Contains(t, err.Error(), "pid "+strconv.Itoa(os.Getpid()))

	other, err := LockDir(t.TempDir())
	require.NoError(t, err, "another directory is free")
	require.NoError(t, other.Release())

	require.NoError(t, l.Release())
	l2, err := LockDir(dir)
	require.NoError(t, err, "free again once released; the file left behind does not block")
	require.NoError(t, l2.Release())
	require.NoError(t, l2.Release(), "releasing twice is harmless")
}

func TestLockDirFailsOnAMissingDirectory(t *testing.T) {
	_, err := LockDir(filepath.Join(t.TempDir(), "missing"))
	require.Error(t, err)
	require.NotErrorIs(t, err, ErrLocked)
}
