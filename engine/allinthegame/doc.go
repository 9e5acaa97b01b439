// Package allinthegame is the engine of "IT's All in the Game" (game id
// allinthegame, chapter 3 of shared/rules/allinthegame.md): a worker-placement
// card game in which each player runs a group of consultants, trains,
// promotes and recruits them, and assigns them to desks on projects.
//
// A round has up to five phases: start of round (two Senior Consultants
// each; the poorest player chooses the start player), the event card, "Let's
// work!" action rounds until everyone has passed, rewards, and (Deadlines
// module only) the deadline markers moving right. The game ends after the
// rewards of the round in which the last International Project was placed,
// or of the round in which the last event card was revealed (G002-13).
//
// Consultants of one colour and rank are interchangeable, so hands and decks
// are counts. Hands and the composition of the decks are hidden: a View
// holds only the viewer's own hand, everyone's hand size and the decks'
// sizes; the acting player alone sees the searched deck while picking a
// card after Train or Recruit.
//
// Actions carry slot and desk indices: Project is the index of a table slot
// in View.Projects (0-based, slot order), Desk the 0-based desk from the
// left. Colours are the Colour constants (0 DEV, 1 SEC, 2 INF, 3 BIZ).
//
// Prompt phases and their default actions (C-7):
//   - "choose_start": the poorest player names the start player; default:
//     themselves (A002-04).
//   - "headhunters": E4, each player with a Senior returns one; default: the
//     first Senior in the order DEV, SEC, INF, BIZ.
//   - "work": one action or pass; default: Pass.
//   - "train_pick" / "recruit_pick": the secret pick; default: the colour
//     with the most cards in the searched deck (the lowest colour on a tie).
package allinthegame
