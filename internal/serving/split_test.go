package serving

import (
	"slices"
	"testing"
)

// Ensure the replica shapes weighed are tensor parallel on every GPU and,
// where pipelines are weighed, on GPUs linked by PCIe alone two pipeline
// stages besides, within the GPUs an offer has and one node's.
func TestSplits(t *testing.T) {
	nvlink := Hardware{ID: "h100", Interconnect: LinkNVLink}
	pcie := Hardware{ID: "l40s", Interconnect: LinkPCIe}
	for _, c := range []struct {
		h         Hardware
		gpus      int
		pipelines bool
		want      []Split
	}{
		{nvlink, 8, true, []Split{{1, 1}, {2, 1}, {4, 1}, {8, 1}}},
		{pcie, 8, true, []Split{{1, 1}, {2, 1}, {1, 2}, {4, 1}, {2, 2}, {8, 1}, {4, 2}}},
		{pcie, 8, false, []Split{{1, 1}, {2, 1}, {4, 1}, {8, 1}}},
		{pcie, 2, true, []Split{{1, 1}, {2, 1}, {1, 2}}},
		{pcie, 1, true, []Split{{1, 1}}},
		{pcie, 6, true, []Split{{1, 1}, {2, 1}, {1, 2}}},
	} {
		if got := Splits(c.h, c.gpus, c.pipelines); !slices.Equal(got, c.want) {
			t.Errorf("Splits(%s, %d) = %v, want %v", c.h.ID, c.gpus, got, c.want)
		}
	}
}

// Ensure a pipeline of two stages is what pipeline parallelism is: the
// memory of both GPUs (more requests at once than on one), no faster a
// token for one request than one GPU (each token passes both stages), and
// at full load about twice one GPU's output — each GPU's worth, not
// more.
func TestPipelineStages(t *testing.T) {
	p := Start()
	h := Hardware{ID: "l40s", Architecture: "ada", MemoryGB: 48, BandwidthGBs: 864, FP16TFLOPS: 362, FP8TFLOPS: 733, Interconnect: LinkPCIe}
	m := Model{ParamsB: 8, Layers: 32, KVHeads: 8, HeadDim: 128, Hidden: 4096, Vocab: 128256}
	one, err := p.NewReplica(Setup{Hardware: h, Model: m, Format: FormatFP8, TP: 1, Share: 1})
	if err != nil {
		t.Fatal(err)
	}
	two, err := p.NewReplica(Setup{Hardware: h, Model: m, Format: FormatFP8, TP: 1, PP: 2, Share: 1})
	if err != nil {
		t.Fatal(err)
	}
	in, out := 1000.0, 300.0
	if a, b := one.MaxBatch(in, out), two.MaxBatch(in, out); !(b > 2*a) {
		t.Errorf("two stages hold %.0f requests, one GPU %.0f: want more than twice (one copy of the weights)", b, a)
	}
	if a, b := one.At(1, in, out, 0).TPOTMS, two.At(1, in, out, 0).TPOTMS; b < a {
		t.Errorf("one request: %.1f ms a token on two stages, %.1f on one GPU: a pipeline never speeds one request", b, a)
	}
	if a, b := one.At(1, in, out, 0).TTFTMS, two.At(1, in, out, 0).TTFTMS; b < a {
		t.Errorf("one request: %.1f ms to the first token on two stages, %.1f on one GPU", b, a)
	}
	oneTput := one.At(one.MaxBatch(in, out), in, out, 0).OutputPerS
	twoTput := two.At(one.MaxBatch(in, out)*2, in, out, 0).OutputPerS
	if r := twoTput / oneTput; r < 1.8 || r > 2.05 {
		t.Errorf("at twice one GPU's full batch two stages give %.2f× one GPU's output, want about 2×", r)
	}
	if _, err := p.NewReplica(Setup{Hardware: h, Model: m, Format: FormatFP8, TP: 1, PP: -1, Share: 1}); err == nil {
		t.Error("a negative pipeline size makes a replica")
	}
}
