package lobby

import (
	"context"
	"errors"
	"fmt"
	"time"
	"unicode/utf8"

	"boardroom/lobby/lobbies"
)

// The lobbies in memory, their indexes and the invite-code guard are
// lobby/lobbies' (s.dir, s.codeGuard), under their own lock; this file
// checks who asks, words the refusals for players, and tells the sessions
// and the other nodes.

// lobbyName sanitises a lobby name and checks its length.
func lobbyName(name string) (string, error) {
	n := Sanitize(name, 0)
	if c := utf8.RuneCountInString(n); c < 3 || c > 32 {
		return "", ErrBadName
	}
	return n, nil
}

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

// knownHandle is the cached handle of an account, "" when none.
func (s *Service) knownHandle(id int64) string {
	h, _ := s.accounts.Handle(id)
	return h
}

// noSuchLobby is what a lobby the viewer may not see answers.
func noSuchLobby() error { return userErr(ErrNotFound, "there is no such lobby") }

// Lobbies lists the lobbies the viewer sees: the public one first, then the
// viewer's private lobbies by name.
func (s *Service) Lobbies(ctx context.Context, viewer *Account) ([]Lobby, error) {
	return s.dir.List(viewerID(viewer)), nil
}

// Lobby returns one lobby the viewer may see.
func (s *Service) Lobby(ctx context.Context, viewer *Account, id int64) (Lobby, error) {
	l, err := s.dir.View(viewerID(viewer), id)
	if err != nil {
		return Lobby{}, noSuchLobby()
	}
	return l, nil
}

// LobbyBySlug returns the lobby with the slug if the viewer may see it.
func (s *Service) LobbyBySlug(ctx context.Context, viewer *Account, slug string) (Lobby, error) {
	if l, ok := s.dir.BySlug(viewerID(viewer), slug); ok {
		return l, nil
	}
	return Lobby{}, noSuchLobby()
}

// CreateLobby creates a private lobby owned by owner, who becomes its first
// member. The slug is the name's with a random ending (privateSlug); the
// invite code is random. An account owns at most Config.MaxLobbiesPerAccount
// private lobbies (ErrTooManyLobbies).
func (s *Service) CreateLobby(ctx context.Context, owner *Account, name string) (Lobby, error) {
	l, err := s.createLobby(ctx, owner, name)
	if err == nil {
		s.lastLobbies.Remember(ctx, owner, l.ID) // the owner's next session opens in it
	}
	return l, err
}

func (s *Service) createLobby(ctx context.Context, owner *Account, name string) (Lobby, error) {
	if err := account(owner); err != nil {
		return Lobby{}, err
	}
	name, err := lobbyName(name)
	if err != nil {
		return Lobby{}, err
	}
	now := s.clock.Now().UTC()
	// The directory holds its lock across the write so slug and code stay
	// unique.
	v, err := s.dir.Create(owner.ID, s.knownHandle(owner.ID), name, now, s.cfg.MaxLobbiesPerAccount,
		func(rec LobbyRecord) (int64, error) {
			id, err := s.store.CreateLobby(ctx, rec)
			if err != nil {
				return 0, s.storageErr(err)
			}
			s.log.Info("lobby created", "id", id, "slug", rec.Slug, "owner", owner.ID)
			return id, nil
		})
	var many lobbies.OwnsTooManyError
	switch {
	case errors.Is(err, lobbies.ErrClosing):
		return Lobby{}, ErrShuttingDown
	case errors.As(err, &many):
		return Lobby{}, userErr(ErrTooManyLobbies, fmt.Sprintf(
			"you already own %d private lobbies, the most one player may; leave one (or hand it on) first", many.N))
	case err != nil:
		return Lobby{}, err
	}
	s.hub.publish(publication{u: Update{Topic: Topic{Kind: TopicAccount}}, only: owner.ID})
	s.announceLobbies(v.ID, owner.ID)
	return v, nil
}

// JoinLobby makes acc a member of the lobby with the invite code. Joining a
// lobby one is already in returns it. Wrong codes are limited per account
// and per client address (ClientAddr of ctx; lobby/lobbies codeguard.go): past the limit
// every code is refused with ErrTooManyCodes for a while.
func (s *Service) JoinLobby(ctx context.Context, acc *Account, code string) (Lobby, error) {
	if err := account(acc); err != nil {
		return Lobby{}, err
	}
	code = lobbies.NormCode(code)
	now := s.clock.Now().UTC()
	addr := ClientAddr(ctx)
	if s.codeGuard.Blocked(now, acc.ID, addr) {
		return Lobby{}, ErrTooManyCodes
	}
	v, already, err := s.dir.Join(code, acc.ID, s.knownHandle(acc.ID), now, func(lobbyID int64) error {
		if err := s.store.AddMember(ctx, lobbyID, acc.ID, now); err != nil {
			return s.storageErr(err)
		}
		return nil
	})
	switch {
	case errors.Is(err, lobbies.ErrClosing):
		return Lobby{}, ErrShuttingDown
	case errors.Is(err, lobbies.ErrNoCode):
		s.codeGuard.Wrong(now, acc.ID, addr)
		s.announce(&Notice{Kind: NoticeWrongCode, AccountID: acc.ID, Addr: addr})
		return Lobby{}, ErrBadCode
	case err != nil:
		return Lobby{}, err
	case already:
		s.lastLobbies.Remember(ctx, acc, v.ID)
		return v, nil
	}
	s.hub.publish(
		publication{u: Update{Topic: Topic{Kind: TopicAccount}}, only: acc.ID},
		publication{u: Update{Topic: Topic{Kind: TopicLobby, ID: v.ID}}})
	s.announceLobbies(v.ID, acc.ID)
	s.lastLobbies.Remember(ctx, acc, v.ID) // the player's next session opens in it
	return v, nil
}

// LeaveLobby takes acc out of a private lobby. An owner who leaves hands
// the lobby to the member who joined earliest; an owner who is the only
// member cannot leave (ErrLastMember). Leaving frees the member's seats at
// forming tables of the lobby; seats in games in progress are kept.
func (s *Service) LeaveLobby(ctx context.Context, acc *Account, lobbyID int64) error {
	if err := account(acc); err != nil {
		return err
	}
	owner, newOwner, err := s.dir.Leave(acc.ID, lobbyID,
		func(next int64, code string) error {
			if err := s.store.UpdateLobby(ctx, lobbyID, next, code); err != nil {
				return s.storageErr(err)
			}
			return nil
		},
		func() error { return s.removeMember(ctx, lobbyID, acc.ID) })
	switch {
	case errors.Is(err, lobbies.ErrNotVisible):
		return noSuchLobby()
	case errors.Is(err, lobbies.ErrClosing):
		return ErrShuttingDown
	case errors.Is(err, lobbies.ErrPublic):
		return userErr(ErrForbidden, "everyone is in the public lobby; there is nothing to leave")
	case errors.Is(err, lobbies.ErrLastMember):
		return ErrLastMember
	case err != nil:
		return err
	}
	s.afterMemberLeft(ctx, lobbyID, acc.ID)
	if newOwner != owner {
		s.hub.publish(publication{u: Update{Topic: Topic{Kind: TopicAccount}}, only: newOwner})
	}
	s.announceLobbies(lobbyID, acc.ID, newOwner)
	return nil
}

// removeMember stores the end of a membership.
func (s *Service) removeMember(ctx context.Context, lobbyID, accountID int64) error {
	if err := s.store.RemoveMember(ctx, lobbyID, accountID); err != nil {
		return s.storageErr(err)
	}
	return nil
}

// afterMemberLeft frees the account's seats at the lobby's forming tables
// and tells everyone concerned.
func (s *Service) afterMemberLeft(ctx context.Context, lobbyID, accountID int64) {
	for _, t := range s.tablesOf(lobbyID) {
		if _, ok, _ := s.forward(ctx, &Account{ID: accountID}, TableCall{TableID: t.id, Method: CallLeft}); ok {
			continue // the owner stands them up
		}
		_ = s.update(t, func() error {
			if t.status == TableForming && t.seatOf(accountID) >= 0 {
				return t.standLocked(ctx, accountID)
			}
			return nil
		})
	}
	s.hub.publish(
		publication{u: Update{Topic: Topic{Kind: TopicAccount}}, only: accountID},
		publication{u: Update{Topic: Topic{Kind: TopicLobby, ID: lobbyID}}})
}

// RotateInvite gives the lobby a new invite code; the old one stops working.
// Only the owner may.
func (s *Service) RotateInvite(ctx context.Context, owner *Account, lobbyID int64) (string, error) {
	if err := account(owner); err != nil {
		return "", err
	}
	code, err := s.dir.Rotate(owner.ID, lobbyID, func(code string) error {
		if err := s.store.UpdateLobby(ctx, lobbyID, owner.ID, code); err != nil {
			return s.storageErr(err)
		}
		return nil
	})
	switch {
	case errors.Is(err, lobbies.ErrNotVisible):
		return "", noSuchLobby()
	case errors.Is(err, lobbies.ErrNotOwner):
		return "", userErr(ErrForbidden, "only the lobby's owner can change its invite code")
	case errors.Is(err, lobbies.ErrClosing):
		return "", ErrShuttingDown
	case err != nil:
		return "", err
	}
	s.announceLobbies(lobbyID)
	return code, nil
}

// Members lists a private lobby's members in order of joining (the public
// lobby has none).
func (s *Service) Members(ctx context.Context, viewer *Account, lobbyID int64) ([]Member, error) {
	rec, err := s.dir.Members(viewerID(viewer), lobbyID)
	if err != nil {
		return nil, noSuchLobby()
	}
	out := make([]Member, 0, len(rec.Members))
	for _, m := range rec.Members {
		h, ok := s.accounts.Handle(m.AccountID)
		if !ok {
			h = m.Handle
		}
		out = append(out, Member{AccountID: m.AccountID, Handle: h, Owner: m.AccountID == rec.OwnerID, JoinedAt: m.JoinedAt,
			Online: s.online(m.AccountID)})
	}
	return out, nil
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

// RemoveMember lets the owner take a member out of a private lobby. The
// member loses access at once and their sessions get a TopicAccount update.
func (s *Service) RemoveMember(ctx context.Context, owner *Account, lobbyID, accountID int64) error {
	if err := account(owner); err != nil {
		return err
	}
	err := s.dir.Remove(owner.ID, lobbyID, accountID, func() error { return s.removeMember(ctx, lobbyID, accountID) })
	switch {
	case errors.Is(err, lobbies.ErrNotVisible):
		return noSuchLobby()
	case errors.Is(err, lobbies.ErrNotOwner):
		return userErr(ErrForbidden, "only the lobby's owner can remove members")
	case errors.Is(err, lobbies.ErrSelf):
		return userErr(ErrForbidden, "the owner cannot remove themselves")
	case errors.Is(err, lobbies.ErrNotMember):
		return userErr(ErrNotFound, "that player is not a member")
	case errors.Is(err, lobbies.ErrClosing):
		return ErrShuttingDown
	case err != nil:
		return err
	}
	s.log.Info("member removed", "lobby", lobbyID, "account", accountID)
	s.afterMemberLeft(ctx, lobbyID, accountID)
	s.announceLobbies(lobbyID, accountID)
	return nil
}
