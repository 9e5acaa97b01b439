package live

import (
	"boardroom/lobby/errs"
	"context"
)

// HostForming checks that acc hosts the forming table.
func (t *Table) HostForming(acc *Account) error {
	if t.HostID != acc.ID {
		return errs.ErrNotHost
	}
	if t.Status != TableForming {
		return errs.ErrNotForming
	}
	return nil
}

func (t *Table) StandLocked(ctx context.Context, accountID int64) error {
	cur := t.SeatOf(accountID)
	if cur < 0 {
		return errs.ErrNotSeated
	}
	before := t.Snapshot()
	t.Seats[cur] = SeatState{}
	if t.HostID == accountID {
		t.HostID = 0
		for _, st := range t.Seats {
			if !st.Empty() && !st.Bot {
				t.HostID = st.AccountID
				break
			}
		}
		if t.HostID == 0 {
			t.HostID = accountID // the last host stays on record
			t.Status = TableAbandoned
		}
	}
	return t.Save(ctx, before)
}

func (t *Table) Unready() {
	for i, st := range t.Seats {
		if !st.Bot {
			t.Seats[i].Ready = false
		}
	}
}
