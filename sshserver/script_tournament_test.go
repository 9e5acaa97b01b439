package sshserver_test

import (
	"context"
	"errors"
	"strconv"

	"github.com/rogpeppe/go-internal/testscript"

	"boardroom/lobby"
)

// scriptHandOver: `handover KEY TABLEID` hands KEY's seat at a running
// table to a bot (the bots stand in for the players of a tournament), and
// waits until the tournament has taken the steps that follow.
func scriptHandOver(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: handover KEY TABLEID")
	}
	st := ts.Value(scriptKey{}).(*scriptState)
	k, err := st.key(args[0])
	ts.Check(err)
	ctx := context.Background()
	acc, err := st.svc.AccountByFingerprint(ctx, fp(k))
	ts.Check(err)
	if acc == nil {
		ts.Fatalf("handover: %s has no handle", args[0])
	}
	id, err := strconv.ParseInt(args[1], 10, 64)
	ts.Check(err)
	if err := st.svc.HandOver(ctx, acc, id, true); err != nil && !errors.Is(err, lobby.ErrNotPlaying) {
		ts.Fatalf("handover: %v", err)
	}
	st.svc.WaitTournaments()
}
