package engine_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
)

func fullGuide() engine.Guide {
	return engine.Guide{
		{Topic: engine.TopicGoal, Title: "Goal", Text: "Win."},
		{Topic: engine.TopicTurn, Title: "Turn", Text: "Roll."},
		{Topic: engine.TopicActions, Title: "Actions", Text: "- Roll: free."},
		{Topic: engine.TopicEnd, Title: "End", Text: "Last one in wins."},
		{Topic: engine.TopicWords, Title: "Words", Text: "- GO: the start."},
		{Title: "Board", Text: "  GO   start"},
	}
}

func TestGuideCheckAcceptsACompleteGuide(t *testing.T) {
	require.NoError(t, fullGuide().Check())
}

func TestGuideCheckRefusesWhatAReaderCannotUse(t *testing.T) {
	cases := map[string]func(g engine.Guide) engine.Guide{
		"missing topic":   func(g engine.Guide) engine.Guide { return g[1:] },
		"topic twice":     func(g engine.Guide) engine.Guide { g[1].Topic = engine.TopicGoal; return g },
		"unknown topic":   func(g engine.Guide) engine.Guide { g[5].Topic = "cards"; return g },
		"empty title":     func(g engine.Guide) engine.Guide { g[2].Title = " "; return g },
		"empty text":      func(g engine.Guide) engine.Guide { g[3].Text = "\n\n"; return g },
		"ansi escape":     func(g engine.Guide) engine.Guide { g[0].Text = "\x1b[31mred\x1b[0m"; return g },
		"tab":             func(g engine.Guide) engine.Guide { g[0].Text = "a\tb"; return g },
		"bidi control":    func(g engine.Guide) engine.Guide { g[0].Title = "Go\u202eal"; return g },
		"wide verbatim":   func(g engine.Guide) engine.Guide { g[5].Text = "  " + strings.Repeat("x", 71); return g },
		"invalid utf-8":   func(g engine.Guide) engine.Guide { g[4].Text = "\xff"; return g },
		"no guide at all": func(engine.Guide) engine.Guide { return nil },
	}
	for name, breakIt := range cases {
		t.Run(name, func(t *testing.T) {
			require.Error(t, breakIt(fullGuide()).Check())
		})
	}
}

func TestGuideBlocks(t *testing.T) {
	text := "A paragraph that\nspans two lines.\n\n- first bullet\n  continues here\n- second\n\n  GO     $200\n  Jail   $50\nLast words."
	got := engine.Blocks(text)
	require.Equal(t, []engine.GuideBlock{
		{Kind: engine.GuideParagraph, Text: "A paragraph that spans two lines."},
		{Kind: engine.GuideBullet, Text: "first bullet continues here", Gap: true},
		{Kind: engine.GuideBullet, Text: "second"},
		{Kind: engine.GuideVerbatim, Text: "GO     $200", Gap: true},
		{Kind: engine.GuideVerbatim, Text: "Jail   $50"},
		{Kind: engine.GuideParagraph, Text: "Last words."},
	}, got)
}

func TestGuidePlainTextWraps(t *testing.T) {
	g := engine.Guide{{Topic: engine.TopicGoal, Title: "Goal", Text: strings.Repeat("word ", 40) + "\n\n- " + strings.Repeat("bullet ", 20)}}
	out := g.PlainText("Some Game", 40)
	require.True(t, strings.HasPrefix(out, "Some Game\n=========\n\n# GOAL\n\n"), out)
	for _, l := range strings.Split(out, "\n") {
		require.LessOrEqual(t, len(l), 40, "line %q", l)
	}
	require.Contains(t, out, "\n- bullet bullet")
	require.Contains(t, out, "\n  bullet bullet", "a bullet's next lines hang under its text")
	require.Equal(t, 40, strings.Count(out, "word"))
}

func TestWrapWordsKeepsLongWords(t *testing.T) {
	require.Equal(t, []string{"a", "abcdefghij", "b c"}, engine.WrapWords("a abcdefghij b c", 4))
	require.Nil(t, engine.WrapWords("   ", 10))
}
