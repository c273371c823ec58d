package templates

import "context"

type userKey struct{}

// SignedIn is the user a page is shown to, for the header.
type SignedIn struct {
	Email string
	Role  string
}

// WithUser records the signed-in user for the header.
func WithUser(ctx context.Context, email, role string) context.Context {
	return context.WithValue(ctx, userKey{}, SignedIn{Email: email, Role: role})
}

// User returns the signed-in user, if any.
func User(ctx context.Context) (SignedIn, bool) {
	u, ok := ctx.Value(userKey{}).(SignedIn)
	return u, ok
}
