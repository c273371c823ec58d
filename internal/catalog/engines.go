package catalog

import (
	"cmp"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// ServingEngines are the engine families a buyer may run and an answer
// sizes, in the order they are offered (MLPerf submissions are not an
// engine anyone deploys).
var ServingEngines = []string{FamilyVLLM, FamilySGLang, FamilyTRTLLM}

// EngineName names an engine family as its makers and users do:
// "TensorRT-LLM", "vLLM", "SGLang"; a family it does not know by its id.
func EngineName(family string) string {
	switch family {
	case FamilyTRTLLM:
		return "TensorRT-LLM"
	case FamilyVLLM:
		return "vLLM"
	case FamilySGLang:
		return "SGLang"
	case FamilyMLPerf:
		return "MLPerf"
	}
	return family
}

// EngineFamilyOf is the engine family EngineName names ("" for a name it
// does not give).
func EngineFamilyOf(name string) string {
	for _, f := range append(slices.Clone(ServingEngines), FamilyMLPerf) {
		if EngineName(f) == name {
			return f
		}
	}
	return ""
}

// EngineServes reports whether an engine family runs on a GPU:
//   - vLLM on every GPU the catalog has (its CUDA builds reach back to
//     Pascal's compute capability 6.0, and it has ROCm builds);
//   - SGLang on NVIDIA GPUs from Turing on and on AMD's: its kernels
//     (FlashInfer, Triton) need compute capability 7.5 or newer, so
//     neither Volta nor Pascal;
//   - TensorRT-LLM on NVIDIA GPUs from Ampere on (compute capability 8.0
//     and newer): its support matrix dropped Volta (V100) and lists no
//     Turing (T4, Quadro RTX 6000) or Pascal (P100).
func EngineServes(family string, g GPU) bool {
	nvidia := g.Maker() == "NVIDIA"
	switch family {
	case FamilyVLLM:
		return true
	case FamilySGLang:
		return (nvidia || g.Maker() == "AMD") && g.Architecture != ArchVolta && g.Architecture != ArchPascal
	case FamilyTRTLLM:
		return nvidia && slices.Contains([]string{ArchAmpere, ArchAda, ArchHopper, ArchBlackwell}, g.Architecture)
	}
	return false
}

// EngineRunsPrecision reports whether an engine family serves a GPU in a
// precision from the checkpoints the catalog's profiles name:
//   - 4-bit weight-only (INT4 w4a16, compressed-tensors checkpoints): vLLM
//     and SGLang, on NVIDIA GPUs from Turing on, whose Marlin kernels the
//     format needs (vLLM's quantization hardware table: Marlin on Turing
//     (not for MXFP4), Ampere, Ada and Hopper; neither Volta nor AMD);
//     TensorRT-LLM does not load these checkpoints;
//   - FP4 (NVIDIA's NVFP4 checkpoints): TensorRT-LLM, the runtime their
//     cards name, on GPUs with FP4 tensor cores (Blackwell);
//   - 16-bit and FP8: every engine that runs on the GPU (FP8 where the
//     GPU has FP8 tensor cores, which the serving model checks).
func EngineRunsPrecision(family, precision string, g GPU) bool {
	if !EngineServes(family, g) {
		return false
	}
	switch precision {
	case PrecisionINT4:
		return (family == FamilyVLLM || family == FamilySGLang) && g.Maker() == "NVIDIA" &&
			g.Architecture != ArchVolta && g.Architecture != ArchPascal
	case PrecisionFP4:
		return family == FamilyTRTLLM
	}
	return true
}

// EngineMeasuredOn reports whether the catalog holds serving figures of
// an engine family on GPUs of an architecture: the family's fitted
// efficiencies then rest on that architecture's own figures.
func (c *Catalog) EngineMeasuredOn(family, arch string) bool {
	return c.measuredEngines[[2]string{arch, family}]
}

// PipelinesMeasuredOn reports whether the catalog holds serving figures
// of replicas of several pipeline stages on a GPU: answers weigh
// pipelines only there (see serving.Splits). On the L40S, whose measured
// servers run tensor parallel, the model's two-stage pipeline at MLPerf's
// server bounds gives 604 output tokens/s a GPU for Llama 3.3 70B against
// the 402 of MLPerf v4.1's tuned L40S submission; its tensor-parallel
// curve gives 394.
func (c *Catalog) PipelinesMeasuredOn(gpu string) bool { return c.measuredPipelines[gpu] }

// engineVersion reads a version number from a serving point's engine as
// its source states it ("vLLM 0.12.0", "TensorRT-LLM v0.14.0 (…)"): the
// number right after the engine's own name, so that a product built on
// the engine (NVIDIA NIM 1.8.0) is not taken for the engine's version.
var engineVersion = regexp.MustCompile(`^(\S+) v?(\d+(?:\.\d+)+[0-9A-Za-z.+]*)`)

// EngineVersions lists the versions of an engine family the catalog's
// serving figures were measured on, as their sources state them, oldest
// first, each once. Figures whose source states no version are left out;
// a family none of whose figures states one has none.
func (c *Catalog) EngineVersions(family string) []string {
	name := EngineName(family)
	var out []string
	for i := range c.Serving {
		sp := &c.Serving[i]
		if sp.Family != family {
			continue
		}
		m := engineVersion.FindStringSubmatch(sp.Engine)
		if m == nil || m[1] != name || slices.Contains(out, m[2]) {
			continue
		}
		out = append(out, m[2])
	}
	slices.SortFunc(out, compareVersions)
	return out
}

// compareVersions orders version numbers by their dotted numeric parts
// ("0.5.1" before "0.12.0"), then as text ("1.0" before "1.0.0rc3").
func compareVersions(a, b string) int {
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(pa) && i < len(pb); i++ {
		na, ea := strconv.Atoi(pa[i])
		nb, eb := strconv.Atoi(pb[i])
		if ea != nil || eb != nil {
			break
		}
		if na != nb {
			return cmp.Compare(na, nb)
		}
	}
	return cmp.Compare(a, b)
}

// EngineVersion names an engine family with the versions the catalog's
// serving figures of that family were measured on, as an answer states
// them: "vLLM 0.5.1, 0.12.0", or "SGLang (version not stated)" when no
// figure's source states one.
func (c *Catalog) EngineVersion(family string) string {
	if v, ok := c.engineVersions[family]; ok {
		return v
	}
	return c.engineVersionLabel(family)
}

// engineVersionLabel writes EngineVersion's label.
func (c *Catalog) engineVersionLabel(family string) string {
	vs := c.EngineVersions(family)
	if len(vs) == 0 {
		return EngineName(family) + " (version not stated)"
	}
	return EngineName(family) + " " + strings.Join(vs, ", ")
}
