package web

import (
	"hash/maphash"
	"sync"
)

// askedKeys is how many questions askedAgain remembers.
const askedKeys = 4096

// askedAgain remembers the last askedKeys questions that missed the answer
// cache, by a hash of their keys, so that the cache keeps an answer only
// when its question comes a second time: a burst of questions asked once
// (a script sweeping the load, say) then never pushes out the answers
// people come back to, and holds no answers the collector would mark at
// every collection. The first repeat of a question is worked out again;
// the advisor is deterministic, so it answers the same. A hash two keys
// share only admits an answer early.
type askedAgain struct {
	mu   sync.Mutex
	seed maphash.Seed
	ring [askedKeys]uint64 // the hashes, oldest at next once full
	next int
	full bool
	in   map[uint64]int32 // how many times each hash is in ring
}

// newAskedAgain returns an askedAgain that remembers no question yet.
func newAskedAgain() *askedAgain {
	return &askedAgain{seed: maphash.MakeSeed(), in: make(map[uint64]int32, askedKeys)}
}

// again records key and reports whether it was among the questions
// remembered.
func (a *askedAgain) again(key string) bool {
	h := maphash.String(a.seed, key)
	a.mu.Lock()
	defer a.mu.Unlock()
	seen := a.in[h] > 0
	if a.full {
		old := a.ring[a.next]
		if a.in[old]--; a.in[old] == 0 {
			delete(a.in, old)
		}
	}
	a.ring[a.next] = h
	a.in[h]++
	a.next = (a.next + 1) % askedKeys
	a.full = a.full || a.next == 0
	return seen
}
