package allinthegame

import "boardroom/tui"

var _ tui.SharedView = (*Renderer)(nil)

// ViewKey implements tui.SharedView. Without legal actions (a spectator, a
// player waiting) the menu is empty and View reads only the state: such
// sessions of one viewer class share the drawing. A menu kept open across
// states is the session's own, so a viewer with actions draws alone.
func (r *Renderer) ViewKey() (string, bool) {
	if r.v == nil || len(r.legal) > 0 || len(r.stack) > 1 || r.err != "" {
		return "", false
	}
	return "", true // no field of its own
}
