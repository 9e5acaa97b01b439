package main

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/lobby"
	"boardroom/lobby/lobbytest"
	"boardroom/lobby/tournament"
)

// handTournamentRound hands every human seat of the tournament's running
// games of the round (0: of any) to a bot, on node n (forwarded to the
// tables' owner where n holds a replica): the bots stand in for the players.
func handTournamentRound(t *testing.T, n *e2eNode, viewer *lobby.Account, id int64, round int, players map[int64]*lobby.Account) {
	t.Helper()
	ctx := context.Background()
	tv, err := n.svc.Tournament(ctx, viewer, id)
	require.NoError(t, err)
	for _, g := range tv.Games {
		if g.Finished || round != 0 && g.Round != round {
			continue
		}
		tb, err := n.svc.Table(ctx, viewer, g.TableID)
		if errors.Is(err, lobby.ErrNotFound) {
			continue // opening, or no replica here yet: the caller calls again
		}
		require.NoError(t, err, "table %d of round %d on %s", g.TableID, g.Round, n.name)
		for _, st := range tb.Seats {
			if acc := players[st.AccountID]; acc != nil && !st.Bot {
				if err := n.svc.HandOver(ctx, acc, g.TableID, true); err != nil && !errors.Is(err, lobby.ErrNotPlaying) {
					require.NoError(t, err)
				}
			}
		}
	}
}

// storedRounds counts the stored games of the tournament by round.
func storedRounds(t *testing.T, n *e2eNode, id int64) map[int]int {
	t.Helper()
	games, err := n.store.TournamentGames(context.Background(), id)
	require.NoError(t, err)
	out := map[int]int{}
	for _, g := range games {
		out[g.Round]++
	}
	return out
}

// TestClusterE2ETournamentAcrossNodes (issue 31: everything survives a
// failover): a Swiss created on node-1 after node-2 started is seen and
// joined on node-2; both nodes arm its start time and exactly one seats
// the first round; rounds are seated once each whichever node records
// the last game of a round; the node that seated a round is killed with
// its games running, the other adopts them, and the tournament plays on
// to its final standings there.
func TestClusterE2ETournamentAcrossNodes(t *testing.T) {
	nodes := startE2ENodes(t, 2)
	a, b := nodes[0], nodes[1]
	ctx := context.Background()
	host := lobbytest.Player(t, a.svc, "host")
	carol := lobbytest.Player(t, a.svc, "carol")
	bob := lobbytest.Player(t, b.svc, "bob")
	dave := lobbytest.Player(t, b.svc, "dave")
	players := map[int64]*lobby.Account{host.ID: host, carol.ID: carol, bob.ID: bob, dave.ID: dave}
	byNode := map[*e2eNode][]*lobby.Account{a: {host, carol}, b: {bob, dave}}

	startsAt := time.Now().Add(1500 * time.Millisecond)
	tv, err := a.svc.CreateTournament(ctx, host, lobby.TournamentSettings{LobbyID: lobby.PublicLobbyID, Game: "testgame",
		Format: tournament.Swiss, Rounds: 3, TableSize: 2, StartsAt: startsAt}, true)
	require.NoError(t, err)
	id := tv.ID

	// node-2 started before it existed: it lists it and its players join there.
	listed, err := b.svc.Tournaments(ctx, bob, 0)
	require.NoError(t, err)
	require.Len(t, listed, 1)
	require.Equal(t, id, listed[0].ID)
	for n, accs := range byNode {
		for _, p := range accs {
			require.NoError(t, n.svc.JoinTournament(ctx, p, id), "%s joins on %s", p.Handle, n.name)
		}
	}
	for _, n := range nodes {
		waitFor(t, 5*time.Second, func() bool {
			v, err := n.svc.Tournament(ctx, host, id)
			return err == nil && len(v.Standings) == 4
		}, "%s does not see the four players", n.name)
	}

	// Both nodes' clocks reach the start time: round 1 is seated once.
	for _, n := range nodes {
		waitFor(t, 10*time.Second, func() bool {
			v, err := n.svc.Tournament(ctx, host, id)
			return err == nil && v.Status == tournament.Running && len(v.Games) == 2
		}, "%s does not show round 1 running", n.name)
	}
	require.Equal(t, map[int]int{1: 2}, storedRounds(t, a, id), "round 1 seated once")

	// Round 1's players hand over on their own nodes: the games end at
	// their owner, and round 2 is seated once.
	// (Again while a node does not hold a replica of a new table yet.)
	waitFor(t, 20*time.Second, func() bool {
		for n, accs := range byNode {
			for _, p := range accs {
				handTournamentRound(t, n, p, id, 1, map[int64]*lobby.Account{p.ID: p})
			}
		}
		return storedRounds(t, a, id)[2] == 2
	}, "round 2 is not seated")
	var round2 []int64
	for _, n := range nodes {
		waitFor(t, 5*time.Second, func() bool {
			v, err := n.svc.Tournament(ctx, host, id)
			if err != nil || v.Round != 2 {
				return false
			}
			round2 = round2[:0]
			for _, g := range v.Games {
				if g.Round == 2 {
					round2 = append(round2, g.TableID)
				}
			}
			return len(round2) == 2
		}, "%s does not show round 2", n.name)
	}
	require.Equal(t, map[int]int{1: 2, 2: 2}, storedRounds(t, b, id))

	// The node that owns round 2's tables dies with them running.
	var owner, survivor *e2eNode
	waitFor(t, 5*time.Second, func() bool {
		o := ownerOf(nodes, round2[0])
		return len(o) == 1 && len(ownerOf(nodes, round2[1])) == 1
	}, "round 2's tables have no owner")
	owner = ownerOf(nodes, round2[0])[0]
	survivor = a
	if owner == a {
		survivor = b
	}
	owner.dead = true
	owner.cl.Close()
	require.NoError(t, owner.svc.Shutdown(ctx))
	for _, tid := range round2 {
		waitFor(t, e2eTTL+e2ePeriod+5*time.Second, func() bool {
			o := ownerOf(nodes, tid)
			return len(o) == 1 && o[0] == survivor
		}, "%s does not adopt table %d", survivor.name, tid)
	}

	// Every player goes on on the survivor, to the end of round 3.
	waitFor(t, 60*time.Second, func() bool {
		v, err := survivor.svc.Tournament(ctx, host, id)
		require.NoError(t, err)
		if v.Status == tournament.Finished {
			return true
		}
		handTournamentRound(t, survivor, host, id, 0, players)
		return false
	}, "the tournament does not finish on %s", survivor.name)
	require.Equal(t, map[int]int{1: 2, 2: 2, 3: 2}, storedRounds(t, survivor, id), "every round seated once")
	final, err := survivor.svc.Tournament(ctx, host, id)
	require.NoError(t, err)
	require.Equal(t, 3, final.Round)
	require.Len(t, final.Standings, 4)
	for _, l := range final.Standings {
		require.Equal(t, 3, l.Games, "%s played every round", l.Handle)
	}
	for _, g := range final.Games {
		require.True(t, g.Finished, "table %d of round %d", g.TableID, g.Round)
	}
}
