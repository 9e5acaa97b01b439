package webhook

import (
	"errors"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
)

// MaxURLLength bounds a stored webhook URL.
const MaxURLLength = 2048

// Errors of CheckURL and of a delivery refused by the address guard.
var (
	ErrScheme    = errors.New("a webhook URL must start with https:// or http://")
	ErrURL       = errors.New("not a webhook URL")
	ErrForbidden = errors.New("the webhook's address is loopback, private, link-local or multicast")
)

// CheckURL says whether raw may be stored as a webhook: an absolute http or
// https URL with a host, no user name or password, at most MaxURLLength
// bytes. A host written as an IP address is checked against the address
// guard at once (unless allowPrivate); a host name is checked each time it
// is resolved, at every delivery, because a name can point elsewhere later.
func CheckURL(raw string, allowPrivate bool) (*url.URL, error) {
	if len(raw) > MaxURLLength {
		return nil, fmt.Errorf("%w: longer than %d characters", ErrURL, MaxURLLength)
	}
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrURL, err)
	}
	if u.Scheme != "https" && u.Scheme != "http" {
		return nil, ErrScheme
	}
	if u.Host == "" || u.Hostname() == "" || u.Opaque != "" {
		return nil, fmt.Errorf("%w: no host", ErrURL)
	}
	if u.User != nil {
		return nil, fmt.Errorf("%w: a user name or password in the URL", ErrURL)
	}
	if ip, err := netip.ParseAddr(u.Hostname()); err == nil && !allowPrivate && forbidden(ip) {
		return nil, ErrForbidden
	}
	if h := strings.ToLower(u.Hostname()); !allowPrivate && (h == "localhost" || strings.HasSuffix(h, ".localhost")) {
		return nil, ErrForbidden
	}
	u.Fragment = ""
	return u, nil
}

// sharedSpace is RFC 6598's carrier-grade NAT range: not public either.
var sharedSpace = netip.MustParsePrefix("100.64.0.0/10")

// forbidden is whether a delivery must not connect to ip: loopback,
// private (RFC 1918, RFC 4193, RFC 6598), link-local, multicast and the
// unspecified address, also written as an IPv4-mapped IPv6 address.
func forbidden(ip netip.Addr) bool {
	ip = ip.Unmap()
	return !ip.IsValid() || ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast() ||
		ip.IsLinkLocalMulticast() || ip.IsInterfaceLocalMulticast() || ip.IsMulticast() ||
		ip.IsUnspecified() || sharedSpace.Contains(ip) || (ip.Is4() && ip.As4()[0] == 0)
}

// dialGuard is a net.Dialer Control function: it runs after the name was
// resolved, for the very address about to be connected to, so a name that
// resolves to a forbidden address (or is re-pointed to one between
// deliveries) is refused.
func dialGuard(network, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return fmt.Errorf("%w: %s", ErrForbidden, address)
	}
	if forbidden(ap.Addr()) {
		return fmt.Errorf("%w: %s", ErrForbidden, ap.Addr())
	}
	return nil
}

// newDialer is the dialer of deliveries; with allowPrivate (an operator's
// `serve --webhook-allow-private`, for a company's internal chat) it
// connects anywhere.
func newDialer(allowPrivate bool) *net.Dialer {
	d := &net.Dialer{Timeout: dialTimeout}
	if !allowPrivate {
		d.Control = dialGuard
	}
	return d
}
