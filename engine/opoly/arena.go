package opoly

import "boardroom/engine"

// Blocks: slices handed to callers (events, the published parts of views) are carved from larger blocks owned by the game instead
// of being allocated one by one, which saves the allocator's per-object
// cost on every step of a game. A carved slice has its capacity limited to
// its length and the game never writes to it again once handed out, so a
// caller may keep it (and append to it) as if it were freshly allocated; a
// block lives as long as any slice carved from it.

// block carves slices of T from blocks of up to size elements: the first
// is small and each next one twice the last, so that a short game (a
// simulation's) does not allocate full blocks it barely uses (a full block
// of each type was a quarter of a simulated game's bytes).
type block[T any] struct {
	buf  []T
	size int
}

// take returns a zeroed slice of n elements (nil for n == 0).
func (b *block[T]) take(n int) []T {
	if n == 0 {
		return nil
	}
	if cap(b.buf)-len(b.buf) < n {
		b.buf = make([]T, 0, max(min(b.size, max(firstBlock, 2*cap(b.buf))), n))
	}
	i := len(b.buf)
	b.buf = b.buf[:i+n]
	return b.buf[i : i+n : i+n]
}

// firstBlock is the size of a game's first block of each type.
const firstBlock = 16

// copyOf returns a carved copy of src (nil if src is empty).
func (b *block[T]) copyOf(src []T) []T {
	out := b.take(len(src))
	copy(out, src)
	return out
}

// blocks are the game's blocks, one per element type. Sizes keep each
// block within the allocator's small size classes (at most 32 KB).
type blocks struct {
	events  block[engine.Event]
	money   block[engine.MoneyChange]
	cells   block[CellState]
	players block[PlayerView]
	ints    block[int]
	decks   block[DeckView]
	waits   block[engine.Wait]
	owed    block[Owed]
	int64s  block[int64]
	// seatBids are revealed auctions' bids (published: never written again).
	seatBids block[SeatBid]
	// one object at a time (take(1)), each a fresh one: the state's auctions
	// and trades, the published last card and auction round.
	auctions block[auction]
	trades   block[pendingTrade]
	cards    block[CardView]
	results  block[AuctionResult]
	// the state's estates of bankrupts and received properties, the views
	// of the latter (one object at a time, as above); the players' held
	// keep-cards (a few a game, each list carved anew when it grows)
	estates   block[bankruptcy]
	mixed     block[MixedOffer]
	received  block[received]
	recvViews block[ReceivedView]
	held      block[cardRef]
	// the roll-off's rows (rollOff) and the mixed payments' bundles
	// offered (MarkOffered)
	rows    block[[]int]
	uint64s block[uint64]
}

// newOf returns a pointer to a fresh zeroed T carved from b.
func newOf[T any](b *block[T]) *T { return &b.take(1)[0] }

// newBlocks returns the game's blocks, sized for a game played through at
// once when batch is set (a simulation, a playout) and small otherwise (see
// setBatch).
func newBlocks(batch bool) blocks {
	var b blocks
	b.setBatch(batch)
	return b
}

// setBatch sizes the blocks. A game played through at once (a simulation,
// a bot's playout) carves from blocks that double up to the sizes below,
// which saves an allocation on most steps. A table's game lives for hours,
// a move every few seconds, and every block it carved from stays while its
// last slice is kept: there blocks stay at firstBlock elements, which
// keeps a game's memory (and what the collector scans) from growing to a
// full block of every type, ~100 KB a game, for no speed anyone sees.
func (b *blocks) setBatch(on bool) {
	size := func(n int) int {
		if on {
			return n
		}
		return firstBlock
	}
	b.events.size = size(128)   // 96 B
	b.money.size = size(256)    // 40 B
	b.cells.size = size(640)    // 24 B
	b.players.size = size(128)  // 128 B
	b.ints.size = size(1024)    // 8 B
	b.decks.size = size(512)    // 24 B
	b.waits.size = size(256)    // 24 B
	b.owed.size = size(512)     // 16 B
	b.int64s.size = size(1024)  // 8 B
	b.uint64s.size = size(256)  // 8 B
	b.rows.size = size(64)      // 24 B
	b.seatBids.size = size(512) // 16 B
	// one object each, a few dozen a game: small blocks waste little, but
	// a game played through at once, renewed for the next (engine.Renewer),
	// keeps its last block: one that holds a whole game's makes none
	one := 8
	if on {
		one = 64
	}
	b.auctions.size, b.trades.size, b.cards.size, b.results.size = one, one, one, one
	b.estates.size, b.received.size, b.recvViews.size, b.held.size = one, one, one, one
	b.mixed.size = one
}
