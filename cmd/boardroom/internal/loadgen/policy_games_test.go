package loadgen

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Screens of IT's All in the Game and IT Billionaire at 80x24, trimmed to
// the lines the policies read.
const (
	aitgMenuScreen = `Table #2 · IT's All in the Game · round 1 · you are seat 1
0:52 left · your move! · Let's work! · waiting on p1-1-awr0
Your hand: Senior INF, Senior BIZ
Your action
> a Assign  t Train $2  p Promote $2  r Recruit $6  s Pass  x Resign
Assign a consultant from your hand to a desk
╭─ Log ────────────────────────────────╮`
	aitgTallMenu = `0:52 left · your move! · Let's work! · waiting on p1-1-awr0
Your action
> a  Assign a consultant from your hand to a desk
  t  Train: $2, give back a card, pick a Senior in secret
  s  Pass: no more actions this round
  x  Resign the game (asks first)
╭─ Log ────────────────────────────────╮`
	aitgPassOnly = `0:40 left · your move! · Let's work! · waiting on p1
> s Pass  x Resign
Pass: no more actions this round
╭─ Log ────────────────────────────────╮`
	aitgCardList = `0:40 left · your move! · Let's work! · waiting on p1
Assign which consultant?
> Senior INF (you hold 1)  Senior BIZ (you hold 1)
╭─ Log ────────────────────────────────╮`
	aitgDesk = `0:39 left · your move! · Let's work! · waiting on p1
Assign a Senior INF: 3 legal desks
> desk 2 of Network Refresh (INF)
arrows: next desk  enter: place  esc: back
╭─ Log ────────────────────────────────╮`
	aitgConfirm = `0:39 left · your move! · Let's work! · waiting on p1
Pass? You take no more actions this round.
y: yes    n, esc or any other key: no
╭─ Log ────────────────────────────────╮`
	aitgPick = `0:39 left · your move! · secret pick · waiting on p1
Secret pick (only you see this): take any Senior from the Senior deck
> Take a Senior DEV (4 in the deck)
╭─ Log ────────────────────────────────╮`
	aitgWaiting = `Let's work! · waiting on Bot 3
Waiting for Bot 3 to take an action or pass (Let's work!).
  x  Resign the game (asks first)
╭─ Log ────────────────────────────────╮`

	billCardsScreen = `1:52 left · your move! · choosing action cards (everyone at once, in secret) · w
Round 1/25 · secret choice of action cards
Your secret choice for round 1: 0 of at most 1 cards
    card          you hold chosen  what it does
>   Acquire Lab          3      0  buy a Lab in the zone
    Sell Lab             3      0  sell a zone Lab for 50%
    Select Work          4      0  draw 2 items, keep or drop
    Do Work              4      0  a zone Lab works an item
    Stop Work            4      0  drop an item, pay its fee
up/down card · +/- how many · enter lock in · esc later
╭─ Log ────────────────────────────────╮`
	billCardsChosen = `1:50 left · your move! · choosing action cards
Your secret choice for round 1: 1 of at most 1 cards
up/down card · +/- how many · enter lock in · esc later
╭─ Log ────────────────────────────────╮`
	billConfirm = `1:49 left · your move! · choosing action cards
Lock in 1 Select Work for round 1? Nobody sees them until you play them.
y/enter yes · n/esc no
╭─ Log ────────────────────────────────╮`
	billVisit = `0:58 left · your move! · East zone visit
w select work · e end visit · left/right zone · [ ] company · v map/company
╭─ Log ────────────────────────────────╮`
	billPickList = `0:58 left · your move! · East zone visit
Buy a Lab in the East zone
> Bangalore AS L 44
up/down choose · enter buy · esc cancel
╭─ Log ────────────────────────────────╮`
	billASCII = `0:58 left | your move! | East zone visit
d do work | e end visit | left/right zone
+- Log ---------------------------------+`
)

func TestAITGPolicy(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, tc := range []struct {
		name, screen, key string
		cont              bool
	}{
		{"pass when nothing else", aitgPassOnly, "s", false},
		{"card list", aitgCardList, "\r", true},
		{"desk", aitgDesk, "\r", true},
		{"question", aitgConfirm, "y", true},
		{"secret pick is a decision", aitgPick, "\r", false},
	} {
		st, ok := aitgPolicy(readScreen(tc.screen), rng)
		require.True(t, ok, tc.name)
		require.Equal(t, tc.key, string(st.keys[0].Bytes), tc.name)
		require.Equal(t, tc.cont, st.cont, tc.name)
	}
	_, ok := aitgPolicy(readScreen(aitgWaiting), rng)
	require.False(t, ok, "not this player's move")

	// The work menu, side by side at 80x24 or one a line: mostly assign,
	// sometimes the others, never resign.
	for _, screen := range []string{aitgMenuScreen, aitgTallMenu} {
		seen := map[string]int{}
		for range 400 {
			st, ok := aitgPolicy(readScreen(screen), rng)
			require.True(t, ok)
			require.False(t, st.cont)
			seen[st.label]++
		}
		require.Greater(t, seen["assign"], 250, "%v", seen)
		require.Positive(t, seen["train"], "%v", seen)
		require.Zero(t, seen["resign"]+seen["pass"], "%v", seen)
	}
}

func TestBillPolicy(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	// Round 1 plays Acquire Lab, under the cursor: +.
	st, ok := billPolicy(readScreen(billCardsScreen), rng)
	require.True(t, ok)
	require.False(t, st.cont, "choosing cards is a decision")
	require.Equal(t, []Key{key("+", "+")}, st.keys)
	// Round 2 plays Select Work: two rows down from the cursor, then +.
	st, ok = billPolicy(readScreen(strings.ReplaceAll(billCardsScreen, "round 1:", "round 2:")), rng)
	require.True(t, ok)
	require.Equal(t, []Key{downKey, downKey, key("+", "+")}, st.keys)
	// Round 3 plays Do Work; none held: Acquire Lab, the next in turn.
	noWork := strings.Replace(strings.ReplaceAll(billCardsScreen, "round 1:", "round 3:"), "Do Work              4", "Do Work              0", 1)
	st, ok = billPolicy(readScreen(noWork), rng)
	require.True(t, ok)
	require.Equal(t, []Key{key("+", "+")}, st.keys)

	for _, tc := range []struct {
		name, screen, key string
	}{
		{"lock in", billCardsChosen, "\r"},
		{"question", billConfirm, "y"},
		{"pick list", billPickList, "\r"},
	} {
		st, ok := billPolicy(readScreen(tc.screen), rng)
		require.True(t, ok, tc.name)
		require.True(t, st.cont, tc.name)
		require.Equal(t, tc.key, string(st.keys[0].Bytes), tc.name)
	}

	seen := map[string]int{}
	for range 200 {
		st, ok := billPolicy(readScreen(billVisit), rng)
		require.True(t, ok)
		seen[st.label]++
	}
	require.Greater(t, seen["select work"], seen["end visit"], "%v", seen)
	require.Positive(t, seen["end visit"], "a visit always ends some time: %v", seen)

	st, ok = billPolicy(readScreen(billASCII), rand.New(rand.NewPCG(1, 1)))
	require.True(t, ok)
	require.Contains(t, []string{"d", "e"}, string(st.keys[0].Bytes), "ASCII theme's bar")
	_, ok = billPolicy(readScreen(aitgWaiting), rng)
	require.False(t, ok)
}

func TestPolicyForEveryServedGame(t *testing.T) {
	for _, g := range []string{"unipoly", "projectopoly", "technopoly", "allinthegame", "billionaire"} {
		_, err := policyFor(g)
		require.NoError(t, err, g)
	}
	_, err := policyFor("chess")
	require.Error(t, err)
}
