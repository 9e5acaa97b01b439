package loadgen

import (
	"context"
	"strings"
	"time"
)

// retryAfter is how long a session waits for a key to change its screen
// before it types the step again; a second time it presses Esc instead,
// so that a dialog that leads nowhere cannot hold it.
const retryAfter = 3 * time.Second

// sent is a step typed and not yet known to be an action or a key of a
// dialog: the next screen tells.
type sent struct {
	at  time.Time
	ver uint64 // the screen's version before it
}

// play acts whenever the game waits on this player, until ctx ends: it
// thinks before each decision, types the policy's keys and, once the next
// screen shows, counts an action (and its latencies) when that screen
// continues no dialog of the decision.
func (h *human) play(ctx context.Context) {
	var (
		last     *sent
		decision string // the label of the decision under way
		tries    int    // steps typed on the current screen version without a change
		triedVer uint64
	)
	idle := time.NewTimer(retryAfter)
	defer idle.Stop()
	for {
		h.vt.settle(ctx)
		text, ver := h.vt.snapshotInto(&h.text) // valid until the next snapshotInto
		h.scr.read(text)
		st, ok := h.policy(&h.scr, h.rng)
		if last != nil && ver != last.ver {
			if !ok || !st.cont {
				h.applied(last.at, decision)
			}
			last = nil
		}
		act := ok && (last == nil || time.Since(last.at) >= retryAfter)
		if act && !st.cont && h.sh.cfg.Think.Max > 0 && (last == nil || ver != triedVer) {
			// A new decision: think first, then read the screen again (the
			// game may have moved on meanwhile).
			if !h.sleep(ctx, h.sh.cfg.Think.Draw(h.rng)) {
				return
			}
			text, ver = h.vt.snapshotInto(&h.text)
			h.scr.read(text)
			if st, ok = h.policy(&h.scr, h.rng); !ok {
				continue
			}
		}
		if act {
			if ver == triedVer && tries > 0 {
				tries++
			} else {
				triedVer, tries = ver, 1
			}
			keys, esc := st.keys, tries > 2
			if esc {
				h.res.stuck++
				h.res.stuckScreen = strings.Clone(text) // text is reused
				keys, tries = []Key{{Name: "Esc", Bytes: []byte{0x1b}}}, 0
			} else if !st.cont {
				decision = st.label
			}
			at := time.Now()
			for _, k := range keys {
				if _, err := h.in.Write(k.Bytes); err != nil {
					return
				}
			}
			last = &sent{at: at, ver: ver}
			if esc {
				last = nil
			}
		}
		idle.Reset(retryAfter)
		select {
		case <-ctx.Done():
			return
		case <-h.vt.done:
			return
		case <-h.vt.changed:
		case <-idle.C:
		}
	}
}

// sleep waits d; false when the run or the session ended first.
func (h *human) sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	case <-h.vt.done:
		return false
	}
}

// applied counts an action typed at at: the first change of this screen
// after it is its own latency, and every other human at the table gets to
// show it.
func (h *human) applied(at time.Time, label string) {
	own, ok := h.vt.firstChangeAfter(at)
	if !ok {
		return
	}
	h.res.actions[label]++
	ep := h.sh.meter.action(own.Sub(at))
	var peers []*human
	for _, o := range h.tab.humans {
		if o != h && o.playing.Load() {
			peers = append(peers, o)
		}
	}
	if len(peers) == 0 {
		return
	}
	a := &actionRec{at: at, m: h.sh.meter, epoch: ep, pending: len(peers)}
	now := time.Now()
	for _, o := range peers {
		o.vt.expectPeer(a, now)
	}
}
