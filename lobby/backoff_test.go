package lobby_test

import (
	"bytes"
	"log/slog"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/db"
	"boardroom/lobby"
)

// logLines is a thread-safe log sink for a service under test.
type logLines struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logLines) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

// matching returns the lines containing s.
func (l *logLines) matching(s string) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []string
	for _, line := range strings.Split(l.b.String(), "\n") {
		if strings.Contains(line, s) {
			out = append(out, line)
		}
	}
	return out
}

// flakyEnv is an env whose store fails writes on demand, logging to a
// buffer.
func flakyEnv(t *testing.T, cfg lobby.Config) (*env, *flakyStore, *logLines) {
	e := newEnv(t, cfg)
	e.close()
	st, err := db.Open(e.ctx, e.path, nil)
	require.NoError(t, err)
	flaky := &flakyStore{Store: st}
	logs := &logLines{}
	e.store = st
	e.svc, err = lobby.New(e.ctx, flaky, e.reg, e.cfg, slog.New(slog.NewTextHandler(logs, nil)))
	require.NoError(t, err)
	return e, flaky, logs
}

var retryRe = regexp.MustCompile(`retry_in=(\S+)`)

// On a full disk a table's bots do not retry at every BotDelay with two
// ERROR lines each time: they back off from 1 s doubling to 1 min, with one
// line per try, and one line says when writes work again.
func TestFullDiskBacksOff(t *testing.T) {
	e, flaky, logs := flakyEnv(t, lobby.Config{BotDelay: 700 * time.Millisecond})
	ada := e.player("ada")
	tb := e.startWith(ada, nil, 2, nil)

	flaky.failAppend.Store(true)
	e.clock.Advance(700 * time.Millisecond)
	require.Len(t, logs.matching("level=ERROR"), 1, "one line for the refused write")
	require.Contains(t, logs.matching("level=ERROR")[0], "retry_in=1s")
	e.clock.Advance(999 * time.Millisecond)
	require.Len(t, logs.matching("level=ERROR"), 1, "no retry before the back-off")
	e.clock.Advance(time.Millisecond)
	require.Len(t, logs.matching("level=ERROR"), 2)

	// Ten minutes of a full disk: 0.7 s retries with two lines each would
	// be ~1,700 lines.
	e.clock.Advance(10 * time.Minute)
	lines := logs.matching("level=ERROR")
	var waits []string
	for _, l := range lines {
		require.Contains(t, l, "storing failed; the table backs off")
		waits = append(waits, retryRe.FindStringSubmatch(l)[1])
	}
	require.Equal(t, []string{"1s", "2s", "4s", "8s", "16s", "32s", "1m0s", "1m0s"}, waits[:8])
	for _, w := range waits[6:] {
		require.Equal(t, "1m0s", w, "capped at a minute")
	}
	require.Len(t, lines, 6+(600-62)/60+1, "1+2+4+8+16+32 s, then one a minute")
	require.Equal(t, 0, e.state(ada, tb.ID).Version, "nothing was applied")

	flaky.failAppend.Store(false)
	waited := time.Duration(0)
	for e.state(ada, tb.ID).Version == 0 {
		require.Less(t, waited, time.Minute, "the next retry comes within the cap")
		e.clock.Advance(100 * time.Millisecond)
		waited += 100 * time.Millisecond
	}
	require.Equal(t, 1, e.state(ada, tb.ID).Version, "the retry stored the bot's move")
	require.Len(t, logs.matching("storing works again"), 1)
	require.Contains(t, logs.matching("storing works again")[0], "failures=")
	e.clock.Advance(700 * time.Millisecond)
	require.Equal(t, 2, e.state(ada, tb.ID).Version, "back to one bot move per BotDelay")
	require.Len(t, logs.matching("storing works again"), 1)
	require.Len(t, logs.matching("level=ERROR"), len(lines), "no error after the recovery")
}

// Without a BotDelay the bots move at once; a refused write still arms a
// retry, or the game would stall until someone acts.
func TestFullDiskRetriesWithoutBotDelay(t *testing.T) {
	e, flaky, logs := flakyEnv(t, lobby.Config{})
	ada := e.player("ada")
	flaky.failAppend.Store(true)
	tb := e.startWith(ada, nil, 2, nil)
	require.Equal(t, 0, e.state(ada, tb.ID).Version)
	require.Len(t, logs.matching("backs off"), 1)

	flaky.failAppend.Store(false)
	e.clock.Advance(time.Second)
	require.Equal(t, 2, e.state(ada, tb.ID).Version, "both bots bid once the write worked")
	require.Len(t, logs.matching("storing works again"), 1)
}
