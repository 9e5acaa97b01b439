package tui

import (
	"fmt"

	"boardroom/lobby"
)

// Sessions watching one table as the same viewer class (every spectator,
// or two sessions of one player) receive the very same *lobby.GameState
// with the table's update. When they also have the same size and terminal
// kind (one Theme), and their renderers are in the same state of their own
// (cursor, selection; no dialog open), the game area they draw is the same
// string: the first session draws it and the others take it from the
// Theme's boardCache (as lines, never changed once drawn).

// SharedView is implemented by a game renderer whose View depends only on
// the state it was given, the size, the theme and a few fields of its own.
// ViewKey returns those fields, listed by hand (a renderer keeps them in a
// struct of its own and returns its KeyOf), and ok false whenever View
// depends on anything else (an open dialog, typed input, an error on show,
// the clock). A field View reads and the key leaves out would show one
// session another's board: each renderer's randomised test (equal keys,
// equal boards) finds it.
//
// The key is a string, so comparing keys in the cache's map cannot panic
// whatever a renderer puts in it (an interface holding a slice would).
type SharedView interface {
	ViewKey() (key string, ok bool)
}

// KeyOf is the key of a renderer's view fields k: Go syntax (%#v), so
// fields that differ give keys that differ (strings are quoted).
func KeyOf(k any) string { return fmt.Sprintf("%#v", k) }

// Bounds of one Theme's board cache: a drawing is worth keeping only until
// every session of its class has drawn the same update, so a few hundred
// entries cover many busy tables.
const (
	boardCacheEntries = 256
	boardCacheBytes   = 8 << 20
)

type boardKey struct {
	st   *lobby.GameState // identity: the state shared by the class
	w, h int
	game string // the renderer's game (a factory per game)
	ui   string // SharedView.ViewKey
}

// drawGame is the renderer's View, shared with the sessions of the same
// viewer class, size and terminal kind when the renderer allows it
// (boardcache.go), and kept for this session's next frame: the turn
// timer's tick redraws the frame once a second, and the theme's cache,
// bounded for all its sessions, may have dropped the drawing by then.
func (m *Model) drawGame(w, h int) []string {
	sv, ok := m.play.r.(SharedView)
	if !ok {
		return m.gameLines(w, h)
	}
	ui, ok := sv.ViewKey()
	if !ok {
		m.play.boardDrawn = Memo[sessionBoardKey, []string]{}
		return m.gameLines(w, h)
	}
	// The lines are kept (and shared) as h lines of w cells: a frame
	// drawn from them measures none again (appendGameArea).
	own := sessionBoardKey{gen: m.play.gen, w: w, h: h, th: m.th, ui: ui}
	return m.play.boardDrawn.Get(own, func() []string {
		if m.play.shared == nil || m.th.boards == nil {
			return m.gameLines(w, h)
		}
		k := boardKey{st: m.play.shared, w: w, h: h, game: m.tab.info.ID, ui: ui}
		return m.th.boards.get(k, func() []string { return m.gameLines(w, h) })
	})
}

// gameLines is the renderer's drawing as h lines of w cells: as it draws
// them, or its View split, fitted where a line is not (fittedBlock);
// a FittedLinesViewer's lines are not measured. The
// lines are shared (kept, and with other sessions): never changed after.
func (m *Model) gameLines(w, h int) []string {
	if fv, ok := m.play.r.(FittedLinesViewer); ok {
		ls := fv.ViewLines(w, h)
		if len(ls) == h {
			return ls
		}
		return fittedBlock(ls, w, h)
	}
	if lv, ok := m.play.r.(LinesViewer); ok {
		return fittedBlock(lv.ViewLines(w, h), w, h)
	}
	return fittedBlock(AppendLines(nil, m.play.r.View(w, h)), w, h)
}

// sessionBoardKey keys the board a session drew last: the state it gave
// its renderer (by generation), the size, the theme and the renderer's
// ViewKey.
type sessionBoardKey struct {
	gen  uint64
	w, h int
	th   *Theme
	ui   string
}

// boardCache keeps the latest game areas, as lines (sharedcache.go).
type boardCache = sharedCache[boardKey, []string]

func newBoardCache() *boardCache {
	return newSharedCache[boardKey](boardCacheEntries, boardCacheBytes, linesLen)
}

// linesLen is the bytes of a drawing's lines.
func linesLen(ls []string) int {
	n := 0
	for _, l := range ls {
		n += len(l) + 1
	}
	return n
}
