package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"

	"boardroom/lobby"
)

// The action log's group commit. Every move of every table is one row of
// the action log, written before anyone sees the move, through the one
// writer connection. Written one by one, each row was its own transaction
// (a commit writes every page the row touched to the WAL), and while one
// committed every other table's move queued for the connection: the
// moves of a whole server waited in line, and a slow commit (a checkpoint,
// the collector's mark slowing the writer) held them all. Now the moves
// that queued while a commit ran are written together in the next one, so
// a move waits for at most the commit in progress and its own, and a busy
// server makes fewer, larger commits instead of more waiting.

// maxAppendBatch bounds one commit's rows: a commit of this many still
// takes a few milliseconds, and no move waits behind an unbounded one.
const maxAppendBatch = 256

// errStoreClosed is AppendAction's error once the store is closed.
var errStoreClosed = errors.New("db: store closed")

// appendReq is one row to append and where its outcome goes.
type appendReq struct {
	table int64
	rec   lobby.ActionRecord
	done  chan error // buffered: the writer never waits on a caller
}

// appender owns the writer loop of the action log.
type appender struct {
	once    sync.Once
	reqs    chan appendReq
	stop    chan struct{} // closed by Close: no new rows
	stopped chan struct{} // closed when the loop has answered every row
}

func newAppender() *appender {
	return &appender{reqs: make(chan appendReq, maxAppendBatch), stop: make(chan struct{}), stopped: make(chan struct{})}
}

// AppendAction implements lobby.ActionLog. It returns once the row is
// committed (or refused), whatever ctx does meanwhile: a caller must not
// take a committed move for a lost one. A ctx already done before the row
// is queued returns its error and writes nothing.
func (s *Store) AppendAction(ctx context.Context, tableID int64, rec lobby.ActionRecord) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("db: append action %d of table %d: %w", rec.Seq, tableID, err)
	}
	req := appendReq{table: tableID, rec: rec, done: make(chan error, 1)}
	select {
	case <-s.app.stop:
		return errStoreClosed
	default:
	}
	select {
	case s.app.reqs <- req:
	case <-s.app.stop:
		return errStoreClosed
	}
	select {
	case err := <-req.done:
		return err
	case <-s.app.stopped: // queued after the loop's last look at the queue
		select {
		case err := <-req.done:
			return err
		default:
			return errStoreClosed
		}
	}
}

// close stops the loop once every queued row is answered.
func (a *appender) close() {
	a.once.Do(func() { close(a.stop) })
	<-a.stopped
}

// appendLoop writes queued rows until the store closes, each time every
// row that waits (up to maxAppendBatch) in one transaction. A panic in the
// loop is logged and the loop goes on: a writer gone would leave every
// move of the server waiting.
func (s *Store) appendLoop() {
	defer close(s.app.stopped)
	batch := make([]appendReq, 0, maxAppendBatch)
	for !s.appendRun(&batch) {
	}
}

// appendRun is appendLoop's loop; it reports true when the store closed,
// false after a panic (logged).
func (s *Store) appendRun(batch *[]appendReq) (closed bool) {
	defer func() {
		if v := recover(); v != nil {
			s.log.Error("panic in the action log's writer", "panic", v, "stack", string(debug.Stack()))
			closed = false
		}
	}()
	for {
		select {
		case r := <-s.app.reqs:
			*batch = append((*batch)[:0], r)
		case <-s.app.stop:
			s.failQueued()
			return true
		}
	drain:
		for len(*batch) < maxAppendBatch {
			select {
			case r := <-s.app.reqs:
				*batch = append(*batch, r)
			default:
				break drain
			}
		}
		s.writeBatch(*batch)
		clear(*batch) // drop the callers' channels and actions
	}
}

// failQueued answers the rows still queued at Close: not written.
func (s *Store) failQueued() {
	for {
		select {
		case r := <-s.app.reqs:
			r.done <- errStoreClosed
		default:
			return
		}
	}
}

// writeBatch writes batch and answers each row. One row is written alone;
// several in one transaction. If any row of a transaction fails (a
// duplicate move, a full disk), the transaction is rolled back and each
// row is written alone, so that each caller gets its own row's outcome and
// no row is committed with another's failure.
func (s *Store) writeBatch(batch []appendReq) {
	defer func() {
		if v := recover(); v != nil {
			s.log.Error("panic in the action log's writer", "panic", v, "stack", string(debug.Stack()))
			err := fmt.Errorf("db: append action: panic: %v", v)
			for _, r := range batch {
				select {
				case r.done <- err:
				default: // already answered
				}
			}
		}
	}()
	if len(batch) > 1 && s.writeTogether(batch) == nil {
		for _, r := range batch {
			r.done <- nil
		}
		return
	}
	for _, r := range batch {
		r.done <- s.appendOne(s.appendAction, r)
	}
}

// writeTogether writes every row of batch in one transaction, committed
// only if every row was written.
func (s *Store) writeTogether(batch []appendReq) error {
	ctx := context.Background()
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	stmt := tx.StmtContext(ctx, s.appendAction)
	for _, r := range batch {
		if err := s.appendOne(stmt, r); err != nil {
			_ = tx.Rollback()
			return err
		}
	}
	return tx.Commit()
}

func (s *Store) appendOne(stmt *sql.Stmt, r appendReq) error {
	_, err := stmt.ExecContext(context.Background(), r.table, r.rec.Seq, r.rec.Seat, string(r.rec.Action), fmtTime(r.rec.At))
	if err != nil {
		return fmt.Errorf("db: append action %d of table %d: %w", r.rec.Seq, r.table, err)
	}
	return nil
}
