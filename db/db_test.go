package db

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/lobby"
)

var t0 = time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)

func openTest(t *testing.T) (*Store, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "board room?#%.db")
	s, err := Open(context.Background(), path, nil)
	require.NoError(t, err)
	t.Cleanup(func() { _ = s.Close() })
	return s, path
}

func TestOpenMigratesOnceAndSetsPragmas(t *testing.T) {
	ctx := context.Background()
	s, path := openTest(t)
	var mode string
	require.NoError(t, s.w.QueryRowContext(ctx, `PRAGMA journal_mode`).Scan(&mode))
	require.Equal(t, "wal", mode)
	var fk, busy int
	require.NoError(t, s.r.QueryRowContext(ctx, `PRAGMA foreign_keys`).Scan(&fk))
	require.NoError(t, s.r.QueryRowContext(ctx, `PRAGMA busy_timeout`).Scan(&busy))
	require.Equal(t, 1, fk)
	require.Equal(t, 5000, busy)
	_, err := s.r.ExecContext(ctx, `INSERT INTO accounts (handle, created_at) VALUES ('x', 'y')`)
	require.Error(t, err, "the read pool is query-only")

	require.NoError(t, s.Close())
	s2, err := Open(ctx, path, nil)
	require.NoError(t, err)
	defer s2.Close()
	var v, n int
	require.NoError(t, s2.r.QueryRowContext(ctx, `SELECT version FROM schema_version`).Scan(&v))
	ms, err := loadMigrations()
	require.NoError(t, err)
	require.Equal(t, ms[len(ms)-1].version, v)
	require.NoError(t, s2.r.QueryRowContext(ctx, `SELECT COUNT(*) FROM lobbies WHERE id = 1 AND slug = 'public' AND public = 1`).Scan(&n))
	require.Equal(t, 1, n)
}

func TestAccounts(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	none, err := s.AccountByFingerprint(ctx, "SHA256:nobody")
	require.NoError(t, err)
	require.Nil(t, none)

	a, err := s.CreateAccount(ctx, "SHA256:ada", "Ada", t0)
	require.NoError(t, err)
	require.NotZero(t, a.ID)
	_, err = s.CreateAccount(ctx, "SHA256:other", "ADA", t0)
	require.ErrorIs(t, err, lobby.ErrHandleTaken)
	_, err = s.CreateAccount(ctx, "SHA256:ada", "Someone", t0)
	require.Error(t, err)
	require.NotErrorIs(t, err, lobby.ErrHandleTaken)

	b, err := s.CreateAccount(ctx, "SHA256:bob", "bob", t0)
	require.NoError(t, err)
	require.ErrorIs(t, s.RenameAccount(ctx, b.ID, "aDa"), lobby.ErrHandleTaken)
	require.NoError(t, s.RenameAccount(ctx, b.ID, "Bobby"))
	got, err := s.AccountByHandle(ctx, "BOBBY")
	require.NoError(t, err)
	require.Equal(t, b.ID, got.ID)
	require.Equal(t, "Bobby", got.Handle)
	got, err = s.AccountByFingerprint(ctx, "SHA256:ada")
	require.NoError(t, err)
	require.Equal(t, *a, *got)

	bot, err := s.EnsureBot(ctx, "bot-testgame", t0)
	require.NoError(t, err)
	require.True(t, bot.Bot)
	again, err := s.EnsureBot(ctx, "bot-testgame", t0.Add(time.Hour))
	require.NoError(t, err)
	require.Equal(t, bot.ID, again.ID)
	_, err = s.EnsureBot(ctx, "ada", t0)
	require.ErrorIs(t, err, lobby.ErrHandleTaken)
	byID, err := s.AccountByID(ctx, bot.ID)
	require.NoError(t, err)
	require.Equal(t, "", byID.Fingerprint)
	require.True(t, byID.Bot)
}

func TestLobbiesAndMembers(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	a, err := s.CreateAccount(ctx, "fa", "ada", t0)
	require.NoError(t, err)
	b, err := s.CreateAccount(ctx, "fb", "bob", t0)
	require.NoError(t, err)
	id, err := s.CreateLobby(ctx, lobby.LobbyRecord{Slug: "team", Name: "Team", OwnerID: a.ID, InviteCode: "ABCD2345", CreatedAt: t0})
	require.NoError(t, err)
	_, err = s.CreateLobby(ctx, lobby.LobbyRecord{Slug: "TEAM", Name: "Team", OwnerID: a.ID, InviteCode: "ZZZZ2345", CreatedAt: t0})
	require.Error(t, err, "slugs are unique regardless of case")
	require.NoError(t, s.AddMember(ctx, id, b.ID, t0.Add(time.Minute)))
	require.NoError(t, s.AddMember(ctx, id, b.ID, t0.Add(time.Hour)), "adding twice is a no-op")
	require.NoError(t, s.UpdateLobby(ctx, id, b.ID, "NEWC0DE9"))
	require.ErrorIs(t, s.UpdateLobby(ctx, lobby.PublicLobbyID, b.ID, "X"), lobby.ErrNotFound)

	ls, err := s.LoadLobbies(ctx)
	require.NoError(t, err)
	require.Len(t, ls, 2)
	require.True(t, ls[0].Public)
	require.Equal(t, lobby.PublicLobbyID, ls[0].ID)
	l := ls[1]
	require.Equal(t, b.ID, l.OwnerID)
	require.Equal(t, "NEWC0DE9", l.InviteCode)
	require.Equal(t, []lobby.MemberRecord{{AccountID: a.ID, Handle: "ada", JoinedAt: t0}, {AccountID: b.ID, Handle: "bob", JoinedAt: t0.Add(time.Minute)}}, l.Members)

	require.NoError(t, s.RemoveMember(ctx, id, a.ID))
	ls, err = s.LoadLobbies(ctx)
	require.NoError(t, err)
	require.Len(t, ls[1].Members, 1)
}

func TestTablesActionsResults(t *testing.T) {
	ctx := context.Background()
	s, path := openTest(t)
	a, err := s.CreateAccount(ctx, "fa", "ada", t0)
	require.NoError(t, err)
	bot, err := s.EnsureBot(ctx, "bot-testgame", t0)
	require.NoError(t, err)
	rec := lobby.TableRecord{LobbyID: lobby.PublicLobbyID, Game: "testgame", Options: map[string]string{"target": "15"},
		HostID: a.ID, Status: lobby.TableForming, Seats: make([]lobby.SeatRecord, 3), CreatedAt: t0, UpdatedAt: t0}
	rec.Seats[0] = lobby.SeatRecord{AccountID: a.ID}
	id, err := s.CreateTable(ctx, rec)
	require.NoError(t, err)
	rec.ID = id
	rec.Seats[0].Ready = true
	rec.Seats[2] = lobby.SeatRecord{AccountID: bot.ID, Bot: true}
	rec.Seats = rec.Seats[:3]
	rec.TurnTimer = 60
	rec.Status = lobby.TablePlaying
	rec.Setup = &engine.Setup{Seats: 3, Options: rec.Options, Seed: 42}
	rec.UpdatedAt = t0.Add(time.Minute)
	rec.StartedAt = t0.Add(30 * time.Second)
	require.NoError(t, s.SaveTable(ctx, rec))

	for i := 1; i <= 3; i++ {
		require.NoError(t, s.AppendAction(ctx, id, lobby.ActionRecord{Seq: i, Seat: i - 1, Action: json.RawMessage(`{"kind":"bid","amount":1}`), At: t0.Add(time.Duration(i) * time.Second)}))
	}
	require.Error(t, s.AppendAction(ctx, id, lobby.ActionRecord{Seq: 3, Seat: 0, Action: json.RawMessage(`{}`), At: t0}), "seq is unique")

	// A finished table older than since is not loaded.
	old := rec
	old.Seats = []lobby.SeatRecord{{AccountID: a.ID}, {}}
	old.Status, old.Setup, old.StartedAt = lobby.TableForming, nil, time.Time{}
	oldID, err := s.CreateTable(ctx, old)
	require.NoError(t, err)
	old.ID, old.Status = oldID, lobby.TableAbandoned
	require.NoError(t, s.SaveTable(ctx, old))

	require.NoError(t, s.Close())
	s, err = Open(ctx, path, nil)
	require.NoError(t, err)
	defer s.Close()
	ts, err := s.LoadTables(ctx, t0.Add(time.Hour))
	require.NoError(t, err)
	require.Len(t, ts, 1)
	got := ts[0]
	require.Equal(t, id, got.ID)
	require.Equal(t, lobby.TablePlaying, got.Status)
	require.Equal(t, 60, got.TurnTimer)
	require.Equal(t, *rec.Setup, *got.Setup)
	require.Equal(t, []lobby.SeatRecord{{AccountID: a.ID, Handle: "ada", Ready: true}, {}, {AccountID: bot.ID, Handle: "bot-testgame", Bot: true}}, got.Seats)
	require.Equal(t, t0, got.CreatedAt)
	require.Equal(t, t0.Add(time.Minute), got.UpdatedAt)
	require.Equal(t, t0.Add(30*time.Second), got.StartedAt)
	ts, err = s.LoadTables(ctx, time.Time{})
	require.NoError(t, err)
	require.Len(t, ts, 2)

	acts, err := s.LoadActions(ctx, id)
	require.NoError(t, err)
	require.Len(t, acts, 3)
	require.Equal(t, 2, acts[2].Seat)
	require.JSONEq(t, `{"kind":"bid","amount":1}`, string(acts[2].Action))
	require.Equal(t, t0.Add(3*time.Second), acts[2].At)

	end := lobby.GameEnd{TableID: id, LobbyID: lobby.PublicLobbyID, Game: "testgame", Reason: "Seat 1 won.", Rounds: 4, At: t0.Add(time.Hour),
		Seats: []lobby.SeatOutcome{{Seat: 0, AccountID: a.ID, Placement: 1, Score: 17, Status: engine.StatusFinished},
			{Seat: 1, AccountID: a.ID + 100, Placement: 2, Score: 3, Status: engine.StatusFinished},
			{Seat: 2, AccountID: bot.ID, Bot: true, Placement: 3, Score: 1, Status: engine.StatusResigned}}}
	require.Error(t, s.FinishGame(ctx, end), "an unknown account fails the whole transaction")
	var n int
	require.NoError(t, s.r.QueryRowContext(ctx, `SELECT COUNT(*) FROM results`).Scan(&n))
	require.Zero(t, n)
	var status string
	require.NoError(t, s.r.QueryRowContext(ctx, `SELECT status FROM games WHERE id = ?`, id).Scan(&status))
	require.Equal(t, lobby.TablePlaying, status, "the failed finish left the game playing")

	end.Seats[1].AccountID = a.ID
	require.NoError(t, s.FinishGame(ctx, end))
	require.ErrorIs(t, s.FinishGame(ctx, end), lobby.ErrNotPlaying)
	require.NoError(t, s.r.QueryRowContext(ctx, `SELECT status FROM games WHERE id = ?`, id).Scan(&status))
	require.Equal(t, lobby.TableFinished, status)
	rows, err := s.r.QueryContext(ctx, `SELECT seat, placement, score, won, status, rounds, bot FROM results WHERE game_id = ? ORDER BY seat`, id)
	require.NoError(t, err)
	var lines []string
	for rows.Next() {
		var seat, place, won, rounds, isBot int
		var score int64
		var st string
		require.NoError(t, rows.Scan(&seat, &place, &score, &won, &st, &rounds, &isBot))
		lines = append(lines, fmt.Sprintf("%d %d %d %d %s %d %d", seat, place, score, won, st, rounds, isBot))
	}
	require.NoError(t, rows.Close())
	require.Equal(t, []string{"0 1 17 1 finished 4 0", "1 2 3 0 finished 4 0", "2 3 1 0 resigned 4 1"}, lines)
}

func TestChatKeepsNewest(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	a, err := s.CreateAccount(ctx, "fa", "ada", t0)
	require.NoError(t, err)
	ch := lobby.LobbyChannel(lobby.PublicLobbyID)
	other := lobby.SpectatorChannel(7)
	for i := 0; i < 8; i++ {
		_, err := s.AddChat(ctx, lobby.ChatMessage{Channel: ch, AuthorID: a.ID, Handle: "ada", Text: fmt.Sprint("m", i), At: t0.Add(time.Duration(i) * time.Second)}, 5)
		require.NoError(t, err)
	}
	_, err = s.AddChat(ctx, lobby.ChatMessage{Channel: other, Handle: "server", Text: "hi", System: true, At: t0}, 5)
	require.NoError(t, err)
	msgs, err := s.RecentChat(ctx, ch, 100)
	require.NoError(t, err)
	require.Len(t, msgs, 5)
	require.Equal(t, "m3", msgs[0].Text)
	require.Equal(t, "m7", msgs[4].Text)
	require.Equal(t, t0.Add(7*time.Second), msgs[4].At)
	msgs, err = s.RecentChat(ctx, ch, 2)
	require.NoError(t, err)
	require.Equal(t, []string{"m6", "m7"}, []string{msgs[0].Text, msgs[1].Text})
	msgs, err = s.RecentChat(ctx, other, 10)
	require.NoError(t, err)
	require.Len(t, msgs, 1)
	require.True(t, msgs[0].System)
	require.Zero(t, msgs[0].AuthorID)
	_, err = s.RecentChat(ctx, lobby.Channel{}, 1)
	require.Error(t, err)
}
