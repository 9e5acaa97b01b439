package sshserver

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"boardroom/lobby"
	"boardroom/lobby/moderation"
)

// The operators' commands. `op` is not in commandTable: for anyone but an
// operator it answers exactly as an unknown command does, so that a
// non-operator cannot tell that operators exist (runCommand).

const opUsage = `usage:
  op ban HANDLE|FINGERPRINT DURATION REASON      refuse a key; DURATION: 30m, 12h, 7d, 2w or permanent
  op unban HANDLE|FINGERPRINT                    lift a key's ban
  op ban-address ADDRESS|PREFIX DURATION REASON  refuse an address or a prefix (IPv6: /64 or wider), guests too
  op unban-address ADDRESS|PREFIX                lift an address ban
  op bans [--json]                               the bans in force
  op log [--json]                                every operator action: who, what, whom, when, why, until
` + opUsageMore

// MaxReason is the longest reason an operator may give, in characters.
const MaxReason = 200

// auditShown is how many of the last operator actions `op log` shows.
const auditShown = 500

// isOperator reports whether the key is an operator's.
func (s *Server) isOperator(fp string) bool {
	return s.cfg.Moderation != nil && fp != "" && s.cfg.Moderation.IsOperator(fp)
}

// runOp runs an operator's command and returns its exit status.
func (s *Server) runOp(c *cmdEnv, args []string) int {
	err := s.op(c, args)
	var ue *usageError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ue):
		if ue.msg != "" {
			fmt.Fprintf(c.errOut, "boardroom: op: %s\n", ue.msg)
		}
		fmt.Fprint(c.errOut, opUsage)
		return 2
	default:
		msg, known := playerMessage(err)
		if !known {
			s.log.Error("operator command failed", "err", err)
		}
		fmt.Fprintf(c.errOut, "boardroom: op: %s\n", msg)
		return 1
	}
}

func (s *Server) op(c *cmdEnv, args []string) error {
	if len(args) == 0 {
		return usagef("")
	}
	m := s.cfg.Moderation
	me, err := s.operator(c.ctx, c.fp)
	if err != nil {
		return err
	}
	verb, rest := args[0], args[1:]
	switch verb {
	case "ban", "ban-address":
		if len(rest) < 3 {
			return usagef("%s needs whom, how long and why", verb)
		}
		d, permanent, err := moderation.ParseDuration(rest[1])
		if err != nil {
			return usagef("%v", err)
		}
		reason := lobby.Sanitize(strings.Join(rest[2:], " "), MaxReason)
		if strings.TrimSpace(reason) == "" {
			return usagef("give a reason: the banned read it")
		}
		var b moderation.Ban
		if verb == "ban" {
			fp, handle, err := s.opTarget(c.ctx, rest[0])
			if err != nil {
				return err
			}
			b, err = m.BanKey(c.ctx, me, fp, handle, d, permanent, reason)
			if err != nil {
				return opError(err)
			}
		} else {
			p, err := moderation.ParsePrefix(rest[0])
			if err != nil {
				return playerErrorf("%v", err)
			}
			if b, err = m.BanAddress(c.ctx, me, p, d, permanent, reason); err != nil {
				return opError(err)
			}
		}
		fmt.Fprintf(c.out, "banned %s %s: %s\n", banTarget(b), moderation.UntilText(b.Until, m.Now()), b.Reason)
		return nil
	case "unban", "unban-address":
		if len(rest) != 1 {
			return usagef("%s needs whom, and only that", verb)
		}
		kind, target, handle, shown := moderation.KindKey, "", "", ""
		if verb == "unban" {
			fp, h, err := s.opTarget(c.ctx, rest[0])
			if err != nil {
				return err
			}
			target, handle, shown = fp, h, targetText(fp, h)
		} else {
			p, err := moderation.ParsePrefix(rest[0])
			if err != nil {
				return playerErrorf("%v", err)
			}
			kind, target, shown = moderation.KindAddress, p.String(), p.String()
		}
		ok, err := m.Unban(c.ctx, me, kind, target, handle, "")
		if err != nil {
			return opError(err)
		}
		if !ok {
			return playerErrorf("%s is not banned", shown)
		}
		fmt.Fprintf(c.out, "lifted the ban of %s\n", shown)
		return nil
	case "bans":
		asJSON, err := opJSONFlag(rest)
		if err != nil {
			return err
		}
		return writeBans(c, m.Bans(), asJSON, m.Now())
	case "log":
		asJSON, err := opJSONFlag(rest)
		if err != nil {
			return err
		}
		acts, err := m.Log(c.ctx, auditShown)
		if err != nil {
			return err
		}
		return writeAudit(c, acts, asJSON)
	}
	if ok, err := s.opMore(c, me, verb, rest); ok { // cmd_op_more.go
		return err
	}
	return usagef("unknown operator command %q", clean(verb))
}

// operator is the operator running the command, with their handle if any.
func (s *Server) operator(ctx context.Context, fp string) (moderation.Operator, error) {
	me := moderation.Operator{Fingerprint: fp}
	acct, err := s.api.AccountByFingerprint(ctx, fp)
	if err != nil {
		return me, err
	}
	if acct != nil {
		me.Handle = acct.Handle
	}
	return me, nil
}

// opTarget reads the key an operator names: a fingerprint (SHA256:...) as
// it is, else a player's handle.
func (s *Server) opTarget(ctx context.Context, who string) (fp, handle string, err error) {
	if strings.HasPrefix(who, "SHA256:") {
		acct, err := s.api.AccountByFingerprint(ctx, who)
		if err != nil {
			return "", "", err
		}
		if acct != nil {
			handle = acct.Handle
		}
		return who, handle, nil
	}
	acct, err := s.api.AccountByHandle(ctx, who)
	if errors.Is(err, lobby.ErrNotFound) || (err == nil && acct == nil) {
		return "", "", playerErrorf("nobody is called %q (name a handle or a key's SHA256:... fingerprint)", clean(who))
	}
	if err != nil {
		return "", "", err
	}
	if acct.Fingerprint == "" {
		return "", "", playerErrorf("%s is a bot: it has no key to ban", acct.Handle)
	}
	return acct.Fingerprint, acct.Handle, nil
}

// opError turns the moderator's refusals into sentences.
func opError(err error) error {
	if errors.Is(err, moderation.ErrNotOperator) {
		return err
	}
	if strings.HasPrefix(err.Error(), "moderation: ") {
		return err // a store failure: logged, "internal error" shown
	}
	return playerErrorf("%v", err)
}

func opJSONFlag(args []string) (bool, error) {
	switch {
	case len(args) == 0:
		return false, nil
	case len(args) == 1 && args[0] == "--json":
		return true, nil
	}
	return false, usagef("unexpected %q", clean(strings.Join(args, " ")))
}

func targetText(fp, handle string) string { return moderation.Named(fp, handle) }

func banTarget(b moderation.Ban) string {
	if b.Kind == moderation.KindAddress {
		return "the addresses " + b.Target
	}
	return targetText(b.Target, b.Handle)
}

func writeBans(c *cmdEnv, bans []moderation.Ban, asJSON bool, now time.Time) error {
	if asJSON {
		if bans == nil {
			bans = []moderation.Ban{}
		}
		return writeJSON(c.out, bans)
	}
	if len(bans) == 0 {
		fmt.Fprintln(c.out, "no bans")
		return nil
	}
	for _, b := range bans {
		fmt.Fprintf(c.out, "%s  %s: %s\n", banTarget(b), moderation.UntilText(b.Until, now), b.Reason)
	}
	return nil
}

func writeAudit(c *cmdEnv, acts []moderation.Action, asJSON bool) error {
	if asJSON {
		if acts == nil {
			acts = []moderation.Action{}
		}
		return writeJSON(c.out, acts)
	}
	if len(acts) == 0 {
		fmt.Fprintln(c.out, "no operator actions yet")
		return nil
	}
	for _, a := range acts {
		fmt.Fprintln(c.out, a.Text())
	}
	return nil
}
