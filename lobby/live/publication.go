package live

// Publication is an update on its way to subscribers: to those watching its
// topic (minus the accounts in exclude), or, when only is set, to every
// subscription of that account (TopicAccount).
type Publication struct {
	U       Update
	Only    int64
	Exclude map[int64]bool
	Frame   *StateFrame // a table's state per viewer class (frame.go); each subscription gets its own
}
