// Package billionaire is the engine of IT Billionaire (game 003, chapter 4
// of shared/rules/billionaire.md): start-ups buy Labs on a world map of
// three time zones, take on Work Items and work them as the sun moves
// East -> Center -> West. It imports the standard library and engine only.
//
// A round (4.f): ORDER (turn order from the lowest capital before the
// round, ties by a die: R003-05, G003-06, A003-04; by default every seat in
// order of capital, option order, G003-11), UPKEEP (R003-07), the
// SIMULTANEOUS hidden selection of at most 1 + Labs action cards (A003-03),
// the event card that blocks Do Work on one continent, one visit per seat
// per zone (A003-15), then the post-round payments and the end check
// (R003-18, A003-05, A003-14, R003-19).
//
// Phases (Prompt.Phase), who is awaited, the actions Legal lists and the
// default applied when a seat times out or is away (C-7):
//
//	upkeep  the seat that cannot pay  ForcedSell{lab, container}       cheapest Lab, least-progress container (A003-13)
//	select  every seat not yet chosen Choose{acquire,sell,select,work,stop}  Choose{} = no cards (4.d)
//	        (Simultaneous, Decision = engine.DecisionSelection)
//	zone    the seat whose visit it is AcquireLab{loc}, SellLab{lab, container},
//	                                   SelectWork{first, second}, DoWork{container, labs, host},
//	                                   StopWork{item}, EndZone{}          EndZone
//	decide  the drawer                 Accept{}, Decline{} (next drawn card)  Decline
//
// Any awaited seat may also Resign (4.e.3). Legal lists every concrete
// action, so a screen builds its card picker from the Choose list, its
// location picker from the AcquireLab list, and its work picker from the
// DoWork list (each entry one container, the Labs in ascending location id
// and one of the largest as host).
//
// Hidden information (4.d): View never holds the order of the stacks or
// of the discards, another seat's selected cards (before everyone has
// chosen only "chosen: yes/no", afterwards only how many are unplayed),
// nor another seat's drawn Work Items. Every change of money is an event
// with a reason naming the seat as "Seat N" (C-5).
package billionaire
