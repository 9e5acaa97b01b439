package moderation

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/netip"
	"sync"
	"time"
)

// Ban kinds.
const (
	KindKey     = "key"     // Target is a key's SHA256 fingerprint
	KindAddress = "address" // Target is a prefix (203.0.113.0/24)
)

// Operator actions, as the audit names them.
const (
	VerbBan          = "ban"
	VerbUnban        = "unban"
	VerbBanAddress   = "ban-address"
	VerbUnbanAddress = "unban-address"
)

// Ban refuses a key or the addresses of a prefix until Until (zero: for
// good).
type Ban struct {
	Kind   string    `json:"kind"`
	Target string    `json:"target"`
	Handle string    `json:"handle,omitempty"` // the key's handle when it was banned
	Reason string    `json:"reason"`
	By     string    `json:"by"` // the operator's key fingerprint
	At     time.Time `json:"at"`
	Until  time.Time `json:"until,omitzero"`
}

// In reports whether the ban holds at now.
func (b Ban) In(now time.Time) bool { return b.Until.IsZero() || now.Before(b.Until) }

// Action is one line of the operators' audit: who did what to whom, when,
// why and until when.
type Action struct {
	ID       int64     `json:"id"`
	At       time.Time `json:"at"`
	By       string    `json:"by"`                  // the operator's key fingerprint
	ByHandle string    `json:"by_handle,omitempty"` // their handle then, if any
	Verb     string    `json:"action"`              // VerbBan...
	Target   string    `json:"target"`              // fingerprint or prefix
	Handle   string    `json:"handle,omitempty"`    // the target key's handle then
	Reason   string    `json:"reason,omitempty"`
	Until    time.Time `json:"until,omitzero"` // a ban's end; zero: for good (or no ban)
}

// Store keeps the bans and the audit (both stores implement it).
type Store interface {
	// SaveBan stores b, replacing the ban of the same kind and target.
	SaveBan(ctx context.Context, b Ban) error
	// DeleteBan removes the ban of kind and target; false if there was none.
	DeleteBan(ctx context.Context, kind, target string) (bool, error)
	// Bans lists the bans that hold at now, by time made, then kind and target.
	Bans(ctx context.Context, now time.Time) ([]Ban, error)
	// AppendAudit stores an operator action and returns its id.
	AppendAudit(ctx context.Context, a Action) (int64, error)
	// Audit lists the last limit actions, oldest first.
	Audit(ctx context.Context, limit int) ([]Action, error)
}

// Config configures a Moderator.
type Config struct {
	Store     Store    // required
	Operators *KeyFile // nil: nobody is an operator
	Allow     *KeyFile // nil: every key and guests may connect
	Now       func() time.Time
	Logger    *slog.Logger
}

// Moderator holds the bans in force (a copy of the store's, for the
// admission of every session) and carries out the operators' actions.
type Moderator struct {
	cfg Config

	mu    sync.RWMutex
	keys  map[string]Ban
	addrs map[netip.Prefix]Ban
	// others are the mutes and renames (actions.go).
	others   map[recordKey]Ban
	onRename []func(Ban)
	// onBan are told of each ban that starts to hold here (made here or
	// read after another node's notice); announce tells the other nodes.
	onBan    []func(Ban)
	announce func()
}

// New returns a Moderator with no bans; Load reads the store's.
func New(cfg Config) (*Moderator, error) {
	if cfg.Store == nil {
		return nil, errors.New("moderation: no store")
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	return &Moderator{cfg: cfg, keys: map[string]Ban{}, addrs: map[netip.Prefix]Ban{}, others: map[recordKey]Ban{}}, nil
}

// Now is the moderator's clock.
func (m *Moderator) Now() time.Time { return m.cfg.Now() }

// OnBan adds a function told of each ban that starts to hold on this node
// (sshserver ends the banned sessions, the lobby makes their seats away).
// It is called without the moderator's lock.
func (m *Moderator) OnBan(f func(Ban)) {
	m.mu.Lock()
	m.onBan = append(m.onBan, f)
	m.mu.Unlock()
}

// SetAnnounce sets how the other nodes of a cluster hear that the bans
// changed (they Load them again).
func (m *Moderator) SetAnnounce(f func()) {
	m.mu.Lock()
	m.announce = f
	m.mu.Unlock()
}

// IsOperator reports whether the key is an operator's.
func (m *Moderator) IsOperator(fp string) bool { return m.cfg.Operators.Has(fp) }

// Refusal is why a session is refused, as the client reads it; "" admits
// it. fp is "" for a guest; addr is the client's address.
func (m *Moderator) Refusal(fp, addr string) string {
	now := m.cfg.Now()
	if b, ok := m.KeyBan(fp); ok {
		return fmt.Sprintf("this key is banned from this server %s: %s", UntilText(b.Until, now), b.Reason)
	}
	operator := m.IsOperator(fp)
	if b, ok := m.AddressBan(addr); ok && !operator {
		return fmt.Sprintf("connections from your address are refused %s: %s", UntilText(b.Until, now), b.Reason)
	}
	if m.cfg.Allow == nil || operator {
		return ""
	}
	if fp == "" {
		return "this server admits only the keys it knows; guests cannot connect"
	}
	if !m.cfg.Allow.Has(fp) {
		return "this server admits only the keys it knows, and yours is not one of them; ask the people who run it to add it (" + fp + ")"
	}
	return ""
}

// KeyBan returns the ban of the key in force, if any.
func (m *Moderator) KeyBan(fp string) (Ban, bool) {
	if fp == "" {
		return Ban{}, false
	}
	m.mu.RLock()
	b, ok := m.keys[fp]
	m.mu.RUnlock()
	return b, ok && b.In(m.cfg.Now())
}

// AddressBan returns a ban in force of a prefix that holds addr, if any.
func (m *Moderator) AddressBan(addr string) (Ban, bool) {
	a, ok := ParseAddr(addr)
	if !ok {
		return Ban{}, false
	}
	now := m.cfg.Now()
	m.mu.RLock()
	defer m.mu.RUnlock()
	for p, b := range m.addrs {
		if p.Contains(a) && b.In(now) {
			return b, true
		}
	}
	return Ban{}, false
}

// Bans lists the bans in force here.
func (m *Moderator) Bans() []Ban {
	now := m.cfg.Now()
	m.mu.RLock()
	defer m.mu.RUnlock()
	var out []Ban
	for _, b := range m.keys {
		if b.In(now) {
			out = append(out, b)
		}
	}
	for _, b := range m.addrs {
		if b.In(now) {
			out = append(out, b)
		}
	}
	return out
}

// Load reads the bans in force from the store, replacing those held, and
// tells OnBan of those that were not held before (another node's new bans).
func (m *Moderator) Load(ctx context.Context) error {
	bans, err := m.cfg.Store.Bans(ctx, m.cfg.Now())
	if err != nil {
		return fmt.Errorf("moderation: reading the bans: %w", err)
	}
	keys, addrs, others := map[string]Ban{}, map[netip.Prefix]Ban{}, map[recordKey]Ban{}
	for _, b := range bans {
		switch b.Kind {
		case KindMute, KindRename:
			others[recordKey{b.Kind, b.Target}] = b
		case KindKey:
			keys[b.Target] = b
		case KindAddress:
			p, err := netip.ParsePrefix(b.Target)
			if err != nil {
				m.cfg.Logger.Error("moderation: a stored address ban is unreadable", "target", b.Target, "err", err)
				continue
			}
			addrs[p] = b
		}
	}
	m.mu.Lock()
	var fresh []Ban
	for fp, b := range keys {
		if old, ok := m.keys[fp]; !ok || old != b {
			fresh = append(fresh, b)
		}
	}
	for p, b := range addrs {
		if old, ok := m.addrs[p]; !ok || old != b {
			fresh = append(fresh, b)
		}
	}
	var renamed []Ban // another node's renames: their sessions here end too
	for k, b := range others {
		if old, ok := m.others[k]; k.kind == KindRename && (!ok || old != b) {
			renamed = append(renamed, b)
		}
	}
	m.keys, m.addrs, m.others = keys, addrs, others
	hooks, renameHooks := m.onBan, m.onRename
	m.mu.Unlock()
	for _, b := range fresh {
		for _, f := range hooks {
			f(b)
		}
	}
	for _, b := range renamed {
		for _, f := range renameHooks {
			f(b)
		}
	}
	return nil
}

// Operator is who acts: their key and, if they have one, their handle.
type Operator struct {
	Fingerprint string
	Handle      string
}

// ErrNotOperator refuses an action of a key that is not an operator's.
var ErrNotOperator = errors.New("moderation: not an operator")

// BanKey bans a key for d (permanent: for good) and records it.
func (m *Moderator) BanKey(ctx context.Context, op Operator, fp, handle string, d time.Duration, permanent bool, reason string) (Ban, error) {
	if !m.IsOperator(op.Fingerprint) {
		return Ban{}, ErrNotOperator
	}
	if m.IsOperator(fp) {
		return Ban{}, errors.New("that key is an operator's: take it out of the operators file first")
	}
	return m.ban(ctx, op, Ban{Kind: KindKey, Target: fp, Handle: handle}, d, permanent, reason)
}

// BanAddress bans the addresses of a prefix (ParsePrefix) and records it.
func (m *Moderator) BanAddress(ctx context.Context, op Operator, p netip.Prefix, d time.Duration, permanent bool, reason string) (Ban, error) {
	return m.ban(ctx, op, Ban{Kind: KindAddress, Target: p.String()}, d, permanent, reason)
}

func (m *Moderator) ban(ctx context.Context, op Operator, b Ban, d time.Duration, permanent bool, reason string) (Ban, error) {
	if !m.IsOperator(op.Fingerprint) {
		return Ban{}, ErrNotOperator
	}
	b.Reason, b.By, b.At = reason, op.Fingerprint, m.cfg.Now().UTC().Truncate(time.Second)
	if !permanent {
		b.Until = b.At.Add(d)
	}
	if err := m.cfg.Store.SaveBan(ctx, b); err != nil {
		return Ban{}, fmt.Errorf("moderation: saving a ban: %w", err)
	}
	verb := VerbBan
	if b.Kind == KindAddress {
		verb = VerbBanAddress
	}
	m.audit(ctx, Action{At: b.At, By: op.Fingerprint, ByHandle: op.Handle, Verb: verb, Target: b.Target, Handle: b.Handle, Reason: reason, Until: b.Until})
	m.mu.Lock()
	if b.Kind == KindKey {
		m.keys[b.Target] = b
	} else {
		m.addrs[netip.MustParsePrefix(b.Target)] = b
	}
	hooks, announce := m.onBan, m.announce
	m.mu.Unlock()
	for _, f := range hooks {
		f(b)
	}
	if announce != nil {
		announce()
	}
	return b, nil
}

// Unban lifts the ban of kind and target; false when there was none.
func (m *Moderator) Unban(ctx context.Context, op Operator, kind, target, handle, reason string) (bool, error) {
	if !m.IsOperator(op.Fingerprint) {
		return false, ErrNotOperator
	}
	ok, err := m.cfg.Store.DeleteBan(ctx, kind, target)
	if err != nil {
		return false, fmt.Errorf("moderation: lifting a ban: %w", err)
	}
	if !ok {
		return false, nil
	}
	verb := map[string]string{KindKey: VerbUnban, KindAddress: VerbUnbanAddress, KindMute: VerbUnmute}[kind]
	m.audit(ctx, Action{At: m.cfg.Now().UTC().Truncate(time.Second), By: op.Fingerprint, ByHandle: op.Handle, Verb: verb, Target: target, Handle: handle, Reason: reason})
	m.mu.Lock()
	switch kind {
	case KindKey:
		delete(m.keys, target)
	case KindAddress:
		if p, err := netip.ParsePrefix(target); err == nil {
			delete(m.addrs, p)
		}
	default:
		delete(m.others, recordKey{kind, target})
	}
	announce := m.announce
	m.mu.Unlock()
	if announce != nil {
		announce()
	}
	return true, nil
}

// audit records an action; a failure is logged, not returned: the action
// itself took effect and is in the log lines.
func (m *Moderator) audit(ctx context.Context, a Action) {
	if _, err := m.cfg.Store.AppendAudit(ctx, a); err != nil {
		m.cfg.Logger.Error("moderation: audit not stored", "action", a.Verb, "target", a.Target, "by", a.By, "err", err)
	}
	m.cfg.Logger.Info("moderation: operator action", "action", a.Verb, "target", a.Target, "handle", a.Handle, "by", a.By, "until", a.Until, "reason", a.Reason)
}

// Log lists the operators' last limit actions, oldest first.
func (m *Moderator) Log(ctx context.Context, limit int) ([]Action, error) {
	return m.cfg.Store.Audit(ctx, limit)
}

// Console is what an operator's terminal session may do: sshserver
// implements it for the sessions of operators' keys (naming a player by
// handle needs the lobby's accounts), the TUI's operator screen uses it.
type Console interface {
	// Preview says whom a ban of who (a handle or a fingerprint) for
	// duration would reach and until when, in words; an error says what
	// is wrong with either.
	Preview(ctx context.Context, who, duration string) (string, error)
	// Ban bans who for duration and returns what was done, in words.
	Ban(ctx context.Context, who, duration, reason string) (string, error)
	// Unban lifts the ban of a key (its fingerprint) and says so.
	Unban(ctx context.Context, fp string) (string, error)
	// Bans are the bans in force.
	Bans() []Ban
	// Log is the operators' last actions, oldest first.
	Log(ctx context.Context) ([]Action, error)
	// Run runs an operator command (the words after `op`: "mute", "ada",
	// "1h", "spam") exactly as the plain command does, and returns what
	// it printed, or its refusal.
	Run(ctx context.Context, args ...string) (string, error)
}
