package opoly

import (
	"strings"

	"boardroom/engine/opoly"
)

// Hiring cannot be undone where staff are permanent (Technopoly G001-05:
// no release, no sale back): the start-up chosen in the hire list is
// hired only after a y/n question that repeats the list's preview (what,
// where, the price, the cash before -> after). Enter answers no.

// askHire opens the question for b (the pick list's count of it) and
// reports true, or reports false where buildings can be sold back.
func (r *Renderer) askHire(b opoly.Build) bool {
	if r.v.Rules == nil || r.v.Rules.SellBuildings {
		return false
	}
	q := strings.TrimSpace(r.pickPreview())
	if !strings.HasSuffix(q, ".") && !strings.HasSuffix(q, "?") {
		q += "."
	}
	q += " Staff are permanent: they cannot be released."
	count := r.pick.count
	r.ask(b, q)
	if count > 1 {
		r.confirm.send = func() { r.buildMany(b.Cell, count) }
	}
	return true
}
