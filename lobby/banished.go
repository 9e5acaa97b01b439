package lobby

import (
	"context"
	"fmt"
)

// BanishKey is the lobby's part of a ban (lobby/moderation; cmd calls it
// for every ban of a key that starts to hold on this node): the seats of
// the key's account at the running tables this node owns take only their
// default actions from now on (C-7), as when a player stands up, instead
// of after AwayAfter: the player's sessions are being ended and they cannot
// come back before the ban ends. In a cluster every node hears of the ban
// and does this for the tables it owns.
func (s *Service) BanishKey(ctx context.Context, fp string) error {
	acct, err := s.AccountByFingerprint(ctx, fp)
	if err != nil || acct == nil {
		return err
	}
	for _, t := range s.allTables() {
		_ = s.update(t, func() error {
			if t.Own.Replica() || t.Status != TablePlaying || t.Play == nil {
				return nil
			}
			for i, st := range t.Seats {
				if st.AccountID == acct.ID && !st.Bot && i < len(t.Play) {
					t.Play[i].Leave()
					t.IdleLocked(s.bg, i, fmt.Sprintf("%s cannot connect for now", acct.Handle))
				}
			}
			return nil
		})
	}
	return nil
}
