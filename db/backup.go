package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"
)

// ErrExists is returned when a backup would overwrite a file.
var ErrExists = errors.New("the file exists")

// Backup writes a consistent copy of the database at path to dest, while a
// server may be writing it. It takes no data-directory lock: it reads
// through a connection of its own, and VACUUM INTO copies one read
// transaction's snapshot (WAL lets the server go on writing meanwhile). The
// copy is written beside dest, checked, then renamed into place, so dest is
// never a half-written file. An existing dest is replaced only with force.
func Backup(ctx context.Context, path, dest string, force bool) error {
	if _, err := os.Stat(path); err != nil {
		return fmt.Errorf("db: backup: %w", err)
	}
	if !force {
		if _, err := os.Lstat(dest); err == nil {
			return fmt.Errorf("db: backup to %s: %w (use --force to replace it)", dest, ErrExists)
		}
	}
	tmp := fmt.Sprintf("%s.tmp-%d", dest, os.Getpid())
	_ = os.Remove(tmp)
	defer os.Remove(tmp)
	if err := vacuumInto(ctx, path, tmp); err != nil {
		return err
	}
	if err := check(ctx, tmp, "integrity_check"); err != nil {
		return fmt.Errorf("db: the backup did not pass its check: %w", err)
	}
	if !force {
		// Link fails if dest appeared meanwhile; rename would replace it.
		if err := os.Link(tmp, dest); err != nil {
			if errors.Is(err, os.ErrExist) {
				return fmt.Errorf("db: backup to %s: %w (use --force to replace it)", dest, ErrExists)
			}
			return fmt.Errorf("db: backup to %s: %w", dest, err)
		}
		return nil
	}
	if err := os.Rename(tmp, dest); err != nil {
		return fmt.Errorf("db: backup to %s: %w", dest, err)
	}
	return nil
}

func vacuumInto(ctx context.Context, path, dest string) error {
	// No WAL pragma here: the connection only reads, and VACUUM INTO
	// writes a plain rollback-journal file that needs no -wal beside it.
	r, err := sql.Open("sqlite", "file:"+escapePath(path)+"?_pragma=busy_timeout(5000)")
	if err != nil {
		return fmt.Errorf("db: open %s: %w", path, err)
	}
	defer r.Close()
	r.SetMaxOpenConns(1)
	if _, err := r.ExecContext(ctx, `VACUUM INTO ?`, dest); err != nil {
		return fmt.Errorf("db: backup %s: %w", path, checkErr(path, err))
	}
	return nil
}

// Restore replaces the database at path with a copy of the backup src,
// after src passes integrity_check. The old database and its -wal and -shm
// files are moved aside, not deleted, to path.<time> (with -wal and -shm
// after that name, so the three still open together). The caller must hold
// the data directory's lock: no server may have the database open. It
// returns the names the old files were moved to.
func Restore(ctx context.Context, src, path string, now time.Time) ([]string, error) {
	if _, err := os.Stat(src); err != nil {
		return nil, fmt.Errorf("db: restore: %w", err)
	}
	if err := check(ctx, src, "integrity_check"); err != nil {
		return nil, fmt.Errorf("db: restore from %s: %w", src, err)
	}
	tmp := path + ".restoring"
	if err := copyFile(src, tmp); err != nil {
		os.Remove(tmp)
		return nil, fmt.Errorf("db: restore: %w", err)
	}
	aside := path + "." + now.UTC().Format("20060102T150405Z")
	var moved []string
	for _, suffix := range []string{"", "-wal", "-shm"} {
		from, to := path+suffix, aside+suffix
		if _, err := os.Lstat(from); errors.Is(err, os.ErrNotExist) {
			continue
		}
		if _, err := os.Lstat(to); err == nil {
			os.Remove(tmp)
			return moved, fmt.Errorf("db: restore: %s: %w", to, ErrExists)
		}
		if err := os.Rename(from, to); err != nil {
			os.Remove(tmp)
			return moved, fmt.Errorf("db: restore: move %s aside: %w", from, err)
		}
		moved = append(moved, to)
	}
	if err := os.Rename(tmp, path); err != nil {
		return moved, fmt.Errorf("db: restore: %w", err)
	}
	return moved, syncDir(filepath.Dir(path))
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	if err := out.Sync(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	_ = d.Sync() // not every file system syncs directories
	return nil
}
