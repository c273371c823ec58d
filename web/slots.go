package web

import "context"

// takeSlot waits for one of the advice slots (see recommend), or for ctx
// to end: the advisor's work takes no context and runs to its end once
// started, so work queued for a client that has gone is not started.
// The caller gives the slot back.
func (s *Server) takeSlot(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	select {
	case s.adviceSlots <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
