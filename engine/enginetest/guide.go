package enginetest

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"
	"unicode/utf8"

	"boardroom/engine"
)

// GuideText is a guide's source text, unwrapped: each section's title and
// text, for looking up phrases in a game's guide test.
func GuideText(g engine.Guide) string {
	var b strings.Builder
	for _, s := range g {
		b.WriteString(s.Title + "\n" + s.Text + "\n")
	}
	return b.String()
}

// CheckGuide makes the checks every game's guide test starts with: the
// guide passes engine.Guide.Check, and every verbatim line (a table row)
// with its two-space indent fits engine.GuideVerbatimWidth. It returns the
// guide's text (GuideText) and how many verbatim lines it has.
func CheckGuide(t testing.TB, g engine.Guide) (text string, verbatim int) {
	t.Helper()
	if err := g.Check(); err != nil {
		t.Fatalf("guide check: %v", err)
	}
	for _, s := range g {
		for _, b := range engine.Blocks(s.Text) {
			if b.Kind != engine.GuideVerbatim {
				continue
			}
			verbatim++
			if n := utf8.RuneCountInString(b.Text) + 2; n > engine.GuideVerbatimWidth {
				t.Errorf("verbatim line of %d columns, want at most %d: %q", n, engine.GuideVerbatimWidth, b.Text)
			}
		}
	}
	return GuideText(g), verbatim
}

// GuideDigest is the sha256 (hex) of a game's guide as the plain `rules`
// command prints it at 80 columns. A test pins it so that a refactoring of
// the code that writes the guide cannot change a word unnoticed; a change
// meant to change the text updates the pinned digest.
func GuideDigest(info engine.Info) string {
	sum := sha256.Sum256([]byte(info.Guide.PlainText(info.Title, 80)))
	return hex.EncodeToString(sum[:])
}
