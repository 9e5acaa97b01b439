package opoly

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// entriesPanel is a panel with bar entries only.
type entriesPanel struct {
	NoPanel
	entries []BarEntry
}

func (p entriesPanel) BarEntries(*Renderer) []BarEntry { return p.entries }

// TestVariantBarEntriesGoBeforeTheirCoreEntry: a variant's bar entries
// are drawn before the core entry they name, in the panel's order, and
// after the core's when they name none (or one the core has not), so a
// variant keeps the bar's order its players know.
func TestVariantBarEntriesGoBeforeTheirCoreEntry(t *testing.T) {
	f := newFixture(t, 2, 1, 0, true)
	f.r.panel = entriesPanel{entries: []BarEntry{
		{Key: "1", Kinds: []string{"one"}, Before: "sell_building"},
		{Key: "2", Kinds: []string{"two"}},
		{Key: "3", Kinds: []string{"three"}, Before: "sell_building"},
		{Key: "4", Kinds: []string{"four"}, Before: "no_such_kind"},
	}}
	var kinds []string
	for _, e := range f.r.buildEntries(nil) {
		kinds = append(kinds, e.kinds[0])
	}
	at := func(k string) int {
		for i, x := range kinds {
			if x == k {
				return i
			}
		}
		t.Fatalf("%s not in the bar %v", k, kinds)
		return -1
	}
	assert.Equal(t, at("build")+1, at("one"), "after the entry before it in the core's list")
	assert.Equal(t, at("one")+1, at("three"), "in the panel's order")
	assert.Equal(t, at("three")+1, at("sell_building"), "before the entry it names")
	assert.Equal(t, len(kinds)-2, at("two"), "after the core's")
	assert.Equal(t, len(kinds)-1, at("four"), "an unknown anchor: after the core's")
	assert.Equal(t, at("resign")+1, at("two"))
}
