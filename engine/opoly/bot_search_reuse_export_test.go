package opoly

import "boardroom/engine"

// SearchFresh makes the strong bot b play every playout in a new game with
// new bots (search.Problem's Sample and NewBot), as it did before its
// playouts reused the last one's (Resample, Rebot).
func SearchFresh(b engine.Bot) { b.(*strongBot).fresh = true }
