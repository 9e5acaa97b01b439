package play

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestC13_DeadlineInThePlayersWords(t *testing.T) {
	now := time.Date(2026, 11, 29, 15, 0, 0, 0, time.UTC)
	assert.Equal(t, "until tomorrow 14:05 UTC, 23 h left", DeadlineText(now.Add(23*time.Hour+5*time.Minute), now))
	assert.Equal(t, "until today 17:30 UTC, 2 h 30 min left", DeadlineText(now.Add(150*time.Minute), now))
	assert.Equal(t, "until Wed 2 Dec 15:00 UTC, 72 h left", DeadlineText(now.Add(72*time.Hour), now))
	assert.Equal(t, "45s left", DeadlineText(now.Add(45*time.Second), now))
	assert.Equal(t, "0s left", DeadlineText(now.Add(-time.Second), now))
	assert.Equal(t, "no timer", DeadlineText(time.Time{}, now))
}

func TestYourMoveText(t *testing.T) {
	assert.Equal(t, "", YourMoveText(0))
	assert.Equal(t, "Your move in 1 game", YourMoveText(1))
	assert.Equal(t, "Your move in 3 games", YourMoveText(3))
}
