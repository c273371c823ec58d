package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"sync/atomic"
)

// Queues bound how many requests of each kind may wait for an advice
// slot (see recommend): beyond them a request is refused at once with
// 503 and Retry-After, instead of waiting longer than its answer is worth
// to its client. A zero field is no bound.
type Queues struct {
	// Answers bounds the questions waiting: the answer pages, the API's
	// advice, launch and edit, MCP's advise.
	Answers int
	// WhatIfs bounds the what-ifs waiting, on every route.
	WhatIfs int
}

// DefaultQueues are sized to what the slots clear in about a second or
// two: an answer the cache does not hold takes 3 to 10 ms, so 64 waiting
// clear within 0.2 s on 4 slots, and a burst of 50 clients never meets the
// bound; a what-if takes up to about 0.8 s, so 8 waiting behind the
// what-ifs' slots wait up to some 3 s on 2 cores, which a client asking one
// still waits for, where more would only hold connections open for
// answers that come later than a retry would.
var DefaultQueues = Queues{Answers: 64, WhatIfs: 8}

// busyRetryAfter is the Retry-After of a request refused because too many
// of its kind wait for a slot, in seconds: the queue clears in about that.
const busyRetryAfter = 2

// errAdviceBusy (503) refuses a request when too many of its kind wait.
var errAdviceBusy = fmt.Errorf("%w: too many questions are waiting for the advisor: try again in a few seconds", errUnavailable)

// slotKind is the kind of work a request waits for a slot to do.
type slotKind int

const (
	answerSlot slotKind = iota
	whatIfSlot
)

// slotQueue counts the requests of one kind waiting for a slot.
type slotQueue struct {
	waiting atomic.Int64
	max     int64 // 0: no bound
}

// join counts one more waiting, or reports false when the queue is full.
func (q *slotQueue) join() bool {
	if n := q.waiting.Add(1); q.max > 0 && n > q.max {
		q.waiting.Add(-1)
		return false
	}
	return true
}

// takeSlot waits for one of the advice slots (see recommend), or for
// ctx to end: work queued for a client that has gone is not started. A
// what-if holds at most half of the slots (whatIfSlots), so a simple
// answer never waits behind what-ifs: a what-if asks the advisor dozens
// of questions, up to hundreds of milliseconds of work. A request that finds
// no slot free joins its kind's queue, or is refused with errAdviceBusy
// when that is full. The caller calls release once done.
func (s *Server) takeSlot(ctx context.Context, kind slotKind) (release func(), err error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var held []chan struct{}
	release = func() {
		for _, c := range held {
			<-c
		}
	}
	q := &s.queues[kind]
	waiting := false
	defer func() {
		if waiting {
			q.waiting.Add(-1)
		}
	}()
	slots := []chan struct{}{s.adviceSlots}
	if kind == whatIfSlot {
		// A what-if first takes one of the what-ifs' share, so that
		// answers always find a slot however many what-ifs are asked.
		slots = []chan struct{}{s.whatIfSlots, s.adviceSlots}
	}
	for _, c := range slots {
		select {
		case c <- struct{}{}:
			held = append(held, c)
			continue
		default:
		}
		if !waiting {
			if !q.join() {
				release()
				return nil, errAdviceBusy
			}
			waiting = true
		}
		select {
		case c <- struct{}{}:
			held = append(held, c)
		case <-ctx.Done():
			release()
			return nil, ctx.Err()
		}
	}
	return release, nil
}

// refusedBusy reports whether err refuses a request for a full queue,
// and then tells its client when to come back: such a refusal is the
// server's load, not a failure to log.
func refusedBusy(w http.ResponseWriter, err error) bool {
	if !errors.Is(err, errAdviceBusy) {
		return false
	}
	w.Header().Set("Retry-After", strconv.Itoa(busyRetryAfter))
	return true
}
