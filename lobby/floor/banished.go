package floor

import "fmt"

// Banish is the tables' part of a ban (lobby.BanishKey; lobby/moderation,
// cmd calls it for every ban of a key that starts to hold on this node):
// the seats of the key's account at the running tables this node owns take only their
// default actions from now on (C-7), as when a player stands up, instead
// of after AwayAfter: the player's sessions are being ended and they cannot
// come back before the ban ends. In a cluster every node hears of the ban
// and does this for the tables it owns.
func (fl *Floor) Banish(acct *Account) {
	for _, t := range fl.All() {
		_ = fl.Update(t, func() error {
			if t.Own.Replica() || t.Status != TablePlaying || t.Play == nil {
				return nil
			}
			for i, st := range t.Seats {
				if st.AccountID == acct.ID && !st.Bot && i < len(t.Play) {
					t.Play[i].Leave()
					t.IdleLocked(fl.bg, i, fmt.Sprintf("%s cannot connect for now", acct.Handle))
				}
			}
			return nil
		})
	}
}
