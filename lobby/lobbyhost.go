package lobby

import (
	"context"
	"fmt"
	"time"

	"boardroom/lobby/lobbies"
)

// The lobbies in memory, their indexes and the invite-code guard are
// lobby/lobbies' (s.dir, s.codeGuard), under their own lock, and so is
// their session-facing side (lobbies.Membership: who asks, refusals in
// players' words), which the Service embeds as Lobbies. Here are what the
// Service does for it: loading the lobbies, the seats a member who left
// frees, who is online, and telling the sessions and the other nodes.

// lobbiesAPI is Lobbies as the Service embeds it: a field named Lobbies
// would hide the method of that name.
type lobbiesAPI = Lobbies

func (s *Service) loadLobbies(ctx context.Context) error {
	recs, err := s.store.LoadLobbies(ctx)
	if err != nil {
		return fmt.Errorf("lobby: load lobbies: %w", err)
	}
	s.setLobbies(recs)
	if r, ok := s.dir.Record(PublicLobbyID); !ok || !r.Public {
		return fmt.Errorf("lobby: the store has no public lobby %d", PublicLobbyID)
	}
	return nil
}

// setLobbies makes recs the lobbies, and learns their members' handles (at
// start, and on a node of a cluster when another node changed them).
func (s *Service) setLobbies(recs []LobbyRecord) {
	for _, r := range recs {
		for _, m := range r.Members {
			s.accounts.Learn(m.AccountID, m.Handle)
		}
	}
	s.dir.Set(recs)
}

func (s *Service) canSeeLobby(viewer, id int64) bool { return s.dir.CanSee(viewer, id) }

// afterMemberLeft frees the account's seats at the lobby's forming tables
// and tells everyone concerned.
func (s *Service) afterMemberLeft(ctx context.Context, lobbyID, accountID int64) {
	s.floor.MemberLeft(ctx, lobbyID, accountID)
	s.hub.publish(
		publication{U: Update{Topic: Topic{Kind: TopicAccount}}, Only: accountID},
		publication{U: Update{Topic: Topic{Kind: TopicLobby, ID: lobbyID}}})
}

// sessionsElsewhere is what a cluster tells of the sessions each key holds
// on the other nodes (lobby/cluster's Cluster, for the SSH server's cap).
type sessionsElsewhere interface {
	SessionsElsewhere(fingerprint string) int
}

// online reports whether the account has a session open now: on this node,
// or, in a cluster, on another node (by its key's sessions there). The
// account's key is read from the store once, off the caller's goroutine:
// until it is known the account reads as online here only.
func (s *Service) online(accountID int64) bool {
	if s.hub.online(accountID) {
		return true
	}
	se, ok := s.cfg.Cluster.(sessionsElsewhere)
	if !ok || accountID == 0 {
		return false
	}
	fp, known := s.fingerprints.Load(accountID)
	if !known {
		if _, loading := s.fingerprints.LoadOrStore(accountID, ""); !loading {
			go s.guard("learn a key", func() {
				ctx, cancel := context.WithTimeout(s.bg, 5*time.Second)
				defer cancel()
				if acc, err := s.store.AccountByID(ctx, accountID); err == nil && acc != nil && acc.Fingerprint != "" {
					s.fingerprints.Store(accountID, acc.Fingerprint)
				} else {
					s.fingerprints.Delete(accountID) // try again later
				}
			})
		}
		return false
	}
	return fp.(string) != "" && se.SessionsElsewhere(fp.(string)) > 0
}

// WithClientAddr returns ctx carrying the client's address (an IP address
// without port, as the transport saw it; lobby/lobbies).
func WithClientAddr(ctx context.Context, addr string) context.Context {
	return lobbies.WithClientAddr(ctx, addr)
}

// ClientAddr returns the client's address WithClientAddr put in ctx, or "".
func ClientAddr(ctx context.Context) string { return lobbies.ClientAddr(ctx) }

// lobbiesAdapter is how lobby/lobbies asks the Service (lobbies.Host).
type lobbiesAdapter struct{ s *Service }

func (a lobbiesAdapter) Now() time.Time                        { return a.s.clock.Now() }
func (a lobbiesAdapter) Handle(accountID int64) (string, bool) { return a.s.accounts.Handle(accountID) }
func (a lobbiesAdapter) Online(accountID int64) bool           { return a.s.online(accountID) }
func (a lobbiesAdapter) AccountChanged(accountID int64) {
	a.s.hub.publish(publication{U: Update{Topic: Topic{Kind: TopicAccount}}, Only: accountID})
}
func (a lobbiesAdapter) Joined(accountID, lobbyID int64) {
	a.s.hub.publish(
		publication{U: Update{Topic: Topic{Kind: TopicAccount}}, Only: accountID},
		publication{U: Update{Topic: Topic{Kind: TopicLobby, ID: lobbyID}}})
}
func (a lobbiesAdapter) Left(ctx context.Context, lobbyID, accountID int64) {
	a.s.afterMemberLeft(ctx, lobbyID, accountID)
}
func (a lobbiesAdapter) Announce(lobbyID int64, accounts ...int64) {
	a.s.announceLobbies(lobbyID, accounts...)
}
func (a lobbiesAdapter) WrongCode(accountID int64, addr string) {
	a.s.announce(&Notice{Kind: NoticeWrongCode, AccountID: accountID, Addr: addr})
}
func (a lobbiesAdapter) Remember(ctx context.Context, acc *Account, lobbyID int64) {
	a.s.lastLobbies.Remember(ctx, acc, lobbyID)
}
func (a lobbiesAdapter) StorageErr(err error) error { return a.s.storageErr(err) }

// accountsAPI is Accounts as the Service embeds it (lobby/accounts' Desk),
// named as lobbiesAPI is.
type accountsAPI = Accounts

// accountsAdapter is how lobby/accounts' Desk asks the Service
// (accounts.Host).
type accountsAdapter struct{ s *Service }

func (a accountsAdapter) Now() time.Time { return a.s.clock.Now() }
func (a accountsAdapter) Closing() bool  { return a.s.shuttingDown() }
func (a accountsAdapter) Renamed(accountID int64) {
	a.s.hub.publish(publication{U: Update{Topic: Topic{Kind: TopicAccount}}, Only: accountID})
}
func (a accountsAdapter) Changed(acc *Account) {
	a.s.announce(&Notice{Kind: NoticeHandle, AccountID: acc.ID, Handle: acc.Handle})
}
