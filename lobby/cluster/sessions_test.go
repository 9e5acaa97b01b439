package cluster

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// A key's sessions on one node are known on the others at once, each node
// counts only the others' sessions, and a count of 0 frees the key.
func TestSessionsPerKeyReachTheOtherNodes(t *testing.T) {
	url := startNATS(t)
	st := newFakeLeases()
	a := startNode(t, url, "a", st, nil)
	b := startNode(t, url, "b", st, nil)
	c := startNode(t, url, "c", st, nil)

	a.c.SetSessions("SHA256:k", 2)
	b.c.SetSessions("SHA256:k", 1)
	eventually(t, 5*time.Second, func() bool { return c.c.SessionsElsewhere("SHA256:k") == 3 }, "c counts a's and b's sessions")
	eventually(t, 5*time.Second, func() bool { return a.c.SessionsElsewhere("SHA256:k") == 1 }, "a counts b's session, not its own")
	require.Zero(t, c.c.SessionsElsewhere("SHA256:other"))

	a.c.SetSessions("SHA256:k", 0)
	eventually(t, 5*time.Second, func() bool { return c.c.SessionsElsewhere("SHA256:k") == 1 }, "a closed its sessions")
	eventually(t, 5*time.Second, func() bool { return b.c.SessionsElsewhere("SHA256:k") == 0 }, "b no longer counts a's")
}

// A node that dies holds its keys' slots until PresenceTTL has passed
// without a word from it; one that stops gracefully frees them at once.
func TestSessionsOfAGoneNodeExpire(t *testing.T) {
	url := startNATS(t)
	st := newFakeLeases()
	var skew atomic.Int64 // how far b's clock is ahead
	now := func() time.Time { return time.Now().Add(time.Duration(skew.Load())) }
	a := startNode(t, url, "a", st, nil)
	b := startNode(t, url, "b", st, func(c *Config) { c.Now, c.PresenceTTL = now, time.Minute })
	c := startNode(t, url, "c", st, nil)

	a.c.SetSessions("SHA256:k", 3)
	c.c.SetSessions("SHA256:k", 1)
	eventually(t, 5*time.Second, func() bool { return b.c.SessionsElsewhere("SHA256:k") == 4 }, "b heard of both")

	// a dies: its counts still count until they are a minute old on b's
	// clock; c's, told again every period, stay.
	a.c.Close()
	skew.Store(int64(30 * time.Second))
	require.Equal(t, 4, b.c.SessionsElsewhere("SHA256:k"))
	skew.Store(int64(61 * time.Second))
	eventually(t, 5*time.Second, func() bool { return b.c.SessionsElsewhere("SHA256:k") == 1 },
		"a's count expired, c's is repeated (c's periodic counts must reach b with the new time)")

	// c stops gracefully: b forgets its count at once.
	require.NoError(t, c.c.Handoff(context.Background()))
	eventually(t, 5*time.Second, func() bool { return b.c.SessionsElsewhere("SHA256:k") == 0 }, "c said it is gone")
}

// A change that was lost is repaired by the node's periodic counts.
func TestSessionsArePeriodicallyRepeated(t *testing.T) {
	url := startNATS(t)
	st := newFakeLeases()
	a := startNode(t, url, "a", st, nil)
	// Recorded before b subscribes: b never hears the change itself.
	a.c.SetSessions("SHA256:k", 2)
	b := startNode(t, url, "b", st, nil)
	eventually(t, 5*time.Second, func() bool { return b.c.SessionsElsewhere("SHA256:k") == 2 }, "a's next period told b")
}
