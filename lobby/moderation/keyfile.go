// Package moderation is what the people who run a server use against abuse:
// the operators (named by their keys in an authorized_keys file), the
// allowlist of a private server (another such file), and the bans of keys
// and addresses with the audit of every operator action. It keeps its own
// state under its own lock and imports no boardroom package: sshserver asks
// it who may connect, the stores implement its Store, cmd wires it to the
// cluster and to the lobby.
package moderation

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"os"
	"sync"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// KeyFile is a set of keys read from an authorized_keys file (operators,
// or the keys a private server admits), by SHA256 fingerprint. It is read
// again by Reload (on SIGHUP) and by Watch when the file's modification time
// or size changes; a read that fails keeps the keys read before.
type KeyFile struct {
	path string
	log  *slog.Logger

	mu    sync.RWMutex
	keys  map[string]bool
	mtime time.Time
	size  int64
}

// OpenKeyFile reads the file once: an unreadable file is an error (the
// server refuses to start), a bad line is logged with its number and
// skipped.
func OpenKeyFile(path string, log *slog.Logger) (*KeyFile, error) {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	f := &KeyFile{path: path, log: log}
	if err := f.Reload(); err != nil {
		return nil, err
	}
	return f, nil
}

// Path is the file's name.
func (f *KeyFile) Path() string { return f.path }

// Has reports whether the key with fingerprint fp is in the file. A nil
// KeyFile has no keys.
func (f *KeyFile) Has(fp string) bool {
	if f == nil || fp == "" {
		return false
	}
	f.mu.RLock()
	defer f.mu.RUnlock()
	return f.keys[fp]
}

// Len is the number of keys read.
func (f *KeyFile) Len() int {
	f.mu.RLock()
	defer f.mu.RUnlock()
	return len(f.keys)
}

// Reload reads the file again. On an error the keys read before stay.
func (f *KeyFile) Reload() error {
	st, err := os.Stat(f.path)
	if err != nil {
		return fmt.Errorf("moderation: %w", err)
	}
	data, err := os.ReadFile(f.path)
	if err != nil {
		return fmt.Errorf("moderation: %w", err)
	}
	keys, bad := ParseAuthorizedKeys(data)
	for _, b := range bad {
		f.log.Warn("moderation: a line of a key file is not a key; skipped", "file", f.path, "line", b.Line, "err", b.Err)
	}
	f.mu.Lock()
	f.keys, f.mtime, f.size = keys, st.ModTime(), st.Size()
	f.mu.Unlock()
	f.log.Info("moderation: key file read", "file", f.path, "keys", len(keys), "bad_lines", len(bad))
	return nil
}

// changed reports whether the file's modification time or size differ
// from those of the last read.
func (f *KeyFile) changed() bool {
	st, err := os.Stat(f.path)
	if err != nil {
		return false // gone or unreadable for now: keep the keys, say so at the next Reload
	}
	f.mu.RLock()
	defer f.mu.RUnlock()
	return !st.ModTime().Equal(f.mtime) || st.Size() != f.size
}

// Watch reads the file again whenever it changes, looking every period,
// until ctx ends. Polling needs no file-notification library and notices
// an editor's rename-over as well as a write.
func (f *KeyFile) Watch(ctx context.Context, period time.Duration) {
	t := time.NewTicker(period)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			f.Poll()
		}
	}
}

// Poll reads the file again if it changed since the last read, and
// reports whether it did.
func (f *KeyFile) Poll() bool {
	if !f.changed() {
		return false
	}
	if err := f.Reload(); err != nil {
		f.log.Error("moderation: key file not read again", "file", f.path, "err", err)
		return false
	}
	return true
}

// BadLine is a line of an authorized_keys file that holds no key.
type BadLine struct {
	Line int
	Err  error
}

// ParseAuthorizedKeys reads the keys of an authorized_keys file, by
// fingerprint, and the lines that are not keys. Blank lines and comments
// are neither.
func ParseAuthorizedKeys(data []byte) (map[string]bool, []BadLine) {
	keys := map[string]bool{}
	var bad []BadLine
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		k, _, _, _, err := gossh.ParseAuthorizedKey(line)
		if err != nil {
			bad = append(bad, BadLine{Line: n, Err: err})
			continue
		}
		keys[gossh.FingerprintSHA256(k)] = true
	}
	if err := sc.Err(); err != nil {
		bad = append(bad, BadLine{Line: n + 1, Err: err})
	}
	return keys, bad
}
