package engine

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A Guide is a game's how-to-play reference, written for someone who has
// never seen the game. The engine owns it because the engine owns the
// rules; the lobby's game list, the play screen (tui) and the plain
// command `ssh host rules GAME` (sshserver) only show it.
//
// A guide is a list of sections. Each section has a Title (its heading) and
// a Text in a tiny plain-text markup that every front end can render:
//
//   - blank lines separate paragraphs;
//   - a line starting with "- " starts a bullet; the lines after it, up to
//     a blank line or the next bullet, continue it;
//   - a line starting with two spaces after a blank line or another such
//     line is kept as it is (not joined, not wrapped): for small tables
//     such as a price list (inside a paragraph or bullet an indented line
//     just continues it); at most
//     GuideVerbatimWidth columns so it fits the smallest terminal;
//   - other lines of a paragraph are joined with a space and re-wrapped to
//     the reader's width, so the source may wrap anywhere.
//
// No ANSI escapes, no tabs, no control characters: colour and emphasis are
// the front end's business. Sections carrying a Topic cover what every
// guide must say (GuideTopics); others (the board, the cards) are free. The
// conformance suite (engine/enginetest) refuses a game whose guide misses
// a required topic.
type Guide []GuideSection

// GuideSection is one section of a Guide.
type GuideSection struct {
	// Topic is one of the Topic constants for the sections every guide
	// must have, or "" for any other section.
	Topic string `json:"topic,omitempty"`
	Title string `json:"title"`
	Text  string `json:"text"`
}

// The topics every guide covers, in the order a newcomer reads them.
const (
	TopicGoal    = "goal"    // what you are trying to do, who you play against
	TopicTurn    = "turn"    // a round or a turn in a few steps
	TopicActions = "actions" // every action and what it costs
	TopicEnd     = "end"     // how the game ends and who wins
	TopicWords   = "words"   // the game's words and the marks on the screen
)

// GuideTopics lists the topics every guide must cover.
func GuideTopics() []string {
	return []string{TopicGoal, TopicTurn, TopicActions, TopicEnd, TopicWords}
}

// GuideVerbatimWidth is the widest a verbatim line may be, so that it fits
// an 80-column terminal inside a panel and the reader's margins.
const GuideVerbatimWidth = 72

// Check reports what makes a guide unusable: a required topic missing or
// given twice, an empty title or text, a control character or escape, a
// verbatim line wider than GuideVerbatimWidth.
func (g Guide) Check() error {
	var errs []error
	seen := map[string]int{}
	for i, s := range g {
		where := fmt.Sprintf("section %d (%q)", i+1, s.Title)
		if strings.TrimSpace(s.Title) == "" {
			errs = append(errs, fmt.Errorf("%s has no title", where))
		}
		if strings.TrimSpace(s.Text) == "" {
			errs = append(errs, fmt.Errorf("%s has no text", where))
		}
		if s.Topic != "" {
			seen[s.Topic]++
		}
		if err := checkGuideText(s.Title + "\n" + s.Text); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", where, err))
		}
	}
	for _, t := range GuideTopics() {
		switch seen[t] {
		case 0:
			errs = append(errs, fmt.Errorf("no section with topic %q", t))
		case 1:
		default:
			errs = append(errs, fmt.Errorf("topic %q given %d times", t, seen[t]))
		}
	}
	for t := range seen {
		if !isGuideTopic(t) {
			errs = append(errs, fmt.Errorf("unknown topic %q", t))
		}
	}
	return errors.Join(errs...)
}

func isGuideTopic(t string) bool {
	for _, k := range GuideTopics() {
		if k == t {
			return true
		}
	}
	return false
}

func checkGuideText(s string) error {
	if !utf8.ValidString(s) {
		return errors.New("text is not valid UTF-8")
	}
	for _, r := range s {
		if r != '\n' && (unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r)) {
			return fmt.Errorf("text holds the control character %U", r)
		}
	}
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(l, "  ") && utf8.RuneCountInString(l) > GuideVerbatimWidth {
			return fmt.Errorf("verbatim line wider than %d columns: %q", GuideVerbatimWidth, l)
		}
	}
	return nil
}

// Section returns the section of a topic, or false.
func (g Guide) Section(topic string) (GuideSection, bool) {
	for _, s := range g {
		if s.Topic == topic {
			return s, true
		}
	}
	return GuideSection{}, false
}

// GuideBlockKind tells how a block of guide text is laid out.
type GuideBlockKind uint8

// Block kinds.
const (
	GuideParagraph GuideBlockKind = iota // wrap to the width
	GuideBullet                          // wrap with a hanging indent after a bullet mark
	GuideVerbatim                        // one line, as it is
)

// GuideBlock is one paragraph, bullet or verbatim line of a section's text.
type GuideBlock struct {
	Kind GuideBlockKind
	Text string // joined with single spaces (verbatim: the line without its two-space indent)
	// Gap is set on a block that follows a blank line (the front end
	// leaves an empty line before it).
	Gap bool
}

// Blocks splits a section's text into its paragraphs, bullets and
// verbatim lines (see Guide for the markup).
func Blocks(text string) []GuideBlock {
	var out []GuideBlock
	var cur *GuideBlock
	gap := false
	flush := func() {
		if cur != nil {
			out = append(out, *cur)
			cur = nil
		}
	}
	for _, line := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		trimmed := strings.TrimSpace(line)
		switch {
		case trimmed == "":
			flush()
			gap = len(out) > 0
		case strings.HasPrefix(line, "  ") && cur == nil:
			flush()
			out = append(out, GuideBlock{Kind: GuideVerbatim, Text: strings.TrimRight(line[2:], " "), Gap: gap})
			gap = false
		case strings.HasPrefix(trimmed, "- "):
			flush()
			cur = &GuideBlock{Kind: GuideBullet, Text: strings.TrimSpace(trimmed[2:]), Gap: gap}
			gap = false
		case cur != nil:
			cur.Text += " " + trimmed
		default:
			cur = &GuideBlock{Kind: GuideParagraph, Text: trimmed, Gap: gap}
			gap = false
		}
	}
	flush()
	return out
}

// PlainText renders the guide for a plain terminal at width columns (the
// `rules` command): the title underlined, each section's title in capitals
// after a "#", paragraphs wrapped, bullets with a hanging indent.
func (g Guide) PlainText(title string, width int) string {
	width = max(width, 20)
	var b strings.Builder
	b.WriteString(title + "\n" + strings.Repeat("=", utf8.RuneCountInString(title)) + "\n")
	for _, s := range g {
		b.WriteString("\n# " + strings.ToUpper(s.Title) + "\n\n")
		for _, bl := range Blocks(s.Text) {
			if bl.Gap {
				b.WriteString("\n")
			}
			switch bl.Kind {
			case GuideVerbatim:
				b.WriteString("  " + bl.Text + "\n")
			case GuideBullet:
				for i, l := range WrapWords(bl.Text, width-2) {
					if i == 0 {
						b.WriteString("- " + l + "\n")
					} else {
						b.WriteString("  " + l + "\n")
					}
				}
			default:
				for _, l := range WrapWords(bl.Text, width) {
					b.WriteString(l + "\n")
				}
			}
		}
	}
	return b.String()
}

// WrapWords breaks text into lines of at most width runes at spaces; a
// word longer than width gets a line of its own.
func WrapWords(text string, width int) []string {
	var lines []string
	line, n := "", 0
	for _, w := range strings.Fields(text) {
		wn := utf8.RuneCountInString(w)
		switch {
		case n == 0:
			line, n = w, wn
		case n+1+wn <= width:
			line, n = line+" "+w, n+1+wn
		default:
			lines = append(lines, line)
			line, n = w, wn
		}
	}
	if n > 0 {
		lines = append(lines, line)
	}
	return lines
}
