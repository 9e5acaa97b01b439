package engine

import (
	"testing"

	"github.com/stretchr/testify/require"
)

type tRoll struct{}

func (tRoll) Kind() string { return "roll" }

type tBid struct {
	Amount int64 `json:"amount"`
}

func (tBid) Kind() string { return "bid" }

func TestActionRoundTrip(t *testing.T) {
	c := Codec{"roll": tRoll{}, "bid": tBid{}}
	for _, a := range []Action{tRoll{}, tBid{Amount: 42}} {
		b, err := EncodeAction(a)
		require.NoError(t, err)
		got, err := c.Decode(b)
		require.NoError(t, err)
		require.Equal(t, a, got)
	}
	b, _ := EncodeAction(tBid{Amount: 5})
	require.JSONEq(t, `{"kind":"bid","amount":5}`, string(b))
}

func TestDecodeRefusesUnknown(t *testing.T) {
	c := Codec{"bid": tBid{}}
	for _, in := range []string{`{"kind":"nope"}`, `{"kind":"bid","x":1}`, `not json`, `{"kind":"bid","amount":"x"}`} {
		_, err := c.Decode([]byte(in))
		re, ok := IsRuleError(err)
		require.Truef(t, ok, "input %s", in)
		require.Equal(t, CodeBadAction, re.Code)
	}
}

func TestRegistry(t *testing.T) {
	r, err := NewRegistry()
	require.NoError(t, err)
	_, err = r.Get("x")
	require.ErrorIs(t, err, ErrUnknownGame)
}
