// Package lobbies keeps the lobbies of one node in memory: the public lobby
// and the private ones, their members, their indexes by slug, invite code
// and owner, and the guard against guessed invite codes. It has its own
// lock, so asking who may see a lobby never waits on the tables; the live
// lobby (package lobby, which re-exports its types) writes the store
// through the callbacks it passes, under the directory's lock, so slugs and
// codes stay unique. Membership (membership.go) is the sessions' side:
// who may do what and the refusals in players' words; it asks the live
// lobby through Host. Of the lobby it imports only its errors (lobby/errs)
// and the Account type (lobby/accounts).
package lobbies

import (
	"context"
	"errors"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
)

// PublicID is the id of the public lobby everyone sees.
const PublicID int64 = 1

// Lobby is a space with tables, chat and a leaderboard.
type Lobby struct {
	ID         int64     `json:"id"`
	Slug       string    `json:"slug"`
	Name       string    `json:"name"`
	Public     bool      `json:"public"`
	OwnerID    int64     `json:"owner_id,omitempty"`
	InviteCode string    `json:"invite_code,omitempty"` // filled for members only
	Members    int       `json:"members"`
	CreatedAt  time.Time `json:"created_at"`
}

// Member is one member of a private lobby.
type Member struct {
	AccountID int64     `json:"account_id"`
	Handle    string    `json:"handle"`
	Owner     bool      `json:"owner"`
	JoinedAt  time.Time `json:"joined_at"`
	// Online: a session of the member is open now (filled by the live
	// lobby, which knows the sessions).
	Online bool `json:"online,omitempty"`
}

// Record is a stored lobby.
type Record struct {
	ID         int64
	Slug       string
	Name       string
	Public     bool
	OwnerID    int64
	InviteCode string
	CreatedAt  time.Time
	Members    []MemberRecord // in order of joining
}

// MemberRecord is a stored membership. Handle is filled when loading.
type MemberRecord struct {
	AccountID int64
	Handle    string
	JoinedAt  time.Time
}

// Store keeps lobbies and their members.
type Store interface {
	// LoadLobbies returns every lobby with its members; the public lobby
	// (id PublicID) exists from the first migration on.
	LoadLobbies(ctx context.Context) ([]Record, error)
	// CreateLobby stores a new private lobby and its owner as first member.
	CreateLobby(ctx context.Context, rec Record) (int64, error)
	UpdateLobby(ctx context.Context, id, ownerID int64, inviteCode string) error
	AddMember(ctx context.Context, lobbyID, accountID int64, at time.Time) error
	RemoveMember(ctx context.Context, lobbyID, accountID int64) error
}

// Why the directory refuses a change; the live lobby words them for
// players. An error a callback returns is returned as it is.
var (
	ErrNotVisible = errors.New("lobbies: no such lobby for the viewer")
	ErrClosing    = errors.New("lobbies: the server is shutting down")
	ErrPublic     = errors.New("lobbies: the public lobby has no owner or members")
	ErrNotOwner   = errors.New("lobbies: only the owner may")
	ErrSelf       = errors.New("lobbies: the owner cannot remove themselves")
	ErrNotMember  = errors.New("lobbies: not a member")
	ErrLastMember = errors.New("lobbies: the owner is the only member")
	ErrNoCode     = errors.New("lobbies: no lobby has that invite code")
)

// OwnsTooManyError: the owner already owns N private lobbies, the most
// allowed.
type OwnsTooManyError struct{ N int }

func (e OwnsTooManyError) Error() string { return "lobbies: owns too many lobbies" }

// lobby is a lobby in memory.
type lobby struct {
	rec     Record
	members map[int64]bool
}

func (l *lobby) isMember(id int64) bool { return l.rec.Public || (id != 0 && l.members[id]) }

func (l *lobby) view(viewer int64) Lobby {
	out := Lobby{ID: l.rec.ID, Slug: l.rec.Slug, Name: l.rec.Name, Public: l.rec.Public, OwnerID: l.rec.OwnerID,
		Members: len(l.rec.Members), CreatedAt: l.rec.CreatedAt}
	if !l.rec.Public && l.members[viewer] {
		out.InviteCode = l.rec.InviteCode
	}
	return out
}

func (l *lobby) record() Record {
	r := l.rec
	r.Members = slices.Clone(l.rec.Members)
	return r
}

// Directory is the lobbies of a node. Its methods are safe for concurrent
// use; its lock is never held while calling anything but the callbacks.
type Directory struct {
	mu     sync.RWMutex
	byID   map[int64]*lobby
	slugs  map[string]*lobby // by lower-case slug
	codes  map[string]*lobby // private lobbies by invite code
	owned  map[int64]int     // private lobbies owned, by account
	closed func() bool       // the server is shutting down
}

// NewDirectory returns an empty directory; closing reports whether the
// server is shutting down (then nothing changes).
func NewDirectory(closing func() bool) *Directory {
	d := &Directory{closed: closing}
	d.Set(nil)
	return d
}

// Set makes recs the lobbies, with their indexes (at start, and on a node
// of a cluster when another node changed them).
func (d *Directory) Set(recs []Record) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.byID, d.slugs, d.codes, d.owned = map[int64]*lobby{}, map[string]*lobby{}, map[string]*lobby{}, map[int64]int{}
	for _, r := range recs {
		l := &lobby{rec: r, members: map[int64]bool{}}
		for _, m := range r.Members {
			l.members[m.AccountID] = true
		}
		d.byID[r.ID] = l
		d.indexLocked(l)
	}
}

// indexLocked adds a lobby to the indexes by slug, invite code and owner,
// so that neither creating nor joining a lobby looks at every lobby.
func (d *Directory) indexLocked(l *lobby) {
	d.slugs[strings.ToLower(l.rec.Slug)] = l
	if !l.rec.Public && l.rec.InviteCode != "" {
		d.codes[l.rec.InviteCode] = l
	}
	if !l.rec.Public && l.rec.OwnerID != 0 {
		d.owned[l.rec.OwnerID]++
	}
}

// setOwnerLocked hands a private lobby to another owner in the owner index.
func (d *Directory) setOwnerLocked(l *lobby, owner int64) {
	if d.owned[l.rec.OwnerID]--; d.owned[l.rec.OwnerID] <= 0 {
		delete(d.owned, l.rec.OwnerID)
	}
	l.rec.OwnerID = owner
	d.owned[owner]++
}

func (d *Directory) visibleLocked(viewer, id int64) (*lobby, error) {
	l, ok := d.byID[id]
	if !ok || !l.isMember(viewer) {
		return nil, ErrNotVisible
	}
	return l, nil
}

// Has reports whether the node has the lobby.
func (d *Directory) Has(id int64) bool {
	d.mu.RLock()
	defer d.mu.RUnlock()
	_, ok := d.byID[id]
	return ok
}

// Record is a copy of the stored lobby, ok false when there is none.
func (d *Directory) Record(id int64) (Record, bool) {
	d.mu.RLock()
	defer d.mu.RUnlock()
	l, ok := d.byID[id]
	if !ok {
		return Record{}, false
	}
	return l.record(), true
}

// IsMember reports whether the account is a member of a private lobby
// (never of the public one, which has no members).
func (d *Directory) IsMember(lobbyID, accountID int64) bool {
	d.mu.RLock()
	defer d.mu.RUnlock()
	l, ok := d.byID[lobbyID]
	return ok && l.members[accountID]
}

// CanSee reports whether the viewer (0: a guest) may see the lobby: the
// public lobby, or a private lobby the viewer is a member of.
func (d *Directory) CanSee(viewer, id int64) bool {
	d.mu.RLock()
	defer d.mu.RUnlock()
	_, err := d.visibleLocked(viewer, id)
	return err == nil
}

// Visible lists the ids of the lobbies the viewer sees, in order.
func (d *Directory) Visible(viewer int64) []int64 {
	d.mu.RLock()
	defer d.mu.RUnlock()
	var out []int64
	for id, l := range d.byID {
		if l.isMember(viewer) {
			out = append(out, id)
		}
	}
	slices.Sort(out)
	return out
}

// View is the lobby as the viewer sees it, or ErrNotVisible.
func (d *Directory) View(viewer, id int64) (Lobby, error) {
	d.mu.RLock()
	defer d.mu.RUnlock()
	l, err := d.visibleLocked(viewer, id)
	if err != nil {
		return Lobby{}, err
	}
	return l.view(viewer), nil
}

// List is the lobbies the viewer sees: the public one first, then the
// viewer's private lobbies by name.
func (d *Directory) List(viewer int64) []Lobby {
	d.mu.RLock()
	defer d.mu.RUnlock()
	var priv []Lobby
	out := []Lobby{d.byID[PublicID].view(viewer)}
	for _, l := range d.byID {
		if !l.rec.Public && l.isMember(viewer) {
			priv = append(priv, l.view(viewer))
		}
	}
	sort.Slice(priv, func(i, j int) bool {
		a, b := strings.ToLower(priv[i].Name), strings.ToLower(priv[j].Name)
		if a != b {
			return a < b
		}
		return priv[i].ID < priv[j].ID
	})
	return append(out, priv...)
}

// BySlug is the lobby with the slug if the viewer may see it. A private
// lobby the viewer is not in answers exactly as a slug that names nothing.
func (d *Directory) BySlug(viewer int64, slug string) (Lobby, bool) {
	d.mu.RLock()
	defer d.mu.RUnlock()
	if l, ok := d.slugs[strings.ToLower(slug)]; ok && l.isMember(viewer) {
		return l.view(viewer), true
	}
	return Lobby{}, false
}

// Create adds a private lobby called name, owned by owner (called
// ownerHandle) who is its first member, with a fresh slug (PrivateSlug) and
// invite code, when the owner owns fewer than max (OwnsTooManyError);
// store writes it and returns its id.
func (d *Directory) Create(owner int64, ownerHandle, name string, now time.Time, max int, store func(Record) (int64, error)) (Lobby, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closed() {
		return Lobby{}, ErrClosing
	}
	if n := d.owned[owner]; n >= max {
		return Lobby{}, OwnsTooManyError{N: n}
	}
	rec := Record{Name: name, OwnerID: owner, CreatedAt: now,
		Slug:       privateSlug(name, d.slugTakenLocked),
		InviteCode: d.freshCodeLocked(),
		Members:    []MemberRecord{{AccountID: owner, Handle: ownerHandle, JoinedAt: now}}}
	id, err := store(rec)
	if err != nil {
		return Lobby{}, err
	}
	rec.ID = id
	l := &lobby{rec: rec, members: map[int64]bool{owner: true}}
	d.byID[id] = l
	d.indexLocked(l)
	return l.view(owner), nil
}

func (d *Directory) slugTakenLocked(slug string) bool {
	_, taken := d.slugs[strings.ToLower(slug)]
	return taken || strings.EqualFold(slug, "public")
}

func (d *Directory) freshCodeLocked() string {
	for {
		c := newCode()
		if _, taken := d.codes[c]; !taken {
			return c
		}
	}
}

// Join makes the account (called handle) a member of the private lobby
// with the invite code (read with NormCode); store writes the membership.
// already is true when the account was a member.
func (d *Directory) Join(code string, account int64, handle string, now time.Time, store func(lobbyID int64) error) (v Lobby, already bool, err error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closed() {
		return Lobby{}, false, ErrClosing
	}
	l, ok := d.codes[code]
	if !ok || l.rec.Public || len(code) != CodeLen {
		return Lobby{}, false, ErrNoCode
	}
	if l.members[account] {
		return l.view(account), true, nil
	}
	if err := store(l.rec.ID); err != nil {
		return Lobby{}, false, err
	}
	l.members[account] = true
	l.rec.Members = append(l.rec.Members, MemberRecord{AccountID: account, Handle: handle, JoinedAt: now})
	return l.view(account), false, nil
}

// Leave takes the account out of a private lobby. An owner who leaves
// hands the lobby to the member who joined earliest (setOwner stores it);
// an owner who is the only member cannot leave (ErrLastMember). remove
// stores the membership's end. It returns the owner before and after.
func (d *Directory) Leave(account, lobbyID int64, setOwner func(next int64, code string) error, remove func() error) (owner, newOwner int64, err error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	l, err := d.visibleLocked(account, lobbyID)
	switch {
	case err != nil:
		return 0, 0, err
	case d.closed():
		return 0, 0, ErrClosing
	case l.rec.Public:
		return 0, 0, ErrPublic
	}
	owner = l.rec.OwnerID
	if owner == account {
		next := int64(0)
		for _, m := range l.rec.Members {
			if m.AccountID != account {
				next = m.AccountID
				break
			}
		}
		if next == 0 {
			return owner, owner, ErrLastMember
		}
		if err := setOwner(next, l.rec.InviteCode); err != nil {
			return owner, owner, err
		}
		d.setOwnerLocked(l, next)
	}
	err = dropLocked(l, account, remove)
	return owner, l.rec.OwnerID, err
}

// dropLocked ends a membership: remove stores it, then it is forgotten.
func dropLocked(l *lobby, account int64, remove func() error) error {
	if err := remove(); err != nil {
		return err
	}
	delete(l.members, account)
	for i, m := range l.rec.Members {
		if m.AccountID == account {
			l.rec.Members = append(l.rec.Members[:i:i], l.rec.Members[i+1:]...)
			break
		}
	}
	return nil
}

// Remove lets the owner take a member out of a private lobby; remove
// stores it.
func (d *Directory) Remove(owner, lobbyID, account int64, remove func() error) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	l, err := d.visibleLocked(owner, lobbyID)
	switch {
	case err != nil:
	case l.rec.Public || l.rec.OwnerID != owner:
		err = ErrNotOwner
	case account == owner:
		err = ErrSelf
	case !l.members[account]:
		err = ErrNotMember
	case d.closed():
		err = ErrClosing
	}
	if err != nil {
		return err
	}
	return dropLocked(l, account, remove)
}

// Rotate gives the owner's lobby a fresh invite code, which store writes;
// the old one stops working.
func (d *Directory) Rotate(owner, lobbyID int64, store func(code string) error) (string, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	l, err := d.visibleLocked(owner, lobbyID)
	if err != nil {
		return "", err
	}
	if l.rec.Public || l.rec.OwnerID != owner {
		return "", ErrNotOwner
	}
	if d.closed() {
		return "", ErrClosing
	}
	code := d.freshCodeLocked()
	if err := store(code); err != nil {
		return "", err
	}
	delete(d.codes, l.rec.InviteCode)
	l.rec.InviteCode = code
	d.codes[code] = l
	return code, nil
}

// Members is a lobby the viewer sees, with its members in order of joining
// (the public lobby has none).
func (d *Directory) Members(viewer, lobbyID int64) (Record, error) {
	d.mu.RLock()
	defer d.mu.RUnlock()
	l, err := d.visibleLocked(viewer, lobbyID)
	if err != nil {
		return Record{}, err
	}
	return l.record(), nil
}
