package lobby

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestLaddersOfALobby(t *testing.T) {
	require.Equal(t, []Ladder{{Game: "g", LobbyID: GlobalLadder}}, ladders("g", PublicLobbyID))
	require.Equal(t, []Ladder{{Game: "g", LobbyID: 7}}, ladders("g", 7), "a private lobby's game stays off the global ladder")
}
