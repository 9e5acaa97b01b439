package lobby

import (
	"log/slog"
	"time"

	"boardroom/lobby/live"
)

// The live table is lobby/live's (issue 26); the root keeps its old names
// for the Service's files that still read a table.
type (
	table       = live.Table
	seat        = live.SeatState
	formState   = live.FormState
	publication = live.Publication
	stateFrame  = live.StateFrame
)

// FormingIdleAfter is how long a forming table may go with no seated
// player before it closes (lobby/live).
const FormingIdleAfter = live.FormingIdleAfter

// tableHost is the Service as a live table asks it (live.Host): glue, not
// the Service's own methods, so the Service's method set does not grow.
type tableHost struct{ s *Service }

var _ live.Host = tableHost{}

func (h tableHost) Now() time.Time       { return h.s.clock.Now() }
func (h tableHost) Logger() *slog.Logger { return h.s.log }
func (h tableHost) AfterFunc(d time.Duration, what string, f func()) Timer {
	return h.s.afterFunc(d, what, f)
}
func (h tableHost) Clustered() bool            { return h.s.clustered() }
func (h tableHost) BotDelay() time.Duration    { return h.s.cfg.BotDelay }
func (h tableHost) AwayAfter() time.Duration   { return h.s.cfg.AwayAfter }
func (h tableHost) Observer() Observer         { return h.s.cfg.Observer }
func (h tableHost) TableStore() live.Writes    { return h.s.store }
func (h tableHost) StorageErr(err error) error { return h.s.storageErr(err) }
func (h tableHost) WatchedElsewhere(tableID, accountID int64) bool {
	return h.s.watchedElsewhere(tableID, accountID)
}
func (h tableHost) Handle(accountID int64) string        { return h.s.handle(accountID) }
func (h tableHost) SetHandle(accountID int64, hd string) { h.s.setHandle(accountID, hd) }
func (h tableHost) Online(accountID int64) bool          { return h.s.online(accountID) }
func (h tableHost) BotLevel(accountID int64) string      { return h.s.BotLevel(accountID) }
func (h tableHost) StandardBot(game string) int64        { return h.s.bots.Standard(game).ID }
func (h tableHost) OnTurnTimer(t *table, gen uint64)     { h.s.onTurnTimer(t, gen) }
func (h tableHost) OnBotTimer(t *table, gen uint64)      { h.s.onBotTimer(t, gen) }
func (h tableHost) OnAway(t *table, i int, gen uint64)   { h.s.onAway(t, i, gen) }
func (h tableHost) OnTimeLimit(t *table)                 { h.s.onTimeLimit(t) }
func (h tableHost) OnFormingIdle(t *table, gen uint64)   { h.s.onFormingIdle(t, gen) }
func (h tableHost) ObserveStart() time.Time              { return h.s.observeStart() }
func (h tableHost) StateBuilt()                          { h.s.stateBuilds.Add(1) }

// GameOver tells a private lobby's chat the standings (webhooks.go; not
// for a finished game's import, which is no game played here) and the
// tournament the table plays for (tourneyhost.go). t's lock is held.
func (h tableHost) GameOver(t *table, end GameEnd) {
	if !t.ResultOnly {
		h.s.hooks.Finished(t.ID, t.LobbyID, t.Info.Title, end)
	}
	h.s.tournamentGameOver(t, end)
}
