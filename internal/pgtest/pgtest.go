// Package pgtest runs a real PostgreSQL server for tests: one server per
// test binary, started from the installed binaries on first use in a
// temporary directory, listening on 127.0.0.1 at a free port, and stopped
// when the tests end; every test gets a fresh database of its own.
//
//	func TestMain(m *testing.M) { pgtest.Main(m) }
//	func TestX(t *testing.T) { dsn := pgtest.DB(t); ... }
//
// When the binaries (initdb, postgres) are missing, DB skips the test with a
// clear message, unless BOARDROOM_REQUIRE_POSTGRES=1 is set: then it fails,
// so that CI cannot pass by skipping. PostgreSQL refuses to run as root, so
// as root the server runs as the user nobody.
package pgtest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5"
)

// RequireEnv is the environment variable that turns a missing PostgreSQL
// into a failure instead of a skip.
const RequireEnv = "BOARDROOM_REQUIRE_POSTGRES"

// ErrNoBinaries: no PostgreSQL server binaries were found.
var ErrNoBinaries = errors.New("pgtest: PostgreSQL server binaries (initdb, postgres) not found in PATH, " +
	"/usr/lib/postgresql/*/bin, /usr/local/pgsql/bin or /usr/local/bin; install PostgreSQL (apt-get install postgresql)")

var (
	mainCalled atomic.Bool
	once       sync.Once
	srv        *Server
	srvErr     error
	dbCount    atomic.Int64
)

// Main runs the tests of a package and stops the server (if a test started
// it) before exiting with the tests' code. Call it from TestMain.
func Main(m *testing.M) {
	mainCalled.Store(true)
	code := m.Run()
	if srv != nil {
		if err := srv.Stop(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			if code == 0 {
				code = 1
			}
		}
	}
	os.Exit(code)
}

// DB creates a fresh database on the package's server (starting it on first
// use) and returns its URL; the database is dropped when the test ends.
func DB(t testing.TB) string {
	t.Helper()
	if !mainCalled.Load() {
		t.Fatal("pgtest: call pgtest.Main(m) from the package's TestMain, so that the server is stopped at the end")
	}
	once.Do(func() { srv, srvErr = Start(context.Background()) })
	if srvErr != nil {
		if skip(srvErr, os.Getenv) {
			t.Skipf("%v (set %s=1 to fail instead of skipping)", srvErr, RequireEnv)
		}
		t.Fatal(srvErr)
	}
	name := fmt.Sprintf("t%d_%d", os.Getpid(), dbCount.Add(1))
	ctx := context.Background()
	if err := srv.exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("pgtest: create database: %v", err)
	}
	t.Cleanup(func() {
		if err := srv.exec(context.Background(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
			t.Errorf("pgtest: drop database: %v", err)
		}
	})
	return srv.URL(name)
}

// skip reports whether a test skips, rather than fails, when the server
// could not start: only when PostgreSQL is not installed and CI
// (RequireEnv=1) does not require it.
func skip(err error, getenv func(string) string) bool {
	return errors.Is(err, ErrNoBinaries) && getenv(RequireEnv) != "1"
}

// binDir finds the directory holding initdb and postgres.
func binDir() (string, error) {
	if p, err := exec.LookPath("initdb"); err == nil {
		dir := filepath.Dir(p)
		if resolved, err := filepath.EvalSymlinks(p); err == nil {
			dir = filepath.Dir(resolved)
		}
		if isFile(filepath.Join(dir, "postgres")) {
			return dir, nil
		}
	}
	// Debian keeps the server binaries out of PATH, one folder per major
	// version: take the newest.
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return majorOf(dirs[i]) > majorOf(dirs[j]) })
	dirs = append(dirs, "/usr/local/pgsql/bin", "/usr/local/bin", "/usr/pgsql/bin")
	for _, d := range dirs {
		if isFile(filepath.Join(d, "initdb")) && isFile(filepath.Join(d, "postgres")) {
			return d, nil
		}
	}
	return "", ErrNoBinaries
}

func majorOf(dir string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(dir)))
	return n
}

func isFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}

// exec runs one statement on the server's maintenance database.
func (s *Server) exec(ctx context.Context, sql string) error {
	conn, err := pgx.Connect(ctx, s.URL("postgres"))
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	_, err = conn.Exec(ctx, sql)
	return err
}
