package db

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// LockFile is the name of the lock file in the data directory.
const LockFile = "boardroom.lock"

// ErrLocked is returned (inside a *LockedError) when another process holds
// the data directory.
var ErrLocked = errors.New("the data directory is in use by another boardroom server")

// LockedError names the directory another process holds, and that
// process's id when its lock file says it.
type LockedError struct {
	Dir string
	PID int // 0 if unknown
}

func (e *LockedError) Error() string {
	who := "another boardroom server"
	if e.PID > 0 {
		who = fmt.Sprintf("another boardroom server (pid %d)", e.PID)
	}
	return fmt.Sprintf("data directory %s is in use by %s", e.Dir, who)
}

func (e *LockedError) Unwrap() error { return ErrLocked }

// DirLock is an exclusive lock on a data directory, held until Release or
// the end of the process. Two servers writing one database each keep their
// own idea of the live tables and drift apart: only one may own it.
type DirLock struct {
	f *os.File
}

// LockDir takes the exclusive lock on dir without waiting (flock LOCK_EX
// |LOCK_NB on dir/boardroom.lock) and writes this process's id into the
// file. The kernel drops the lock when the process ends, however it ends,
// so a stale lock file never blocks a restart after kill -9. flock belongs
// to the open file description: a second LockDir in the same process fails
// as well.
func LockDir(dir string) (*DirLock, error) {
	path := filepath.Join(dir, LockFile)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("db: lock %s: %w", dir, err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, &LockedError{Dir: dir, PID: readPID(path)}
		}
		return nil, fmt.Errorf("db: lock %s: %w", dir, err)
	}
	// The pid is only for the message a second server prints.
	if err := f.Truncate(0); err == nil {
		_, _ = f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	return &DirLock{f: f}, nil
}

// Release drops the lock. The file stays: removing it would let a third
// process lock a new file while a second one still waits on the old one.
func (l *DirLock) Release() error {
	if l == nil || l.f == nil {
		return nil
	}
	_ = l.f.Truncate(0)
	err := l.f.Close() // closing the last descriptor drops the flock
	l.f = nil
	return err
}

func readPID(path string) int {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil || pid <= 0 {
		return 0
	}
	return pid
}
