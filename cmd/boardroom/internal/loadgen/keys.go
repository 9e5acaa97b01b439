package loadgen

import (
	"fmt"
	"strings"
)

// Key is one step of a keystroke script: a name for reports and the bytes
// a terminal sends for it.
type Key struct {
	Name  string
	Bytes []byte
}

// Limits of a keystroke script.
const (
	MaxKeys       = 1000
	maxKeyItemLen = 256
)

// keyNames maps tmux send-keys names (compared case-insensitively) to the
// bytes an xterm sends in normal cursor mode.
var keyNames = map[string]string{
	"up": "\x1b[A", "down": "\x1b[B", "right": "\x1b[C", "left": "\x1b[D",
	"enter": "\r", "tab": "\t", "btab": "\x1b[Z", "esc": "\x1b", "escape": "\x1b",
	"space": " ", "bspace": "\x7f", "home": "\x1b[H", "end": "\x1b[F",
	"pageup": "\x1b[5~", "ppage": "\x1b[5~", "pgup": "\x1b[5~",
	"pagedown": "\x1b[6~", "npage": "\x1b[6~", "pgdn": "\x1b[6~",
	"dc": "\x1b[3~", "delete": "\x1b[3~", "ic": "\x1b[2~", "insert": "\x1b[2~",
	"f1": "\x1bOP", "f2": "\x1bOQ", "f3": "\x1bOR", "f4": "\x1bOS",
}

// ParseKeys parses a keystroke script: items separated by commas, each a key
// name as in tmux send-keys (Up Down Left Right Enter Tab BTab Esc Space
// BSpace Home End PageUp PageDown Delete Insert F1-F4, any case), C-a to
// C-z for control keys, or else literal text typed as is. A backslash makes
// the next character literal, so `\,` types a comma and `\\` a backslash.
func ParseKeys(script string) ([]Key, error) {
	if strings.TrimSpace(script) == "" {
		return nil, nil
	}
	var (
		items []string
		cur   strings.Builder
		esc   bool
		lit   []bool // whether the item contained an escape (never a key name)
		had   bool
	)
	for _, r := range script {
		switch {
		case esc:
			cur.WriteRune(r)
			esc = false
		case r == '\\':
			esc, had = true, true
		case r == ',':
			items, lit = append(items, cur.String()), append(lit, had)
			cur.Reset()
			had = false
		default:
			cur.WriteRune(r)
		}
	}
	if esc {
		return nil, fmt.Errorf("%w: script ends with a lone backslash", ErrKeys)
	}
	items, lit = append(items, cur.String()), append(lit, had)
	if len(items) > MaxKeys {
		return nil, fmt.Errorf("%w: %d keys, at most %d", ErrKeys, len(items), MaxKeys)
	}
	keys := make([]Key, 0, len(items))
	for i, it := range items {
		if it == "" {
			return nil, fmt.Errorf("%w: empty item %d", ErrKeys, i+1)
		}
		if len(it) > maxKeyItemLen {
			return nil, fmt.Errorf("%w: item %d is longer than %d bytes", ErrKeys, i+1, maxKeyItemLen)
		}
		keys = append(keys, parseKey(it, lit[i]))
	}
	return keys, nil
}

func parseKey(it string, literal bool) Key {
	if !literal {
		if b, ok := keyNames[strings.ToLower(it)]; ok {
			return Key{Name: it, Bytes: []byte(b)}
		}
		if len(it) == 3 && (it[0] == 'C' || it[0] == 'c') && it[1] == '-' {
			if c := it[2] | 0x20; c >= 'a' && c <= 'z' {
				return Key{Name: it, Bytes: []byte{c - 'a' + 1}}
			}
		}
	}
	return Key{Name: fmt.Sprintf("%q", it), Bytes: []byte(it)}
}
