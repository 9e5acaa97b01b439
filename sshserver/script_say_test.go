package sshserver_test

import (
	"context"
	"strconv"
	"strings"

	"github.com/rogpeppe/go-internal/testscript"

	"boardroom/lobby"
)

// scriptSay: `say KEY [table ID] TEXT...` says TEXT in the public lobby's
// chat (or a table's) as KEY's player, as the chat box of the TUI does;
// its refusal is written to stderr (a muted player's sentence).
func scriptSay(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) < 2 {
		ts.Fatalf("usage: say KEY [table ID] TEXT...")
	}
	st := ts.Value(scriptKey{}).(*scriptState)
	k, err := st.key(args[0])
	ts.Check(err)
	ctx := context.Background()
	acc, err := st.svc.AccountByFingerprint(ctx, fp(k))
	ts.Check(err)
	if acc == nil {
		ts.Fatalf("say: %s has no handle", args[0])
	}
	ch, words := lobby.LobbyChannel(lobby.PublicLobbyID), args[1:]
	if len(words) > 2 && words[0] == "table" {
		id, err := strconv.ParseInt(words[1], 10, 64)
		ts.Check(err)
		ch, words = lobby.TableChannel(id), words[2:]
	}
	err = st.svc.Say(ctx, acc, ch, strings.Join(words, " "))
	if err != nil {
		_, _ = ts.Stderr().Write([]byte(err.Error() + "\n"))
	}
	if neg && err == nil {
		ts.Fatalf("say: unexpected success")
	}
	if !neg && err != nil {
		ts.Fatalf("say: %v", err)
	}
}
