package billionaire

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestItemCodes: the constant codes follow G003-03's rule: stack (S/L),
// kind (PJ/PD), risk (LO/HI) and the card's index 01..32 in its class.
func TestItemCodes(t *testing.T) {
	seen := map[string]bool{}
	for id := 0; id < NumItems; id++ {
		it := item(id)
		stack, kind, risk := "S", "PJ", "LO"
		if it.Stack == Large {
			stack = "L"
		}
		if it.Product {
			kind = "PD"
		}
		if it.HighRisk {
			risk = "HI"
		}
		require.Equal(t, fmt.Sprintf("%s-%s-%s-%02d", stack, kind, risk, id%32+1), it.Code, "item %d", id)
		require.False(t, seen[it.Code], "code %s twice", it.Code)
		seen[it.Code] = true
	}
}
