package sshserver

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestWindowSizesArriveInOrderEndingWithTheLast: changes noted while the
// program is slow to take them are handed on in order by one goroutine,
// the last noted last; one noted before anyone listened is handed on when
// the session listens.
func TestWindowSizesArriveInOrderEndingWithTheLast(t *testing.T) {
	var ws windowSizes
	ws.note(70, 20) // before the program runs
	got := make(chan [2]int)
	ws.listen(func(w, h int) { got <- [2]int{w, h} }, nil)
	require.Equal(t, [2]int{70, 20}, <-got, "the change that came first")

	ws.note(100, 30)
	first := <-got // taken while the next ones come
	require.Equal(t, [2]int{100, 30}, first)
	ws.note(110, 30)
	ws.note(120, 30)
	ws.note(130, 40)
	var last [2]int
	for last != [2]int{130, 40} {
		select {
		case last = <-got:
			require.Contains(t, [][2]int{{110, 30}, {120, 30}, {130, 40}}, last)
		case <-time.After(5 * time.Second):
			t.Fatal("the last size never came")
		}
	}
	select {
	case extra := <-got:
		t.Fatalf("%v after the last size", extra)
	case <-time.After(50 * time.Millisecond):
	}
	require.Eventually(t, func() bool {
		ws.mu.Lock()
		defer ws.mu.Unlock()
		return !ws.busy
	}, 5*time.Second, time.Millisecond, "no goroutine left handing sizes on")
}
