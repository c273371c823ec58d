// Package account is who may sign in: sales engineers and admins, their
// password hashes and their sessions.
package account

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/mail"
	"strings"
	"time"

	"golang.org/x/crypto/bcrypt"
)

// Roles.
const (
	RoleSales = "sales"
	RoleAdmin = "admin"
)

// Errors of the account store.
var (
	ErrNotFound = errors.New("account not found")
	ErrExists   = errors.New("an account with this email exists")
)

// InvalidError is a user NewUser refuses to make; Reason says why, to the
// person who asked.
type InvalidError struct{ Reason string }

func (e *InvalidError) Error() string { return "account: " + e.Reason }

// SessionTTL is how long a sign-in lasts.
const SessionTTL = 12 * time.Hour

// MinPasswordLength is the shortest password accepted.
const MinPasswordLength = 10

// User is a person who may sign in.
type User struct {
	ID           int64
	Email        string
	Role         string
	PasswordHash string
	CreatedAt    time.Time
}

// IsAdmin reports whether the user administers the catalog.
func (u User) IsAdmin() bool { return u.Role == RoleAdmin }

// NormalizeEmail lower-cases and trims an email address.
func NormalizeEmail(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// NewUser validates an email, role and password and returns the user with
// the password hashed (bcrypt). An invalid one is an *InvalidError.
func NewUser(email, role, password string) (User, error) {
	email = NormalizeEmail(email)
	if a, err := mail.ParseAddress(email); err != nil || a.Address != email {
		return User{}, &InvalidError{fmt.Sprintf("%q is not an email address", email)}
	}
	if role != RoleSales && role != RoleAdmin {
		return User{}, &InvalidError{fmt.Sprintf("role must be %s or %s, got %q", RoleSales, RoleAdmin, role)}
	}
	if len(password) < MinPasswordLength {
		return User{}, &InvalidError{fmt.Sprintf("the password needs at least %d characters", MinPasswordLength)}
	}
	if len(password) > 72 {
		return User{}, &InvalidError{"the password may have at most 72 bytes"}
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(password), bcrypt.DefaultCost)
	if err != nil {
		return User{}, fmt.Errorf("account: hash password: %w", err)
	}
	return User{Email: email, Role: role, PasswordHash: string(hash)}, nil
}

// CheckPassword reports whether password is the user's.
func (u User) CheckPassword(password string) bool {
	return bcrypt.CompareHashAndPassword([]byte(u.PasswordHash), []byte(password)) == nil
}

// dummyHash is compared against when an email is unknown, so that a wrong
// email takes as long as a wrong password.
var dummyHash, _ = bcrypt.GenerateFromPassword([]byte("not a real password"), bcrypt.DefaultCost)

// SpendPasswordCheck does the work of a password check for an unknown user.
func SpendPasswordCheck(password string) {
	bcrypt.CompareHashAndPassword(dummyHash, []byte(password))
}

// NewSessionToken returns a random session token (for the cookie) and its
// hash (for the database, so a stolen database holds no usable token).
func NewSessionToken() (token, hash string) {
	token = rand.Text()
	return token, HashToken(token)
}

// HashToken hashes a session token for storage.
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}
