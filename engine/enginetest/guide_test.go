package enginetest

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/testgame"
)

// recorder is a testing.TB that keeps what a helper reports instead of
// failing the test; Fatalf stops the helper as testing does (by a panic
// the caller recovers instead of runtime.Goexit).
type recorder struct {
	testing.TB
	errs []string
}

type fatal struct{}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, format)
}
func (r *recorder) Fatalf(format string, args ...any) {
	r.errs = append(r.errs, format)
	panic(fatal{})
}

func checkGuideOn(g engine.Guide) (errs []string, verbatim int) {
	r := &recorder{}
	defer func() {
		if v := recover(); v != nil && v != (fatal{}) {
			panic(v)
		}
		errs = r.errs
	}()
	_, verbatim = CheckGuide(r, g)
	return r.errs, verbatim
}

func TestCheckGuideCountsVerbatimLinesOfAGoodGuide(t *testing.T) {
	g := testgame.Definition{}.Info().Guide
	errs, _ := checkGuideOn(g)
	require.Empty(t, errs)
	g = append(engine.Guide{}, g...)
	g = append(g, engine.GuideSection{Title: "Table", Text: "  a  1\n  b  2"})
	errs, n := checkGuideOn(g)
	require.Empty(t, errs)
	require.GreaterOrEqual(t, n, 2)
}

func TestCheckGuideFailsAGuideThatFailsItsCheck(t *testing.T) {
	errs, _ := checkGuideOn(engine.Guide{{Title: "Board", Text: "  " + strings.Repeat("x", 71)}})
	require.NotEmpty(t, errs)
	errs, _ = checkGuideOn(nil)
	require.NotEmpty(t, errs)
}

func TestGuideTextAndDigestFollowTheWords(t *testing.T) {
	info := testgame.Definition{}.Info()
	text := GuideText(info.Guide)
	for _, s := range info.Guide {
		require.Contains(t, text, s.Title+"\n"+s.Text+"\n")
	}
	changed := info
	changed.Guide = append(engine.Guide{}, info.Guide...)
	changed.Guide[0].Text += " Really."
	require.NotEqual(t, GuideDigest(info), GuideDigest(changed))
	require.Equal(t, GuideDigest(info), GuideDigest(testgame.Definition{}.Info()))
	require.Len(t, GuideDigest(info), 64)
}
