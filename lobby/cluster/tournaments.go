package cluster

import (
	"context"

	"boardroom/lobby"
)

// Tournaments (lobby/tourneys) are in the shared store; the node
// that changes one (created, joined, a round seated, a game recorded)
// announces it, and every other node reads that tournament again, so that
// its players see it, its clock runs there too and a game it adopts is
// recorded. The node offers this beside lobby.ClusterNode, so that the
// interface every node implements stays as it is.
type tournamentNode interface {
	ReceiveTournament(ctx context.Context, id int64)
}

func (p *Peer) receiveTournament(ctx context.Context, node lobby.ClusterNode, id int64) {
	if tn, ok := node.(tournamentNode); ok && id != 0 {
		tn.ReceiveTournament(ctx, id)
	}
}
