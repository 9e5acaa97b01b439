package floor

import (
	"strconv"
	"time"

	"boardroom/lobby/play"
	"boardroom/lobby/topics"
)

// A player who is not looking at the play screen must not miss their move
// (issue 28). When a decision of a player opens (their move, a bid, an
// answer, a secret pick), and when a chat line names them (@handle), every
// session of theirs gets a TopicBell update, on any screen; the session
// rings its terminal's bell unless the player turned it off (lobby/notify's settings).
// The lobby says when; the session decides whether to ring.

// awaitedAccounts is the accounts a table's running game awaits now:
// seated humans only (a bot or an empty seat is nobody to ring). The
// caller holds t.Mu.
func awaitedAccounts(t *table) play.AccountSet {
	var now play.AccountSet
	if t.G != nil && t.Status == TablePlaying && !t.G.Outcome().Finished {
		for _, w := range t.G.Prompt().Waiting {
			if w.Seat < 0 || w.Seat >= len(t.Seats) {
				continue
			}
			if st := t.Seats[w.Seat]; !st.Bot && st.AccountID != 0 {
				now.Add(st.AccountID)
			}
		}
	}
	return now
}

// primeBellsLocked records who a table loaded from the store (a restart, a
// replica) awaits, without ringing: those decisions opened, and rang,
// before this node loaded it. The caller holds t.Mu.
func (fl *Floor) primeBellsLocked(t *table) {
	fl.bells.Swap(t.ID, awaitedAccounts(t))
}

// bellsLocked is the TopicBell updates for the accounts now awaited at the
// table that were not awaited at its last update; at a daily table the
// lobby's chat hears of each too. The caller holds t.Mu.
func (fl *Floor) bellsLocked(t *table) []publication {
	now := awaitedAccounts(t)
	before := fl.bells.Swap(t.ID, now)
	var out []publication
	for i := range now.Len() {
		id := now.At(i)
		if before.Has(id) {
			continue
		}
		out = append(out, publication{U: Update{Topic: Topic{Kind: topics.TopicBell, ID: t.ID},
			Text: "your move at table " + strconv.FormatInt(t.ID, 10)}, Only: id})
		if t.Daily() && !t.Own.Replica() {
			fl.sessions.MoveWaiting(t.ID, t.LobbyID, t.Info.Title, id, deadlineOf(t, id)) // a daily table's move waits: the team's chat hears it
		}
	}
	return out
}

// deadlineOf is the deadline of the account's seat, zero when none. The
// caller holds t.Mu.
func deadlineOf(t *table, accountID int64) time.Time {
	if i := t.SeatOf(accountID); i >= 0 && i < len(t.Play) {
		return t.Play[i].Deadline
	}
	return time.Time{}
}
