package cluster

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/lobby"
)

// BenchmarkCallRoundTrip is what forwarding adds to an action made on a
// node that does not own the table: a NATS request to the owner and its
// answer over loopback (the owner's own work, here none, excluded).
func BenchmarkCallRoundTrip(b *testing.B) {
	url := startNATS(b)
	st := newFakeLeases()
	a := startNode(b, url, "a", st, nil)
	c := startNode(b, url, "b", st, nil)
	tok, err := a.c.Claim(context.Background(), 1)
	require.NoError(b, err)
	a.n.own(1, tok)
	call := lobby.TableCall{TableID: 1, Method: lobby.CallAct, N: 3}
	b.ResetTimer()
	for b.Loop() {
		res, err := c.c.Call(context.Background(), call)
		if err != nil || res.Int != 6 {
			b.Fatalf("call: %v %+v", err, res)
		}
	}
}
