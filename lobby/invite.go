package lobby

import (
	"crypto/rand"
	"strconv"
	"strings"
	"unicode/utf8"
)

// codeAlphabet has no 0/O, 1/I/L: codes are read aloud and typed.
const (
	codeAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
	codeLen      = 8
	slugMax      = 24
)

// newCode returns a random invite code from crypto/rand.
func newCode() string {
	var b [codeLen]byte
	out := make([]byte, 0, codeLen)
	for len(out) < codeLen {
		if _, err := rand.Read(b[:]); err != nil {
			panic("lobby: crypto/rand failed: " + err.Error()) // rand.Read never fails on supported platforms
		}
		for _, x := range b {
			// Reject the top of the byte range to keep every symbol equally likely.
			if int(x) < 256-256%len(codeAlphabet) && len(out) < codeLen {
				out = append(out, codeAlphabet[int(x)%len(codeAlphabet)])
			}
		}
	}
	return string(out)
}

// normCode reads a typed code: case, spaces and dashes do not matter.
func normCode(code string) string {
	var b strings.Builder
	for _, r := range strings.ToUpper(code) {
		if r == ' ' || r == '-' {
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// lobbyName sanitises a lobby name and checks its length.
func lobbyName(name string) (string, error) {
	n := Sanitize(name, 0)
	if c := utf8.RuneCountInString(n); c < 3 || c > 32 {
		return "", ErrBadName
	}
	return n, nil
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

// uniqueSlug appends -2, -3, ... to base until taken reports false.
func uniqueSlug(base string, taken func(string) bool) string {
	if !taken(base) {
		return base
	}
	for i := 2; ; i++ {
		s := base + "-" + strconv.Itoa(i)
		if !taken(s) {
			return s
		}
	}
}
