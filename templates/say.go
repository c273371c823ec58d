package templates

import (
	"context"
	"fmt"
	"strings"

	"gpuplace/internal/advisor"
)

// Say renders a sentence of an answer in the page's language: in English
// as the advisor wrote it (english), in Chinese from advisorZH. A Text
// without a translation, or an answer stored before Texts existed (an
// empty t), shows the English.
func Say(ctx context.Context, t advisor.Text, english string) string {
	if Lang(ctx) != LangZH || t.ID == "" {
		return english
	}
	return sayZH(ctx, t)
}

// SayAll renders parallel lists of Texts and their English.
func SayAll(ctx context.Context, ts []advisor.Text, english []string) []string {
	if len(ts) != len(english) {
		return english
	}
	out := make([]string, len(ts))
	for i := range ts {
		out[i] = Say(ctx, ts[i], english[i])
	}
	return out
}

func sayZH(ctx context.Context, t advisor.Text) string {
	format, ok := advisorZH[t.ID]
	if !ok {
		return advisor.Say(t, nil)
	}
	args := make([]any, len(t.Args))
	for i, a := range t.Args {
		switch {
		case a.Text != nil:
			args[i] = sayZH(ctx, *a.Text)
		case strings.HasPrefix(a.Word, "country."):
			code := strings.TrimPrefix(a.Word, "country.")
			args[i] = CountryName(ctx, code, code)
		case a.Word != "":
			args[i] = sayZH(ctx, advisor.Text{ID: a.Word})
		default:
			args[i] = a.Value
		}
	}
	return fmt.Sprintf(format, args...)
}
