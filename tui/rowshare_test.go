package tui

import (
	"fmt"
	"sync"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// rowsOf is text cut at '|' as a renderer hands its rows to SharedRows.
func rowsOf(text string) ([]byte, []int) {
	var ends []int
	b := []byte{}
	for i := 0; i < len(text); i++ {
		if text[i] == '|' {
			ends = append(ends, len(b))
			continue
		}
		b = append(b, text[i])
	}
	return b, append(ends, len(b))
}

func sameString(a, b string) bool { return unsafe.StringData(a) == unsafe.StringData(b) }

// TestSharedRowsTakeTheRowsDrawnAMomentAgo: a row drawn before by a
// session of the theme is that session's string; the others are copied
// into one new string; the rows read as the text whatever the case.
func TestSharedRowsTakeTheRowsDrawnAMomentAgo(t *testing.T) {
	th := NewTheme(nil, false, false)
	text, ends := rowsOf("ring row|players|card")
	first := th.SharedRows(nil, text, ends)
	require.Equal(t, []string{"ring row", "players", "card"}, first)
	copy(text, "XXXX") // the renderer's buffer is written again: the rows are copies
	require.Equal(t, "ring row", first[0])

	text, ends = rowsOf("ring row|players (you)|card|bar")
	second := th.SharedRows([]string{"title"}, text, ends)
	require.Equal(t, []string{"title", "ring row", "players (you)", "card", "bar"}, second)
	require.True(t, sameString(first[0], second[1]), "a row drawn a moment ago is shared")
	require.True(t, sameString(first[2], second[3]))
	require.False(t, sameString(first[1], second[2]))
	// The rows not kept were copied together: one string, the second
	// right after the first.
	require.Equal(t, unsafe.StringData(second[2]), (*byte)(unsafe.Add(unsafe.Pointer(unsafe.StringData(second[4])), -len(second[2]))))

	noRows := &Theme{}
	require.Equal(t, []string{"ring row", "players (you)", "card", "bar"}, noRows.SharedRows(nil, text, ends))
}

// TestSharedRowsAfterTakeTheLastFramesRows: after a renderer's last
// frame, a row of the same text at the same index is that frame's string,
// even once the theme has forgotten it, and the theme is not asked for
// it (it keeps no new copy of it); a row that changed, or moved to another
// index, is looked up and copied as SharedRows does.
func TestSharedRowsAfterTakeTheLastFramesRows(t *testing.T) {
	th := NewTheme(nil, false, false)
	text, ends := rowsOf("ring row|players|card|bar")
	last := th.SharedRows(nil, text, ends)
	th.rows.forget() // seconds later, on a full server: the theme kept them a moment only

	text, ends = rowsOf("ring row|players $90|card|bar")
	next := th.SharedRowsAfter([]string{"title"}, last, text, ends)
	require.Equal(t, []string{"title", "ring row", "players $90", "card", "bar"}, next)
	for _, i := range []int{0, 2, 3} {
		require.True(t, sameString(last[i], next[i+1]), "row %d unchanged: the last frame's string", i)
	}
	require.False(t, sameString(last[1], next[2]))
	th.rows.mu.Lock()
	require.Equal(t, 1, th.rows.n, "only the changed row was copied and kept")
	th.rows.mu.Unlock()

	// A row that moved to another index is not the last frame's row of
	// that index: looked up (and found, another session drew it).
	text, ends = rowsOf("players $90|ring row")
	moved := th.SharedRowsAfter(nil, next[1:], text, ends)
	require.Equal(t, []string{"players $90", "ring row"}, moved)
	require.True(t, sameString(next[2], moved[0]), "found in the theme")
	require.False(t, sameString(next[1], moved[1]), "forgotten by the theme: copied")

	noRows := &Theme{}
	require.Equal(t, []string{"players $90", "ring row"}, noRows.SharedRowsAfter(nil, last, text, ends))
}

// TestSharedRowsBounded: a theme keeps at most rowShareRows rows and
// rowShareBytes bytes of their strings, the oldest copies dropped first.
func TestSharedRowsBounded(t *testing.T) {
	th := NewTheme(nil, false, false)
	c := th.rows
	for f := range 3000 {
		text, ends := rowsOf(fmt.Sprintf("frame %d row a %0100d|frame %d row b|shared", f, f, f))
		rows := th.SharedRows(nil, text, ends)
		require.Equal(t, fmt.Sprintf("frame %d row b", f), rows[1])
		c.mu.Lock()
		require.LessOrEqual(t, c.n, rowShareRows)
		require.LessOrEqual(t, c.bytes, rowShareBytes)
		require.LessOrEqual(t, len(c.m), c.n)
		sum := 0
		for _, b := range c.batches {
			sum += b.rows
		}
		require.Equal(t, c.n, sum)
		c.mu.Unlock()
	}
	th.rows.forget()
	require.Zero(t, c.n)
	require.Zero(t, c.bytes)
	require.Empty(t, c.m)
}

// TestSharedRowsConcurrently: sessions of a theme draw at once (run with
// -race); every row reads as its text.
func TestSharedRowsConcurrently(t *testing.T) {
	th := NewTheme(nil, false, false)
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for f := range 500 {
				want := []string{fmt.Sprintf("row %d", f%7), fmt.Sprintf("row %d of %d", f, g), "same"}
				text, ends := rowsOf(want[0] + "|" + want[1] + "|" + want[2])
				got := th.SharedRows(nil, text, ends)
				if fmt.Sprint(got) != fmt.Sprint(want) {
					t.Errorf("%q, want %q", got, want)
					return
				}
			}
		}()
	}
	wg.Wait()
}
