package engine

// SeatsOut is implemented by games in which a seat can leave the game
// before it ends (it resigned, went bankrupt): Out reports whether seat
// has. The platform stops offering such a seat what only a player still in
// the game can use ("let a bot play for me"). A game that does not
// implement it has every seat in until the end.
type SeatsOut interface {
	Out(seat int) bool
}
