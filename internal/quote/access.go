package quote

import (
	"errors"
	"fmt"
)

// Actor is the signed-in person who reads or changes quotes. A sales user
// reaches only the quotes they own; an admin reaches every quote and may
// give it to another owner. The zero Actor reaches nothing.
type Actor struct {
	Email string
	Admin bool
}

// Reaches reports whether a may see and change q. A quote a may not reach
// is, to a, a quote that does not exist (ErrNotFound): its number does
// not even say that it exists.
func (a Actor) Reaches(q Quote) bool {
	return a.Admin || (a.Email != "" && q.Owner == a.Email)
}

// ErrSuperseded is returned when a revision that was revised already is
// changed or revised again (a stale second tab, two people at once): only
// the latest revision changes.
var ErrSuperseded = errors.New("this revision was revised already: change the latest revision")

// SupersededError is ErrSuperseded naming the latest revision.
type SupersededError struct {
	// Number is the revision that was to change; Latest is the revision
	// that replaced it last.
	Number, Latest string
}

func (e *SupersededError) Error() string {
	return fmt.Sprintf("quote %s was revised: the latest revision is %s", e.Number, e.Latest)
}

// Is makes errors.Is(err, ErrSuperseded) hold.
func (e *SupersededError) Is(target error) bool { return target == ErrSuperseded }
