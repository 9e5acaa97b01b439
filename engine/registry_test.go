package engine_test

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/testgame"
)

// TestRegistryInfoBuiltOnce: a registry hands out each game's Info as
// its definition builds it, the same value at every call (its options
// are one array, not a copy each time: a server keeps one for each of its
// tables), and refuses an unknown game as Get does.
func TestRegistryInfoBuiltOnce(t *testing.T) {
	def := testgame.Definition{}
	reg, err := engine.NewRegistry(def)
	require.NoError(t, err)
	a, err := reg.Info(testgame.ID)
	require.NoError(t, err)
	require.Equal(t, def.Info(), a)
	b, err := reg.Info(testgame.ID)
	require.NoError(t, err)
	require.Same(t, unsafe.SliceData(a.Options), unsafe.SliceData(b.Options), "one Info for every call")
	require.NotSame(t, unsafe.SliceData(def.Info().Options), unsafe.SliceData(def.Info().Options),
		"a definition builds a new one each time (what the registry saves)")

	infos := reg.Infos()
	require.Len(t, infos, 1)
	require.Same(t, unsafe.SliceData(a.Options), unsafe.SliceData(infos[0].Options), "Infos hands out the same")

	_, err = reg.Info("nosuchgame")
	require.ErrorIs(t, err, engine.ErrUnknownGame)
	var none *engine.Registry
	_, err = none.Info(testgame.ID)
	require.ErrorIs(t, err, engine.ErrUnknownGame)
	require.Nil(t, none.Infos())
}
