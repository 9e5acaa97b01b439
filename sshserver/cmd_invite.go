package sshserver

import (
	"fmt"
	"strconv"

	"boardroom/lobby"
)

// invite TABLEID HANDLE: the host of a forming table invites a player who
// can see its lobby; their sessions ring and show the invitation.
func cmdInvite(c *cmdEnv, args []string) error {
	api, ok := c.api.(lobby.Invitations)
	if !ok {
		return playerErrorf("this server sends no invitations")
	}
	if len(args) != 2 {
		return usagef("invite TABLEID HANDLE")
	}
	id, err := strconv.ParseInt(args[0], 10, 64)
	if err != nil || id <= 0 {
		return usagef("%q is not a table id", clean(args[0]))
	}
	if err := api.Invite(c.ctx, c.acct, id, args[1]); err != nil {
		return err
	}
	fmt.Fprintf(c.out, "Invited %s to table %d. The invitation lasts while the table forms.\n", clean(args[1]), id)
	return nil
}
