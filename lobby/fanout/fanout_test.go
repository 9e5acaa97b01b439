package fanout

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// upd is a test update: its topic and whether it is a resync.
type upd struct {
	topic  string
	resync bool
	viewer int64
}

type events struct{ watched, unwatched []int64 }

func newHub(ev *events) *Hub[string, upd] {
	return New(Hooks[string, upd]{
		Norm:    func(t string) string { return t },
		Resync:  func(t string) upd { return upd{topic: t, resync: true} },
		Visible: func(viewer int64, t string) bool { return t != "secret" },
		Table: func(t string) (int64, bool) {
			if t == "table-7" {
				return 7, true
			}
			return 0, false
		},
		Watched:   func(_ *Sub[string, upd], id int64) { ev.watched = append(ev.watched, id) },
		Unwatched: func(_ *Sub[string, upd], id int64) { ev.unwatched = append(ev.unwatched, id) },
	})
}

func pub(topic string) Pub[string, upd] {
	return Pub[string, upd]{Topic: topic, Make: func(v int64) upd { return upd{topic: topic, viewer: v} }}
}

func drain(sub *Sub[string, upd]) []upd {
	var out []upd
	for {
		select {
		case u := <-sub.C():
			out = append(out, u)
		default:
			return out
		}
	}
}

func TestHubDeliversToWatchersOnlyAndTellsTables(t *testing.T) {
	var ev events
	h := newHub(&ev)
	a, b := h.Subscribe(1), h.Subscribe(2)
	a.Watch("lobby", "table-7", "secret")
	b.Watch("chat")
	h.Publish(pub("lobby"), pub("chat"), pub("secret"))
	require.Equal(t, []upd{{topic: "lobby", viewer: 1}}, drain(a), "a topic one may not see is not watched")
	require.Equal(t, []upd{{topic: "chat", viewer: 2}}, drain(b))
	require.Equal(t, []int64{7}, ev.watched)

	h.Publish(Pub[string, upd]{Topic: "x", To: Account, Only: 2, Make: pub("x").Make})
	require.Empty(t, drain(a))
	require.Len(t, drain(b), 1, "an account's update reaches it whatever it watches")
	h.Publish(Pub[string, upd]{Topic: "lobby", Exclude: map[int64]bool{1: true}, Make: pub("lobby").Make})
	require.Empty(t, drain(a), "excluded")

	a.Watch("lobby")
	require.Equal(t, []int64{7}, ev.unwatched, "leaving a table's topic")
	require.True(t, h.Online(1))
	a.Close()
	require.False(t, h.Online(1))
	h.Publish(pub("lobby"))
	_, open := <-a.C()
	require.False(t, open, "nothing after Close")
}

func TestHubSubscriberThatFallsBehindGetsResync(t *testing.T) {
	h := newHub(&events{})
	a := h.Subscribe(1)
	a.Watch("lobby")
	for range Buffer + 5 {
		h.Publish(pub("lobby"))
	}
	got := drain(a)
	require.Len(t, got, Buffer)
	require.Equal(t, upd{topic: "lobby", resync: true}, got[Buffer-1], "the last slot says it fell behind")
	h.Force(upd{topic: "shutdown"})
	require.Equal(t, []upd{{topic: "shutdown"}}, drain(a))
}

// TestNotifyOnAnEmptyChannelAndOnClose: a reader told by Notify hears of
// the first update queued on an empty channel (not of each), again once it
// took them all, of updates already queued when it asks, and of the close.
func TestNotifyOnAnEmptyChannelAndOnClose(t *testing.T) {
	h := newHub(&events{})
	sub := h.Subscribe(1)
	sub.Watch("lobby")
	h.Publish(pub("lobby"))
	told := 0
	sub.Notify(func() { told++ })
	require.Equal(t, 1, told, "an update was queued before: told at once")
	h.Publish(pub("lobby"), pub("lobby"))
	require.Equal(t, 1, told, "not told again while the channel is not empty")
	require.Len(t, drain(sub), 3)
	h.Publish(pub("lobby"))
	require.Equal(t, 2, told, "told again once the reader took everything")
	require.Len(t, drain(sub), 1)
	h.Force(upd{topic: "shutdown"})
	require.Equal(t, 3, told, "a forced update tells too")
	drain(sub)
	sub.Close()
	require.Equal(t, 4, told, "the close tells")
}

// TestAccountPublicationsVisitThatAccountOnly: an update for one account
// reaches each of its sessions (whatever they watch) and no other, and
// the index forgets a closed session.
func TestAccountPublicationsVisitThatAccountOnly(t *testing.T) {
	h := newHub(&events{})
	a1, a2, b := h.Subscribe(1), h.Subscribe(1), h.Subscribe(2)
	a2.Watch("lobby")
	p := pub("bell")
	p.To, p.Only = Account, 1
	h.Publish(p)
	require.Len(t, drain(a1), 1)
	require.Len(t, drain(a2), 1)
	require.Empty(t, drain(b))
	require.True(t, h.Online(1))
	a1.Close()
	a2.Close()
	require.False(t, h.Online(1), "both sessions closed")
	h.Publish(p)
	require.Empty(t, drain(b))
	p.Only = 0
	h.Publish(p)
	require.Empty(t, drain(b), "account 0 is nobody")
}

// TestDrainedSubscriptionHoldsNoBuffer: a subscription read by Drain
// queues in a slice that is gone once drained (an idle session holds no
// buffer; issue 32), keeps the same limits as the channel (the last slot
// says it fell behind, a forced update makes room) and says when it has
// closed; C made afterwards carries what was queued.
func TestDrainedSubscriptionHoldsNoBuffer(t *testing.T) {
	h := newHub(&events{})
	sub := h.Subscribe(1)
	sub.Watch("lobby")
	require.Nil(t, sub.ch, "no channel until a reader waits on one")
	us, closed := sub.Drain()
	require.Empty(t, us)
	require.False(t, closed)

	h.Publish(pub("lobby"), pub("lobby"))
	us, _ = sub.Drain()
	require.Equal(t, []upd{{topic: "lobby", viewer: 1}, {topic: "lobby", viewer: 1}}, us)
	require.Nil(t, sub.q, "drained: nothing held")

	for range Buffer + 5 {
		h.Publish(pub("lobby"))
	}
	require.Len(t, sub.q, Buffer)
	h.Force(upd{topic: "shutdown"})
	us, _ = sub.Drain()
	require.Len(t, us, Buffer, "the forced update took the oldest's place")
	require.Equal(t, upd{topic: "lobby", resync: true}, us[Buffer-2], "the last slot said it fell behind")
	require.Equal(t, upd{topic: "shutdown"}, us[Buffer-1])

	h.Publish(pub("lobby"))
	ch := sub.C()
	require.Nil(t, sub.q)
	require.Equal(t, []upd{{topic: "lobby", viewer: 1}}, drain(sub), "what was queued moved to the channel")
	h.Publish(pub("lobby"))
	us, _ = sub.Drain()
	require.Len(t, us, 1, "Drain reads the channel once there is one")
	sub.Close()
	_, open := <-ch
	require.False(t, open)
	us, closed = sub.Drain()
	require.Empty(t, us)
	require.True(t, closed)
}

// TestDrainSaysClosed: the queue of a closed subscription drains what was
// queued before and says it closed; nothing is queued after.
func TestDrainSaysClosed(t *testing.T) {
	h := newHub(&events{})
	sub := h.Subscribe(1)
	sub.Watch("lobby")
	told := 0
	sub.Notify(func() { told++ })
	h.Publish(pub("lobby"))
	sub.Close()
	require.Equal(t, 2, told, "the update and the close")
	h.Publish(pub("lobby"))
	us, closed := sub.Drain()
	require.Len(t, us, 1)
	require.True(t, closed)
}
