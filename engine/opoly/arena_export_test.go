package opoly

import (
	"unsafe"

	"boardroom/engine"
)

func (b *block[T]) bytes() int {
	var z T
	return cap(b.buf) * int(unsafe.Sizeof(z))
}

// BlockBytes is the size of the blocks g carves from now (its current
// block of each type).
func BlockBytes(g engine.Game) int {
	b := &g.(*Game).blk
	return b.events.bytes() + b.money.bytes() + b.cells.bytes() + b.players.bytes() + b.ints.bytes() +
		b.decks.bytes() + b.waits.bytes() + b.owed.bytes() + b.int64s.bytes() + b.seatBids.bytes() +
		b.auctions.bytes() + b.trades.bytes() + b.cards.bytes() + b.results.bytes()
}
