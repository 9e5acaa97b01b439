package loadgen

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestParseKeys(t *testing.T) {
	keys, err := ParseKeys("Down,down,Enter,Tab,Esc,Space,BSpace,Up,Left,Right,C-c,hello world,q,\\,,a\\\\b,\\Enter,PageDown,NPage,F1")
	require.NoError(t, err)
	var got []string
	for _, k := range keys {
		got = append(got, string(k.Bytes))
	}
	require.Equal(t, []string{"\x1b[B", "\x1b[B", "\r", "\t", "\x1b", " ", "\x7f", "\x1b[A", "\x1b[D", "\x1b[C",
		"\x03", "hello world", "q", ",", `a\b`, "Enter", "\x1b[6~", "\x1b[6~", "\x1bOP"}, got)
	require.Equal(t, "Down", keys[0].Name)
	require.Equal(t, `"hello world"`, keys[11].Name)
}

func TestParseKeysEmpty(t *testing.T) {
	keys, err := ParseKeys("  ")
	require.NoError(t, err)
	require.Empty(t, keys)
}

func TestParseKeysErrors(t *testing.T) {
	for _, s := range []string{"Up,,Down", "Up,", ",Up", `Up\`, strings.Repeat("x", maxKeyItemLen+1),
		strings.Repeat("x,", MaxKeys) + "x"} {
		_, err := ParseKeys(s)
		require.ErrorIs(t, err, ErrKeys, "%q", s)
	}
}
