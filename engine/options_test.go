package engine

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestValidateOptions(t *testing.T) {
	info := Info{Title: "G", MinSeats: 2, MaxSeats: 4, Options: []OptionSpec{
		{Key: "end", Label: "End", Choices: []string{"a", "b"}, Labels: map[string]string{"b": "bee"}, Default: "a", Public: "b"},
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
		{2, map[string]string{"end": "z"}, CodeBadOption, `Option end (End) cannot be "z": choose a, b (bee) (default: a; public tables: bee).`},
		{2, map[string]string{"zz": "1", "yy": "2"}, CodeBadOption, `Unknown option "yy": G has end (End).`},
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

// TestOptionWordsC14C12: an option reads in words (C-14) and states both
// defaults (C-12) where a public table starts otherwise.
func TestOptionWordsC14C12(t *testing.T) {
	o := OptionSpec{Key: "endMode", Choices: []string{"lastStanding", "minutes:90", "on"},
		Labels: map[string]string{"lastStanding": "last player standing", "minutes:90": "90 minutes"}, Default: "lastStanding", Public: "minutes:90"}
	require.Equal(t, "last player standing", o.ChoiceText("lastStanding"))
	require.Equal(t, "on", o.ChoiceText("on"))
	require.Equal(t, "default: last player standing; public tables: 90 minutes", o.DefaultText())
	require.Equal(t, "last player standing, 90 minutes, on", o.ChoicesText())
	o.Public = ""
	require.Equal(t, "default: last player standing", o.DefaultText())
	info := Info{Options: []OptionSpec{o}}
	require.Equal(t, "90 minutes", info.OptionText(map[string]string{"endMode": "minutes:90"}, "endMode"))
	require.Equal(t, "last player standing", info.OptionText(nil, "endMode"))
}

// TestOptionFlagsCheckListsKeysAndRefusesEmpty: on a command line an
// unknown key names the game's keys with their labels, and "key=" is
// refused with the choices instead of meaning the default (issue 25).
func TestOptionFlagsCheckListsKeysAndRefusesEmpty(t *testing.T) {
	info := Info{Title: "G", MinSeats: 2, MaxSeats: 4, Options: []OptionSpec{
		{Key: "end", Label: "End", Choices: []string{"a", "b"}, Labels: map[string]string{"b": "bee"}, Default: "a", Public: "b"},
		{Key: "x", Label: "Extra", Choices: []string{"on", "off"}, Default: "on"},
	}}
	o := OptionFlags{}
	require.NoError(t, o.Set("end="))
	require.Equal(t, "", o["end"], "Set keeps the empty value for Check to refuse")
	for _, c := range []struct {
		opts OptionFlags
		msg  string
	}{
		{OptionFlags{"end": ""}, `Option end (End) has no value after "=": choose a, b (bee) (default: a; public tables: bee), or leave the option out for its default.`},
		{OptionFlags{"foo": "1", "end": "a"}, `Unknown option "foo": G has end (End) and x (Extra).`},
	} {
		re, ok := IsRuleError(c.opts.Check(info))
		require.True(t, ok)
		require.Equal(t, CodeBadOption, re.Code)
		require.Equal(t, c.msg, re.Msg)
	}
	require.NoError(t, OptionFlags{"end": "b", "x": "off"}.Check(info))
	require.NoError(t, OptionFlags{}.Check(info))
	_, ok := IsRuleError(OptionFlags{"a": "1"}.Check(Info{Title: "H"}))
	require.True(t, ok)
}
