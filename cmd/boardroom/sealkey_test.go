package main

import (
	"bytes"
	"log/slog"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestLoadSealKey(t *testing.T) {
	dir := t.TempDir()
	var logs bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logs, nil))

	key, err := loadSealKey(dir, log)
	require.NoError(t, err)
	require.Len(t, key, 32)
	require.NotEqual(t, make([]byte, 32), key)
	fi, err := os.Stat(filepath.Join(dir, sealKeyFile))
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
	require.Contains(t, logs.String(), "created a seal key")

	again, err := loadSealKey(dir, log)
	require.NoError(t, err)
	require.Equal(t, key, again, "the key is read back, not made anew")

	other, err := loadSealKey(t.TempDir(), log)
	require.NoError(t, err)
	require.NotEqual(t, key, other)

	require.NoError(t, os.Chmod(filepath.Join(dir, sealKeyFile), 0o644))
	logs.Reset()
	_, err = loadSealKey(dir, log)
	require.NoError(t, err)
	require.Contains(t, logs.String(), "chmod 600")

	require.NoError(t, os.WriteFile(filepath.Join(dir, sealKeyFile), []byte("short"), 0o600))
	_, err = loadSealKey(dir, log)
	require.ErrorContains(t, err, "has 5 bytes, not 32")
}
