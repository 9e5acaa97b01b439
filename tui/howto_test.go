package tui

import (
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/engine/opoly/unipoly"
	"boardroom/engine/testgame"
	"boardroom/lobby/lobbytest"
)

// guideLines matches the position the guide's panel title shows.
var guideLines = regexp.MustCompile(`lines (\d+)-(\d+) of (\d+)`)

// unipolyGuideAPI is a fake lobby offering Unipoly only, with ada's account.
func unipolyGuideAPI() *lobbytest.Lobby {
	api := lobbytest.NewLobby(true)
	api.SetGames(unipoly.Definition{}.Info())
	api.AddAccount("fp-ada", "ada")
	return api
}

func TestHowToOpensFromTheLobbyAndReturns(t *testing.T) {
	api := lobbytest.NewLobby(true)
	api.AddAccount("fp-ada", "ada")
	h := start(t, api, Options{Fingerprint: "fp-ada"})
	require.Regexp(t, `h +how to play`, keyHelpText(h))

	h.key("h") // one game installed: its guide at once
	v := h.view()
	require.NotNil(t, h.m.topPage())
	assert.Contains(t, frameLines(h)[0], "How to play Test Game")
	assert.Contains(t, v, "# Goal")
	assert.Contains(t, v, "brings the shared total up to the target")
	assert.Contains(t, footer(h), "esc/q/H back")

	h.key("esc")
	assert.Nil(t, h.m.topPage())
	assert.Equal(t, screenLobby, h.m.screen)
	assert.Contains(t, h.view(), "Tables")
}

func TestHowToFromTheGamesListReturnsToTheList(t *testing.T) {
	api := lobbytest.NewLobby(true)
	api.AddAccount("fp-ada", "ada")
	h := start(t, api, Options{Fingerprint: "fp-ada"})
	h.key("g")
	require.Contains(t, footer(h), "h how to play")
	list := h.m.dialogs[0]

	h.key("h")
	assert.Empty(t, h.m.dialogs, "the list steps aside while the guide is open")
	assert.Contains(t, h.view(), "# A game in a few steps")

	h.key("q")
	require.Len(t, h.m.dialogs, 1, "closing the guide shows the games list again")
	assert.Same(t, list, h.m.dialogs[0])
	assert.Contains(t, h.view(), "bid in secret for the first move")
	h.key("esc")
	assert.Empty(t, h.m.dialogs)
	assert.Equal(t, screenLobby, h.m.screen)
}

func TestHowToPicksAmongSeveralGames(t *testing.T) {
	api := lobbytest.NewLobby(true)
	api.SetGames(testgame.Definition{}.Info(), unipoly.Definition{}.Info())
	api.AddAccount("fp-ada", "ada")
	h := start(t, api, Options{Fingerprint: "fp-ada"})
	h.key("h")
	require.Len(t, h.m.dialogs, 1)
	v := h.view()
	assert.Contains(t, v, "Pick a game to read how it is played.")
	assert.Contains(t, v, "Unipoly")

	h.keys("down", "enter")
	assert.Contains(t, frameLines(h)[0], "How to play Unipoly")
	assert.Contains(t, h.view(), "university property game")
	h.key("esc")
	require.Len(t, h.m.dialogs, 1, "back at the list of games")
	h.key("esc")
	assert.Equal(t, screenLobby, h.m.screen)
	assert.Empty(t, h.m.dialogs)
}

func TestHowToFromThePlayScreenReturnsToTheGame(t *testing.T) {
	h, api := adaPlaysABot(t)
	require.Contains(t, footer(h), "H how to play", "shown in the footer, first, at 80 columns")
	require.Regexp(t, `H +how to play`, keyHelpText(h))
	version := h.play().Version
	calls := len(api.Calls())

	h.key("H")
	require.NotNil(t, h.m.topPage())
	assert.Equal(t, screenPlay, h.m.screen, "the game stays underneath")
	assert.Contains(t, h.view(), "# Goal")

	h.key("H") // the same key closes it
	assert.Nil(t, h.m.topPage())
	assert.Equal(t, screenPlay, h.m.screen)
	assert.Contains(t, h.view(), "Table #")
	assert.Equal(t, version, h.play().Version, "reading the guide played nothing")
	for _, c := range api.Calls()[calls:] {
		assert.NotContains(t, c, "act", "reading the guide played nothing")
	}
}

func TestGuestsReadTheGuideToo(t *testing.T) {
	api := lobbytest.NewLobby(true)
	h := start(t, api, Options{})
	h.key("enter") // past the guest welcome
	require.Equal(t, screenLobby, h.m.screen)
	require.Regexp(t, `h +how to play`, keyHelpText(h))
	h.key("h")
	assert.Contains(t, h.view(), "# Goal")
	h.key("esc")
	assert.Equal(t, screenLobby, h.m.screen)
}

// keyHelpText is the help overlay's text for the current screen.
func keyHelpText(h *harness) string {
	h.key("?")
	v := h.view()
	h.key("?") // any key closes it
	return v
}

func TestHowToFitsSmallAndUsesLargeTerminals(t *testing.T) {
	api := unipolyGuideAPI()
	h := start(t, api, Options{Fingerprint: "fp-ada"})
	h.key("h")

	// 80x24: every line fits (view checks), headings marked without colour.
	v := h.view()
	assert.Contains(t, v, "# Goal")
	assert.Contains(t, v, "Unipoly is the university property game")
	m := guideLines.FindStringSubmatch(v)
	require.NotNil(t, m, "the title says where the reader is")
	assert.Equal(t, "1", m[1])

	// 160x50: more lines on show, the text column at most the measure.
	h.resize(160, 50)
	v = h.view()
	m2 := guideLines.FindStringSubmatch(v)
	require.NotNil(t, m2)
	assert.Greater(t, atoi(t, m2[2]), atoi(t, m[2]), "a taller terminal shows more of the guide")
	widest := 0
	lines := strings.Split(v, "\n")
	for _, l := range lines[2 : len(lines)-3] { // the panel's content lines
		r := []rune(l)
		text := strings.TrimSpace(string(r[1 : len(r)-1])) // inside the panel's borders
		widest = max(widest, ansi.StringWidth(text))
	}
	assert.LessOrEqual(t, widest, howtoMeasure, "the text stays at a readable measure")
	assert.Greater(t, widest, 76, "but uses more than the 80-column width")

	// Too small: said plainly.
	h.resize(70, 20)
	assert.Contains(t, h.view(), "Terminal too small: 80x24 needed, you have 70x20")
	h.resize(80, 24)
	assert.Contains(t, h.view(), "How to play Unipoly")
}

func TestHowToScrolls(t *testing.T) {
	api := unipolyGuideAPI()
	h := start(t, api, Options{Fingerprint: "fp-ada"})
	h.key("h")
	pos := func() (int, int) {
		m := guideLines.FindStringSubmatch(h.view())
		require.NotNil(t, m)
		return atoi(t, m[1]), atoi(t, m[3])
	}
	first, total := pos()
	require.Equal(t, 1, first)
	require.Greater(t, total, 200, "Unipoly's guide is long: it must scroll")

	h.key("down")
	first, _ = pos()
	assert.Equal(t, 2, first)
	h.key("up")
	first, _ = pos()
	assert.Equal(t, 1, first)

	h.key("pgdown")
	first, _ = pos()
	assert.Greater(t, first, 10, "a page down moves a screenful")
	assert.NotContains(t, h.view(), "# Goal")

	h.key("G")
	v := h.view()
	assert.Contains(t, v, "takes its default action", "end shows the table settings, the guide's last section")
	assert.Contains(t, v, "more above", "a marker says there is more above")
	_, last := pos()
	assert.Equal(t, total, last)
	h.key("g")
	first, _ = pos()
	assert.Equal(t, 1, first)
	assert.Contains(t, h.view(), "# Goal")
}

func TestHowToWithoutColour(t *testing.T) {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.ANSI256)
	colour := regexp.MustCompile(`\x1b\[[0-9;]*[34]8;`)
	for _, o := range []Options{
		{Renderer: r, NoColor: true},              // NO_COLOR
		{Renderer: r, NoColor: true, ASCII: true}, // TERM=dumb
	} {
		api := unipolyGuideAPI()
		o.Fingerprint = "fp-ada"
		h := start(t, api, o)
		h.key("h")
		raw := h.m.View()
		assert.NotRegexp(t, colour, raw, "no colour at all")
		v := h.view()
		assert.Contains(t, v, "# Goal", "headings are marked without colour")
		h.key("G")
		assert.Contains(t, h.view(), "- End of game: last player standing", "bullets are marked")
		if o.ASCII {
			for _, l := range strings.Split(v, "\n") {
				for _, c := range l {
					require.Less(t, c, rune(128), "ASCII only on TERM=dumb: %q", l)
				}
			}
		}
	}
	// With colours the headings are styled as well as marked.
	api := unipolyGuideAPI()
	h := start(t, api, Options{Fingerprint: "fp-ada", Renderer: r})
	h.key("h")
	assert.Contains(t, h.m.View(), h.m.th.Bold.Render("# Goal"))
}

func TestHowToTextWrapsBulletsAndKeepsTables(t *testing.T) {
	th := NewTheme(nil, true, true)
	text := howtoText(th, unipoly.Definition{}.Info(), 60)
	lines := strings.Split(text, "\n")
	for _, l := range lines {
		assert.LessOrEqual(t, ansi.StringWidth(l), 60, "%q", l)
	}
	assert.Contains(t, text, "\n- Roll: free.")
	assert.Contains(t, text, "\n  2        $8,750     7\n", "verbatim tables keep their columns")
	// A game without a guide still gets a page that says so.
	info := testgame.Definition{}.Info()
	info.Guide = nil
	assert.Contains(t, howtoText(th, info, 60), "This game has no how-to-play guide yet.")
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	require.NoError(t, err)
	return n
}
