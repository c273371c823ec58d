package advisor

// slab hands out zeroed elements that stay put (pointers to them remain
// valid while the answer lasts), from chunks of size elements kept with
// the answer's buffers from answer to answer: an LLM answer makes a few
// hundred curves, sizings and operating points, which would otherwise be
// garbage after each answer (its curves alone were most of its bytes).
type slab[T any] struct {
	chunks [][]T
	size   int
	// used is how many elements the answer has taken, written how many
	// an answer has written since they were last cleared (see free).
	used, written int
}

// next returns a zeroed element.
func (s *slab[T]) next() *T {
	if s.size == 0 {
		panic("advisor: a slab without a chunk size")
	}
	c, i := s.used/s.size, s.used%s.size
	if c == len(s.chunks) {
		s.chunks = append(s.chunks, make([]T, s.size))
	}
	s.used++
	s.written = max(s.written, s.used)
	p := &s.chunks[c][i]
	var zero T
	*p = zero
	return p
}

// drop hands the last element taken back.
func (s *slab[T]) drop() { s.used-- }

// free empties the slab for the next answer. As with recycle, what this
// answer wrote stays until the next overwrites it, and what an earlier,
// larger one wrote beyond it is cleared: the slab points only into the
// catalog of the last answer that used it.
func (s *slab[T]) free() {
	for k := s.used; k < s.written; k++ {
		var zero T
		s.chunks[k/s.size][k%s.size] = zero
	}
	s.written, s.used = s.used, 0
}

// room hands out zeroed slices from chunks kept from answer to answer:
// an LLM answer's indexes by metro (see llmSizing.fitAt, llmCurve.at)
// and its curves' and sizings' short lists (see llmCurve.points,
// llmSizing.fits). What they hold points nowhere or into the answer's
// own buffers, so what an answer left in them is only cleared as it is
// handed out again.
type room[T any] struct {
	chunks [][]T
	// chunk is the chunk in use, used how much of it is taken.
	chunk, used int
}

// roomChunk is how many elements a chunk holds, at least.
const roomChunk = 4096

// take returns n zeroed elements (a slice of capacity n: appending past
// it moves it to the heap).
func (x *room[T]) take(n int) []T {
	s := x.list(n)[:n]
	clear(s)
	return s
}

// list returns an empty slice of capacity n, to append to: what it holds
// beyond its length is not cleared.
func (x *room[T]) list(n int) []T {
	for x.chunk < len(x.chunks) && len(x.chunks[x.chunk])-x.used < n {
		x.chunk, x.used = x.chunk+1, 0
	}
	if x.chunk == len(x.chunks) {
		x.chunks = append(x.chunks, make([]T, max(n, roomChunk)))
	}
	s := x.chunks[x.chunk][x.used : x.used : x.used+n]
	x.used += n
	return s
}

// free empties the chunks for the next answer.
func (x *room[T]) free() { x.chunk, x.used = 0, 0 }
