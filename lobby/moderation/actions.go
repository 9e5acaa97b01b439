package moderation

import (
	"context"
	"fmt"
	"time"
)

// The second part of issue 30: mutes and renames (held like bans, in the
// same table, so that they last across restarts and every node reads them
// again on the moderation notice), and the operators' actions that are
// carried out elsewhere (a chat line deleted, a table closed) but recorded
// here.

// More kinds of stored records (Ban.Kind).
const (
	// KindMute: the key's account reads chat but cannot write it until
	// Until.
	KindMute = "mute"
	// KindRename: an operator took the key's handle (Ban.Handle) away; the
	// player picks a new one at their next session. Until is zero: the
	// record is the reason they read then.
	KindRename = "rename"
)

// More operator actions.
const (
	VerbMute          = "mute"
	VerbUnmute        = "unmute"
	VerbDeleteMessage = "delete-message"
	VerbRename        = "rename"
	VerbClose         = "close"
)

// Mute keeps the key's account from writing chat for d (permanent: for
// good), records it and tells the other nodes.
func (m *Moderator) Mute(ctx context.Context, op Operator, fp, handle string, d time.Duration, permanent bool, reason string) (Ban, error) {
	if !m.IsOperator(op.Fingerprint) {
		return Ban{}, ErrNotOperator
	}
	b := Ban{Kind: KindMute, Target: fp, Handle: handle, Reason: reason, By: op.Fingerprint, At: m.cfg.Now().UTC().Truncate(time.Second)}
	if !permanent {
		b.Until = b.At.Add(d)
	}
	if err := m.cfg.Store.SaveBan(ctx, b); err != nil {
		return Ban{}, fmt.Errorf("moderation: saving a mute: %w", err)
	}
	m.audit(ctx, Action{At: b.At, By: op.Fingerprint, ByHandle: op.Handle, Verb: VerbMute, Target: fp, Handle: handle, Reason: reason, Until: b.Until})
	m.mu.Lock()
	m.others[recordKey{KindMute, fp}] = b
	announce := m.announce
	m.mu.Unlock()
	if announce != nil {
		announce()
	}
	return b, nil
}

// Unmute lets the key's account write chat again; false when it was not
// muted.
func (m *Moderator) Unmute(ctx context.Context, op Operator, fp, handle string) (bool, error) {
	if _, ok := m.Muted(fp); !ok {
		return false, nil
	}
	return m.Unban(ctx, op, KindMute, fp, handle, "")
}

// Muted returns the mute of the key in force, if any.
func (m *Moderator) Muted(fp string) (Ban, bool) {
	return m.record(KindMute, fp)
}

// MutedText is what a muted player reads when they try to write: why, and
// until when in words; "" when the key may write.
func (m *Moderator) MutedText(fp string) string {
	b, ok := m.Muted(fp)
	if !ok {
		return ""
	}
	return fmt.Sprintf("an operator muted you %s: %s. You can still read the chat.", UntilText(b.Until, m.cfg.Now()), b.Reason)
}

// Mutes lists the mutes in force here.
func (m *Moderator) Mutes() []Ban {
	now := m.cfg.Now()
	m.mu.RLock()
	defer m.mu.RUnlock()
	var out []Ban
	for k, b := range m.others {
		if k.kind == KindMute && b.In(now) {
			out = append(out, b)
		}
	}
	return out
}

// Rename records that an operator took the key's handle away (the lobby
// frees it: RenameAccount), tells OnRename here and the other nodes.
func (m *Moderator) Rename(ctx context.Context, op Operator, fp, handle, reason string) (Ban, error) {
	if !m.IsOperator(op.Fingerprint) {
		return Ban{}, ErrNotOperator
	}
	b := Ban{Kind: KindRename, Target: fp, Handle: handle, Reason: reason, By: op.Fingerprint, At: m.cfg.Now().UTC().Truncate(time.Second)}
	if err := m.cfg.Store.SaveBan(ctx, b); err != nil {
		return Ban{}, fmt.Errorf("moderation: saving a rename: %w", err)
	}
	m.audit(ctx, Action{At: b.At, By: op.Fingerprint, ByHandle: op.Handle, Verb: VerbRename, Target: fp, Handle: handle, Reason: reason})
	m.mu.Lock()
	m.others[recordKey{KindRename, fp}] = b
	hooks, announce := m.onRename, m.announce
	m.mu.Unlock()
	for _, f := range hooks {
		f(b)
	}
	if announce != nil {
		announce()
	}
	return b, nil
}

// Renamed returns the last rename of the key, if any.
func (m *Moderator) Renamed(fp string) (Ban, bool) { return m.record(KindRename, fp) }

// RenamedText is what a player whose handle was taken away reads (a
// sentence's start: the caller says what to do next).
func RenamedText(b Ban) string {
	return fmt.Sprintf("an operator took your handle %s away: %s", b.Handle, b.Reason)
}

// OnRename adds a function told of each rename made here or read after
// another node's notice (sshserver ends the player's live sessions with
// RenamedText). It is called without the moderator's lock.
func (m *Moderator) OnRename(f func(Ban)) {
	m.mu.Lock()
	m.onRename = append(m.onRename, f)
	m.mu.Unlock()
}

// Record stores an operator's action carried out elsewhere (a chat line
// deleted, a table closed) in the audit.
func (m *Moderator) Record(ctx context.Context, op Operator, verb, target, handle, reason string) error {
	if !m.IsOperator(op.Fingerprint) {
		return ErrNotOperator
	}
	m.audit(ctx, Action{At: m.cfg.Now().UTC().Truncate(time.Second), By: op.Fingerprint, ByHandle: op.Handle, Verb: verb, Target: target, Handle: handle, Reason: reason})
	return nil
}

// recordKey names a mute or a rename.
type recordKey struct{ kind, target string }

func (m *Moderator) record(kind, fp string) (Ban, bool) {
	if fp == "" {
		return Ban{}, false
	}
	m.mu.RLock()
	b, ok := m.others[recordKey{kind, fp}]
	m.mu.RUnlock()
	return b, ok && b.In(m.cfg.Now())
}
