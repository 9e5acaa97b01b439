package sshserver

import (
	"fmt"
	"strings"

	"boardroom/engine"
	"boardroom/lobby"
)

// checkBotLevel refuses a level the new table's game does not offer,
// before any bot sits down.
func checkBotLevel(t lobby.Table, info engine.Info, strong int, level string) error {
	want := level
	if strong > 0 {
		want = engine.LevelStrong
	}
	if want == "" {
		return nil
	}
	var names []string
	for _, l := range t.BotLevels {
		if l.Name == want {
			return nil
		}
		names = append(names, l.Name)
	}
	if len(names) == 0 {
		names = []string{engine.LevelStandard}
	}
	return &lobby.Error{Msg: fmt.Sprintf("%s has no %s bot; its levels: %s", info.Title, clean(want), strings.Join(names, ", ")),
		Err: lobby.ErrBadLevel}
}

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
