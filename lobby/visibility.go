package lobby

// What lobby/results asks the live lobby (results.Lobby): who may see which
// lobby, and how accounts are named. The results package reads finished
// games from the store; membership and handles live here.

// CanSeeLobby reports whether the viewer (0: a guest) may see the lobby:
// the public lobby, or a private lobby the viewer is a member of.
func (s *Service) CanSeeLobby(viewerID, lobbyID int64) bool { return s.canSeeLobby(viewerID, lobbyID) }

// Visibility is what finished games the viewer may see: those of the
// lobbies the viewer sees, and those the viewer played in.
func (s *Service) Visibility(viewer *Account) Visibility {
	id := viewerID(viewer)
	return Visibility{Viewer: id, Lobbies: s.dir.Visible(id)}
}

// LobbyName is a lobby's name, "" if the server has no such lobby.
func (s *Service) LobbyName(lobbyID int64) string {
	r, _ := s.dir.Record(lobbyID)
	return r.Name
}

// BotGame is the game whose bot account has the id, if it is one.
func (s *Service) BotGame(accountID int64) (string, bool) { return s.bots.Game(accountID) }

// Handle is an account's handle from the cache ("player-N" if unknown).
func (s *Service) Handle(accountID int64) string { return s.handle(accountID) }

// CheckPlayer returns nil for a player with a handle, else the error that
// a guest (ErrGuest), an account without a handle (ErrNoHandle) or a bot
// (ErrForbidden) gets.
func CheckPlayer(acc *Account) error { return account(acc) }
