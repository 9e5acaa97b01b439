package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"boardroom/db"
)

// runBackup is `boardroom backup [--data DIR] [--force] FILE`: a consistent
// copy of the database, taken through a read connection of its own while a
// server may run. It takes no lock.
func runBackup(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	fs.SetOutput(stderr)
	data := dataFlag(fs, os.Getenv)
	force := fs.Bool("force", false, "replace FILE if it exists")
	file, code, ok := parseFileArg(fs, args, stderr)
	if !ok {
		return code
	}
	src := filepath.Join(*data, dbFile)
	if _, err := os.Stat(src); err != nil {
		fmt.Fprintf(stderr, "backup: no database at %s (--data names the server's data directory)\n", src)
		return 1
	}
	start := time.Now()
	if err := db.Backup(context.Background(), src, file, *force); err != nil {
		fmt.Fprintf(stderr, "backup: %v\n", err)
		return 1
	}
	size := int64(0)
	if st, err := os.Stat(file); err == nil {
		size = st.Size()
	}
	fmt.Fprintf(stdout, "backed up %s to %s (%d bytes, %s)\n", src, file, size, time.Since(start).Round(time.Millisecond))
	return 0
}

// runRestore is `boardroom restore [--data DIR] FILE`: it checks the
// backup, moves the old database aside and puts the backup in its place,
// holding the data directory's lock throughout, so it refuses while a
// server runs and no server starts halfway through.
func runRestore(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("restore", flag.ContinueOnError)
	fs.SetOutput(stderr)
	data := dataFlag(fs, os.Getenv)
	file, code, ok := parseFileArg(fs, args, stderr)
	if !ok {
		return code
	}
	if err := os.MkdirAll(*data, 0o700); err != nil {
		fmt.Fprintf(stderr, "restore: %v\n", err)
		return 1
	}
	lock, err := db.LockDir(*data)
	if err != nil {
		if errors.Is(err, db.ErrLocked) {
			fmt.Fprintf(stderr, "restore: refused: %v; stop the server first\n", err)
		} else {
			fmt.Fprintf(stderr, "restore: %v\n", err)
		}
		return 1
	}
	defer lock.Release()
	dst := filepath.Join(*data, dbFile)
	moved, err := db.Restore(context.Background(), file, dst, time.Now())
	for _, m := range moved {
		fmt.Fprintf(stdout, "kept the old %s as %s\n", filepath.Base(dst)+suffixOf(m), m)
	}
	if err != nil {
		fmt.Fprintf(stderr, "restore: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "restored %s from %s; start the server to go on\n", dst, file)
	return 0
}

func suffixOf(moved string) string {
	for _, s := range []string{"-wal", "-shm"} {
		if len(moved) > len(s) && moved[len(moved)-len(s):] == s {
			return s
		}
	}
	return ""
}

func dataFlag(fs *flag.FlagSet, getenv func(string) string) *string {
	def := getenv("BOARDROOM_DATA")
	if def == "" {
		def = "./data"
	}
	return fs.String("data", def, "the server's data directory (env BOARDROOM_DATA)")
}

// parseFileArg parses flags and the one FILE argument, with flags before
// or after it.
func parseFileArg(fs *flag.FlagSet, args []string, stderr io.Writer) (string, int, bool) {
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: boardroom %s [flags] FILE\n", fs.Name())
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return "", 0, false
		}
		return "", 2, false
	}
	if fs.NArg() == 0 {
		fmt.Fprintf(stderr, "%s: name the FILE\n", fs.Name())
		fs.Usage()
		return "", 2, false
	}
	file := fs.Arg(0)
	if err := fs.Parse(fs.Args()[1:]); err != nil {
		return "", 2, false
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "%s: unexpected argument %q\n", fs.Name(), fs.Arg(0))
		return "", 2, false
	}
	return file, 0, true
}
