package engine

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestValidateOptions(t *testing.T) {
	info := Info{Title: "G", MinSeats: 2, MaxSeats: 4, Options: []OptionSpec{
		{Key: "end", Choices: []string{"a", "b"}, Default: "a"},
	}}
	got, err := ValidateOptions(info, 3, nil)
	require.NoError(t, err)
	require.Equal(t, map[string]string{"end": "a"}, got)
	got, err = ValidateOptions(info, 2, map[string]string{"end": "b"})
	require.NoError(t, err)
	require.Equal(t, "b", got["end"])

	for _, c := range []struct {
		seats int
		opts  map[string]string
		code  string
		msg   string
	}{
		{1, nil, CodeBadSetup, "G needs 2-4 players."},
		{5, nil, CodeBadSetup, "G needs 2-4 players."},
		{2, map[string]string{"end": "z"}, CodeBadOption, `Option end cannot be "z".`},
		{2, map[string]string{"zz": "1", "yy": "2"}, CodeBadOption, `Unknown option "yy".`},
	} {
		_, err := ValidateOptions(info, c.seats, c.opts)
		re, ok := IsRuleError(err)
		require.True(t, ok)
		require.Equal(t, c.code, re.Code)
		require.Equal(t, c.msg, re.Msg)
	}
}

func TestOptionFlags(t *testing.T) {
	o := OptionFlags{}
	require.NoError(t, o.Set("target=21"))
	require.NoError(t, o.Set(" endMode = rounds:10 "))
	require.Equal(t, "endMode=rounds:10,target=21", o.String())
	require.ErrorContains(t, o.Set("novalue"), "--option wants key=value")
	require.Error(t, o.Set("=x"))
	require.NoError(t, o.Set("target=30"), "a later flag wins")
	require.Equal(t, "30", o["target"])
}
