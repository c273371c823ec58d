// Package link is a pinned share link: the inputs of a recommendation and
// the answer they got, frozen to the catalog version it was made with.
package link

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
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
	// Question identifies what was asked (see QuestionHash): pinning the
	// same question again finds this link. Empty for links pinned before
	// questions were remembered.
	Question string
}

// QuestionHash identifies a question asked of one catalog version: the
// SHA-256 of the version and the canonical query. Link ids stay random,
// so a link cannot be found from its question; only pinning the question
// again leads to it.
func QuestionHash(catalogVersion, canonicalQuery string) string {
	sum := sha256.Sum256([]byte(catalogVersion + "\n" + canonicalQuery))
	return hex.EncodeToString(sum[:])
}

// NewID returns a fresh random link id: 26 base32 characters.
func NewID() string { return rand.Text() }
