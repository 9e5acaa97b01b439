package sshserver

import (
	"fmt"
	"text/tabwriter"
)

// whoami: handle (or "no handle yet"), fingerprint, guest or not.
func cmdWhoami(c *cmdEnv, args []string) error {
	if len(args) != 0 {
		return usagef("whoami takes no arguments")
	}
	if c.fp == "" {
		fmt.Fprintln(c.out, "handle:      none (guest)")
		fmt.Fprintln(c.out, "fingerprint: none (you connected without an SSH key)")
		fmt.Fprintln(c.out, "guest:       yes")
		fmt.Fprintln(c.out, "\nGuests can look around and spectate. To play, make a key with")
		fmt.Fprintf(c.out, "`ssh-keygen -t ed25519` and connect again: %s\n", c.srv.SSHCommand())
		return nil
	}
	handle := "no handle yet"
	if c.acct != nil {
		handle = clean(c.acct.Handle)
	}
	fmt.Fprintf(c.out, "handle:      %s\n", handle)
	fmt.Fprintf(c.out, "fingerprint: %s\n", c.fp)
	fmt.Fprintln(c.out, "guest:       no")
	if c.acct == nil {
		fmt.Fprintf(c.out, "\nPick a handle: %s handle NAME\n", c.srv.SSHCommand())
	}
	return nil
}

// handle NAME: create the account or rename it.
func cmdHandle(c *cmdEnv, args []string) error {
	if len(args) != 1 {
		return usagef("give exactly one handle")
	}
	old := ""
	if c.acct != nil {
		old = c.acct.Handle
	}
	acct, err := c.api.SetHandle(c.ctx, c.fp, args[0])
	if err != nil {
		return err
	}
	if old == "" {
		fmt.Fprintf(c.out, "Welcome, %s! Your handle is set.\n", clean(acct.Handle))
	} else {
		fmt.Fprintf(c.out, "Your handle is now %s (was %s).\n", clean(acct.Handle), clean(old))
	}
	return nil
}

// games: the games this server offers.
func cmdGames(c *cmdEnv, args []string) error {
	if len(args) != 0 {
		return usagef("games takes no arguments")
	}
	games := c.api.Games()
	if len(games) == 0 {
		fmt.Fprintln(c.out, "No playable game is installed yet.")
		return nil
	}
	tw := tabwriter.NewWriter(c.out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tTITLE\tPLAYERS")
	for _, g := range games {
		fmt.Fprintf(tw, "%s\t%s\t%d-%d\n", g.ID, g.Title, g.MinSeats, g.MaxSeats)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(c.out, "\nHow to play one:        %s rules GAME\n", c.srv.SSHCommand())
	fmt.Fprintf(c.out, "Start one against bots: %s new GAME --bots 1 --start\n", c.srv.SSHCommand())
	return nil
}
