package opoly

import "boardroom/engine"

// SearchTrace sets the function that sees every decision the strong bot b
// searched: the candidates (the standard bot's choice first), their total
// scores and the index picked.
func SearchTrace(b engine.Bot, f func(v *View, cands []engine.Action, scores []float64, pick int)) {
	b.(*strongBot).trace = f
}
