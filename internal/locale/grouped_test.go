package locale

import "testing"

// Ensure a count a message writes with %d, and a short figure from a
// thousand, have their digits grouped in both languages ("6,426 prices
// match", "within 1,000 ms"), while small ones and other verbs read as
// before, and Tf leaves its caller's arguments as they were.
func TestCountsGrouped(t *testing.T) {
	for _, tt := range []struct {
		lang Lang
		key  string
		args []any
		want string
	}{
		{EN, "explorer.offers.count", []any{6426}, "6,426 prices match."},
		{ZH, "explorer.offers.count", []any{6426}, "共 6,426 个价格符合条件。"},
		{EN, "explorer.lat.counts", []any{2556, 858, 1698}, "2,556 pairs: 858 measured, 1,698 estimated."},
		{EN, "launch.alternative", []any{3}, "Alternative 3"},
	} {
		args := append([]any(nil), tt.args...)
		if got := For(tt.lang).Tf(tt.key, args...); got != tt.want {
			t.Errorf("%s Tf(%s, %v) = %q, want %q", tt.lang, tt.key, tt.args, got, tt.want)
		}
		for i := range args {
			if args[i] != tt.args[i] {
				t.Errorf("Tf changed its argument %d to %#v", i, args[i])
			}
		}
	}
	for _, tt := range []struct {
		x    float64
		want string
	}{{1000, "1,000"}, {12500.5, "12,500.5"}, {100, "100"}, {0.25, "0.25"}, {999, "999"}} {
		if got := For(EN).Format(tt.x, FmtShort); got != tt.want {
			t.Errorf("Format(%v, short) = %q, want %q", tt.x, got, tt.want)
		}
	}
}

// Ensure a figure a message writes with %g is grouped from a thousand,
// while a precise verb (%.1f) writes it as before.
func TestShortFiguresGrouped(t *testing.T) {
	if got, want := For(EN).Tf("results.within", "100", 1000.0), "100 % of users within 1,000 ms"; got != want {
		t.Errorf("Tf(results.within) = %q, want %q", got, want)
	}
	if got, want := For(ZH).Tf("results.within", "100", 250.0), "100% 的用户在 250 毫秒以内"; got != want {
		t.Errorf("Tf(results.within) = %q, want %q", got, want)
	}
}

// Ensure FmtSig3 writes three significant digits in plain decimals.
func TestSig3(t *testing.T) {
	for _, tt := range []struct {
		x    float64
		want string
	}{{0.025520479, "0.0255"}, {2.9435e-06, "0.00000294"}, {0.0144, "0.0144"}, {12.345, "12.3"}, {0, "0"}, {0.1, "0.1"}} {
		if got := For(EN).Format(tt.x, FmtSig3); got != tt.want {
			t.Errorf("Format(%v, sig3) = %q, want %q", tt.x, got, tt.want)
		}
	}
}
