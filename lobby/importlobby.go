package lobby

import (
	"context"
	"fmt"
	"strings"

	"boardroom/lobby/gamefile"
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
func (s *Service) originOf(ctx context.Context, marker ImportStore, h gamefile.Header, seed uint64) fileOrigin {
	if h.Lobby != nil && h.Lobby.Public {
		return fileOrigin{known: true, public: true}
	}
	id, slug := int64(0), ""
	if h.Lobby != nil {
		id, slug = h.Lobby.ID, h.Lobby.Slug
	} else if tid, lid, err := marker.DealTable(ctx, h.Game, seed); err == nil && tid != 0 && tid == h.TableID {
		id = lid
	}
	l, ok := s.dir.Record(id)
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
func (s *Service) importLobby(acc *Account, lobbyID int64, o fileOrigin, seats []gamefile.Seat) (int64, error) {
	if lobbyID == 0 {
		switch {
		case o.public:
			return PublicLobbyID, nil
		case o.known && s.canSeeLobby(acc.ID, o.lobby):
			return o.lobby, nil
		}
		return 0, userErr(ErrForbidden, "this game was played in a private lobby you are not in here; "+
			"import it into a private lobby of yours whose members all could see it (import --lobby SLUG)")
	}
	if !s.canSeeLobby(acc.ID, lobbyID) {
		return 0, userErr(ErrNotFound, "there is no such lobby")
	}
	if o.public || (o.known && o.lobby == lobbyID) {
		return lobbyID, nil
	}
	if lobbyID == PublicLobbyID {
		return 0, userErr(ErrForbidden, "this game was played in a private lobby, so it cannot be imported into the public lobby")
	}
	players := map[string]bool{}
	for _, fs := range seats {
		if fs.Handle != "" {
			players[strings.ToLower(fs.Handle)] = true
		}
	}
	dest, _ := s.dir.Record(lobbyID)
	for _, m := range dest.Members {
		if o.known && s.dir.IsMember(o.lobby, m.AccountID) {
			continue
		}
		h, ok := s.accounts.Handle(m.AccountID)
		if !ok {
			h = m.Handle
		}
		if !players[strings.ToLower(h)] {
			return 0, userErr(ErrForbidden, fmt.Sprintf("this game was played in a private lobby and %s could not see it; "+
				"import it into its own lobby, or a private lobby whose members all could", Sanitize(h, 16)))
		}
	}
	return lobbyID, nil
}

// fileLobbyOf names a table's lobby for its game file. Call with s.mu
// unlocked.
func (s *Service) fileLobbyOf(lobbyID int64) *gamefile.Lobby {
	l, ok := s.dir.Record(lobbyID)
	if !ok {
		return &gamefile.Lobby{ID: lobbyID}
	}
	return &gamefile.Lobby{ID: lobbyID, Slug: l.Slug, Public: l.Public}
}
