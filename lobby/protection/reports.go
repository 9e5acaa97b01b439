package protection

import (
	"context"
	"fmt"
	"strings"
	"time"

	"boardroom/lobby/accounts"
	"boardroom/lobby/chat"
	"boardroom/lobby/errs"
)

// Reports (issue 30): a player reports another to the operators with a
// reason; the report keeps the reported player's last chat lines as they
// were, and the operators read them with `op reports`. A player may report
// ReportsPerHour times an hour (counted in the store, so across the nodes
// of a cluster): enough for a bad evening, too few to bury the operators.

// ReportsPerHour is how many reports one account may make in an hour.
const ReportsPerHour = 5

// ReportedLines is how many of the reported player's last chat lines a
// report keeps.
const ReportedLines = 20

// MaxReportReason is the longest reason of a report, in characters.
const MaxReportReason = 300

// Report is a player's report of another.
type Report struct {
	ID             int64          `json:"id"`
	At             time.Time      `json:"at"`
	ReporterID     int64          `json:"reporter_id"`
	ReporterHandle string         `json:"reporter"`
	ReportedID     int64          `json:"reported_id"`
	ReportedHandle string         `json:"reported"`
	Reason         string         `json:"reason"`
	Lines          []chat.Message `json:"lines"` // the reported player's last lines then, oldest first
}

// ReportStore keeps the reports (both stores implement it).
type ReportStore interface {
	// AddReport stores a report and returns its id.
	AddReport(ctx context.Context, r Report) (int64, error)
	// CountReports is how many reports reporter made at or after since.
	CountReports(ctx context.Context, reporter int64, since time.Time) (int, error)
	// Reports lists the last limit reports, newest first.
	Reports(ctx context.Context, limit int) ([]Report, error)
	// ChatBy is the author's last n chat lines in any channel, oldest first.
	ChatBy(ctx context.Context, author int64, n int) ([]chat.Message, error)
}

// ReportPlayer reports handle to the operators with a reason.
func (d *Desk) ReportPlayer(ctx context.Context, acc *accounts.Account, handle, reason string) (*accounts.Account, error) {
	if err := accounts.Player(acc); err != nil {
		return nil, err
	}
	st := d.reports
	if st == nil {
		return nil, errs.User(errs.ErrForbidden, "this server keeps no reports")
	}
	reason = d.sanitize(reason, MaxReportReason)
	if strings.TrimSpace(reason) == "" {
		return nil, errs.User(errs.ErrForbidden, "say why: the operators read it")
	}
	other, err := d.host.AccountByHandle(ctx, handle)
	if err != nil {
		return nil, err
	}
	if other.Bot || other.ID == acc.ID {
		return nil, errs.User(errs.ErrForbidden, "report another player: not yourself, not a bot")
	}
	now := d.host.Now().UTC()
	n, err := st.CountReports(ctx, acc.ID, now.Add(-time.Hour))
	if err != nil {
		return nil, d.host.StorageErr(err)
	}
	if n >= ReportsPerHour {
		return nil, errs.User(errs.ErrRateLimited, fmt.Sprintf("you made %d reports in the last hour, the most there may be: the operators read them; try again later", n))
	}
	lines, err := st.ChatBy(ctx, other.ID, ReportedLines)
	if err != nil {
		return nil, d.host.StorageErr(err)
	}
	r := Report{At: now, ReporterID: acc.ID, ReporterHandle: acc.Handle, ReportedID: other.ID, ReportedHandle: other.Handle,
		Reason: reason, Lines: lines}
	if _, err := st.AddReport(ctx, r); err != nil {
		return nil, d.host.StorageErr(err)
	}
	d.log.Info("player reported", "reporter", acc.ID, "reported", other.ID)
	return other, nil
}

// Reports lists the last limit reports for the operators, newest first.
func (d *Desk) Reports(ctx context.Context, limit int) ([]Report, error) {
	st := d.reports
	if st == nil {
		return nil, nil
	}
	out, err := st.Reports(ctx, limit)
	if err != nil {
		return nil, d.host.StorageErr(err)
	}
	return out, nil
}
