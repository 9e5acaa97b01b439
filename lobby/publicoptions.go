package lobby

import "boardroom/engine"

// publicOptions fills in, for a table created in the public lobby, the
// options whose engine.OptionSpec names a Public choice and that the host
// did not set: a round or time limit that fits an evening (a table of
// strangers should not run until the last one standing). The host can
// still change them while the table forms; private lobbies keep the
// rules' defaults.
func publicOptions(lobbyID int64, info engine.Info, opts map[string]string) map[string]string {
	if lobbyID != PublicLobbyID {
		return opts
	}
	var out map[string]string
	for _, o := range info.Options {
		if o.Public == "" {
			continue
		}
		if _, set := opts[o.Key]; set {
			continue
		}
		if out == nil {
			out = make(map[string]string, len(opts)+1)
			for k, v := range opts {
				out[k] = v
			}
		}
		out[o.Key] = o.Public
	}
	if out == nil {
		return opts
	}
	return out
}
