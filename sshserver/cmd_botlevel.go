package sshserver

import (
	"fmt"
	"strings"

	"boardroom/engine"
	"boardroom/lobby"
)

// setBotLevels makes the first strong bot seats of a new table strong, or
// every bot seat of level when one is given.
func setBotLevels(c *cmdEnv, tableID int64, strong int, level string) error {
	if strong == 0 && (level == "" || level == engine.LevelStandard) {
		return nil
	}
	t, err := c.api.Table(c.ctx, c.acct, tableID)
	if err != nil {
		return err
	}
	for _, s := range t.Seats {
		if !s.Bot {
			continue
		}
		want := level
		if level == "" {
			if strong == 0 {
				break
			}
			want = engine.LevelStrong
			strong--
		}
		if err := c.api.SetBotLevel(c.ctx, c.acct, tableID, s.Index, want); err != nil {
			return fmt.Errorf("table %d: setting a bot's level: %w", tableID, err)
		}
	}
	return nil
}

// botLevelsText is "Bot 2 strong, Bot 3 standard" for a table's bot seats.
func botLevelsText(t lobby.Table) string {
	var parts []string
	for _, s := range t.Seats {
		if s.Bot && s.Level != "" {
			parts = append(parts, fmt.Sprintf("%s %s", clean(s.Handle), s.Level))
		}
	}
	return strings.Join(parts, ", ")
}
