package lobby

import "boardroom/lobby/api"

// What sessions ask of the live lobby and of finished games (lobby/api);
// the root keeps every name, and *Service implements API.
type (
	Games             = api.Games
	Accounts          = api.Accounts
	Lobbies           = api.Lobbies
	Tables            = api.Tables
	Forming           = api.Forming
	Seating           = api.Seating
	TableSettings     = api.TableSettings
	Play              = api.Play
	SavedGames        = api.SavedGames
	Chatter           = api.Chatter
	Rematches         = api.Rematches
	Subscriber        = api.Subscriber
	API               = api.API
	LeaderboardSource = api.LeaderboardSource
	ProfileSource     = api.ProfileSource
	ResultSource      = api.ResultSource
	ReplaySource      = api.ReplaySource
	Results           = api.Results
)
