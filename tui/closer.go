package tui

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"boardroom/lobby"
)

// closer releases what a session holds when its context ends. It may run
// on another goroutine than the program, so it keeps its own copy of the
// subscription and the table being watched.
type closer struct {
	api  lobby.Forming // Spectate
	log  *slog.Logger
	mu   sync.Mutex
	done bool
	sub  lobby.Subscription
	acc  *lobby.Account
	spec int64 // table the viewer spectates, 0 if none
}

// set records the session's subscription; after close it is closed at once.
func (c *closer) set(sub lobby.Subscription, acc *lobby.Account) {
	c.mu.Lock()
	if c.done {
		c.mu.Unlock()
		sub.Close()
		return
	}
	c.sub, c.acc = sub, acc
	c.mu.Unlock()
}

func (c *closer) spectating(id int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.spec = id
}

// close stops spectating and closes the subscription, once.
func (c *closer) close() {
	defer func() { // runs on its own goroutine: never crash the server
		if r := recover(); r != nil {
			c.log.Error("tui: panic while closing a session", "panic", r)
		}
	}()
	c.mu.Lock()
	if c.done {
		c.mu.Unlock()
		return
	}
	c.done = true
	sub, acc, spec := c.sub, c.acc, c.spec
	c.mu.Unlock()
	if spec != 0 && c.api != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		_ = c.api.Spectate(ctx, acc, spec, false)
		cancel()
	}
	if sub != nil {
		sub.Close()
	}
}
