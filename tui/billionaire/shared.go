package billionaire

import "boardroom/tui"

// viewKey is every field of the Renderer that View reads besides the game
// state, the size and the theme (tui.SharedView).
type viewKey struct {
	zone, player, scroll int
	follow, details      bool
}

var _ tui.SharedView = (*Renderer)(nil)

// ViewKey implements tui.SharedView: the map and panes are shared by
// sessions of one viewer class; a dialog or an error on show is not.
func (r *Renderer) ViewKey() (string, bool) {
	if r.v == nil || r.mode != modeMap || r.err != "" {
		return "", false
	}
	return tui.KeyOf(viewKey{zone: r.zone, player: r.player, scroll: r.scroll, follow: r.follow, details: r.details}), true
}
