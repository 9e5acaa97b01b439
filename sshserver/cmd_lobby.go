package sshserver

import (
	"errors"
	"fmt"
	"strconv"
	"text/tabwriter"

	"boardroom/lobby"
)

// lobbies: every lobby the caller can see; invite codes of private lobbies
// the caller belongs to.
func cmdLobbies(c *cmdEnv, args []string) error {
	if len(args) != 0 {
		return usagef("lobbies takes no arguments")
	}
	ls, err := c.api.Lobbies(c.ctx, c.acct)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(c.out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "SLUG\tNAME\tKIND\tMEMBERS\tINVITE CODE")
	for _, l := range ls {
		kind, members, code := "public", "-", "-"
		if !l.Public {
			kind, members = "private", strconv.Itoa(l.Members)
			if l.InviteCode != "" {
				code = clean(l.InviteCode)
			}
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", clean(l.Slug), clean(l.Name), kind, members, code)
	}
	return tw.Flush()
}

// lobby create NAME: a private team lobby; prints its slug and invite code.
func cmdLobby(c *cmdEnv, args []string) error {
	if len(args) < 2 || args[0] != "create" {
		return usagef("the only lobby subcommand is create")
	}
	l, err := c.api.CreateLobby(c.ctx, c.acct, joinArgs(args[1:]))
	if err != nil {
		return err
	}
	fmt.Fprintf(c.out, "Created private lobby %q.\n", clean(l.Name))
	fmt.Fprintf(c.out, "slug: %s\n", clean(l.Slug))
	fmt.Fprintf(c.out, "invite code: %s\n", clean(l.InviteCode))
	fmt.Fprintf(c.out, "Teammates join with: %s join %s\n", c.srv.SSHCommand(), clean(l.InviteCode))
	return nil
}

// join CODE: become a member of a private lobby.
func cmdJoin(c *cmdEnv, args []string) error {
	if len(args) != 1 {
		return usagef("give exactly one invite code")
	}
	before, err := c.api.Lobbies(c.ctx, c.acct)
	if err != nil {
		return err
	}
	l, err := c.api.JoinLobby(c.ctx, c.acct, args[0])
	if err != nil {
		return err
	}
	if memberOf(before, l.ID) {
		fmt.Fprintf(c.out, "You are already a member of %q.\n", clean(l.Name))
	} else {
		fmt.Fprintf(c.out, "You joined %q.\n", clean(l.Name))
	}
	fmt.Fprintf(c.out, "slug: %s\n", clean(l.Slug))
	fmt.Fprintf(c.out, "Its tables: %s tables --lobby %s\n", c.srv.SSHCommand(), clean(l.Slug))
	return nil
}

// lobbyFlag resolves a --lobby SLUG value ("" means the public lobby).
func lobbyFlag(c *cmdEnv, slug string) (lobby.Lobby, error) {
	if slug == "" {
		return c.api.Lobby(c.ctx, c.acct, lobby.PublicLobbyID)
	}
	l, err := c.api.LobbyBySlug(c.ctx, c.acct, slug)
	if errors.Is(err, lobby.ErrNotFound) {
		return l, playerErrorf("no lobby %q that you can see; list them with: %s lobbies",
			clean(slug), c.srv.SSHCommand())
	}
	return l, err
}

// memberOf reports whether a private lobby is among the lobbies listed for
// a viewer (JoinLobby returns a lobby one is already in without a word).
func memberOf(ls []lobby.Lobby, id int64) bool {
	for _, l := range ls {
		if l.ID == id && !l.Public {
			return true
		}
	}
	return false
}
