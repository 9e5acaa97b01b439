package lobby

import (
	"context"
	"fmt"
	"slices"

	"boardroom/lobby/live"
)

// A node's side of a cluster that is no table's: whether it is a node at
// all, handing a notice to the cluster, and what every node caches of what
// another node stored (SharedState: lobbies, handles, wrong invite codes;
// invitations are notices.go's, blocks protecthost.go's). A table's side
// is lobby/floor's (replica.go, failover.go, moving.go and forward.go
// there), promoted through floorAPI (tablehost.go).

var _ ClusterNode = (*Service)(nil)

// DefaultOwnerSilence is how long a replica goes without a word from its
// table's owner before its players read that the game is reconnecting
// (Config.OwnerSilence): three lease periods (lobby/live).
const DefaultOwnerSilence = live.DefaultOwnerSilence

// ErrMoving answers a move that waits for the table's new owner. It is
// ErrNoOwner for errors.Is, and its sentence fits an 80-column status line.
var ErrMoving = live.ErrMoving

// defaultOwnerWait is how long a call waits for a table that is changing
// owner (Config.OwnerWait): its player is answered within a second, that
// the table is moving (ErrNoOwner); a move waits on for the new owner
// (lobby/floor's moving.go).
const defaultOwnerWait = live.MovingAnswer

// clustered reports whether the service is a node of a cluster.
func (s *Service) clustered() bool { return s.cfg.Cluster != nil }

// announce hands a notice to the cluster (nil: nothing to tell).
func (s *Service) announce(n *Notice) { s.floor.Announce(n) }

// ReloadLobbies replaces the lobbies with the store's after another node
// changed lobbyID, and tells the sessions of the lobby and of accounts.
func (s *Service) ReloadLobbies(ctx context.Context, lobbyID int64, accounts []int64) error {
	if err := s.reloadLobbies(ctx); err != nil {
		return err
	}
	ps := []publication{{U: Update{Topic: Topic{Kind: TopicLobby, ID: lobbyID}}}}
	for _, id := range accounts {
		ps = append(ps, publication{U: Update{Topic: Topic{Kind: TopicAccount}}, Only: id})
	}
	s.hub.publish(ps...)
	return nil
}

// LearnHandle takes another node's rename.
func (s *Service) LearnHandle(accountID int64, handle string) { s.setHandle(accountID, handle) }

// WrongCode counts another node's wrong invite code in this node's buckets.
func (s *Service) WrongCode(accountID int64, addr string) {
	s.codeGuard.Wrong(s.clock.Now().UTC(), accountID, addr)
}

// reloadLobbies replaces the lobbies and their indexes with the store's.
func (s *Service) reloadLobbies(ctx context.Context) error {
	recs, err := s.store.LoadLobbies(ctx)
	if err != nil {
		return fmt.Errorf("lobby: load lobbies: %w", err)
	}
	s.setLobbies(recs)
	return nil
}

// announceLobbies tells the other nodes that a lobby or its members changed.
func (s *Service) announceLobbies(lobbyID int64, accounts ...int64) {
	s.announce(&Notice{Kind: NoticeLobbies, LobbyID: lobbyID, Accounts: slices.Clone(accounts)})
}
