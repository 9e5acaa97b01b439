package saved

import (
	"context"
	"fmt"
	"strings"

	"boardroom/lobby/accounts"
	"boardroom/lobby/errs"
	"boardroom/lobby/gamefile"
	"boardroom/lobby/lobbies"
)

// A game file carries the lobby its game was played in (gamefile.Header.Lobby,
// authenticated with the rest of the header), so that an import never shows
// a private lobby's players and moves to a wider audience than the game
// had: a private game goes back to its lobby, or into a private lobby whose
// members all could see it already (members of its lobby, or its players),
// and never into the public lobby.

// fileOrigin is where a file's game was played, as far as this server can
// tell. known is false for a private lobby this server does not have (or a
// file from before files named their lobby that cannot be traced here):
// such a game is treated as private to its players.
type fileOrigin struct {
	known  bool
	public bool
	lobby  int64 // the private lobby, when known
}

// originOf finds the lobby of a file's game. A file without a lobby (older
// than the field) is traced through the table that played its deal here,
// if that table is the file's; otherwise it counts as private.
func (s *Files) originOf(ctx context.Context, h gamefile.Header, seed uint64) fileOrigin {
	if h.Lobby != nil && h.Lobby.Public {
		return fileOrigin{known: true, public: true}
	}
	id, slug := int64(0), ""
	if h.Lobby != nil {
		id, slug = h.Lobby.ID, h.Lobby.Slug
	} else if tid, lid, err := s.marker.DealTable(ctx, h.Game, seed); err == nil && tid != 0 && tid == h.TableID {
		id = lid
	}
	l, ok := s.lobby.Lobby(id)
	switch {
	case !ok:
		return fileOrigin{}
	case l.Public:
		return fileOrigin{known: true, public: true}
	case slug != "" && !strings.EqualFold(slug, l.Slug): // another server's lobby with the same id
		return fileOrigin{}
	}
	return fileOrigin{known: true, lobby: l.ID}
}

// importLobby picks the lobby an import lands in: lobbyID if the importer
// belongs to it and it is no wider an audience than the game had; lobbyID 0
// means the game's own lobby, if the importer belongs to it.
func (s *Files) importLobby(acc *accounts.Account, lobbyID int64, o fileOrigin, seats []gamefile.Seat) (int64, error) {
	if lobbyID == 0 {
		switch {
		case o.public:
			return lobbies.PublicID, nil
		case o.known && s.lobby.CanSee(acc.ID, o.lobby):
			return o.lobby, nil
		}
		return 0, errs.User(errs.ErrForbidden, "this game was played in a private lobby you are not in here; "+
			"import it into a private lobby of yours whose members all could see it (import --lobby SLUG)")
	}
	if !s.lobby.CanSee(acc.ID, lobbyID) {
		return 0, errs.User(errs.ErrNotFound, "there is no such lobby")
	}
	if o.public || (o.known && o.lobby == lobbyID) {
		return lobbyID, nil
	}
	if lobbyID == lobbies.PublicID {
		return 0, errs.User(errs.ErrForbidden, "this game was played in a private lobby, so it cannot be imported into the public lobby")
	}
	players := map[string]bool{}
	for _, fs := range seats {
		if fs.Handle != "" {
			players[strings.ToLower(fs.Handle)] = true
		}
	}
	dest, _ := s.lobby.Lobby(lobbyID)
	for _, m := range dest.Members {
		if o.known && s.lobby.IsMember(o.lobby, m.AccountID) {
			continue
		}
		h, ok := s.lobby.Handle(m.AccountID)
		if !ok {
			h = m.Handle
		}
		if !players[strings.ToLower(h)] {
			return 0, errs.User(errs.ErrForbidden, fmt.Sprintf("this game was played in a private lobby and %s could not see it; "+
				"import it into its own lobby, or a private lobby whose members all could", s.sanitize(h, 16)))
		}
	}
	return lobbyID, nil
}

// FileLobby names a table's lobby for its game file.
func (s *Files) FileLobby(lobbyID int64) *gamefile.Lobby {
	l, ok := s.lobby.Lobby(lobbyID)
	if !ok {
		return &gamefile.Lobby{ID: lobbyID}
	}
	return &gamefile.Lobby{ID: lobbyID, Slug: l.Slug, Public: l.Public}
}
