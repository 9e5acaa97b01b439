package opoly

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/opoly/projectopoly"
	"boardroom/engine/opoly/technopoly"
	"boardroom/engine/opoly/unipoly"
	"boardroom/tui"
	"boardroom/tui/tuitest"
)

// The frames the board renderer drew, before its drawing was made cheaper
// (docs/decisions/2026-11-property-board-frame-allocations.md), hashed per
// game: bots play whole games of each property variant, and at many of
// their states three viewers (two seats and a spectator), each with its
// own renderer kept from state to state as a session keeps it, draw the
// play areas of 80x24 and 160x50 terminals, whole 80x24, 100x30, 120x36
// and 160x50 areas and a narrow 60x20 one, in a 256-colour theme, a
// NO_COLOR one and a NO_COLOR ASCII one; the board keys (cursor, players,
// follow, explain, the player's list) are pressed on a fixed schedule so
// that the detail pane shows cards, players and codes, and now and then
// one of the action bar's keys (its question, pick list or dialog drawn
// for a few states; nothing is applied) or a refused action (the bar says
// why). Each viewer draws the first area again after the others (its
// caches must not change a frame). A digest is the sha256 of every line
// drawn, in order: a change of one byte anywhere changes it. The digests were computed on main before the change; a
// change of the drawing that is meant must recompute them (and say why).
var frameDigests = map[string]string{
	"unipoly/4/5":      "3e079e17a87d633b2a22241c90518617369a9ec7a0546ce36c24ad68208ff6ea",
	"unipoly/3/11":     "06ca700f627088950ed59ff9eee5769cf52fc45dbb990e6fe08c3e843d3b5837",
	"projectopoly/4/5": "a297afcc7aecc4c0dbc6441bdcbbc0d229d8fff4883adb9549ba85aabcfdb544",
	"projectopoly/5/8": "f26a6ebd431cf6354435248db92305c0c3eeb700ad9c6ba103f7a0f995f7b587", // renewed: cf4d6a3 changed the bots' offers in this game, not the drawing
	"technopoly/4/5":   "248f9726669a88c92ea04daed2b43fcae64460a3588e8cfe58fefd940c7926bf",
	"technopoly/3/9":   "4ee8cb57602ae5cf3ab229b0f640c9a88cb388ff234f8fcb4be83de2a1903319",
}

// frameSizes are the areas the digests draw.
var frameSizes = [][2]int{{smallW, smallH}, {80, 24}, {100, 30}, {120, 36}, {largeW, largeH}, {160, 50}, {60, 20}}

func TestFramesDrawnAsBefore(t *testing.T) {
	defs := map[string]engine.Definition{"unipoly": unipoly.Definition{}, "projectopoly": projectopoly.Definition{},
		"technopoly": technopoly.Definition{}}
	for key, want := range frameDigests {
		if raceOn && !strings.HasSuffix(key, "/4/5") {
			// The renderer runs no goroutine: the race detector finds
			// nothing here and only multiplies the cost (28 s for the
			// six games): under it one game of each variant.
			continue
		}
		t.Run(key, func(t *testing.T) {
			var id string
			var seats int
			var seed uint64
			_, err := fmt.Sscanf(strings.ReplaceAll(key, "/", " "), "%s %d %d", &id, &seats, &seed)
			require.NoError(t, err)
			got := frameDigest(t, defs[id], seats, seed, nil)
			require.Equal(t, want, got, "the frames of %s differ from main's", key)
		})
	}
}

// frameDigest plays a game of def with bots and hashes the frames drawn
// along it (see frameDigests). mutate, when set, changes each frame's
// lines before they are hashed (the test that the digest sees a byte).
func frameDigest(t testing.TB, def engine.Definition, seats int, seed uint64, mutate func([]string) []string) string {
	t.Helper()
	g, err := def.New(engine.Setup{Seats: seats, Seed: seed})
	require.NoError(t, err)
	tf := tuitest.New(t, g, def.Info(), 0).BotLast()
	themes := []*tui.Theme{tuitest.Theme(false, false), tuitest.Theme(true, false), tuitest.Theme(true, true)}
	viewers := []int{0, 1, engine.Spectator}
	type seat struct {
		viewer int
		theme  int
		r      *Renderer
	}
	var rs []seat
	for ti, th := range themes {
		for _, v := range viewers {
			rs = append(rs, seat{v, ti, testNew(tf.Context(th)).(*Renderer)})
		}
	}
	bots := make([]engine.Bot, seats)
	for i := range bots {
		bots[i] = def.NewBot(i, seed*7+uint64(i))
	}
	h := sha256.New()
	const steps, every = 900, 6
	for step := 0; ; step++ {
		done := step >= steps || g.Outcome().Finished
		if step%every == 0 || done {
			for _, s := range rs {
				s.r.SetState(tf.State(s.viewer))
				tf.Refuse = nil
				if k := step / every; k%36 == 18 { // an action refused: the bar shows why
					tf.Refuse = errors.New("refused for the test")
				}
				pressOnSchedule(s.r, step/every)
				for _, sz := range frameSizes {
					hashFrame(t, h, s.r, sz[0], sz[1], mutate)
				}
				// Drawn again at the first size, after the others: the
				// renderer's caches must not change a frame.
				hashFrame(t, h, s.r, frameSizes[0][0], frameSizes[0][1], mutate)
			}
		}
		if done {
			break
		}
		w := g.Prompt().Waiting[0].Seat
		_, err := g.Apply(w, bots[w].Choose(g.View(w), g.Legal(w)))
		require.NoError(t, err)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// pressOnSchedule presses the board's own keys (none of which sends an
// action) on a fixed schedule of the sample's number k.
func pressOnSchedule(r *Renderer, k int) {
	if r.mode != modeBoard { // a dialog opened: shown for a few states, then closed
		if k%3 == 0 {
			press(r, "esc")
		}
		return
	}
	var keys []string
	switch k % 9 {
	case 0: // one of the action bar's keys: a question, a pick list, a dialog (sent nowhere)
		if es := r.barEntries(); len(es) > 0 && k%2 == 0 {
			keys = es[k/2%len(es)].keys()
		}
	case 1:
		keys = []string{"]"} // a player's list in the detail pane
	case 2:
		keys = []string{"]", "}"}
	case 3:
		keys = []string{"[", "[", "[", "[", "[", "["} // back to the cursor's card, or another player
	case 4:
		keys = []string{"l", "l", "k"}
	case 5:
		keys = []string{"i"} // the cell's code explained
	case 6:
		keys = []string{"h", "i", "."}
	case 7: // the cursor walked round the board: every kind of cell's card
		for range k % 13 {
			keys = append(keys, "l")
		}
	case 8:
		keys = []string{"j", "j", "j", "j", "j"}
	}
	for _, k := range keys {
		press(r, k)
	}
}

// press presses one key by name ("enter", "esc") or rune.
func press(r *Renderer, k string) {
	switch k {
	case "enter":
		r.Update(tea.KeyMsg{Type: tea.KeyEnter})
	case "esc":
		r.Update(tea.KeyMsg{Type: tea.KeyEsc})
	default:
		r.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)})
	}
}

// hashFrame draws w x h and writes its lines into h.
func hashFrame(t testing.TB, hs hash.Hash, r *Renderer, w, h int, mutate func([]string) []string) {
	lines := r.ViewLines(w, h)
	require.Len(t, lines, h, "lines at %dx%d", w, h)
	for i, l := range lines { // the renderer says so (LinesFitted): the play screen does not measure them
		if tui.CellWidth(l) != w {
			t.Fatalf("line %d at %dx%d is %d cells wide, not %d: %q", i, w, h, tui.CellWidth(l), w, l)
		}
	}
	if mutate != nil {
		lines = mutate(append([]string(nil), lines...))
	}
	fmt.Fprintf(hs, "%dx%d\n", w, h)
	for _, l := range lines {
		hs.Write([]byte(l))
		hs.Write([]byte{'\n'})
	}
}

// TestFrameDigestSeesOneByte: the digest of a game changes when a single
// byte of a single frame does.
func TestFrameDigestSeesOneByte(t *testing.T) {
	if raceOn {
		t.Skip("the digest's own check: nothing for the race detector to find")
	}
	frames := 0
	changeOne := func(lines []string) []string {
		frames++
		if frames == 1000 {
			b := []byte(lines[3])
			b[len(b)/2] ^= 1
			lines[3] = string(b)
		}
		return lines
	}
	same := func(lines []string) []string { return lines }
	require.Equal(t, frameDigests["unipoly/4/5"], frameDigest(t, unipoly.Definition{}, 4, 5, same))
	require.NotEqual(t, frameDigests["unipoly/4/5"], frameDigest(t, unipoly.Definition{}, 4, 5, changeOne))
	require.Greater(t, frames, 1000)
}
