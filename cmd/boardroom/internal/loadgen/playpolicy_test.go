package loadgen

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Screens of the Unipoly play screen at 80x24 (trimmed to the lines the
// policy reads).
const (
	screenRoll = ` boardroom · Table #1                                           alice1 · ? help
Table #1 · Unipoly · round 1 · you are seat 1
your move! · phase: roll · waiting on alice1
#  3B2  B3  ?   B1  I2  $   A.  ?   A.  >  * Bot 3 drew Unexpected: Caught
r roll  m mortgage  t trade  x resign
╭─ Log ────────────────────────────────╮╭─ Players' chat ──────────────────────╮
│ Bot 3 goes to Jail / Just Visiting:  ││ No messages yet.                     │`
	screenPostRoll = ` boardroom · Table #1                                           alice1 · ? help
your move! · phase: post_roll · waiting on alice1
m mortgage  t trade  e end turn  x resign
╭─ Log ────────────────────────────────╮╭─ Players' chat ──────────────────────╮`
	screenBuy = `your move! · phase: buy · waiting on alice1
b buy  n decline (auction)  m mortgage  t trade  x resign
╭─ Log ────────────────────────────────╮`
	screenTrade = `your move! · phase: trade · waiting on alice1
a accept  n reject  c counter
╭─ Log ────────────────────────────────╮`
	screenTakeover = `0:13 left · your move! · takeover request · waiting on p1
x terminate game  a approve takeover  n deny takeover
╭─ Log ────────────────────────────────╮`
	screenReceive = `your move! · phase: receive · waiting on alice1
u repay extension at once  e pay 10% on the rest  x resign
╭─ Log ────────────────────────────────╮`
	screenBid = `your move! · phase: auction · waiting on alice1, Bot 2
enter bid  x resign
╭─ Log ────────────────────────────────╮`
	screenBidEmpty = `0:25 left · your move! · sealed-bid auction (everyone at once, in secret) · wai…
Auction: Faculty of Arts (printed $140)
Your bid: type digits   ($1,000 to $5,142) · enter bid
enter bid  x resign
╭─ Log ────────────────────────────────╮`
	screenBidEmptyEuro = `0:25 left · your move! · sealed-bid auction (everyone at once, in secret) · wai…
Your bid: type digits   (0€ to 21.190€) · enter bid
enter bid  x resign
╭─ Log ────────────────────────────────╮`
	screenDebt = `your move! · phase: debt · waiting on alice1
m mortgage  d declare bankruptcy  x resign
╭─ Log ────────────────────────────────╮`
	screenConfirm    = `Declare bankruptcy? You leave the game and your creditors get what you have.`
	screenBuyConfirm = `your move! · after the roll · waiting on alice1
Please confirm
Buy Bike Shed Lane for $60? cash $1,500 → $1,440
y yes  n no
╭─ Log ────────────────────────────────╮`
	screenWaiting = `phase: post_roll · waiting on Bot 2
Waiting for the others.
╭─ Log ────────────────────────────────╮`
	screenASCII = `your move! | phase: roll | waiting on alice1
r roll  t trade
+- Log ---------------------------------+`
)

func TestOpolyPolicy(t *testing.T) {
	for _, tc := range []struct {
		name, screen, label, key string
	}{
		{"roll", screenRoll, "roll", "r"},
		{"end turn", screenPostRoll, "end turn", "e"},
		{"buy", screenBuy, "buy", "b"},
		{"trade offered", screenTrade, "reject", "n"},
		{"auction", screenBid, "bid", "\r"},
		{"auction, empty field", screenBidEmpty, "bid", "1000\r"},
		{"auction, empty field, euros", screenBidEmptyEuro, "bid", "0\r"},
		{"takeover asked", screenTakeover, "deny takeover", "n"},
		{"extended projects received", screenReceive, "pay transfer fees", "e"},
		{"debt", screenDebt, "bankruptcy", "d"},
		{"confirm", screenConfirm, "confirm", "y"},
		{"confirm a purchase", screenBuyConfirm, "confirm", "y"},
		{"ascii", screenASCII, "roll", "r"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, ok := opolyPolicy(readScreen(tc.screen), nil)
			require.True(t, ok)
			require.Equal(t, tc.label, c.label)
			require.Equal(t, tc.label == "confirm", c.cont, "only the answer to a question continues a decision")
			require.Len(t, c.keys, 1)
			require.Equal(t, tc.key, string(c.keys[0].Bytes))
		})
	}
	_, ok := opolyPolicy(readScreen(screenWaiting), nil)
	require.False(t, ok, "not this player's move")
	_, ok = opolyPolicy(readScreen("your move! · phase: x\nq quit\n"), nil)
	require.False(t, ok, "no action bar")
}

func TestInGame(t *testing.T) {
	require.True(t, inGame(screenRoll))
	require.False(t, inGame("│ End of game: lastStanding · Turn timer: off · Seats: 4 (2-6)    │"))
}

func TestSeatCount(t *testing.T) {
	require.Equal(t, 4, seatCount("│ End of game: lastStanding · Turn timer: off · Seats: 4 (2-6)    │"))
	require.Equal(t, 0, seatCount("no seats here"))
}

// readScreen is a new screen read from text, for the policies' tests (a
// session reads into its own: screen.read).
func readScreen(text string) *screen {
	s := &screen{}
	s.read(text)
	return s
}
