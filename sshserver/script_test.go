package sshserver_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
	gossh "golang.org/x/crypto/ssh"

	"boardroom/db"
	"boardroom/engine/testgame"
	"boardroom/lobby/lobbytest"
	"boardroom/lobby/moderation"
)

// TestScripts runs the plain ssh commands as a player would, from the
// transcripts in testdata/script (txtar files read by testscript). Each
// script gets a fresh server on 127.0.0.1:0 and these commands:
//
//	ssh KEY COMMAND [ARGS...]   run a command as the player with key KEY
//	                            (made on first use), or as a guest for
//	                            KEY "guest"; stdout and stderr as usual, and
//	                            a non-zero exit status fails unless negated
//	setvar NAME REGEXP          set $NAME to the first group of REGEXP in the
//	                            last command's stdout (invite codes, slugs)
//	finish KEY TABLEID          play the test game at a started table to its
//	                            end as KEY's player (bots move at once), so
//	                            that results and ladders have something in them
//	operator KEY                make KEY an operator: its key is added to the
//	                            server's operators file, which is read again
//	say KEY [table ID] TEXT     say TEXT in the public lobby's chat (or a
//	                            table's) as KEY's player (script_say_test.go)
//
// Everything else is testscript's own language (stdout, stderr, cmp, !, ...).
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(env *testscript.Env) error {
			st := &scriptT{t: env.T(), env: env}
			opsPath := filepath.Join(env.WorkDir, "operators")
			if err := os.WriteFile(opsPath, nil, 0o600); err != nil {
				return err
			}
			ops, err := moderation.OpenKeyFile(opsPath, nil)
			if err != nil {
				return err
			}
			ts := startServerWith(st, env.WorkDir, serverSetup{moderate: func(store *db.Store) *moderation.Moderator {
				m, err := moderation.New(moderation.Config{Store: store, Operators: ops})
				if err != nil {
					st.Errorf("moderation: %v", err)
				}
				return m
			}})
			env.Values[scriptKey{}] = &scriptState{addr: ts.addr, svc: ts.svc, keys: map[string]gossh.Signer{}, ops: ops}
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"ssh":      scriptSSH,
			"setvar":   scriptSetvar,
			"finish":   scriptFinish,
			"operator": scriptOperator,
			"handover": scriptHandOver,
			"say":      scriptSay,
		},
	})
}

type scriptKey struct{}

type scriptState struct {
	addr string
	svc  lobbytest.Backend
	mu   sync.Mutex
	keys map[string]gossh.Signer
	ops  *moderation.KeyFile
}

func (s *scriptState) key(name string) (gossh.Signer, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if k, ok := s.keys[name]; ok {
		return k, nil
	}
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, err
	}
	k, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		return nil, err
	}
	s.keys[name] = k
	return k, nil
}

func scriptSSH(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) < 1 {
		ts.Fatalf("usage: ssh KEY [COMMAND ARGS...]")
	}
	st := ts.Value(scriptKey{}).(*scriptState)
	auth := guestAuth()
	if args[0] != "guest" {
		k, err := st.key(args[0])
		ts.Check(err)
		auth = gossh.PublicKeys(k)
	}
	c, err := gossh.Dial("tcp", st.addr, &gossh.ClientConfig{User: args[0], Auth: []gossh.AuthMethod{auth},
		HostKeyCallback: gossh.InsecureIgnoreHostKey()})
	ts.Check(err)
	defer c.Close()
	s, err := c.NewSession()
	ts.Check(err)
	defer s.Close()
	var out, errb bytes.Buffer
	s.Stdout, s.Stderr = &out, &errb
	err = s.Run(strings.Join(args[1:], " "))
	_, _ = ts.Stdout().Write(out.Bytes())
	_, _ = ts.Stderr().Write(errb.Bytes())
	var ee *gossh.ExitError
	code := 0
	switch {
	case errors.As(err, &ee):
		code = ee.ExitStatus()
	case err != nil:
		ts.Fatalf("ssh: %v", err)
	}
	if neg && code == 0 {
		ts.Fatalf("unexpected success")
	}
	if !neg && code != 0 {
		ts.Fatalf("exit status %d", code)
	}
}

func scriptSetvar(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: setvar NAME REGEXP")
	}
	re, err := regexp.Compile(args[1])
	ts.Check(err)
	m := re.FindStringSubmatch(ts.ReadFile("stdout"))
	if len(m) < 2 {
		ts.Fatalf("setvar: %q matches nothing in stdout", args[1])
	}
	ts.Setenv(args[0], m[1])
}

func scriptFinish(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: finish KEY TABLEID")
	}
	st := ts.Value(scriptKey{}).(*scriptState)
	k, err := st.key(args[0])
	ts.Check(err)
	ctx := context.Background()
	acc, err := st.svc.AccountByFingerprint(ctx, fp(k))
	ts.Check(err)
	if acc == nil {
		ts.Fatalf("finish: %s has no handle", args[0])
	}
	id, err := strconv.ParseInt(args[1], 10, 64)
	ts.Check(err)
	for range 200 {
		gs, err := st.svc.GameState(ctx, acc, id)
		ts.Check(err)
		if gs.Outcome.Finished {
			return
		}
		n := int64(3)
		if v, ok := gs.View.(testgame.View); ok {
			n = min(n, v.Target-v.Total)
		}
		a := lobbytest.Move(gs, n)
		if a == nil {
			ts.Fatalf("finish: %s cannot act at table %d and the game has not ended", args[0], id)
		}
		ts.Check(st.svc.Act(ctx, acc, id, gs.Version, a))
	}
	ts.Fatalf("finish: the game at table %d did not end", id)
}

// scriptT lets startServer report to a script.
type scriptT struct {
	t   testscript.T
	env *testscript.Env
}

func (s *scriptT) Helper() {}

func (s *scriptT) Errorf(format string, args ...any) { s.t.Fatal(fmt.Sprintf(format, args...)) }

func (s *scriptT) FailNow() { s.t.FailNow() }

func (s *scriptT) Cleanup(f func()) { s.env.Defer(f) }

func scriptOperator(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: operator KEY")
	}
	st := ts.Value(scriptKey{}).(*scriptState)
	k, err := st.key(args[0])
	ts.Check(err)
	f, err := os.OpenFile(st.ops.Path(), os.O_APPEND|os.O_WRONLY, 0)
	ts.Check(err)
	_, err = f.Write(gossh.MarshalAuthorizedKey(k.PublicKey()))
	ts.Check(err)
	ts.Check(f.Close())
	ts.Check(st.ops.Reload())
}
