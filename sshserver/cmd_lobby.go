package sshserver

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
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
// lobby webhook SLUG [URL|off]: cmdLobbyWebhook.
func cmdLobby(c *cmdEnv, args []string) error {
	if len(args) > 0 && args[0] == "webhook" {
		return cmdLobbyWebhook(c, args[1:])
	}
	if len(args) == 0 || args[0] != "create" {
		return usagef("lobby create NAME, or lobby webhook SLUG [URL|off]")
	}
	if len(args) < 2 {
		return usagef("name the lobby: lobby create NAME (3-32 characters, spaces allowed)")
	}
	l, err := c.api.CreateLobby(c.ctx, c.acct, joinArgs(args[1:]))
	if err != nil {
		return err
	}
	fmt.Fprintf(c.out, "Created private lobby %q.\n", clean(l.Name))
	fmt.Fprintf(c.out, "slug: %s\n", clean(l.Slug))
	fmt.Fprintf(c.out, "invite code: %s\n", clean(l.InviteCode))
	// A teammate's key often has no handle yet: the line they copy picks
	// one as it joins.
	fmt.Fprintf(c.out, "Others join with: %s join %s --handle NAME\n", c.srv.SSHCommand(), clean(l.InviteCode))
	fmt.Fprintln(c.out, "(NAME: the handle they pick; anyone who has a handle already leaves --handle out.)")
	return nil
}

// join CODE [--handle NAME]: become a member of a private lobby. A key
// with no handle yet picks one with --handle first, under the same rules
// as `handle NAME`, so the line `lobby create` prints works for a newcomer.
func cmdJoin(c *cmdEnv, args []string) error {
	fs := newFlagSet("join")
	handle := fs.String("handle", "", "pick this handle first (a key with no handle yet)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("give exactly one invite code")
	}
	if err := joinHandle(c, *handle); err != nil {
		return err
	}
	before, err := c.api.Lobbies(c.ctx, c.acct)
	if err != nil {
		return err
	}
	l, err := c.api.JoinLobby(c.ctx, c.acct, pos[0])
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

// joinHandle makes sure the caller of join has an account: with no handle
// yet, --handle picks one (and says so); without --handle the message
// names both ways. A key that already has a handle keeps it: --handle
// with another name is refused rather than renaming it on the way in.
func joinHandle(c *cmdEnv, handle string) error {
	if c.acct != nil {
		if handle != "" && !strings.EqualFold(handle, c.acct.Handle) {
			return playerErrorf("you already have the handle %s; leave --handle out (to change it: %s handle NAME)",
				clean(c.acct.Handle), c.srv.SSHCommand())
		}
		return nil
	}
	if handle == "" {
		return playerErrorf("%v: add --handle NAME to this command (%s join CODE --handle NAME), or run %s handle NAME",
			lobby.ErrNoHandle, c.srv.SSHCommand(), c.srv.SSHCommand())
	}
	acct, err := c.api.SetHandle(c.ctx, c.fp, handle)
	if err != nil {
		return err
	}
	c.acct = acct
	fmt.Fprintf(c.out, "Welcome, %s! Your handle is set.\n", clean(acct.Handle))
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
