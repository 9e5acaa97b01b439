package db

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/lobby"
)

// fillGames stores games finished games of two players, each with actions
// actions, the way the lobby stores them (the actions in one transaction,
// to keep a large fixture quick).
func fillGames(tb testing.TB, s *Store, games, actions int) {
	tb.Helper()
	ctx := context.Background()
	var ids [2]int64
	for i := range ids {
		a, err := s.CreateAccount(ctx, fmt.Sprint("SHA256:fill", i, time.Now().UnixNano()), fmt.Sprint("filler", i, "-", time.Now().UnixNano()%1e6), t0)
		require.NoError(tb, err)
		ids[i] = a.ID
	}
	for g := range games {
		rec := lobby.TableRecord{LobbyID: lobby.PublicLobbyID, Game: "testgame", HostID: ids[0], Status: lobby.TableForming,
			Seats: []lobby.SeatRecord{{AccountID: ids[0], Ready: true}, {AccountID: ids[1], Ready: true}}, CreatedAt: t0, UpdatedAt: t0}
		id, err := s.CreateTable(ctx, rec)
		require.NoError(tb, err)
		rec.ID, rec.Status, rec.Setup, rec.StartedAt = id, lobby.TablePlaying, &engine.Setup{Seats: 2, Seed: uint64(g)}, t0
		require.NoError(tb, s.SaveTable(ctx, rec))
		require.NoError(tb, s.tx(ctx, func(tx *sql.Tx) error {
			for i := 1; i <= actions; i++ {
				a := fmt.Sprintf(`{"kind":"bid","amount":%d,"note":"action %d of game %d"}`, i*7, i, g)
				if _, err := tx.ExecContext(ctx, `INSERT INTO actions (game_id, seq, seat, action, at) VALUES (?, ?, ?, ?, ?)`,
					id, i, i%2, a, fmtTime(t0.Add(time.Duration(i)*time.Second))); err != nil {
					return err
				}
			}
			return nil
		}))
		end := lobby.GameEnd{TableID: id, LobbyID: lobby.PublicLobbyID, Game: "testgame", Reason: "over", Rounds: 3, At: t0.Add(time.Hour),
			Seats: []lobby.SeatOutcome{{Seat: 0, AccountID: ids[0], Placement: 1, Score: 10, Status: engine.StatusFinished},
				{Seat: 1, AccountID: ids[1], Placement: 2, Score: 5, Status: engine.StatusFinished}}}
		require.NoError(tb, s.FinishGame(ctx, end))
	}
}

// damage overwrites n pages in the middle of the file with random bytes.
func damage(tb testing.TB, path string, n int) {
	tb.Helper()
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	require.NoError(tb, err)
	defer f.Close()
	st, err := f.Stat()
	require.NoError(tb, err)
	const page = 4096
	pages := st.Size() / page
	require.Greater(tb, pages, int64(4*n), "the database is too small to damage in the middle")
	rng := rand.New(rand.NewPCG(1, 2))
	junk := make([]byte, page)
	for i := range n {
		for j := range junk {
			junk[j] = byte(rng.UintN(256))
		}
		_, err := f.WriteAt(junk, (pages/2+int64(i)*3)*page)
		require.NoError(tb, err)
	}
	require.NoError(tb, f.Sync())
}

func TestCheckPassesAHealthyDatabaseAndAMissingOne(t *testing.T) {
	ctx := context.Background()
	require.NoError(t, Check(ctx, filepath.Join(t.TempDir(), "none.db")), "a new server creates its database")
	s, path := openTest(t)
	fillGames(t, s, 20, 30)
	require.NoError(t, Check(ctx, path), "the check runs beside an open store")
	require.NoError(t, s.Close())
	require.NoError(t, Check(ctx, path))
}

func TestCheckFindsDamageInTheMiddle(t *testing.T) {
	ctx := context.Background()
	s, path := openTest(t)
	fillGames(t, s, 150, 40)
	require.NoError(t, s.Close())
	damage(t, path, 3)

	err := Check(ctx, path)
	require.ErrorIs(t, err, ErrDamaged)
	var de *DamagedError
	require.ErrorAs(t, err, &de)
	require.Equal(t, path, de.Path)
	require.NotEmpty(t, de.Problems)
	require.LessOrEqual(t, len(de.Problems), maxProblems)
	require.Contains(t, err.Error(), path)
	t.Logf("%v: %q", err, de.Problems)
}

func TestCheckRefusesAFileThatIsNotADatabase(t *testing.T) {
	path := filepath.Join(t.TempDir(), "junk.db")
	require.NoError(t, os.WriteFile(path, []byte("this is not a database, whatever its name says, and it is long enough to have a header"), 0o600))
	require.ErrorIs(t, Check(context.Background(), path), ErrDamaged)
}

// BenchmarkCheck measures both checks on 5,000 finished games of 60
// actions (the figure is in docs/operating.md, "Integrity check at start").
func BenchmarkCheck(b *testing.B) {
	path := filepath.Join(b.TempDir(), "big.db")
	s, err := Open(context.Background(), path, nil)
	require.NoError(b, err)
	fillGames(b, s, 5000, 60)
	require.NoError(b, s.Close())
	st, err := os.Stat(path)
	require.NoError(b, err)
	b.Logf("database: %.1f MB", float64(st.Size())/1e6)
	for _, pragma := range []string{"quick_check", "integrity_check"} {
		b.Run(pragma, func(b *testing.B) {
			for b.Loop() {
				require.NoError(b, check(context.Background(), path, pragma))
			}
		})
	}
}
