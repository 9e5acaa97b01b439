package lobby

import (
	"context"
	"fmt"
	"sort"
	"strings"
)

// lobbyState is a lobby in memory; guarded by Service.mu.
type lobbyState struct {
	rec     LobbyRecord
	members map[int64]bool
}

func (l *lobbyState) isMember(id int64) bool { return l.rec.Public || (id != 0 && l.members[id]) }

func (l *lobbyState) view(viewer int64) Lobby {
	out := Lobby{ID: l.rec.ID, Slug: l.rec.Slug, Name: l.rec.Name, Public: l.rec.Public, OwnerID: l.rec.OwnerID,
		Members: len(l.rec.Members), CreatedAt: l.rec.CreatedAt}
	if !l.rec.Public && l.members[viewer] {
		out.InviteCode = l.rec.InviteCode
	}
	return out
}

func (s *Service) loadLobbies(ctx context.Context) error {
	recs, err := s.store.LoadLobbies(ctx)
	if err != nil {
		return fmt.Errorf("lobby: load lobbies: %w", err)
	}
	s.setLobbiesLocked(recs)
	if l, ok := s.lobbies[PublicLobbyID]; !ok || !l.rec.Public {
		return fmt.Errorf("lobby: the store has no public lobby %d", PublicLobbyID)
	}
	return nil
}

// setLobbiesLocked makes recs the lobbies, with their indexes and their
// members' handles (at start, and on a node of a cluster when another node
// changed them). Call with s.mu held (or before the service is shared).
func (s *Service) setLobbiesLocked(recs []LobbyRecord) {
	s.lobbies, s.slugs, s.codes, s.owned = map[int64]*lobbyState{}, map[string]*lobbyState{}, map[string]*lobbyState{}, map[int64]int{}
	for _, r := range recs {
		l := &lobbyState{rec: r, members: map[int64]bool{}}
		for _, m := range r.Members {
			l.members[m.AccountID] = true
			s.handles[m.AccountID] = m.Handle
		}
		s.lobbies[r.ID] = l
		s.indexLobbyLocked(l)
	}
}

// indexLobbyLocked adds a lobby to the indexes by slug, invite code and
// owner, so that neither creating nor joining a lobby looks at every lobby.
// Call with s.mu held (or before the service is shared).
func (s *Service) indexLobbyLocked(l *lobbyState) {
	s.slugs[strings.ToLower(l.rec.Slug)] = l
	if !l.rec.Public && l.rec.InviteCode != "" {
		s.codes[l.rec.InviteCode] = l
	}
	if !l.rec.Public && l.rec.OwnerID != 0 {
		s.owned[l.rec.OwnerID]++
	}
}

// setOwnerLocked hands a private lobby to another owner in the owner index.
func (s *Service) setOwnerLocked(l *lobbyState, owner int64) {
	if s.owned[l.rec.OwnerID]--; s.owned[l.rec.OwnerID] <= 0 {
		delete(s.owned, l.rec.OwnerID)
	}
	l.rec.OwnerID = owner
	s.owned[owner]++
}

// visibleLobby returns the lobby if viewer may see it. Call with s.mu held.
func (s *Service) visibleLobbyLocked(viewer, id int64) (*lobbyState, error) {
	l, ok := s.lobbies[id]
	if !ok || !l.isMember(viewer) {
		return nil, userErr(ErrNotFound, "there is no such lobby")
	}
	return l, nil
}

func (s *Service) canSeeLobby(viewer, id int64) bool {
	s.mu.RLock()
	defer s.mu.RUnlock()
	_, err := s.visibleLobbyLocked(viewer, id)
	return err == nil
}

// Lobbies lists the lobbies the viewer sees: the public one first, then the
// viewer's private lobbies by name.
func (s *Service) Lobbies(ctx context.Context, viewer *Account) ([]Lobby, error) {
	id := viewerID(viewer)
	s.mu.RLock()
	defer s.mu.RUnlock()
	var priv []Lobby
	out := []Lobby{s.lobbies[PublicLobbyID].view(id)}
	for _, l := range s.lobbies {
		if !l.rec.Public && l.isMember(id) {
			priv = append(priv, l.view(id))
		}
	}
	sort.Slice(priv, func(i, j int) bool {
		a, b := strings.ToLower(priv[i].Name), strings.ToLower(priv[j].Name)
		if a != b {
			return a < b
		}
		return priv[i].ID < priv[j].ID
	})
	return append(out, priv...), nil
}

// Lobby returns one lobby the viewer may see.
func (s *Service) Lobby(ctx context.Context, viewer *Account, id int64) (Lobby, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	l, err := s.visibleLobbyLocked(viewerID(viewer), id)
	if err != nil {
		return Lobby{}, err
	}
	return l.view(viewerID(viewer)), nil
}

// LobbyBySlug returns the lobby with the slug if the viewer may see it.
func (s *Service) LobbyBySlug(ctx context.Context, viewer *Account, slug string) (Lobby, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	// A private lobby the viewer is not in answers exactly as a slug that
	// names nothing.
	if l, ok := s.slugs[strings.ToLower(slug)]; ok && l.isMember(viewerID(viewer)) {
		return l.view(viewerID(viewer)), nil
	}
	return Lobby{}, userErr(ErrNotFound, "there is no such lobby")
}

// CreateLobby creates a private lobby owned by owner, who becomes its first
// member. The slug is the name's with a random ending (privateSlug); the
// invite code is random. An account owns at most Config.MaxLobbiesPerAccount
// private lobbies (ErrTooManyLobbies).
func (s *Service) CreateLobby(ctx context.Context, owner *Account, name string) (Lobby, error) {
	l, err := s.createLobby(ctx, owner, name)
	if err == nil {
		s.rememberLobby(ctx, owner, l.ID) // the owner's next session opens in it
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
	// Hold the lock across the write so slug and code stay unique.
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closing {
		return Lobby{}, ErrShuttingDown
	}
	if n := s.owned[owner.ID]; n >= s.cfg.MaxLobbiesPerAccount {
		return Lobby{}, userErr(ErrTooManyLobbies, fmt.Sprintf(
			"you already own %d private lobbies, the most one player may; leave one (or hand it on) first", n))
	}
	rec := LobbyRecord{Name: name, OwnerID: owner.ID, CreatedAt: now,
		Slug:       privateSlug(name, s.slugTakenLocked),
		InviteCode: s.freshCodeLocked(),
		Members:    []MemberRecord{{AccountID: owner.ID, Handle: s.handles[owner.ID], JoinedAt: now}}}
	id, err := s.store.CreateLobby(ctx, rec)
	if err != nil {
		return Lobby{}, s.storageErr(err)
	}
	rec.ID = id
	l := &lobbyState{rec: rec, members: map[int64]bool{owner.ID: true}}
	s.lobbies[id] = l
	s.indexLobbyLocked(l)
	s.log.Info("lobby created", "id", id, "slug", rec.Slug, "owner", owner.ID)
	s.hub.publish(publication{u: Update{Topic: Topic{Kind: TopicAccount}}, only: owner.ID})
	s.announceLobbies(id, owner.ID)
	return l.view(owner.ID), nil
}

func (s *Service) slugTakenLocked(slug string) bool {
	_, taken := s.slugs[strings.ToLower(slug)]
	return taken || strings.EqualFold(slug, "public")
}

func (s *Service) freshCodeLocked() string {
	for {
		c := newCode()
		if _, taken := s.codes[c]; !taken {
			return c
		}
	}
}

func (s *Service) lobbyByCodeLocked(code string) *lobbyState {
	if l, ok := s.codes[code]; ok && !l.rec.Public {
		return l
	}
	return nil
}

// JoinLobby makes acc a member of the lobby with the invite code. Joining a
// lobby one is already in returns it. Wrong codes are limited per account
// and per client address (ClientAddr of ctx; codeguard.go): past the limit
// every code is refused with ErrTooManyCodes for a while.
func (s *Service) JoinLobby(ctx context.Context, acc *Account, code string) (Lobby, error) {
	if err := account(acc); err != nil {
		return Lobby{}, err
	}
	code = normCode(code)
	now := s.clock.Now().UTC()
	addr := ClientAddr(ctx)
	if s.codeBlocked(now, acc.ID, addr) {
		return Lobby{}, ErrTooManyCodes
	}
	s.mu.Lock()
	if s.closing {
		s.mu.Unlock()
		return Lobby{}, ErrShuttingDown
	}
	l := s.lobbyByCodeLocked(code)
	if l == nil || len(code) != codeLen {
		s.mu.Unlock()
		s.wrongCode(now, acc.ID, addr)
		s.announce(&Notice{Kind: NoticeWrongCode, AccountID: acc.ID, Addr: addr})
		return Lobby{}, ErrBadCode
	}
	if l.members[acc.ID] {
		v := l.view(acc.ID)
		s.mu.Unlock()
		s.rememberLobby(ctx, acc, v.ID)
		return v, nil
	}
	if err := s.store.AddMember(ctx, l.rec.ID, acc.ID, now); err != nil {
		s.mu.Unlock()
		return Lobby{}, s.storageErr(err)
	}
	l.members[acc.ID] = true
	l.rec.Members = append(l.rec.Members, MemberRecord{AccountID: acc.ID, Handle: s.handles[acc.ID], JoinedAt: now})
	v := l.view(acc.ID)
	s.mu.Unlock()
	s.hub.publish(
		publication{u: Update{Topic: Topic{Kind: TopicAccount}}, only: acc.ID},
		publication{u: Update{Topic: Topic{Kind: TopicLobby, ID: v.ID}}})
	s.announceLobbies(v.ID, acc.ID)
	s.rememberLobby(ctx, acc, v.ID) // the player's next session opens in it
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
	s.mu.Lock()
	l, err := s.visibleLobbyLocked(acc.ID, lobbyID)
	switch {
	case err != nil:
	case s.closing:
		err = ErrShuttingDown
	case l.rec.Public:
		err = userErr(ErrForbidden, "everyone is in the public lobby; there is nothing to leave")
	}
	if err != nil {
		s.mu.Unlock()
		return err
	}
	owner := l.rec.OwnerID
	if owner == acc.ID {
		next := int64(0)
		for _, m := range l.rec.Members {
			if m.AccountID != acc.ID {
				next = m.AccountID
				break
			}
		}
		if next == 0 {
			s.mu.Unlock()
			return ErrLastMember
		}
		if err := s.store.UpdateLobby(ctx, lobbyID, next, l.rec.InviteCode); err != nil {
			s.mu.Unlock()
			return s.storageErr(err)
		}
		s.setOwnerLocked(l, next)
	}
	err = s.dropMemberLocked(ctx, l, acc.ID)
	newOwner := l.rec.OwnerID
	s.mu.Unlock()
	if err != nil {
		return err
	}
	s.afterMemberLeft(ctx, lobbyID, acc.ID)
	if newOwner != owner {
		s.hub.publish(publication{u: Update{Topic: Topic{Kind: TopicAccount}}, only: newOwner})
	}
	s.announceLobbies(lobbyID, acc.ID, newOwner)
	return nil
}

func (s *Service) dropMemberLocked(ctx context.Context, l *lobbyState, accountID int64) error {
	if err := s.store.RemoveMember(ctx, l.rec.ID, accountID); err != nil {
		return s.storageErr(err)
	}
	delete(l.members, accountID)
	for i, m := range l.rec.Members {
		if m.AccountID == accountID {
			l.rec.Members = append(l.rec.Members[:i:i], l.rec.Members[i+1:]...)
			break
		}
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
	s.mu.Lock()
	defer s.mu.Unlock()
	l, err := s.visibleLobbyLocked(owner.ID, lobbyID)
	if err != nil {
		return "", err
	}
	if l.rec.Public || l.rec.OwnerID != owner.ID {
		return "", userErr(ErrForbidden, "only the lobby's owner can change its invite code")
	}
	if s.closing {
		return "", ErrShuttingDown
	}
	code := s.freshCodeLocked()
	if err := s.store.UpdateLobby(ctx, lobbyID, l.rec.OwnerID, code); err != nil {
		return "", s.storageErr(err)
	}
	delete(s.codes, l.rec.InviteCode)
	l.rec.InviteCode = code
	s.codes[code] = l
	s.announceLobbies(lobbyID)
	return code, nil
}

// Members lists a private lobby's members in order of joining (the public
// lobby has none).
func (s *Service) Members(ctx context.Context, viewer *Account, lobbyID int64) ([]Member, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	l, err := s.visibleLobbyLocked(viewerID(viewer), lobbyID)
	if err != nil {
		return nil, err
	}
	out := make([]Member, 0, len(l.rec.Members))
	for _, m := range l.rec.Members {
		h, ok := s.handles[m.AccountID]
		if !ok {
			h = m.Handle
		}
		out = append(out, Member{AccountID: m.AccountID, Handle: h, Owner: m.AccountID == l.rec.OwnerID, JoinedAt: m.JoinedAt})
	}
	return out, nil
}

// RemoveMember lets the owner take a member out of a private lobby. The
// member loses access at once and their sessions get a TopicAccount update.
func (s *Service) RemoveMember(ctx context.Context, owner *Account, lobbyID, accountID int64) error {
	if err := account(owner); err != nil {
		return err
	}
	s.mu.Lock()
	l, err := s.visibleLobbyLocked(owner.ID, lobbyID)
	switch {
	case err != nil:
	case l.rec.Public || l.rec.OwnerID != owner.ID:
		err = userErr(ErrForbidden, "only the lobby's owner can remove members")
	case accountID == owner.ID:
		err = userErr(ErrForbidden, "the owner cannot remove themselves")
	case !l.members[accountID]:
		err = userErr(ErrNotFound, "that player is not a member")
	case s.closing:
		err = ErrShuttingDown
	}
	if err == nil {
		err = s.dropMemberLocked(ctx, l, accountID)
	}
	s.mu.Unlock()
	if err != nil {
		return err
	}
	s.log.Info("member removed", "lobby", lobbyID, "account", accountID)
	s.afterMemberLeft(ctx, lobbyID, accountID)
	s.announceLobbies(lobbyID, accountID)
	return nil
}
