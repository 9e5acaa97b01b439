package lobby

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestSanitize(t *testing.T) {
	cases := map[string]string{
		"hello":                "hello",
		"  a \n\t b  ":         "a b",
		"\x1b[31mred\x1b[0m":   "[31mred[0m",
		"evil\x1b]0;title\x07": "evil]0;title",
		"left\u202Eright":      "leftright",
		"zero\u200Bwidth":      "zerowidth",
		"bell\x07\x00null":     "bellnull",
		"caf\xc3\xa9 \xff":     "café",
		"\u2066iso\u2069":      "iso",
		"a\u0085b":             "a b",
	}
	for in, want := range cases {
		require.Equalf(t, want, Sanitize(in, 0), "input %q", in)
	}
	require.Equal(t, "abc", Sanitize("abcdef", 3))
	require.Equal(t, "ab", Sanitize("ab  cd", 3))
}

func TestValidHandle(t *testing.T) {
	for _, h := range []string{"ada", "Bob_99", "x-y-z", "abcdefghijklmnop"} {
		require.True(t, ValidHandle(h), h)
	}
	for _, h := range []string{"", "ab", "abcdefghijklmnopq", "has space", "émile", "a\x1bb", "tab\t"} {
		require.False(t, ValidHandle(h), h)
	}
}
