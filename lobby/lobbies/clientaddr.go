package lobbies

import "context"

// The lobby API takes no network address in its methods; the transport
// puts the client's address in the context of each call (sshserver does,
// for commands and for the TUI session), and the lobby reads it where a
// limit is per address, such as wrong invite codes.

type clientAddrKey struct{}

// WithClientAddr returns ctx carrying the client's address (an IP address
// without port, as the transport saw it).
func WithClientAddr(ctx context.Context, addr string) context.Context {
	return context.WithValue(ctx, clientAddrKey{}, addr)
}

// ClientAddr returns the client's address WithClientAddr put in ctx, or "".
func ClientAddr(ctx context.Context) string {
	addr, _ := ctx.Value(clientAddrKey{}).(string)
	return addr
}
