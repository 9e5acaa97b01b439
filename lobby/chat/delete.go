package chat

import "context"

// Delete removes a line from the store and from its channel's tail here
// (an operator's delete-message); it returns the line, false when no
// channel has it.
func (r *Rooms) Delete(ctx context.Context, id int64) (Message, bool, error) {
	r.writes.Lock()
	defer r.writes.Unlock()
	msg, ok, err := r.store.DeleteChat(ctx, id)
	if err != nil || !ok {
		return Message{}, false, err
	}
	r.Drop(msg.Channel, id)
	return msg, true, nil
}

// Drop forgets a line of a loaded channel in memory (deleted here or on
// another node); it reports whether the channel held it.
func (r *Rooms) Drop(ch Channel, id int64) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	l := r.logs[ch]
	if l == nil {
		return false
	}
	for i, m := range l.msgs {
		if m.ID == id {
			out := make([]Message, 0, len(l.msgs)-1)
			l.msgs = append(append(out, l.msgs[:i]...), l.msgs[i+1:]...)
			return true
		}
	}
	return false
}
