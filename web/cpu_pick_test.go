package web_test

import (
	"encoding/csv"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"gpuplace/internal/account"
)

// cpuQuestion is ResNet-50 at 20 requests/s across the EU: a CPU server
// serves it for less than any GPU.
const cpuQuestion = "gdpr=eu&kind=inference&profile=resnet50&rps=20&users=DE%3A40%2CFR%3A30%2CIT%3A30"

// Ensure a CPU pick reads as naturally as a GPU one everywhere a buyer
// meets it: the API's placement names its CPU and no GPU, the page says
// "a CPU server of 2 vCPUs" (never "0 ×"), in both languages, the offers
// explorer filters CPU servers, and a quote made from the answer carries
// the CPU server's line into its CSV.
func TestCPUPickEndToEnd(t *testing.T) {
	s := newTestServer(t)
	var res struct {
		Pick struct {
			Placements []struct {
				InstanceType string `json:"instance_type"`
				GPU          string `json:"gpu"`
				GPUCount     int    `json:"gpu_count"`
				CPU          *struct {
					Model, Generation string
					Cores             int
				} `json:"cpu"`
			} `json:"placements"`
		} `json:"pick"`
		Request struct {
			Accelerator string `json:"accelerator"`
		} `json:"request"`
	}
	rec := s.do(t, "GET", "/api/v1/advice?"+cpuQuestion, nil)
	wantStatus(t, rec, http.StatusOK)
	if err := json.Unmarshal(rec.Body.Bytes(), &res); err != nil {
		t.Fatal(err)
	}
	pl := res.Pick.Placements[0]
	if pl.CPU == nil || pl.GPU != "" || pl.GPUCount != 0 || pl.CPU.Generation != "sapphire-rapids" || res.Request.Accelerator != "any" {
		t.Fatalf("API placement %+v (cpu %+v), accelerator %q: want a CPU server", pl, pl.CPU, res.Request.Accelerator)
	}
	for lang, want := range map[string][]string{
		"":      {"a CPU server of", "A CPU server is enough here", "a GPU placement costs less in all"},
		"zh-CN": {"CPU 服务器", "这里 CPU 服务器就够用"},
	} {
		q := cpuQuestion
		if lang != "" {
			q += "&lang=" + lang
		}
		page := s.do(t, "GET", "/advice?"+q, nil).Body.String()
		wantContains(t, page, append(want, `data-testid="pick-cpu"`, pl.InstanceType, "accelerator=cpu")...)
		card := page[strings.Index(page, `data-testid="pick"`):]
		card = card[:strings.Index(card, `data-testid="total"`)]
		if strings.Contains(page, `data-testid="pick-gpu"`) || strings.Contains(card, "0 × ") {
			t.Errorf("%s page: a CPU pick shown with a GPU: %s", lang, card)
		}
	}
	offers := s.do(t, "GET", "/catalog/offers?accelerator=cpu&provider=aws&region=aws:eu-central-1", nil).Body.String()
	wantContains(t, offers, `data-testid="cpu-server"`, "c7i.large", "m7i.xlarge")
	if strings.Contains(offers, "g4dn.") {
		t.Error("the CPU servers filter lists GPU offers")
	}
	if strings.Contains(s.do(t, "GET", "/catalog/offers?unit=gpu_hour&region=aws:eu-central-1", nil).Body.String(), `data-testid="cpu-server"`) {
		t.Error("prices per GPU-hour list CPU servers, which have no GPU")
	}

	// A quote from the answer.
	pin := s.do(t, "POST", "/s", strings.NewReader(cpuQuestion), "Content-Type", "application/x-www-form-urlencoded")
	wantStatus(t, pin, http.StatusSeeOther)
	link := strings.TrimPrefix(pin.Header().Get("Location"), "/s/")
	sales := s.signIn(t, account.RoleSales)
	number := s.createQuote(t, sales, link, nil)
	rows, err := csv.NewReader(s.do(t, "GET", "/quotes/"+number+".csv", nil, "Cookie", sales).Body).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var line string
	for _, r := range rows {
		if strings.Contains(strings.Join(r, " "), pl.InstanceType) {
			line = strings.Join(r, " ")
		}
	}
	if !strings.Contains(line, "vCPUs") || strings.Contains(line, "0 ×") {
		t.Errorf("the quote's CPU server line %q, want its vCPUs and CPU", line)
	}
}
