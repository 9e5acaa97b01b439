package lobbies

import (
	"crypto/rand"
	"strings"
)

// codeAlphabet has no 0/O, 1/I/L: codes are read aloud and typed.
const (
	codeAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
	CodeLen      = 8 // symbols of an invite code
	slugMax      = 24
)

// newCode returns a random invite code from crypto/rand.
func newCode() string { return randomString(codeAlphabet, CodeLen) }

// NormCode reads a typed code: case, spaces and dashes do not matter.
func NormCode(code string) string {
	var b strings.Builder
	for _, r := range strings.ToUpper(code) {
		if r == ' ' || r == '-' {
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// baseSlug derives a slug from a name: lower-case ASCII letters and digits
// separated by single dashes.
func baseSlug(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
			if b.Len() >= slugMax {
				break
			}
			continue
		}
		dash = true
	}
	s := strings.Trim(b.String(), "-")
	if len(s) < 2 {
		s = "team" + s
	}
	return s
}

// slugSuffixAlphabet and slugSuffixLen make the random end of a private
// lobby's slug: 31^4 (~920,000) endings per name.
const (
	slugSuffixAlphabet = "abcdefghjkmnpqrstuvwxyz23456789"
	slugSuffixLen      = 4
)

// privateSlug is a private lobby's slug: the name's slug and a random
// ending, "secret-team-k7m2". Every private lobby gets one, so the slug a
// creator reads says nothing about the lobbies that already exist (a
// counter, "secret-team-2", would prove that "Secret Team" does). taken is
// asked only to avoid a collision, and answers from an index: the cost does
// not grow with the number of lobbies.
func privateSlug(name string, taken func(string) bool) string {
	base := baseSlug(name)
	if len(base) > slugMax-1-slugSuffixLen {
		base = strings.Trim(base[:slugMax-1-slugSuffixLen], "-")
	}
	for {
		s := base + "-" + randomString(slugSuffixAlphabet, slugSuffixLen)
		if !taken(s) {
			return s
		}
	}
}

// randomString draws n symbols of alphabet (at most 256 symbols) from
// crypto/rand, each equally likely.
func randomString(alphabet string, n int) string {
	var b [16]byte
	out := make([]byte, 0, n)
	for len(out) < n {
		if _, err := rand.Read(b[:]); err != nil {
			panic("lobbies: crypto/rand failed: " + err.Error()) // rand.Read never fails on supported platforms
		}
		for _, x := range b {
			// Reject the top of the byte range to keep every symbol equally likely.
			if int(x) < 256-256%len(alphabet) && len(out) < n {
				out = append(out, alphabet[int(x)%len(alphabet)])
			}
		}
	}
	return string(out)
}
