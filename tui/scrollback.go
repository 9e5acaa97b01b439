package tui

// scrollback is the position of a scrolled pane (a chat box, the play
// screen's log): its first line in view, with the count of lines and the
// height of its last drawing, which paging reads. Bubbles viewports did
// this, each keeping its own copy of every line of its pane in each session
// (the chat's messages, the whole game log) and 1.5 KiB more (issue 32).
type scrollback struct {
	top, lines, height int
}

func (s *scrollback) maxTop() int { return max(0, s.lines-s.height) }

func (s *scrollback) pageUp() { s.top = max(0, s.top-s.height) }

func (s *scrollback) pageDown() { s.top = min(s.top+s.height, s.maxTop()) }

func (s *scrollback) atBottom() bool { return s.top >= s.maxTop() }

func (s *scrollback) toBottom() { s.top = s.maxTop() }

// show sets the pane's lines and height for a drawing, at the end when
// following (or when the lines became fewer than the position), and
// returns the lines in view.
func (s *scrollback) show(lines []string, height int, follow bool) []string {
	s.lines, s.height = len(lines), height
	if follow || s.top > s.lines-1 {
		s.toBottom()
	}
	s.top = min(s.top, s.maxTop())
	return lines[s.top:min(s.top+s.height, len(lines))]
}
