// Package storetest is the contract of lobby.Store as a test suite: every
// store (SQLite in package db, PostgreSQL in db/postgres) runs it, so that
// the lobby sees the same behaviour whichever it is given. Each subtest
// opens a fresh, empty store and checks it through the store's methods
// only, never its SQL.
package storetest

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/lobby"
	"boardroom/lobby/moderation"
	"boardroom/lobby/tournament"
)

// Store is what the suite checks: the lobby's store and the optional parts
// the lobby looks for on it (the import marker, the last lobby).
type Store interface {
	lobby.Store
	lobby.LastLobbyStore
	lobby.ImportStore
	lobby.ImportDigestStore
	lobby.SettingsStore
	lobby.WebhookStore
	moderation.Store
	tournament.Store
	lobby.BlockStore
	lobby.ReportStore
}

// Open makes a fresh, empty store for one subtest (closed by the test's
// cleanup).
type Open func(t *testing.T) Store

// T0 is the time the suite's records are made at.
var T0 = time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)

// Run runs every check of the contract as a subtest.
func Run(t *testing.T, open Open) {
	for _, c := range []struct {
		name string
		fn   func(t *testing.T, s Store)
	}{
		{"Accounts", testAccounts},
		{"LobbiesAndMembers", testLobbiesAndMembers},
		{"TablesActionsResults", testTablesActionsResults},
		{"DuplicateActionRefused", testDuplicateActionRefused},
		{"ChatKeepsNewest", testChatKeepsNewest},
		{"ImportedMark", testImportedMark},
		{"GoldenVectorThroughTheStore", testGoldenVector},
		{"PrivateLobbyGameUpdatesOnlyItsLadder", testPrivateLobbyLadder},
		{"BotWithSeveralSeatsCountsOnce", testBotCountsOnce},
		{"UnratedGameStoresResultsOnly", testUnratedGame},
		{"FailedEndRollsBack", testFailedEndRollsBack},
		{"AccountResultsAndTotalsFollowVisibility", testVisibility},
		{"LobbyResults", testLobbyResults},
		{"LastLobbyIsRemembered", testLastLobby},
		{"SettingsPerAccount", testSettings},
		{"WebhookPerLobby", testWebhooks},
		{"DealHeldOnce", testDealHeldOnce},
		{"ConcurrentClaimsOneWins", testConcurrentClaimsOneWins},
		{"BansHoldUntilTheirEnd", testBans},
		{"OperatorAuditInOrder", testOperatorAudit},
		{"TournamentsEntriesAndGames", testTournaments},
		{"TournamentSeatingLease", testTournamentSeatingLease},
		{"TournamentJoinOpen", testTournamentJoinOpen},
		{"DeleteChatLine", testDeleteChat},
		{"BlocksPerPlayer", testBlocks},
		{"ReportsKeepTheLines", testReports},
	} {
		t.Run(c.name, func(t *testing.T) { c.fn(t, open(t)) })
	}
}

func testAccounts(t *testing.T, s Store) {
	ctx := context.Background()
	none, err := s.AccountByFingerprint(ctx, "SHA256:nobody")
	require.NoError(t, err)
	require.Nil(t, none)
	none, err = s.AccountByHandle(ctx, "nobody")
	require.NoError(t, err)
	require.Nil(t, none)
	none, err = s.AccountByID(ctx, 9999)
	require.NoError(t, err)
	require.Nil(t, none)

	a, err := s.CreateAccount(ctx, "SHA256:ada", "Ada", T0)
	require.NoError(t, err)
	require.NotZero(t, a.ID)
	_, err = s.CreateAccount(ctx, "SHA256:other", "ADA", T0)
	require.ErrorIs(t, err, lobby.ErrHandleTaken)
	_, err = s.CreateAccount(ctx, "SHA256:ada", "Someone", T0)
	require.Error(t, err)
	require.NotErrorIs(t, err, lobby.ErrHandleTaken)

	b, err := s.CreateAccount(ctx, "SHA256:bob", "bob", T0)
	require.NoError(t, err)
	require.ErrorIs(t, s.RenameAccount(ctx, b.ID, "aDa"), lobby.ErrHandleTaken)
	require.NoError(t, s.RenameAccount(ctx, b.ID, "Bobby"))
	require.ErrorIs(t, s.RenameAccount(ctx, 9999, "Nobody"), lobby.ErrNotFound)
	got, err := s.AccountByHandle(ctx, "BOBBY")
	require.NoError(t, err)
	require.Equal(t, b.ID, got.ID)
	require.Equal(t, "Bobby", got.Handle)
	got, err = s.AccountByFingerprint(ctx, "SHA256:ada")
	require.NoError(t, err)
	require.Equal(t, *a, *got)

	bot, err := s.EnsureBot(ctx, "bot-testgame", T0)
	require.NoError(t, err)
	require.True(t, bot.Bot)
	again, err := s.EnsureBot(ctx, "bot-testgame", T0.Add(time.Hour))
	require.NoError(t, err)
	require.Equal(t, bot.ID, again.ID)
	_, err = s.EnsureBot(ctx, "ada", T0)
	require.ErrorIs(t, err, lobby.ErrHandleTaken)
	byID, err := s.AccountByID(ctx, bot.ID)
	require.NoError(t, err)
	require.Equal(t, "", byID.Fingerprint)
	require.True(t, byID.Bot)
	require.Equal(t, T0, byID.CreatedAt)
}

func testLobbiesAndMembers(t *testing.T, s Store) {
	ctx := context.Background()
	a, err := s.CreateAccount(ctx, "fa", "ada", T0)
	require.NoError(t, err)
	b, err := s.CreateAccount(ctx, "fb", "bob", T0)
	require.NoError(t, err)
	id, err := s.CreateLobby(ctx, lobby.LobbyRecord{Slug: "team", Name: "Team", OwnerID: a.ID, InviteCode: "ABCD2345", CreatedAt: T0})
	require.NoError(t, err)
	require.NotEqual(t, lobby.PublicLobbyID, id)
	_, err = s.CreateLobby(ctx, lobby.LobbyRecord{Slug: "TEAM", Name: "Team", OwnerID: a.ID, InviteCode: "ZZZZ2345", CreatedAt: T0})
	require.Error(t, err, "slugs are unique regardless of case")
	require.NoError(t, s.AddMember(ctx, id, b.ID, T0.Add(time.Minute)))
	require.NoError(t, s.AddMember(ctx, id, b.ID, T0.Add(time.Hour)), "adding twice is a no-op")
	require.NoError(t, s.UpdateLobby(ctx, id, b.ID, "NEWC0DE9"))
	require.ErrorIs(t, s.UpdateLobby(ctx, lobby.PublicLobbyID, b.ID, "X"), lobby.ErrNotFound)

	ls, err := s.LoadLobbies(ctx)
	require.NoError(t, err)
	require.Len(t, ls, 2)
	require.True(t, ls[0].Public)
	require.Equal(t, lobby.PublicLobbyID, ls[0].ID)
	require.Equal(t, "public", ls[0].Slug)
	l := ls[1]
	require.Equal(t, id, l.ID)
	require.False(t, l.Public)
	require.Equal(t, b.ID, l.OwnerID)
	require.Equal(t, "NEWC0DE9", l.InviteCode)
	require.Equal(t, T0, l.CreatedAt)
	require.Equal(t, []lobby.MemberRecord{{AccountID: a.ID, Handle: "ada", JoinedAt: T0}, {AccountID: b.ID, Handle: "bob", JoinedAt: T0.Add(time.Minute)}}, l.Members)

	require.NoError(t, s.RemoveMember(ctx, id, a.ID))
	ls, err = s.LoadLobbies(ctx)
	require.NoError(t, err)
	require.Len(t, ls[1].Members, 1)
}

func testTablesActionsResults(t *testing.T, s Store) {
	ctx := context.Background()
	a, err := s.CreateAccount(ctx, "fa", "ada", T0)
	require.NoError(t, err)
	bot, err := s.EnsureBot(ctx, "bot-testgame", T0)
	require.NoError(t, err)
	rec := lobby.TableRecord{LobbyID: lobby.PublicLobbyID, Game: "testgame", Options: map[string]string{"target": "15"},
		HostID: a.ID, Status: lobby.TableForming, Seats: make([]lobby.SeatRecord, 3), CreatedAt: T0, UpdatedAt: T0}
	rec.Seats[0] = lobby.SeatRecord{AccountID: a.ID}
	id, err := s.CreateTable(ctx, rec)
	require.NoError(t, err)
	got, err := s.LoadTable(ctx, id)
	require.NoError(t, err)
	require.Equal(t, lobby.TableForming, got.Status)
	require.Nil(t, got.Setup)
	require.True(t, got.StartedAt.IsZero())
	require.Equal(t, map[string]string{"target": "15"}, got.Options)

	rec.ID = id
	rec.Seats[0].Ready = true
	rec.Seats[2] = lobby.SeatRecord{AccountID: bot.ID, Bot: true}
	rec.TurnTimer = 60
	rec.Status = lobby.TablePlaying
	rec.Setup = &engine.Setup{Seats: 3, Options: rec.Options, Seed: 42}
	rec.UpdatedAt = T0.Add(time.Minute)
	rec.StartedAt = T0.Add(30 * time.Second)
	require.NoError(t, s.SaveTable(ctx, rec))
	missing := rec
	missing.ID = id + 1000
	require.ErrorIs(t, s.SaveTable(ctx, missing), lobby.ErrNotFound)

	for i := 1; i <= 3; i++ {
		require.NoError(t, s.AppendAction(ctx, id, lobby.ActionRecord{Seq: i, Seat: i - 1, Action: json.RawMessage(`{"kind":"bid","amount":1}`), At: T0.Add(time.Duration(i) * time.Second)}))
	}

	// A finished table older than since is not loaded.
	old := rec
	old.Seats = []lobby.SeatRecord{{AccountID: a.ID}, {}}
	old.Status, old.Setup, old.StartedAt = lobby.TableForming, nil, time.Time{}
	oldID, err := s.CreateTable(ctx, old)
	require.NoError(t, err)
	old.ID, old.Status = oldID, lobby.TableAbandoned
	require.NoError(t, s.SaveTable(ctx, old))

	ts, err := s.LoadTables(ctx, T0.Add(time.Hour))
	require.NoError(t, err)
	require.Len(t, ts, 1)
	got = &ts[0]
	require.Equal(t, id, got.ID)
	require.Equal(t, lobby.PublicLobbyID, got.LobbyID)
	require.Equal(t, "testgame", got.Game)
	require.Equal(t, a.ID, got.HostID)
	require.Equal(t, lobby.TablePlaying, got.Status)
	require.Equal(t, 60, got.TurnTimer)
	require.Equal(t, *rec.Setup, *got.Setup)
	require.Equal(t, []lobby.SeatRecord{{AccountID: a.ID, Handle: "ada", Ready: true}, {}, {AccountID: bot.ID, Handle: "bot-testgame", Bot: true}}, got.Seats)
	require.Equal(t, T0, got.CreatedAt)
	require.Equal(t, T0.Add(time.Minute), got.UpdatedAt)
	require.Equal(t, T0.Add(30*time.Second), got.StartedAt)
	ts, err = s.LoadTables(ctx, time.Time{})
	require.NoError(t, err)
	require.Len(t, ts, 2)
	require.Equal(t, []int64{id, oldID}, []int64{ts[0].ID, ts[1].ID}, "in order of id")

	acts, err := s.LoadActions(ctx, id)
	require.NoError(t, err)
	require.Len(t, acts, 3)
	require.Equal(t, 2, acts[2].Seat)
	require.Equal(t, 3, acts[2].Seq)
	require.JSONEq(t, `{"kind":"bid","amount":1}`, string(acts[2].Action))
	require.Equal(t, T0.Add(3*time.Second), acts[2].At)
	none, err := s.LoadActions(ctx, oldID)
	require.NoError(t, err)
	require.Empty(t, none)

	end := lobby.GameEnd{TableID: id, LobbyID: lobby.PublicLobbyID, Game: "testgame", Reason: "Seat 1 won.", Rounds: 4, At: T0.Add(time.Hour),
		Seats: []lobby.SeatOutcome{{Seat: 0, AccountID: a.ID, Placement: 1, Score: 17, Status: engine.StatusFinished},
			{Seat: 1, AccountID: a.ID + 100, Placement: 2, Score: 3, Status: engine.StatusFinished},
			{Seat: 2, AccountID: bot.ID, Bot: true, Placement: 3, Score: 1, Status: engine.StatusResigned}}}
	require.Error(t, s.FinishGame(ctx, end), "an unknown account fails the whole transaction")
	res, err := s.GameResult(ctx, id)
	require.NoError(t, err)
	require.Nil(t, res, "no result of a game still playing")
	got, err = s.LoadTable(ctx, id)
	require.NoError(t, err)
	require.Equal(t, lobby.TablePlaying, got.Status, "the failed finish left the game playing")

	end.Seats[1].AccountID = a.ID
	require.NoError(t, s.FinishGame(ctx, end))
	require.ErrorIs(t, s.FinishGame(ctx, end), lobby.ErrNotPlaying)
	got, err = s.LoadTable(ctx, id)
	require.NoError(t, err)
	require.Equal(t, lobby.TableFinished, got.Status)
	require.Equal(t, T0.Add(time.Hour), got.UpdatedAt)
	res, err = s.GameResult(ctx, id)
	require.NoError(t, err)
	require.Equal(t, "Seat 1 won.", res.Reason)
	require.Equal(t, 4, res.Rounds)
	require.False(t, res.Rated)
	require.Equal(t, T0.Add(time.Hour), res.FinishedAt)
	var lines []string
	for _, st := range res.Seats {
		lines = append(lines, fmt.Sprintf("%d %d %d %v %s %v %s", st.Seat, st.Placement, st.Score, st.Won(), st.Status, st.Bot, st.Handle))
	}
	require.Equal(t, []string{"0 1 17 true finished false ada", "1 2 3 false finished false ada",
		"2 3 1 false resigned true bot-testgame"}, lines)
}

// testDuplicateActionRefused: the log's (table, seq) key refuses an action
// stored twice, so that no action is applied twice.
func testDuplicateActionRefused(t *testing.T, s Store) {
	ctx := context.Background()
	a, err := s.CreateAccount(ctx, "fa", "ada", T0)
	require.NoError(t, err)
	id, err := s.CreateTable(ctx, lobby.TableRecord{LobbyID: lobby.PublicLobbyID, Game: "testgame", HostID: a.ID,
		Status: lobby.TablePlaying, Seats: []lobby.SeatRecord{{AccountID: a.ID}}, CreatedAt: T0, UpdatedAt: T0})
	require.NoError(t, err)
	require.NoError(t, s.AppendAction(ctx, id, lobby.ActionRecord{Seq: 1, Action: json.RawMessage(`{"kind":"a"}`), At: T0}))
	require.Error(t, s.AppendAction(ctx, id, lobby.ActionRecord{Seq: 1, Action: json.RawMessage(`{"kind":"b"}`), At: T0}), "seq is unique")
	acts, err := s.LoadActions(ctx, id)
	require.NoError(t, err)
	require.Len(t, acts, 1)
	require.JSONEq(t, `{"kind":"a"}`, string(acts[0].Action), "the first stays")
}

func testChatKeepsNewest(t *testing.T, s Store) {
	ctx := context.Background()
	a, err := s.CreateAccount(ctx, "fa", "ada", T0)
	require.NoError(t, err)
	ch := lobby.LobbyChannel(lobby.PublicLobbyID)
	other := lobby.SpectatorChannel(7)
	var ids []int64
	for i := 0; i < 8; i++ {
		id, err := s.AddChat(ctx, lobby.ChatMessage{Channel: ch, AuthorID: a.ID, Handle: "ada", Text: fmt.Sprint("m", i), At: T0.Add(time.Duration(i) * time.Second)}, 5)
		require.NoError(t, err)
		ids = append(ids, id)
	}
	require.IsIncreasing(t, ids)
	_, err = s.AddChat(ctx, lobby.ChatMessage{Channel: other, Handle: "server", Text: "hi", System: true, At: T0}, 5)
	require.NoError(t, err)
	msgs, err := s.RecentChat(ctx, ch, 100)
	require.NoError(t, err)
	require.Len(t, msgs, 5)
	require.Equal(t, "m3", msgs[0].Text)
	require.Equal(t, "m7", msgs[4].Text)
	require.Equal(t, ids[7], msgs[4].ID)
	require.Equal(t, a.ID, msgs[4].AuthorID)
	require.Equal(t, ch, msgs[4].Channel)
	require.Equal(t, T0.Add(7*time.Second), msgs[4].At)
	msgs, err = s.RecentChat(ctx, ch, 2)
	require.NoError(t, err)
	require.Equal(t, []string{"m6", "m7"}, []string{msgs[0].Text, msgs[1].Text})
	msgs, err = s.RecentChat(ctx, other, 10)
	require.NoError(t, err)
	require.Len(t, msgs, 1)
	require.True(t, msgs[0].System)
	require.Zero(t, msgs[0].AuthorID)
	msgs, err = s.RecentChat(ctx, lobby.TableChannel(7), 10)
	require.NoError(t, err)
	require.Empty(t, msgs, "a table's players' channel is not its spectators'")
	_, err = s.RecentChat(ctx, lobby.Channel{}, 1)
	require.Error(t, err)
}

func testImportedMark(t *testing.T, s Store) {
	ctx := context.Background()
	at := time.Date(2025, 6, 1, 9, 0, 0, 0, time.UTC)
	acc, err := s.CreateAccount(ctx, "SHA256:ada", "ada", at)
	require.NoError(t, err)
	mk := func() int64 {
		id, err := s.CreateTable(ctx, lobby.TableRecord{LobbyID: lobby.PublicLobbyID, Game: "testgame", HostID: acc.ID,
			Status: lobby.TableAbandoned, Seats: []lobby.SeatRecord{{AccountID: acc.ID}, {}}, CreatedAt: at, UpdatedAt: at})
		require.NoError(t, err)
		return id
	}
	a, b := mk(), mk()
	require.NoError(t, s.MarkImported(ctx, b, 7, at))
	got, err := s.Imported(ctx, b)
	require.NoError(t, err)
	require.True(t, got)
	got, err = s.Imported(ctx, a)
	require.NoError(t, err)
	require.False(t, got)
	require.Error(t, s.MarkImported(ctx, b, 7, at), "a table is imported once")
	require.Error(t, s.MarkImported(ctx, 9999, 7, at), "only tables that exist")

	// DealTable finds a table by game and exact seed.
	c := mk()
	for i, seed := range []uint64{12, 123, 1<<64 - 1} {
		rec := lobby.TableRecord{ID: []int64{a, b, c}[i], HostID: acc.ID, Status: lobby.TablePlaying,
			Seats: []lobby.SeatRecord{{AccountID: acc.ID}}, Setup: &engine.Setup{Seats: 1, Seed: seed,
				Options: map[string]string{"note": `"seed":99`}}, UpdatedAt: at}
		require.NoError(t, s.SaveTable(ctx, rec))
	}
	for seed, want := range map[uint64]int64{12: a, 123: b, 1<<64 - 1: c, 1: 0, 99: 0, 1<<64 - 2: 0} {
		id, lobbyID, err := s.DealTable(ctx, "testgame", seed)
		require.NoError(t, err)
		require.Equal(t, want, id, "seed %d", seed)
		if want != 0 {
			require.Equal(t, lobby.PublicLobbyID, lobbyID)
		}
	}
	id, _, err := s.DealTable(ctx, "unipoly", 12)
	require.NoError(t, err)
	require.Zero(t, id, "another game with the same seed is another deal")

	// A finished game's import keeps the digest of the game it holds.
	d := mk()
	require.Error(t, s.MarkImportDigest(ctx, d, "abc"), "only a table marked imported")
	require.NoError(t, s.MarkImported(ctx, d, 8, at))
	require.NoError(t, s.MarkImportDigest(ctx, b, "abc"))
	require.NoError(t, s.MarkImportDigest(ctx, d, "abc"))
	ids, err := s.DigestTables(ctx, "abc")
	require.NoError(t, err)
	require.Equal(t, []int64{b, d}, ids, "oldest first")
	ids, err = s.DigestTables(ctx, "abd")
	require.NoError(t, err)
	require.Empty(t, ids)
	for id, want := range map[int64]string{b: "abc", a: "", 9999: ""} {
		got, err := s.ImportDigest(ctx, id)
		require.NoError(t, err)
		require.Equal(t, want, got, "table %d", id)
	}
	e := mk()
	require.NoError(t, s.MarkImported(ctx, e, 9, at))
	got2, err := s.ImportDigest(ctx, e)
	require.NoError(t, err)
	require.Empty(t, got2, "a running game's import has none")
}
