package loadgen

import (
	"bytes"
	"context"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSessionsOfferOpenSSHCiphers: by default a load session offers the
// ciphers in OpenSSH's order, so it negotiates what players' ssh
// negotiates with the server (chacha20-poly1305); --ciphers go offers
// x/crypto's order (AES-GCM), as the tool did before the option. The
// report names the choice.
func TestSessionsOfferOpenSSHCiphers(t *testing.T) {
	for _, tc := range []struct {
		ciphers, want string
	}{
		{CiphersOpenSSH, "chacha20-poly1305@openssh.com"},
		{CiphersGo, "aes128-gcm@openssh.com"},
	} {
		t.Run(tc.ciphers, func(t *testing.T) {
			ts := startServer(t, modeEcho)
			cfg := testConfig(ts.addr, 2)
			cfg.WaitFor = "hello   from test"
			cfg.Ciphers = tc.ciphers
			rep, err := Run(context.Background(), cfg, quietLog())
			require.NoError(t, err)
			require.Equal(t, 2, rep.OK, "failures: %+v", rep.Failures)
			require.Equal(t, []string{tc.want, tc.want}, ts.ciphers())
			require.Equal(t, tc.ciphers, rep.Ciphers)
			var b bytes.Buffer
			require.NoError(t, rep.WriteText(&b))
			require.Contains(t, b.String(), "ciphers "+tc.ciphers)
		})
	}
	require.Equal(t, CiphersOpenSSH, DefaultConfig().Ciphers, "the default is what players' ssh does")
}

func TestCiphersValidated(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Ciphers = "rot13"
	var ce *ConfigError
	require.ErrorAs(t, cfg.Validate(), &ce)
	require.Equal(t, "ciphers", ce.Field)
}
