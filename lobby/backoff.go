package lobby

// A table whose writes fail backs off (play.Backoff): its bots and its
// time limit try again later, with one log line per try.
