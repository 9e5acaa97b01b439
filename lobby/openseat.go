package lobby

// A game in progress may have open seats: an imported game whose players
// have no account here (ImportGame). A bot plays an open seat (see
// botControlled) until a player sits there with Sit.
