package mcptools

import (
	"context"
	"log/slog"
)

// atLeast passes on the records of level and above to the handler it
// wraps.
type atLeast struct {
	slog.Handler
	level slog.Level
}

// Enabled reports whether both the level and the wrapped handler take l.
func (h atLeast) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= h.level && h.Handler.Enabled(ctx, l)
}

// WithAttrs keeps the level on the derived handler.
func (h atLeast) WithAttrs(attrs []slog.Attr) slog.Handler {
	return atLeast{h.Handler.WithAttrs(attrs), h.level}
}

// WithGroup keeps the level on the derived handler.
func (h atLeast) WithGroup(name string) slog.Handler {
	return atLeast{h.Handler.WithGroup(name), h.level}
}
