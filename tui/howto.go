package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"

	"boardroom/engine"
	"boardroom/lobby"
)

// The how-to-play screen: a game's guide (engine.Info.Guide, written by the
// game's engine package) in a scrollable viewport. It opens from the lobby
// (h, or h in the games list) and from the play screen (H) as a page over
// them, so the table underneath goes on receiving its updates, and esc
// returns exactly where the reader came from.

// howtoMeasure is the widest the text runs: longer lines are hard to read,
// so a wide terminal gets margins instead.
const howtoMeasure = 100

// keyHowToRune is the play screen's key for the game's guide (h moves the
// board cursor there, so the capital letter).
const keyHowToRune = "H"

// howtoPage shows one game's guide.
type howtoPage struct {
	info engine.Info
	vp   viewport.Model
	// width is the text width the content was laid out at (0: not yet).
	width int
	// back runs after the page closes: it reopens the dialogs (the games
	// list) the page was opened from.
	back func()
}

// openHowTo opens the guide of a game over the current screen.
func (m *Model) openHowTo(info engine.Info) {
	m.pushPage(&howtoPage{info: info, vp: viewport.New(0, 0)})
}

// openHowToFromDialogs opens the guide from a dialog (the games list): the
// dialogs step aside while the page is open and come back when it closes.
func (m *Model) openHowToFromDialogs(info engine.Info) {
	saved := m.dialogs
	m.dialogs = nil
	m.pushPage(&howtoPage{info: info, vp: viewport.New(0, 0), back: func() {
		m.dialogs = append(m.dialogs, saved...)
	}})
}

// openGuides answers the lobby's h: the guide of the only game, or a list
// of the games whose enter opens a guide.
func (m *Model) openGuides() {
	games := m.src.games.Games()
	switch len(games) {
	case 0:
		m.push(newOverlay("How to play", "", "No playable game is installed on this server yet. Come back later!"))
		return
	case 1:
		m.openHowTo(games[0])
		return
	}
	items := make([]menuItem, len(games))
	for i, g := range games {
		items[i] = menuItem{
			cells: []string{g.Title, fmt.Sprintf("%d-%d players", g.MinSeats, g.MaxSeats)},
			desc:  g.Summary,
			run:   func() error { m.openHowToFromDialogs(g); return nil },
		}
	}
	d := m.newMenu("How to play", "Pick a game to read how it is played.", []string{"Game", "Seats"}, items)
	d.stay = true // the list comes back when the guide closes
	m.push(d)
}

// gamesHowToKey is the games list's h: the highlighted game's guide.
func (m *Model) gamesHowToKey(games []engine.Info) menuKey {
	return menuKey{b: keyRune("h", "how to play"), run: func(i int) error {
		if i >= 0 && i < len(games) {
			m.openHowToFromDialogs(games[i])
		}
		return nil
	}}
}

func (p *howtoPage) title() string { return "How to play " + p.info.Title }

func (p *howtoPage) typing() bool { return false }

func (p *howtoPage) keys(m *Model) []key.Binding {
	return append(scrollBindings(), Bind("esc/q/"+keyHowToRune, "back", "esc", "q", keyHowToRune))
}

func (p *howtoPage) update(m *Model, k tea.KeyMsg) tea.Cmd {
	switch k.String() {
	case "esc", "q", keyHowToRune:
		m.popPage()
		if p.back != nil {
			p.back()
		}
	default:
		scrollKey(&p.vp, k) // any other key does nothing
	}
	return nil
}

// view draws the guide in a panel whose text column is at most
// howtoMeasure wide, centred on a wide terminal.
func (p *howtoPage) view(m *Model, w, h int) string {
	th := m.th
	iw := PanelInner(w)
	tw := min(iw, howtoMeasure)
	if tw != p.width {
		// A new width: lay the text out again, keeping the reader near the
		// same place.
		frac := p.vp.ScrollPercent()
		p.vp.Width = tw
		p.vp.SetContent(howtoText(th, p.info, tw))
		if p.width != 0 {
			p.vp.SetYOffset(int(frac * float64(max(p.vp.TotalLineCount()-p.vp.Height, 0))))
		}
		p.width = tw
	}
	p.vp.Height = max(h-2-2, 1)   // the panel's borders, the more line and the keys line
	p.vp.SetYOffset(p.vp.YOffset) // clamps after a change of height
	title := p.info.Title + th.Bullet + "how to play"
	if total := p.vp.TotalLineCount(); total > p.vp.Height {
		last := min(p.vp.YOffset+p.vp.Height, total)
		title += th.Bullet + fmt.Sprintf("lines %d-%d of %d", p.vp.YOffset+1, last, total)
	}
	body := p.vp.View() + "\n" + scrollFooter(th, &p.vp, "esc, q or "+keyHowToRune, tw)
	if pad := (iw - tw) / 2; pad > 0 {
		margin := strings.Repeat(" ", pad)
		body = margin + strings.ReplaceAll(body, "\n", "\n"+margin)
	}
	return th.Panel(title, body, w, h, true)
}

// howtoText lays out a guide at width w: headings bold and marked "# " (so
// they stand out without colour), paragraphs wrapped, bullets with a
// hanging indent, verbatim lines cut if they do not fit.
func howtoText(th *Theme, info engine.Info, w int) string {
	var lines []string
	add := func(s string) { lines = append(lines, strings.Split(s, "\n")...) }
	if len(info.Guide) == 0 {
		add(th.Bold.Render(Fit("# "+info.Title, w, th.Ellip)))
		add("")
		add(Wrap(info.Summary, w))
		add("")
		add(th.Subtle.Render(Wrap("This game has no how-to-play guide yet.", w)))
		return strings.Join(lines, "\n")
	}
	// The table settings close every guide: written from the option specs,
	// with both defaults (rules C-12).
	guide := append(append(engine.Guide(nil), info.Guide...), lobby.TableSettingsSection(info, false))
	for i, s := range guide {
		if i > 0 {
			add("")
		}
		add(th.Bold.Render(Fit("# "+s.Title, w, th.Ellip)))
		add("")
		for _, b := range engine.Blocks(s.Text) {
			if b.Gap {
				add("")
			}
			switch b.Kind {
			case engine.GuideVerbatim:
				add("  " + Fit(b.Text, max(w-2, 1), th.Ellip))
			case engine.GuideBullet:
				for j, l := range strings.Split(Wrap(b.Text, max(w-2, 1)), "\n") {
					if j == 0 {
						add("- " + l)
					} else {
						add("  " + l)
					}
				}
			default:
				add(Wrap(b.Text, w))
			}
		}
	}
	return strings.Join(lines, "\n")
}
