package opoly

import "boardroom/engine"

// PlayersFresh is every player of game g (a property game) as fillPlayer
// writes it from the state now, without reading or writing the lent
// players or any snapshot.
func PlayersFresh(g engine.Game) []PlayerView {
	x := g.(*Game)
	out := make([]PlayerView, len(x.s.Players))
	for i := range out {
		x.fillPlayer(&out[i], i, nil)
	}
	return out
}

// DeckSizes returns the size of each deck as published (View.Decks) and
// as the state holds it.
func DeckSizes(g engine.Game) (published, state []int) {
	x := g.(*Game)
	for d := range x.s.Decks {
		published = append(published, x.pub.decks[d].Size)
		state = append(state, len(x.s.Decks[d].Order))
	}
	return published, state
}
