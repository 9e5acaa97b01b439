package live

import (
	"strconv"

	"boardroom/lobby/play"
	"boardroom/lobby/tables"
)

// SeatNames lists the display name of every seat: the player's handle, or
// "Bot N" for a bot seat.
func SeatNames(seats []tables.Seat) []string {
	out := make([]string, len(seats))
	for i, s := range seats {
		out[i] = s.Handle
		if out[i] == "" {
			out[i] = "Seat " + strconv.Itoa(i+1)
		}
	}
	return out
}

// NameSeats replaces the engine's "Seat N" (1-based) with the seat's display
// name. Numbers outside the table are left alone.
func NameSeats(text string, names []string) string { return play.NameSeats(text, names) }

// botNames are the bots' names of the first seats, made once.
var botNames = func() (n [12]string) {
	for i := range n {
		n[i] = "Bot " + strconv.Itoa(i+1)
	}
	return n
}()

// BotName is the name of the bot in seat i (0-based): "Bot 1" for the first.
func BotName(i int) string {
	if i >= 0 && i < len(botNames) {
		return botNames[i]
	}
	return "Bot " + strconv.Itoa(i+1)
}
