package web_test

import (
	"net/http"
	"strings"
	"testing"

	"gpuplace/internal/account"
)

// Ensure an admin import of a price list with NaN memory, an absurd price
// or long digits is refused with 422 naming the row and column, not a
// 500.
func TestAdminImportRefusesAbsurdFigures(t *testing.T) {
	s := newTestServer(t)
	admin := s.signIn(t, account.RoleAdmin)
	for _, tt := range []struct{ old, new, field string }{
		{"g4dn.xlarge,T4,1,4,16,,0.1111,0.0444", "g4dn.xlarge,T4,1,4,NaN,,0.1111,0.0444", "MemoryGiB"},
		{"g4dn.xlarge,T4,1,4,16,,0.1111,0.0444", "g4dn.xlarge,T4,1,4,16,,1e10000,0.0444", "Price"},
		{"g4dn.xlarge,T4,1,4,16,,0.1111,0.0444", "g4dn.xlarge,T4,1,4,16,,0.1111,0." + strings.Repeat("4", 40), "SpotPrice"},
	} {
		body, ct := upload(t, "aws.csv", strings.Replace(priceList, tt.old, tt.new, 1), "aws")
		rec := s.do(t, "POST", "/admin/catalog", body, "Content-Type", ct, "Cookie", admin)
		wantStatus(t, rec, http.StatusUnprocessableEntity)
		wantContains(t, rec.Body.String(), "row 3", tt.field)
	}
}
