package sshserver

import (
	"fmt"
	"strings"

	"boardroom/lobby"
)

// Players protect themselves (issue 30): block, unblock, blocks, report.

func protection(c *cmdEnv) (lobby.Protection, error) {
	p, ok := c.api.(lobby.Protection)
	if !ok {
		return nil, playerErrorf("this server keeps no blocks or reports")
	}
	return p, nil
}

func cmdBlock(c *cmdEnv, args []string) error {
	p, err := protection(c)
	if err != nil {
		return err
	}
	if len(args) != 1 {
		return usagef("block HANDLE")
	}
	other, err := p.Block(c.ctx, c.acct, args[0])
	if err != nil {
		return err
	}
	fmt.Fprintf(c.out, "You block %s: you no longer see their chat, they cannot invite you or sit at a table you host. They are not told.\n", other.Handle)
	return nil
}

func cmdUnblock(c *cmdEnv, args []string) error {
	p, err := protection(c)
	if err != nil {
		return err
	}
	if len(args) != 1 {
		return usagef("unblock HANDLE")
	}
	other, err := p.Unblock(c.ctx, c.acct, args[0])
	if err != nil {
		return err
	}
	fmt.Fprintf(c.out, "You no longer block %s.\n", other.Handle)
	return nil
}

func cmdBlocks(c *cmdEnv, args []string) error {
	p, err := protection(c)
	if err != nil {
		return err
	}
	if len(args) != 0 {
		return usagef("blocks")
	}
	hs, err := p.Blocked(c.ctx, c.acct)
	if err != nil {
		return err
	}
	if len(hs) == 0 {
		fmt.Fprintln(c.out, "You block nobody.")
		return nil
	}
	fmt.Fprintln(c.out, "You block: "+strings.Join(hs, ", "))
	return nil
}

func cmdReport(c *cmdEnv, args []string) error {
	p, err := protection(c)
	if err != nil {
		return err
	}
	if len(args) < 2 {
		return usagef("report HANDLE REASON")
	}
	other, err := p.ReportPlayer(c.ctx, c.acct, args[0], strings.Join(args[1:], " "))
	if err != nil {
		return err
	}
	fmt.Fprintf(c.out, "Reported %s to the operators, with their last chat lines. Thank you. You may also block them: block %s\n", other.Handle, other.Handle)
	return nil
}

// reportsShown is how many reports `op reports` lists.
const reportsShown = 100

// opReports lists the players' reports, newest first.
func (s *Server) opReports(c *cmdEnv, lob lobby.Moderated, args []string) error {
	asJSON, err := opJSONFlag(args)
	if err != nil {
		return err
	}
	rs, err := lob.Reports(c.ctx, reportsShown)
	if err != nil {
		return err
	}
	if asJSON {
		if rs == nil {
			rs = []lobby.Report{}
		}
		return writeJSON(c.out, rs)
	}
	if len(rs) == 0 {
		fmt.Fprintln(c.out, "no reports")
		return nil
	}
	for _, r := range rs {
		fmt.Fprintf(c.out, "report %d  %s  %s reports %s: %s\n", r.ID, r.At.UTC().Format("2006-01-02 15:04 UTC"), r.ReporterHandle, r.ReportedHandle, r.Reason)
		if len(r.Lines) == 0 {
			fmt.Fprintln(c.out, "    (no chat lines)")
		}
		for _, l := range r.Lines {
			fmt.Fprintf(c.out, "    #%d  %s  %s  %s: %s\n", l.ID, l.At.UTC().Format("2006-01-02 15:04"), channelText(l.Channel), l.Handle, l.Text)
		}
	}
	return nil
}
