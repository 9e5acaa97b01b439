package sshserver

import (
	"context"
	"errors"
	"strings"
	"time"

	"boardroom/lobby"
	"boardroom/lobby/moderation"
)

// opConsole is an operator's terminal session's hold on the moderation
// (moderation.Console): the same actions as the op commands, in the same
// words. Each action checks again that the key is an operator's, so a key
// taken out of the operators file loses them in a running session too.
type opConsole struct {
	s  *Server
	fp string
}

var _ moderation.Console = opConsole{}

// console returns the operator's console of a session, or nil for anyone
// else.
func (s *Server) console(fp string) moderation.Console {
	if !s.isOperator(fp) {
		return nil
	}
	return opConsole{s: s, fp: fp}
}

func (o opConsole) target(ctx context.Context, who, duration string) (fp, handle, until string, err error) {
	fp, handle, err = o.s.opTarget(ctx, strings.TrimSpace(who))
	if err != nil {
		return "", "", "", err
	}
	d, permanent, err := moderation.ParseDuration(duration)
	if err != nil {
		return "", "", "", playerErrorf("%v", err)
	}
	now := o.s.cfg.Moderation.Now()
	var end time.Time // for good
	if !permanent {
		end = now.Add(d)
	}
	return fp, handle, moderation.UntilText(end, now), nil
}

func (o opConsole) Preview(ctx context.Context, who, duration string) (string, error) {
	fp, handle, until, err := o.target(ctx, who, duration)
	if err != nil {
		return "", err
	}
	if o.s.cfg.Moderation.IsOperator(fp) {
		return "", playerErrorf("that key is an operator's: take it out of the operators file first")
	}
	return targetText(fp, handle) + " " + until, nil
}

func (o opConsole) Ban(ctx context.Context, who, duration, reason string) (string, error) {
	fp, handle, err := o.s.opTarget(ctx, strings.TrimSpace(who))
	if err != nil {
		return "", err
	}
	d, permanent, err := moderation.ParseDuration(duration)
	if err != nil {
		return "", playerErrorf("%v", err)
	}
	reason = lobby.Sanitize(reason, MaxReason)
	if strings.TrimSpace(reason) == "" {
		return "", playerErrorf("give a reason: the banned read it")
	}
	me, err := o.s.operator(ctx, o.fp)
	if err != nil {
		return "", err
	}
	m := o.s.cfg.Moderation
	b, err := m.BanKey(ctx, me, fp, handle, d, permanent, reason)
	if err != nil {
		return "", opError(err)
	}
	return "Banned " + banTarget(b) + " " + moderation.UntilText(b.Until, m.Now()) + ".", nil
}

func (o opConsole) Unban(ctx context.Context, fp string) (string, error) {
	_, handle, err := o.s.opTarget(ctx, fp)
	if err != nil {
		return "", err
	}
	me, err := o.s.operator(ctx, o.fp)
	if err != nil {
		return "", err
	}
	ok, err := o.s.cfg.Moderation.Unban(ctx, me, moderation.KindKey, fp, handle, "")
	if err != nil {
		return "", opError(err)
	}
	if !ok {
		return "", playerErrorf("%s is not banned", targetText(fp, handle))
	}
	return "Lifted the ban of " + targetText(fp, handle) + ".", nil
}

func (o opConsole) Bans() []moderation.Ban { return o.s.cfg.Moderation.Bans() }

func (o opConsole) Log(ctx context.Context) ([]moderation.Action, error) {
	return o.s.cfg.Moderation.Log(ctx, auditShown)
}

// Run implements moderation.Console: the op command through the same code
// as over ssh, its output returned.
func (o opConsole) Run(ctx context.Context, args ...string) (string, error) {
	if !o.s.isOperator(o.fp) {
		return "", moderation.ErrNotOperator
	}
	var out, errOut strings.Builder
	c := &cmdEnv{ctx: ctx, srv: o.s, api: o.s.api, res: o.s.res, out: &out, errOut: &errOut, fp: o.fp}
	err := o.s.op(c, args)
	if err == nil {
		return strings.TrimSpace(out.String()), nil
	}
	var ue *usageError
	if errors.As(err, &ue) {
		return "", playerErrorf("%s", ue.msg)
	}
	msg, known := playerMessage(err)
	if !known {
		o.s.log.Error("operator action failed", "err", err)
	}
	return "", playerErrorf("%s", msg)
}
