package main

import (
	"crypto/rand"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"

	"boardroom/lobby"
)

// sealKeyFile holds the key that seals and signs exported game files
// (lobby.Config.SealKey). Losing it makes every file exported so far
// unimportable; it is created on first start.
const sealKeyFile = "seal.key"

// loadSealKey reads the seal key from the data directory, creating it
// (lobby.SealKeySize random bytes, mode 0600) when it does not exist.
func loadSealKey(dir string, log *slog.Logger) ([]byte, error) {
	path := filepath.Join(dir, sealKeyFile)
	key, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return createSealKey(path, log)
	}
	if err != nil {
		return nil, fmt.Errorf("read the seal key: %w", err)
	}
	if len(key) != lobby.SealKeySize {
		return nil, fmt.Errorf("%s has %d bytes, not %d: restore it from a backup, or delete it to make a new one "+
			"(game files exported with the old key then no longer import)", path, len(key), lobby.SealKeySize)
	}
	if fi, err := os.Stat(path); err == nil && fi.Mode().Perm()&0o077 != 0 {
		log.Warn("the seal key can be read by other users; chmod 600 it", "path", path, "mode", fi.Mode().Perm().String())
	}
	return key, nil
}

func createSealKey(path string, log *slog.Logger) ([]byte, error) {
	key := make([]byte, lobby.SealKeySize)
	if _, err := rand.Read(key); err != nil {
		return nil, fmt.Errorf("make a seal key: %w", err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return nil, fmt.Errorf("create the seal key: %w", err)
	}
	_, err = f.Write(key)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		_ = os.Remove(path)
		return nil, fmt.Errorf("write the seal key: %w", err)
	}
	log.Info("created a seal key for exported games", "path", path)
	return key, nil
}
