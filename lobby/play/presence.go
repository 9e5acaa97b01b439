package play

// AFKLapses is how many turn timers of a seat may lapse in a row before
// the seat is flagged away from the keyboard (C-7).
const AFKLapses = 3

// Presence is where a seat's player is during a game (rules C-7), as the
// table tracks it; never stored. A seat whose player is idle or flagged
// AFK takes its default actions at once; one handed to a bot is played by
// the bot's full strategy until the player acts. The caller guards it (the
// table's lock) and says what changed in the game's log.
type Presence struct {
	Gone   bool // no session of the player watches the table (marked at once)
	Idle   bool // gone for AwayAfter, or the player stood up: defaults at once
	AFK    bool // flagged after AFKLapses lapses: defaults at once
	Handed bool // the player handed the seat to a bot on purpose (C-7)
	Lapses int  // turn timers lapsed in a row
}

// DefaultsOnly reports whether the seat takes its default actions at once.
func (p *Presence) DefaultsOnly() bool { return p.Idle || p.AFK }

// Away reports whether the player is marked away in any way.
func (p *Presence) Away() bool { return p.Gone || p.Idle || p.AFK }

// Leave marks the player gone; it reports whether they were not already.
func (p *Presence) Leave() bool {
	if p.Gone {
		return false
	}
	p.Gone = true
	return true
}

// GoIdle lets the seat take its defaults at once; it reports whether it
// did not already.
func (p *Presence) GoIdle() bool {
	if p.Idle {
		return false
	}
	p.Idle = true
	return true
}

// Back gives a returning player their seat back; it reports whether they
// were away. A seat they handed to a bot stays with it until they act.
func (p *Presence) Back() bool {
	if !p.Away() {
		return false
	}
	p.Gone, p.Idle, p.AFK, p.Lapses = false, false, false, 0
	return true
}

// Lapse counts a turn timer that ran out; it reports whether this lapse
// flags the seat AFK (the AFKLapses-th in a row).
func (p *Presence) Lapse() bool {
	p.Lapses++
	if p.Lapses >= AFKLapses && !p.AFK {
		p.AFK = true
		return true
	}
	return false
}

// Acted notes an action of the player: no lapses in a row any more, and a
// seat handed to a bot comes back (tookBack).
func (p *Presence) Acted() (tookBack bool) {
	p.Lapses = 0
	if p.Handed {
		p.Handed = false
		return true
	}
	return false
}

// HandOver hands the seat to a bot (on) or takes it back (off).
func (p *Presence) HandOver(on bool) {
	p.Handed = on
	p.Lapses = 0
}
