package billionaire

import (
	"fmt"
	"slices"
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

// TestIsLargest: isLargest agrees with largest for every host of every
// set of up to three locations.
func TestIsLargest(t *testing.T) {
	for a := 0; a < NumLocations; a++ {
		for b := a + 1; b < NumLocations; b++ {
			for c := b; c < NumLocations; c++ {
				set := []int{a, b}
				if c > b {
					set = append(set, c)
				}
				for host := 0; host < NumLocations; host++ {
					require.Equal(t, slices.Contains(largest(set), host), isLargest(set, host), "set %v host %d", set, host)
				}
			}
		}
	}
}
