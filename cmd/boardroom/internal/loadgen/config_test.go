package loadgen

import (
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestCheckTarget(t *testing.T) {
	for _, a := range []string{"127.0.0.1:2222", "127.8.9.10:22", "[::1]:2222", "localhost:2222", "LOCALHOST:1"} {
		require.NoError(t, CheckTarget(a, false), a)
	}
	for _, a := range []string{"10.0.0.1:22", "192.168.1.2:2222", "[2001:db8::1]:22", "example.org:2222", "0.0.0.0:2222", "localhost.evil.example:22"} {
		err := CheckTarget(a, false)
		require.ErrorIs(t, err, ErrRemoteTarget, a)
		require.ErrorContains(t, err, "--allow-remote")
		require.NoError(t, CheckTarget(a, true), a)
	}
}

func TestNormalizeAddr(t *testing.T) {
	cases := map[string]string{
		"127.0.0.1:22": "127.0.0.1:22", "localhost": "localhost:2222", "127.0.0.1": "127.0.0.1:2222",
		"::1": "[::1]:2222", "[::1]": "[::1]:2222", "[::1]:22": "[::1]:22",
	}
	for in, want := range cases {
		got, err := NormalizeAddr(in)
		require.NoError(t, err, in)
		require.Equal(t, want, got, in)
	}
	for _, in := range []string{"", ":22", "host:", "a:b:c:d"} {
		_, err := NormalizeAddr(in)
		require.Error(t, err, in)
	}
}

func TestValidateBounds(t *testing.T) {
	cases := []struct {
		field  string
		mutate func(*Config)
	}{
		{"sessions", func(c *Config) { c.Sessions = 0 }},
		{"sessions", func(c *Config) { c.Sessions = MaxSessions + 1 }},
		{"ramp", func(c *Config) { c.Ramp = 0 }},
		{"ramp", func(c *Config) { c.Ramp = -1 }},
		{"ramp", func(c *Config) { c.Ramp = MaxRamp * 2 }},
		{"hold", func(c *Config) { c.Hold = MaxHold + time.Second }},
		{"hold", func(c *Config) { c.Hold = -time.Second }},
		{"settle", func(c *Config) { c.Settle = c.Hold + time.Second }},
		{"timeout", func(c *Config) { c.Timeout = 0 }},
		{"timeout", func(c *Config) { c.Timeout = time.Hour }},
		{"cols", func(c *Config) { c.Cols = 10 }},
		{"rows", func(c *Config) { c.Rows = 100000 }},
		{"term", func(c *Config) { c.Term = "" }},
		{"user", func(c *Config) { c.User = "" }},
		{"wait-for", func(c *Config) { c.WaitFor = string(make([]byte, MaxWaitForLen+1)) }},
		{"wait-for", func(c *Config) { c.WaitFor = " \t " }},
		{"key-interval", func(c *Config) { c.Keys = []Key{{Name: "x", Bytes: []byte("x")}}; c.KeyInterval = 0 }},
		{"keepalive", func(c *Config) { c.Keepalive = time.Millisecond }},
		{"keepalive", func(c *Config) { c.Keepalive = MaxHold + time.Second }},
		{"server-pid", func(c *Config) { c.ServerPID = -3 }},
		{"host-key", func(c *Config) { c.HostKey = "MD5:aa" }},
		{"addr", func(c *Config) { c.Addr = "" }},
	}
	for i, c := range cases {
		cfg := DefaultConfig()
		c.mutate(&cfg)
		err := cfg.Validate()
		var ce *ConfigError
		require.True(t, errors.As(err, &ce), "case %d (%s): %v", i, c.field, err)
		require.Equal(t, c.field, ce.Field, "case %d", i)
	}
	cfg := DefaultConfig()
	cfg.Sessions, cfg.Hold, cfg.Ramp = MaxSessions, MaxHold, MaxRamp
	require.NoError(t, cfg.Validate())
}

func TestHandleName(t *testing.T) {
	for _, id := range []int{0, 9, 99, 19999} {
		h := HandleName(id)
		require.Regexp(t, `^load-\d+-[a-z0-9]{2,4}$`, h)
		require.LessOrEqual(t, len(h), 16)
		require.GreaterOrEqual(t, len(h), 3)
	}
}
