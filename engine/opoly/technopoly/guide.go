package technopoly

import (
	"boardroom/engine"
	"boardroom/engine/opoly"
)

func guide(rs *opoly.Ruleset) engine.Guide { return nil }
