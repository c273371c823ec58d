package catalog_test

import (
	"math"
	"strings"
	"testing"

	"gpuplace/data"
	"gpuplace/internal/catalog"
)

// The per-core share, worked out by hand from the MLPerf summaries: v3.1
// is the newest round of two-socket Xeon 8480+ (2 × 56 cores) servers on
// sale; its four Server figures are the basis, and the held-out error is
// the larger of the submitters' spread and the core-count check on the
// Xeon 6 (86 and 128 cores) Llama 3.1 8B INT8 Server figures of v5.1.
func TestCPUServingFromMeasuredServers(t *testing.T) {
	cat, err := catalog.Load(data.FS)
	if err != nil {
		t.Fatal(err)
	}
	// Core check: 450.87 tokens/s on 256 cores predicts the 86-core
	// sockets (172 cores: 257.75, 289.97, 260.99, 275.78) within 17.5,
	// 4.5, 16.1 and 9.8 %; their median per core predicts 450.87 within
	// 11.4 %: median 11.4 %.
	const coreCheck = 11.40
	for _, tt := range []struct {
		profile          string
		servers          [4]float64 // Dell, HPE, Intel, QCT
		perCore, service float64
		workerCores      int
	}{
		{"resnet50", [4]float64{16006.74, 16306.85, 16505.89, 16505.89}, (16306.85 + 16505.89) / 2 / 112, (13.02 + 13.065) / 2, 2},
		{"bert-large", [4]float64{1054.34, 1104.65, 1089.77, 1079.75}, (1079.75 + 1089.77) / 2 / 112, (122.958 + 123.66) / 2, 8},
	} {
		for _, cpu := range []string{"aws-xeon-4th-gen", "gcp-c3-xeon-4th-gen", "xeon-8480plus"} {
			s, ok := cat.CPUServing(cpu, tt.profile, catalog.PrecisionINT8)
			if !ok {
				t.Fatalf("%s on %s: no CPU serving figure", tt.profile, cpu)
			}
			if len(s.Basis) != 4 || s.Basis[0].Source != "mlperf-inference-v3.1-cpu" {
				t.Errorf("%s on %s: basis %d figures from %s, want the 4 of v3.1", tt.profile, cpu, len(s.Basis), s.Basis[0].Source)
			}
			for i, f := range s.Basis {
				if f.Throughput != tt.servers[i] {
					t.Errorf("%s basis[%d] (%s) = %v, want %v", tt.profile, i, f.Submitter, f.Throughput, tt.servers[i])
				}
			}
			if math.Abs(s.PerCore-tt.perCore) > 1e-9 || math.Abs(s.ServiceMS-tt.service) > 1e-9 {
				t.Errorf("%s on %s: %v a core in %v ms, want %v in %v", tt.profile, cpu, s.PerCore, s.ServiceMS, tt.perCore, tt.service)
			}
			if math.Abs(s.ErrorPct-coreCheck) > 0.01 || s.Points != 4+5 {
				t.Errorf("%s on %s: error %.2f %% on %d points, want %.2f %% on 9", tt.profile, cpu, s.ErrorPct, s.Points, coreCheck)
			}
			if s.WorkerCores != tt.workerCores {
				t.Errorf("%s: worker of %d cores, want %d (Intel's run_server.sh)", tt.profile, s.WorkerCores, tt.workerCores)
			}
			if !s.Estimated || !strings.Contains(s.Method, "Xeon Platinum 8480+") || !strings.Contains(s.Method, "11.4 % across core counts") {
				t.Errorf("%s: method %q does not name the servers measured and the error", tt.profile, s.Method)
			}
			if got, want := s.ServiceMSOn(1), s.ServiceMS*float64(tt.workerCores); math.Abs(got-want) > 1e-9 {
				t.Errorf("%s on 1 core: %v ms, want %v", tt.profile, got, want)
			}
			if s.ServiceMSOn(16) != s.ServiceMS {
				t.Errorf("%s on 16 cores: %v ms, want the measured %v", tt.profile, s.ServiceMSOn(16), s.ServiceMS)
			}
		}
	}
	// No figure crosses a generation, and no LLM is sized on CPUs.
	if _, ok := cat.CPUServing("xeon-8592plus", "resnet50", catalog.PrecisionINT8); !ok {
		t.Error("Emerald Rapids has its own resnet50 figures")
	} else if s, _ := cat.CPUServing("xeon-8592plus", "resnet50", catalog.PrecisionINT8); s.Basis[0].CPU != "xeon-8592plus" {
		t.Errorf("Emerald Rapids sized on %s", s.Basis[0].CPU)
	}
	if _, ok := cat.CPUServing("aws-xeon-4th-gen", "resnet50", catalog.PrecisionMixed); ok {
		t.Error("no CPU figure at mixed precision, yet one came back")
	}
	if !cat.HasCPUServing("bert-large", catalog.PrecisionINT8) || cat.HasCPUServing("gptj-6b", catalog.PrecisionINT8) {
		t.Error("HasCPUServing: bert-large INT8 has CPU figures, gptj-6b none")
	}
}
