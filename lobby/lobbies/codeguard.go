package lobbies

import (
	"log/slog"
	"net/netip"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Invite codes are 8 symbols of 31 (~8.5e11); a client that may try
// thousands a second on one connection, or spread over many, finds
// lobbies. Wrong codes are therefore limited per account and per client
// address: lobby.Config.WrongCodesPerMinute a minute, as a burst of as many. Once
// either bucket is empty every code is refused, right or wrong, until a
// token comes back, so that guessing gains nothing from the right code
// still working: 3 a minute is ~4,300 guesses a day per account and per
// address, against hundreds of billions of codes.

// codeGuardSweep is the size of a limiter map past which buckets that have
// filled up again (and so hold no state worth keeping) are dropped.
const codeGuardSweep = 1024

// CodeGuard holds the wrong-code buckets; its own lock, never held with
// another.
type CodeGuard struct {
	perMinute int
	log       *slog.Logger

	mu       sync.Mutex
	accounts map[int64]*rate.Limiter
	addrs    map[string]*rate.Limiter
	logLim   *rate.Limiter // lines logged about the guard biting
	unlogged int           // bites not logged since the last line
}

// addrKey is the bucket of an address: an IPv4 address, or an IPv6 /64
// (one host usually holds a whole /64). An address that does not parse is
// its own key.
func addrKey(addr string) string {
	ip, err := netip.ParseAddr(addr)
	if err != nil {
		return addr
	}
	ip = ip.Unmap()
	if ip.Is6() {
		if p, err := ip.Prefix(64); err == nil {
			return p.String()
		}
	}
	return ip.String()
}

// NewCodeGuard allows perMinute wrong codes a minute per account and per
// address (as a burst of as many), and logs its bites on log.
func NewCodeGuard(perMinute int, log *slog.Logger) *CodeGuard {
	return &CodeGuard{perMinute: perMinute, log: log}
}

func (g *CodeGuard) limit() (rate.Limit, int) {
	n := g.perMinute
	return rate.Every(time.Minute / time.Duration(n)), n
}

// Blocked reports whether the account or the address has used up its
// wrong codes; it logs (at most a few lines a minute) when it has.
func (g *CodeGuard) Blocked(now time.Time, accountID int64, addr string) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	blocked := false
	if l := g.accounts[accountID]; l != nil && l.TokensAt(now) < 1 {
		blocked = true
	}
	if addr != "" {
		if l := g.addrs[addrKey(addr)]; l != nil && l.TokensAt(now) < 1 {
			blocked = true
		}
	}
	if blocked {
		g.logBiteLocked(now, accountID, addr)
	}
	return blocked
}

// Wrong takes a token from the account's and the address's buckets.
func (g *CodeGuard) Wrong(now time.Time, accountID int64, addr string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	lim, burst := g.limit()
	if g.accounts == nil {
		g.accounts, g.addrs = map[int64]*rate.Limiter{}, map[string]*rate.Limiter{}
		g.logLim = rate.NewLimiter(rate.Every(20*time.Second), 3)
	}
	take := func(l *rate.Limiter, ok bool) *rate.Limiter {
		if !ok {
			l = rate.NewLimiter(lim, burst)
		}
		l.AllowN(now, 1)
		return l
	}
	l, ok := g.accounts[accountID]
	g.accounts[accountID] = take(l, ok)
	if addr != "" {
		k := addrKey(addr)
		l, ok := g.addrs[k]
		g.addrs[k] = take(l, ok)
	}
	if len(g.accounts) > codeGuardSweep {
		sweep(g.accounts, now, burst)
	}
	if len(g.addrs) > codeGuardSweep {
		sweep(g.addrs, now, burst)
	}
}

// sweep drops the buckets that are full again: a new one is the same.
func sweep[K comparable](m map[K]*rate.Limiter, now time.Time, burst int) {
	for k, l := range m {
		if l.TokensAt(now) >= float64(burst) {
			delete(m, k)
		}
	}
}

// logBiteLocked logs that the guard refused a code, a few lines a minute
// at most: a flood of guesses must not become a flood of log lines.
func (g *CodeGuard) logBiteLocked(now time.Time, accountID int64, addr string) {
	if g.logLim == nil || !g.logLim.AllowN(now, 1) {
		g.unlogged++
		return
	}
	g.log.Warn("invite codes refused: too many wrong codes", "account", accountID, "remote", addr,
		"refused_unlogged", g.unlogged)
	g.unlogged = 0
}
