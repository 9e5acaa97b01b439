package live

import (
	"reflect"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
)

// TestLoggedActionsReadWhatWasLogged: the actions come back as they were
// logged, set or appended, and a list handed out (All) does not change as
// more are appended.
func TestLoggedActionsReadWhatWasLogged(t *testing.T) {
	var want []engine.LoggedAction
	for i := range 50 {
		want = append(want, engine.LoggedAction{Seat: i%5 - 1, Action: []byte(`{"kind":"k","n":` + strconv.Itoa(i) + `}`)})
	}
	want = append(want, engine.LoggedAction{Seat: 2, Action: []byte{}})
	var l LoggedActions
	require.NotNil(t, l.All(), "an empty log is an empty list, as an export writes it")
	require.Empty(t, l.All())
	l.Set(want[:10])
	for _, a := range want[10:] {
		l.Append(a)
	}
	require.Equal(t, len(want), l.Len())
	for i, a := range want {
		got := l.At(i)
		require.Equal(t, a.Seat, got.Seat)
		require.Equal(t, string(a.Action), string(got.Action))
	}
	all := l.All()
	l.Append(engine.LoggedAction{Seat: 0, Action: []byte(`{"kind":"later"}`)})
	for i, a := range want {
		require.Equal(t, string(a.Action), string(all[i].Action), "action %d", i)
	}
	require.Equal(t, cap(all[len(all)-1].Action), len(all[len(all)-1].Action), "an action's JSON cannot be appended to in the log")
}

// TestLoggedActionsHoldNoPointerAnAction: the log is two slices of bytes
// and numbers, whatever its length (issue 32).
func TestLoggedActionsHoldNoPointerAnAction(t *testing.T) {
	require.Equal(t, 2, reflect.TypeOf(LoggedActions{}).NumField())
	require.Equal(t, reflect.Uint8, reflect.TypeOf(LoggedActions{}.data).Elem().Kind())
	ty := reflect.TypeOf(loggedAt{})
	for i := range ty.NumField() {
		require.Equal(t, reflect.Int, ty.Field(i).Type.Kind(), "loggedAt.%s", ty.Field(i).Name)
	}
}
