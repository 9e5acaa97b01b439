package lobbies

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"
	"unicode/utf8"

	"boardroom/lobby/accounts"
	"boardroom/lobby/errs"
)

// The lobbies and their members as sessions ask for them (package lobby's
// Lobbies, which *lobby.Service implements by embedding a Membership): who
// may do what, the refusals in players' words, the store written through
// the Directory's callbacks. What only the live lobby knows (handles,
// who is online, its tables, its sessions and the other nodes) Membership
// asks through Host.

// Host is what the lobbies ask the live lobby. Package lobby's Service
// implements it through a small adapter.
type Host interface {
	// Now is the lobby's clock.
	Now() time.Time
	// Handle is an account's cached handle, false when none.
	Handle(accountID int64) (string, bool)
	// Online reports whether the account has a session open now.
	Online(accountID int64) bool
	// AccountChanged tells the account's sessions that their account
	// changed (their lobbies, their ownership).
	AccountChanged(accountID int64)
	// Joined tells the account's sessions and the lobby's that they joined.
	Joined(accountID, lobbyID int64)
	// Left frees the account's seats at the lobby's forming tables and
	// tells the account's sessions and the lobby's.
	Left(ctx context.Context, lobbyID, accountID int64)
	// Announce tells the other nodes that the lobby or these accounts'
	// memberships changed.
	Announce(lobbyID int64, accounts ...int64)
	// WrongCode tells the other nodes of a wrong invite code.
	WrongCode(accountID int64, addr string)
	// Remember makes the lobby the one the account's next session opens in.
	Remember(ctx context.Context, acc *accounts.Account, lobbyID int64)
	// StorageErr logs a store failure and words it for players.
	StorageErr(err error) error
}

// Membership is the session-facing side of the lobbies.
type Membership struct {
	dir       *Directory
	codeGuard *CodeGuard
	store     Store
	host      Host
	maxOwned  int                            // private lobbies one account may own
	sanitize  func(s string, max int) string // makes a typed name safe to show (lobby.Sanitize)
	log       *slog.Logger
}

// NewMembership serves dir and guard over store; an account owns at most
// maxOwned private lobbies.
func NewMembership(dir *Directory, guard *CodeGuard, store Store, host Host, maxOwned int,
	sanitize func(s string, max int) string, log *slog.Logger) *Membership {
	return &Membership{dir: dir, codeGuard: guard, store: store, host: host, maxOwned: maxOwned, sanitize: sanitize, log: log}
}

// lobbyName sanitises a lobby name and checks its length.
func (s *Membership) lobbyName(name string) (string, error) {
	n := s.sanitize(name, 0)
	if c := utf8.RuneCountInString(n); c < 3 || c > 32 {
		return "", errs.ErrBadName
	}
	return n, nil
}

// knownHandle is the cached handle of an account, "" when none.
func (s *Membership) knownHandle(id int64) string {
	h, _ := s.host.Handle(id)
	return h
}

func viewerID(viewer *accounts.Account) int64 {
	if viewer == nil {
		return 0
	}
	return viewer.ID
}

// Lobbies lists the lobbies the viewer sees: the public one first, then the
// viewer's private lobbies by name.
func (s *Membership) Lobbies(ctx context.Context, viewer *accounts.Account) ([]Lobby, error) {
	return s.dir.List(viewerID(viewer)), nil
}

// Lobby returns one lobby the viewer may see.
func (s *Membership) Lobby(ctx context.Context, viewer *accounts.Account, id int64) (Lobby, error) {
	l, err := s.dir.View(viewerID(viewer), id)
	if err != nil {
		return Lobby{}, errs.NoSuchLobby()
	}
	return l, nil
}

// LobbyBySlug returns the lobby with the slug if the viewer may see it.
func (s *Membership) LobbyBySlug(ctx context.Context, viewer *accounts.Account, slug string) (Lobby, error) {
	if l, ok := s.dir.BySlug(viewerID(viewer), slug); ok {
		return l, nil
	}
	return Lobby{}, errs.NoSuchLobby()
}

// CreateLobby creates a private lobby owned by owner, who becomes its first
// member. The slug is the name's with a random ending (privateSlug); the
// invite code is random. An account owns at most Config.MaxLobbiesPerAccount
// private lobbies (ErrTooManyLobbies).
func (s *Membership) CreateLobby(ctx context.Context, owner *accounts.Account, name string) (Lobby, error) {
	l, err := s.createLobby(ctx, owner, name)
	if err == nil {
		s.host.Remember(ctx, owner, l.ID) // the owner's next session opens in it
	}
	return l, err
}

func (s *Membership) createLobby(ctx context.Context, owner *accounts.Account, name string) (Lobby, error) {
	if err := accounts.Player(owner); err != nil {
		return Lobby{}, err
	}
	name, err := s.lobbyName(name)
	if err != nil {
		return Lobby{}, err
	}
	now := s.host.Now().UTC()
	// The directory holds its lock across the write so slug and code stay
	// unique.
	v, err := s.dir.Create(owner.ID, s.knownHandle(owner.ID), name, now, s.maxOwned,
		func(rec Record) (int64, error) {
			id, err := s.store.CreateLobby(ctx, rec)
			if err != nil {
				return 0, s.host.StorageErr(err)
			}
			s.log.Info("lobby created", "id", id, "slug", rec.Slug, "owner", owner.ID)
			return id, nil
		})
	var many OwnsTooManyError
	switch {
	case errors.Is(err, ErrClosing):
		return Lobby{}, errs.ErrShuttingDown
	case errors.As(err, &many):
		return Lobby{}, errs.User(errs.ErrTooManyLobbies, fmt.Sprintf(
			"you already own %d private lobbies, the most one player may; leave one (or hand it on) first", many.N))
	case err != nil:
		return Lobby{}, err
	}
	s.host.AccountChanged(owner.ID)
	s.host.Announce(v.ID, owner.ID)
	return v, nil
}

// JoinLobby makes acc a member of the lobby with the invite code. Joining a
// lobby one is already in returns it. Wrong codes are limited per account
// and per client address (ClientAddr of ctx; lobby/lobbies codeguard.go): past the limit
// every code is refused with ErrTooManyCodes for a while.
func (s *Membership) JoinLobby(ctx context.Context, acc *accounts.Account, code string) (Lobby, error) {
	if err := accounts.Player(acc); err != nil {
		return Lobby{}, err
	}
	code = NormCode(code)
	now := s.host.Now().UTC()
	addr := ClientAddr(ctx)
	if s.codeGuard.Blocked(now, acc.ID, addr) {
		return Lobby{}, errs.ErrTooManyCodes
	}
	v, already, err := s.dir.Join(code, acc.ID, s.knownHandle(acc.ID), now, func(lobbyID int64) error {
		if err := s.store.AddMember(ctx, lobbyID, acc.ID, now); err != nil {
			return s.host.StorageErr(err)
		}
		return nil
	})
	switch {
	case errors.Is(err, ErrClosing):
		return Lobby{}, errs.ErrShuttingDown
	case errors.Is(err, ErrNoCode):
		s.codeGuard.Wrong(now, acc.ID, addr)
		s.host.WrongCode(acc.ID, addr)
		return Lobby{}, errs.ErrBadCode
	case err != nil:
		return Lobby{}, err
	case already:
		s.host.Remember(ctx, acc, v.ID)
		return v, nil
	}
	s.host.Joined(acc.ID, v.ID)
	s.host.Announce(v.ID, acc.ID)
	s.host.Remember(ctx, acc, v.ID) // the player's next session opens in it
	return v, nil
}

// LeaveLobby takes acc out of a private lobby. An owner who leaves hands
// the lobby to the member who joined earliest; an owner who is the only
// member cannot leave (ErrLastMember). Leaving frees the member's seats at
// forming tables of the lobby; seats in games in progress are kept.
func (s *Membership) LeaveLobby(ctx context.Context, acc *accounts.Account, lobbyID int64) error {
	if err := accounts.Player(acc); err != nil {
		return err
	}
	owner, newOwner, err := s.dir.Leave(acc.ID, lobbyID,
		func(next int64, code string) error {
			if err := s.store.UpdateLobby(ctx, lobbyID, next, code); err != nil {
				return s.host.StorageErr(err)
			}
			return nil
		},
		func() error { return s.removeMember(ctx, lobbyID, acc.ID) })
	switch {
	case errors.Is(err, ErrNotVisible):
		return errs.NoSuchLobby()
	case errors.Is(err, ErrClosing):
		return errs.ErrShuttingDown
	case errors.Is(err, ErrPublic):
		return errs.User(errs.ErrForbidden, "everyone is in the public lobby; there is nothing to leave")
	case errors.Is(err, ErrLastMember):
		return errs.ErrLastMember
	case err != nil:
		return err
	}
	s.host.Left(ctx, lobbyID, acc.ID)
	if newOwner != owner {
		s.host.AccountChanged(newOwner)
	}
	s.host.Announce(lobbyID, acc.ID, newOwner)
	return nil
}

// removeMember stores the end of a membership.
func (s *Membership) removeMember(ctx context.Context, lobbyID, accountID int64) error {
	if err := s.store.RemoveMember(ctx, lobbyID, accountID); err != nil {
		return s.host.StorageErr(err)
	}
	return nil
}

// RotateInvite gives the lobby a new invite code; the old one stops working.
// Only the owner may.
func (s *Membership) RotateInvite(ctx context.Context, owner *accounts.Account, lobbyID int64) (string, error) {
	if err := accounts.Player(owner); err != nil {
		return "", err
	}
	code, err := s.dir.Rotate(owner.ID, lobbyID, func(code string) error {
		if err := s.store.UpdateLobby(ctx, lobbyID, owner.ID, code); err != nil {
			return s.host.StorageErr(err)
		}
		return nil
	})
	switch {
	case errors.Is(err, ErrNotVisible):
		return "", errs.NoSuchLobby()
	case errors.Is(err, ErrNotOwner):
		return "", errs.User(errs.ErrForbidden, "only the lobby's owner can change its invite code")
	case errors.Is(err, ErrClosing):
		return "", errs.ErrShuttingDown
	case err != nil:
		return "", err
	}
	s.host.Announce(lobbyID)
	return code, nil
}

// Members lists a private lobby's members in order of joining (the public
// lobby has none).
func (s *Membership) Members(ctx context.Context, viewer *accounts.Account, lobbyID int64) ([]Member, error) {
	rec, err := s.dir.Members(viewerID(viewer), lobbyID)
	if err != nil {
		return nil, errs.NoSuchLobby()
	}
	out := make([]Member, 0, len(rec.Members))
	for _, m := range rec.Members {
		h, ok := s.host.Handle(m.AccountID)
		if !ok {
			h = m.Handle
		}
		out = append(out, Member{AccountID: m.AccountID, Handle: h, Owner: m.AccountID == rec.OwnerID, JoinedAt: m.JoinedAt,
			Online: s.host.Online(m.AccountID)})
	}
	return out, nil
}

// RemoveMember lets the owner take a member out of a private lobby. The
// member loses access at once and their sessions get a TopicAccount update.
func (s *Membership) RemoveMember(ctx context.Context, owner *accounts.Account, lobbyID, accountID int64) error {
	if err := accounts.Player(owner); err != nil {
		return err
	}
	err := s.dir.Remove(owner.ID, lobbyID, accountID, func() error { return s.removeMember(ctx, lobbyID, accountID) })
	switch {
	case errors.Is(err, ErrNotVisible):
		return errs.NoSuchLobby()
	case errors.Is(err, ErrNotOwner):
		return errs.User(errs.ErrForbidden, "only the lobby's owner can remove members")
	case errors.Is(err, ErrSelf):
		return errs.User(errs.ErrForbidden, "the owner cannot remove themselves")
	case errors.Is(err, ErrNotMember):
		return errs.User(errs.ErrNotFound, "that player is not a member")
	case errors.Is(err, ErrClosing):
		return errs.ErrShuttingDown
	case err != nil:
		return err
	}
	s.log.Info("member removed", "lobby", lobbyID, "account", accountID)
	s.host.Left(ctx, lobbyID, accountID)
	s.host.Announce(lobbyID, accountID)
	return nil
}
