package moderation

import (
	"errors"
	"fmt"
	"net/netip"
	"strconv"
	"strings"
	"time"
)

// MaxDuration is the longest ban with an end; longer is `permanent`.
const MaxDuration = 3650 * 24 * time.Hour

// ParseDuration reads a ban's length: a number and a unit (30m, 12h, 7d,
// 2w), or "permanent" (permanent is then true and d 0).
func ParseDuration(s string) (d time.Duration, permanent bool, err error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "permanent" {
		return 0, true, nil
	}
	bad := fmt.Errorf("%q is not a length: write 30m, 12h, 7d, 2w or permanent", s)
	if len(s) < 2 {
		return 0, false, bad
	}
	n, err := strconv.Atoi(s[:len(s)-1])
	if err != nil || n <= 0 {
		return 0, false, bad
	}
	unit := map[byte]time.Duration{'m': time.Minute, 'h': time.Hour, 'd': 24 * time.Hour, 'w': 7 * 24 * time.Hour}[s[len(s)-1]]
	if unit == 0 {
		return 0, false, bad
	}
	if int64(n) > int64(MaxDuration/unit) {
		return 0, false, errors.New("a ban with an end lasts at most ten years: write permanent")
	}
	return time.Duration(n) * unit, false, nil
}

// ParsePrefix reads the addresses of an address ban: an IPv4 address (its
// /32) or prefix, an IPv6 address (its /64: one machine may use any
// address of its /64, so a narrower ban bans nothing) or a prefix of /64 or
// wider. The prefix comes back masked.
func ParsePrefix(s string) (netip.Prefix, error) {
	s = strings.TrimSpace(s)
	var p netip.Prefix
	if strings.Contains(s, "/") {
		var err error
		if p, err = netip.ParsePrefix(s); err != nil {
			return netip.Prefix{}, fmt.Errorf("%q is not an address or a prefix (203.0.113.7, 203.0.113.0/24, 2001:db8::/48)", s)
		}
		if p.Addr().Is4In6() {
			bits := p.Bits() - 96
			if bits < 0 {
				return netip.Prefix{}, fmt.Errorf("%q is not an address or a prefix", s)
			}
			p = netip.PrefixFrom(p.Addr().Unmap(), bits)
		}
	} else {
		a, err := netip.ParseAddr(s)
		if err != nil {
			return netip.Prefix{}, fmt.Errorf("%q is not an address or a prefix (203.0.113.7, 203.0.113.0/24, 2001:db8::/48)", s)
		}
		a = a.Unmap().WithZone("")
		bits := 32
		if a.Is6() {
			bits = 64
		}
		p = netip.PrefixFrom(a, bits)
	}
	switch {
	case p.Bits() == 0:
		return netip.Prefix{}, errors.New("a ban of every address is not an address ban: narrow the prefix")
	case p.Addr().Is6() && p.Bits() > 64:
		return netip.Prefix{}, fmt.Errorf("an IPv6 ban covers a /64 or more (one machine may use any address of its /64): write %s", netip.PrefixFrom(p.Addr(), 64).Masked())
	}
	return p.Masked(), nil
}

// ParseAddr reads a client's address as the server saw it.
func ParseAddr(s string) (netip.Addr, bool) {
	a, err := netip.ParseAddr(s)
	if err != nil {
		return netip.Addr{}, false
	}
	return a.Unmap().WithZone(""), true
}

// UntilText says when a ban ends, in words, as the banned read it:
// "until Mon 30 Nov 2026 06:00 UTC (in 12 hours)" or "for good".
func UntilText(until, now time.Time) string {
	if until.IsZero() {
		return "for good"
	}
	return "until " + until.UTC().Format("Mon 2 Jan 2006 15:04 UTC") + " (" + InWords(until.Sub(now)) + ")"
}

// InWords is a time still to come, rounded to the unit that reads best:
// "in 1 minute", "in 12 hours", "in 7 days".
func InWords(d time.Duration) string {
	unit := func(n int64, one string) string {
		if n == 1 {
			return "in 1 " + one
		}
		return "in " + strconv.FormatInt(n, 10) + " " + one + "s"
	}
	// By the rounded count, so that a 2h mute read a moment after it was
	// made says "in 2 hours", not "in 120 minutes".
	minutes, hours := int64((d+30*time.Second)/time.Minute), int64((d+30*time.Minute)/time.Hour)
	switch {
	case d < time.Minute:
		return "in less than a minute"
	case minutes < 90:
		return unit(minutes, "minute")
	case hours < 48:
		return unit(hours, "hour")
	default:
		return unit(int64((d+12*time.Hour)/(24*time.Hour)), "day")
	}
}
