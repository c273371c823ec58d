// Package link is a pinned share link: the inputs of a recommendation and
// the answer they got, frozen to the catalog version it was made with.
package link

import (
	"crypto/rand"
	"errors"
	"time"
)

// ErrNotFound is returned for a link id that does not exist.
var ErrNotFound = errors.New("link not found")

// Link is one pinned recommendation.
type Link struct {
	// ID is random (crypto/rand, 130 bits) so links cannot be guessed.
	ID string
	// Query is the canonical query string of the inputs (the share link).
	Query string
	// CatalogVersion is the catalog the result was computed with.
	CatalogVersion string
	// Result is the advisor's answer as JSON, exactly as it was given.
	Result    []byte
	CreatedAt time.Time
}

// NewID returns a fresh random link id: 26 base32 characters.
func NewID() string { return rand.Text() }
