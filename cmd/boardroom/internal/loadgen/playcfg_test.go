package loadgen

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestValidatePlay(t *testing.T) {
	ok := func() Config {
		c := DefaultConfig()
		c.Play, c.Tables, c.HumansPerTable, c.Seats = "unipoly", 250, 2, 4
		return c
	}
	c := ok()
	require.NoError(t, c.Validate())
	require.Equal(t, 500, c.Sessions, "one session per human")
	require.True(t, c.Handles)

	for _, bad := range []func(*Config){
		func(c *Config) { c.Play = "Uni poly" },
		func(c *Config) { c.Tables = 0 },
		func(c *Config) { c.Tables = MaxTables + 1 },
		func(c *Config) { c.Seats = 1 },
		func(c *Config) { c.HumansPerTable = 5 },
		func(c *Config) { c.HumansPerTable = 0 },
		func(c *Config) { c.WaitFor = "lobby" },
		func(c *Config) { c.Keys = []Key{{Name: "x", Bytes: []byte("x")}} },
		func(c *Config) { c.Tables, c.HumansPerTable, c.Seats = 5000, 8, 8 },
		func(c *Config) { c.Play = "chess" },
		func(c *Config) { c.Think = Think{Min: 3 * time.Second, Max: time.Second} },
		func(c *Config) { c.StepTables = 251 },
		func(c *Config) { c.StepTables, c.StopP99 = 50, 0 },
		func(c *Config) { c.StepTables, c.StopP99 = 50, time.Second },
	} {
		c := ok()
		bad(&c)
		var ce *ConfigError
		require.ErrorAs(t, c.Validate(), &ce)
	}
}
