package cluster

import (
	"context"
	"testing"
	"time"

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

// BenchmarkSealOpen is what sealing adds to a message: sealing a 2 KiB
// table notice on one node and opening it on another (the replay check
// included).
func BenchmarkSealOpen(b *testing.B) {
	a, err := newSealer(testKey, "a", time.Now, DefaultMaxAge)
	require.NoError(b, err)
	c, err := newSealer(testKey, "c", time.Now, DefaultMaxAge)
	require.NoError(b, err)
	payload := make([]byte, 2048)
	b.SetBytes(int64(len(payload)))
	for b.Loop() {
		if _, _, err := c.open("boardroom.table.1", a.seal("boardroom.table.1", payload)); err != nil {
			b.Fatal(err)
		}
	}
}
