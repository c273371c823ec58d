package locale

import "testing"

// Ensure Equal tells Texts apart exactly as their Keys do: by id, literal,
// word, number, format and nested phrase.
func TestTextEqualMatchesKey(t *testing.T) {
	texts := []Text{
		New("gdpr.none"),
		New("gdpr.in_eu", Word("country.DE")),
		New("gdpr.in_eu", Word("country.FR")),
		New("gdpr.in_eu", "country.DE"),
		New("cost.more", Pct(12)),
		New("cost.more", Pct(13)),
		New("cost.more", Pct1(12)),
		New("gdpr.all", New("gdpr.in_eu", Word("country.DE")), New("gdpr.none")),
		New("gdpr.all", New("gdpr.in_eu", Word("country.FR")), New("gdpr.none")),
		New("gdpr.all", New("gdpr.in_eu", Word("country.DE"))),
	}
	for i, a := range texts {
		for j, b := range texts {
			if got, want := a.Equal(b), a.Key() == b.Key(); got != want {
				t.Errorf("texts %d and %d: Equal = %v, keys equal = %v (%s, %s)", i, j, got, want, a.Key(), b.Key())
			}
		}
		if c := New(a.ID, argsOf(a)...); !a.Equal(c) {
			t.Errorf("text %d: not Equal to a copy made from the same arguments", i)
		}
	}
}

func argsOf(t Text) []any {
	out := make([]any, len(t.Args))
	for i, a := range t.Args {
		out[i] = a
	}
	return out
}
