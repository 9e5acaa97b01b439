package cluster

import (
	"context"

	"boardroom/lobby"
)

// The operators' bans (lobby/moderation) are in the shared store; a node
// that changes them announces it, and every other node reads them again at
// once, so a ban holds on every node within a notice's trip and the
// sessions it reaches end there too.

// OnModeration sets what this node does when another node changed the
// bans (cmd: the moderation reads them again from the store).
func (c *Cluster) OnModeration(f func(context.Context)) { c.peer.OnModeration(f) }

// AnnounceModeration tells the other nodes that the bans changed.
func (c *Cluster) AnnounceModeration() { c.Announce(lobby.Notice{Kind: lobby.NoticeModeration}) }

// OnModeration: see Cluster.OnModeration.
func (p *Peer) OnModeration(f func(context.Context)) { p.moderation.Store(&f) }

func (p *Peer) receiveModeration(ctx context.Context) {
	if f := p.moderation.Load(); f != nil {
		(*f)(ctx)
	}
}
