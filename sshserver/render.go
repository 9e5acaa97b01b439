package sshserver

import (
	"io"
	"strings"
	"sync"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// Window sizes accepted from clients are clamped to these bounds.
const (
	maxWidth  = 400
	maxHeight = 200
)

func clampSize(w, h int) (int, int) {
	return min(max(w, 0), maxWidth), min(max(h, 0), maxHeight)
}

// environ is a client's environment (SetEnv requests plus TERM) for termenv.
type environ []string

// Environ implements termenv.Environ.
func (e environ) Environ() []string { return e }

// Getenv implements termenv.Environ; the last assignment wins.
func (e environ) Getenv(k string) string {
	v := ""
	for _, kv := range e {
		if strings.HasPrefix(kv, k+"=") {
			v = kv[len(k)+1:]
		}
	}
	return v
}

// termInfo is what the server learns about a client's terminal from its
// environment, without asking the terminal anything.
type termInfo struct {
	Profile termenv.Profile
	NoColor bool
	ASCII   bool
}

// inspectTerm derives the colour profile and the no-colour / ASCII modes
// from TERM, COLORTERM, NO_COLOR and the locale variables.
func inspectTerm(env environ) termInfo {
	term := env.Getenv("TERM")
	dumb := term == "" || term == "dumb"
	ti := termInfo{
		NoColor: dumb || env.Getenv("NO_COLOR") != "",
		ASCII:   dumb || !utf8Locale(env),
	}
	if ti.NoColor {
		ti.Profile = termenv.Ascii
		return ti
	}
	// With unsafe mode termenv treats the output as a terminal and reads
	// only the environment; it sends no query to the client.
	out := termenv.NewOutput(io.Discard, termenv.WithEnvironment(env), termenv.WithUnsafe())
	ti.Profile = out.EnvColorProfile()
	if ti.Profile == termenv.Ascii {
		ti.NoColor = true
	}
	return ti
}

// utf8Locale reports whether the client's locale (LC_ALL, else LC_CTYPE,
// else LANG) is UTF-8. A client that sends no locale is assumed to be.
func utf8Locale(env environ) bool {
	for _, k := range []string{"LC_ALL", "LC_CTYPE", "LANG"} {
		if v := env.Getenv(k); v != "" {
			v = strings.ToLower(v)
			return strings.Contains(v, "utf-8") || strings.Contains(v, "utf8")
		}
	}
	return true
}

// newRenderer builds the lipgloss renderer of a session writing to w. The
// profile and a dark background are set explicitly, so the renderer never
// queries the client (a client that does not answer would otherwise get no
// first frame until a timeout).
func newRenderer(w io.Writer, env environ, ti termInfo) *lipgloss.Renderer {
	r := lipgloss.NewRenderer(w, termenv.WithEnvironment(env), termenv.WithProfile(ti.Profile))
	r.SetColorProfile(ti.Profile)
	r.SetHasDarkBackground(true)
	return r
}

// renderers shares one lipgloss renderer per terminal kind among sessions.
// A renderer built by newRenderer never touches its output (the profile and
// background are set), so sessions with the same profile and modes can draw
// with the same one; styles built from it (a tui Theme) are shared as well.
type renderers struct {
	mu sync.Mutex
	m  map[termInfo]*lipgloss.Renderer
}

// get returns the shared renderer of a terminal kind.
func (rs *renderers) get(ti termInfo) *lipgloss.Renderer {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if r, ok := rs.m[ti]; ok {
		return r
	}
	if rs.m == nil {
		rs.m = map[termInfo]*lipgloss.Renderer{}
	}
	r := newRenderer(io.Discard, nil, ti)
	rs.m[ti] = r
	return r
}
