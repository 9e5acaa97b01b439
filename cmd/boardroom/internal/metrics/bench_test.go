package metrics

import (
	"testing"
	"time"

	"boardroom/lobby"
	"boardroom/sshserver"
)

// What the observers cost per call with metrics on; with metrics off the
// lobby and the SSH server make a nil check instead and read no clock.
// An action's store write alone is tens of microseconds.
func BenchmarkObserve(b *testing.B) {
	m := New([]string{"unipoly", "technopoly", "projectopoly", "allinthegame", "billionaire"})
	b.Run("ActionApplied", func(b *testing.B) {
		for b.Loop() {
			m.ActionApplied("unipoly", lobby.ActorPlayer, 120*time.Microsecond)
		}
	})
	b.Run("Frame", func(b *testing.B) {
		for b.Loop() {
			m.Frame(2 * time.Millisecond)
		}
	})
	b.Run("Session", func(b *testing.B) {
		for b.Loop() {
			m.SessionStarted(sshserver.SessionPlayer)
			m.SessionEnded(sshserver.SessionPlayer)
		}
	})
	b.Run("ActionAppliedParallel", func(b *testing.B) {
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				m.ActionApplied("unipoly", lobby.ActorBot, 120*time.Microsecond)
			}
		})
	})
}
