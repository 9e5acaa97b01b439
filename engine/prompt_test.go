package engine_test

import (
	"testing"

	"boardroom/engine"

	"github.com/stretchr/testify/require"
)

func TestPromptDecisionKind(t *testing.T) {
	require.Equal(t, engine.DecisionOrdinary, engine.Prompt{}.DecisionKind())
	require.Equal(t, engine.DecisionBid, engine.Prompt{Simultaneous: true}.DecisionKind(), "a simultaneous prompt is a sealed bid unless it says otherwise")
	require.Equal(t, engine.DecisionSelection, engine.Prompt{Simultaneous: true, Decision: engine.DecisionSelection}.DecisionKind())
	require.Equal(t, engine.DecisionAnswer, engine.Prompt{Decision: engine.DecisionAnswer}.DecisionKind())
}
