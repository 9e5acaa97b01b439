package live

// GlobalLadder is the lobby id of a game's global ladder. A rated game at a
// public table updates it; a rated game at a private lobby's table updates
// only that lobby's ladder, so that nothing global (a rating, its history,
// a leaderboard's last-played time) tells non-members the game happened.
const GlobalLadder int64 = 0

// ladders lists the ladders a game at a table of lobbyID updates: the
// global one for the public lobby, else the private lobby's alone.
func Ladders(game string, lobbyID int64) []Ladder {
	if lobbyID == PublicLobbyID || lobbyID == GlobalLadder {
		return []Ladder{{Game: game, LobbyID: GlobalLadder}}
	}
	return []Ladder{{Game: game, LobbyID: lobbyID}}
}
