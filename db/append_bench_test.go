package db

import (
	"context"
	"encoding/json"
	"path/filepath"
	"runtime"
	"sync/atomic"
	"testing"

	"boardroom/lobby"
)

// BenchmarkAppendAction is one move written to the action log, as every
// move of every table is.
func BenchmarkAppendAction(b *testing.B) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(b.TempDir(), "bench.db"), nil)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	a, err := s.CreateAccount(ctx, "fa", "ada", t0)
	if err != nil {
		b.Fatal(err)
	}
	id, err := s.CreateTable(ctx, lobby.TableRecord{LobbyID: lobby.PublicLobbyID, Game: "testgame", HostID: a.ID,
		Status: lobby.TablePlaying, Seats: []lobby.SeatRecord{{AccountID: a.ID, Ready: true}}, CreatedAt: t0, UpdatedAt: t0})
	if err != nil {
		b.Fatal(err)
	}
	act := json.RawMessage(`{"kind":"roll","seat":0}`)
	b.ReportAllocs()
	for i := range b.N {
		if err := s.AppendAction(ctx, id, lobby.ActionRecord{Seq: i + 1, Action: act, At: t0}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAppendActionTables is moves of 64 tables (on 2 processors) appended at once, as a
// busy server's are: each waits for its row's commit.
func BenchmarkAppendActionTables(b *testing.B) {
	const perProc = 32 // goroutines a processor: the tables' bots and sessions
	s, ids := openWithTables(b, perProc*runtime.GOMAXPROCS(0))
	ctx := context.Background()
	act := json.RawMessage(`{"kind":"roll","seat":0}`)
	var next atomic.Int64
	b.SetParallelism(perProc)
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		id := ids[int(next.Add(1)-1)%len(ids)]
		seq := 0
		for pb.Next() {
			seq++
			if err := s.AppendAction(ctx, id, lobby.ActionRecord{Seq: seq, Action: act, At: t0}); err != nil {
				b.Error(err)
				return
			}
		}
	})
}
