package pgtest

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
)

// Server is a PostgreSQL server running in a temporary directory.
type Server struct {
	dir    string
	port   int
	cmd    *exec.Cmd
	exited chan error // the server process's end
	log    string     // its log file
}

// Start initialises a cluster in a new temporary directory and starts a
// server on 127.0.0.1 at a free port, tuned for tests (no fsync, small
// buffers). It returns ErrNoBinaries when PostgreSQL is not installed.
func Start(ctx context.Context) (*Server, error) {
	bin, err := binDir()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "pgtest-")
	if err != nil {
		return nil, err
	}
	attr, err := runAs(dir)
	if err != nil {
		_ = os.RemoveAll(dir)
		return nil, err
	}
	data := filepath.Join(dir, "data")
	initdb := exec.CommandContext(ctx, filepath.Join(bin, "initdb"), "-D", data, "-U", "postgres", "-A", "trust",
		"-E", "UTF8", "--locale=C", "--no-sync", "--no-instructions")
	initdb.SysProcAttr = attr
	initdb.Dir = dir
	if out, err := initdb.CombinedOutput(); err != nil {
		_ = os.RemoveAll(dir)
		return nil, fmt.Errorf("pgtest: initdb: %v\n%s", err, out)
	}
	// A free port can be taken between asking and binding: try a few.
	for try := 0; ; try++ {
		s, err := start(ctx, bin, dir, attr)
		if err == nil {
			return s, nil
		}
		if try == 4 || !strings.Contains(err.Error(), "could not bind") {
			_ = os.RemoveAll(dir)
			return nil, err
		}
	}
}

func start(ctx context.Context, bin, dir string, attr *syscall.SysProcAttr) (*Server, error) {
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	s := &Server{dir: dir, port: port, exited: make(chan error, 1), log: filepath.Join(dir, "postgres.log")}
	logf, err := os.Create(s.log)
	if err != nil {
		return nil, err
	}
	defer logf.Close()
	s.cmd = exec.Command(filepath.Join(bin, "postgres"), "-D", filepath.Join(dir, "data"),
		"-p", strconv.Itoa(port), "-h", "127.0.0.1", "-k", dir,
		"-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off",
		"-c", "shared_buffers=16MB", "-c", "max_connections=200", "-c", "log_min_messages=warning",
		"-c", "timezone=UTC")
	s.cmd.SysProcAttr = attr
	s.cmd.Dir = dir
	s.cmd.Stdout, s.cmd.Stderr = logf, logf
	if err := s.cmd.Start(); err != nil {
		return nil, fmt.Errorf("pgtest: start postgres: %w", err)
	}
	go func() {
		defer func() {
			if r := recover(); r != nil {
				s.exited <- fmt.Errorf("pgtest: panic waiting for postgres: %v", r)
			}
		}()
		s.exited <- s.cmd.Wait()
	}()
	deadline := time.Now().Add(30 * time.Second)
	for {
		cctx, cancel := context.WithTimeout(ctx, time.Second)
		conn, err := pgx.Connect(cctx, s.URL("postgres"))
		cancel()
		if err == nil {
			_ = conn.Close(ctx)
			return s, nil
		}
		select {
		case werr := <-s.exited:
			return nil, fmt.Errorf("pgtest: postgres exited (%v): %s", werr, s.tail())
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			_ = s.cmd.Process.Kill()
			<-s.exited
			return nil, fmt.Errorf("pgtest: postgres did not accept connections within 30s: %v: %s", err, s.tail())
		}
	}
}

// tail is the end of the server's log, for error messages.
func (s *Server) tail() string {
	b, _ := os.ReadFile(s.log)
	if len(b) > 2000 {
		b = b[len(b)-2000:]
	}
	return string(b)
}

func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

// URL is the address of a database on the server.
func (s *Server) URL(database string) string {
	u := url.URL{Scheme: "postgres", User: url.User("postgres"), Host: net.JoinHostPort("127.0.0.1", strconv.Itoa(s.port)),
		Path: "/" + database, RawQuery: "sslmode=disable"}
	return u.String()
}

// Stop shuts the server down (fast shutdown: open sessions are ended) and
// removes its directory.
func (s *Server) Stop() error {
	var err error
	if s.cmd.Process.Signal(syscall.SIGINT) == nil {
		select {
		case <-s.exited:
		case <-time.After(15 * time.Second):
			_ = s.cmd.Process.Kill()
			<-s.exited
			err = errors.New("pgtest: postgres did not stop within 15s and was killed")
		}
	}
	return errors.Join(err, os.RemoveAll(s.dir))
}
