package sshserver

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"boardroom/lobby"
	"boardroom/lobby/moderation"
)

// The operators' commands of the second part of issue 30: mute, delete a
// chat line (and list lines with their ids), take a handle away, close a
// table. Like the first part's, they answer anyone but an operator as an
// unknown command does (runCommand).

const opUsageMore = `  op mute HANDLE DURATION REASON                 the player reads chat but cannot write in it
  op unmute HANDLE                               let a muted player write again
  op mutes                                       the mutes in force
  op chat [lobby [ID] | table ID | spectators ID] [--json]
                                                 a chat's last lines with their ids (default: the public lobby)
  op delete-message ID [REASON]                  remove a chat line from every screen and from history
  op rename HANDLE REASON                        take a handle away: the player picks a new one
  op close TABLEID REASON                        end a table as abandoned and unrated; everyone there is told why
  op reports [--json]                            the players' reports, newest first, with the reported lines
`

// opChatShown is how many lines `op chat` lists.
const opChatShown = 50

// moderated is the lobby's part of the operators' actions.
func (s *Server) moderated() (lobby.Moderated, error) {
	m, ok := s.api.(lobby.Moderated)
	if !ok {
		return nil, errors.New("sshserver: the lobby cannot carry out operators' actions")
	}
	return m, nil
}

// opMore runs the operator commands of opUsageMore; ok is false for a verb
// it does not know.
func (s *Server) opMore(c *cmdEnv, me moderation.Operator, verb string, rest []string) (ok bool, err error) {
	m := s.cfg.Moderation
	lob, err := s.moderated()
	if err != nil {
		return true, err
	}
	switch verb {
	case "mute":
		if len(rest) < 3 {
			return true, usagef("mute needs whom, how long and why")
		}
		d, permanent, err := moderation.ParseDuration(rest[1])
		if err != nil {
			return true, usagef("%v", err)
		}
		reason, err := opReason(rest[2:], "the muted read it")
		if err != nil {
			return true, err
		}
		fp, handle, err := s.opTarget(c.ctx, rest[0])
		if err != nil {
			return true, err
		}
		if m.IsOperator(fp) {
			return true, playerErrorf("that key is an operator's: take it out of the operators file first")
		}
		b, err := m.Mute(c.ctx, me, fp, handle, d, permanent, reason)
		if err != nil {
			return true, opError(err)
		}
		fmt.Fprintf(c.out, "muted %s %s: %s\n", targetText(fp, handle), moderation.UntilText(b.Until, m.Now()), b.Reason)
	case "unmute":
		if len(rest) != 1 {
			return true, usagef("unmute needs whom, and only that")
		}
		fp, handle, err := s.opTarget(c.ctx, rest[0])
		if err != nil {
			return true, err
		}
		done, err := m.Unmute(c.ctx, me, fp, handle)
		if err != nil {
			return true, opError(err)
		}
		if !done {
			return true, playerErrorf("%s is not muted", targetText(fp, handle))
		}
		fmt.Fprintf(c.out, "%s can write in chat again\n", targetText(fp, handle))
	case "mutes":
		asJSON, err := opJSONFlag(rest)
		if err != nil {
			return true, err
		}
		return true, writeBans(c, m.Mutes(), asJSON, m.Now())
	case "chat":
		return true, s.opChat(c, lob, rest)
	case "reports":
		return true, s.opReports(c, lob, rest) // cmd_block.go
	case "delete-message":
		if len(rest) < 1 {
			return true, usagef("delete-message needs the line's id (op chat lists them)")
		}
		id, err := strconv.ParseInt(strings.TrimPrefix(rest[0], "#"), 10, 64)
		if err != nil || id <= 0 {
			return true, usagef("%q is not a chat line's id (op chat lists them)", clean(rest[0]))
		}
		reason := lobby.Sanitize(strings.Join(rest[1:], " "), MaxReason)
		if !m.IsOperator(me.Fingerprint) {
			return true, moderation.ErrNotOperator
		}
		msg, err := lob.DeleteChatLine(c.ctx, id)
		if err != nil {
			return true, err
		}
		what := fmt.Sprintf("chat line %d in %s: %q", msg.ID, channelText(msg.Channel), msg.Text)
		if err := m.Record(c.ctx, me, moderation.VerbDeleteMessage, what, msg.Handle, reason); err != nil {
			return true, opError(err)
		}
		fmt.Fprintf(c.out, "deleted %s line %d (%s): %s\n", possessive(msg), msg.ID, channelText(msg.Channel), msg.Text)
	case "rename":
		if len(rest) < 2 {
			return true, usagef("rename needs whom and why")
		}
		reason, err := opReason(rest[1:], "the player reads it")
		if err != nil {
			return true, err
		}
		acct, err := s.api.AccountByHandle(c.ctx, rest[0])
		if errors.Is(err, lobby.ErrNotFound) || (err == nil && acct == nil) {
			return true, playerErrorf("nobody is called %q", clean(rest[0]))
		}
		if err != nil {
			return true, err
		}
		if acct.Fingerprint == "" {
			return true, playerErrorf("%s is a bot: bots keep their names", acct.Handle)
		}
		if !m.IsOperator(me.Fingerprint) {
			return true, moderation.ErrNotOperator
		}
		was, err := lob.FreeHandle(c.ctx, acct)
		if err != nil {
			return true, err
		}
		if _, err := m.Rename(c.ctx, me, acct.Fingerprint, was, reason); err != nil {
			return true, opError(err)
		}
		fmt.Fprintf(c.out, "took the handle %s away (%s is %s%d until they choose a new one): %s\n", was, acct.Fingerprint, lobby.RenamedPrefix, acct.ID, reason)
	case "close":
		if len(rest) < 2 {
			return true, usagef("close needs the table's id and why")
		}
		id, err := strconv.ParseInt(rest[0], 10, 64)
		if err != nil || id <= 0 {
			return true, usagef("%q is not a table id", clean(rest[0]))
		}
		reason, err := opReason(rest[1:], "everyone at the table reads it")
		if err != nil {
			return true, err
		}
		if !m.IsOperator(me.Fingerprint) {
			return true, moderation.ErrNotOperator
		}
		if err := lob.CloseTable(c.ctx, id, reason); err != nil {
			return true, err
		}
		if err := m.Record(c.ctx, me, moderation.VerbClose, "table "+strconv.FormatInt(id, 10), "", reason); err != nil {
			return true, opError(err)
		}
		fmt.Fprintf(c.out, "closed table %d: %s\n", id, reason)
	default:
		return false, nil
	}
	return true, nil
}

// opReason is the reason of an action, sanitised; who says who reads it.
func opReason(words []string, who string) (string, error) {
	reason := lobby.Sanitize(strings.Join(words, " "), MaxReason)
	if strings.TrimSpace(reason) == "" {
		return "", usagef("give a reason: %s", who)
	}
	return reason, nil
}

// opChat lists a chat's last lines with their ids.
func (s *Server) opChat(c *cmdEnv, lob lobby.Moderated, args []string) error {
	asJSON := false
	if n := len(args); n > 0 && args[n-1] == "--json" {
		asJSON, args = true, args[:n-1]
	}
	ch := lobby.LobbyChannel(lobby.PublicLobbyID)
	if len(args) > 0 {
		var id int64
		if len(args) == 2 {
			v, err := strconv.ParseInt(args[1], 10, 64)
			if err != nil || v <= 0 {
				return usagef("%q is not an id", clean(args[1]))
			}
			id = v
		}
		switch {
		case args[0] == "lobby" && len(args) <= 2:
			if id != 0 {
				ch = lobby.LobbyChannel(id)
			}
		case args[0] == "table" && len(args) == 2:
			ch = lobby.TableChannel(id)
		case args[0] == "spectators" && len(args) == 2:
			ch = lobby.SpectatorChannel(id)
		default:
			return usagef("chat takes lobby [ID], table ID or spectators ID")
		}
	}
	msgs, err := lob.ChatLines(c.ctx, ch, opChatShown)
	if err != nil {
		return err
	}
	if asJSON {
		if msgs == nil {
			msgs = []lobby.ChatMessage{}
		}
		return writeJSON(c.out, msgs)
	}
	if len(msgs) == 0 {
		fmt.Fprintf(c.out, "no lines in %s\n", channelText(ch))
		return nil
	}
	for _, msg := range msgs {
		who := msg.Handle + ":"
		if msg.System {
			who = "*"
		}
		fmt.Fprintf(c.out, "#%d  %s  %s %s\n", msg.ID, msg.At.UTC().Format("2006-01-02 15:04"), who, msg.Text)
	}
	return nil
}

// channelText names a chat channel as operators read it.
func channelText(ch lobby.Channel) string {
	switch {
	case ch.Lobby == lobby.PublicLobbyID:
		return "the public lobby"
	case ch.Lobby != 0:
		return fmt.Sprintf("lobby %d", ch.Lobby)
	case ch.Spectators:
		return fmt.Sprintf("the spectators of table %d", ch.Table)
	}
	return fmt.Sprintf("table %d", ch.Table)
}

func possessive(msg lobby.ChatMessage) string {
	if msg.System {
		return "the server's"
	}
	return msg.Handle + "'s"
}
