package templates

import (
	"context"
	"strconv"

	"gpuplace/internal/locale"
)

// StatusMessage says what a status means for a visitor, in the page's
// language; statuses without their own message say what their class
// (4xx, 5xx) means.
func StatusMessage(ctx context.Context, status int) string {
	key := "error.status." + strconv.Itoa(status)
	if locale.Has(key) {
		return locale.T(ctx, key)
	}
	if status >= 500 {
		return locale.T(ctx, "error.status.500")
	}
	return locale.T(ctx, "error.status.400")
}
