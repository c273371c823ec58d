package advisor

import (
	"math"

	"gpuplace/internal/locale"
)

// sharesSlack is how far from 100 the user shares may add up and still be
// read as given: decimals such as 33.3 + 33.3 + 33.4 add up to 100 only
// up to rounding.
const sharesSlack = 1e-6

// scaledShares returns the request with its user shares scaled to add up
// to 100, in the same proportions, and the note that says so, when those
// given add up otherwise: the answer reads the shares as relative
// weights, and says what it made of them rather than assuming.
func scaledShares(req Request) (Request, []locale.Text) {
	total := 0.0
	for _, u := range req.Users {
		total += u.Share
	}
	if len(req.Users) == 0 || !(total > 0) || math.Abs(total-100) <= sharesSlack {
		return req, nil
	}
	users := make([]UserShare, len(req.Users))
	for i, u := range req.Users {
		users[i] = UserShare{Location: u.Location, Share: u.Share * 100 / total}
	}
	req.Users = users
	return req, []locale.Text{locale.New("note.users.scaled", locale.Short(total))}
}
