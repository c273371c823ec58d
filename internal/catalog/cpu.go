package catalog

// CPU is one server processor model. Its serving figures are measured on
// whole servers (MLPerf's two-socket systems); a cloud instance gets a
// share of them by its physical cores, from figures of its own Family
// only: figures never cross a microarchitecture generation.
type CPU struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Family is the microarchitecture generation (see CPUFamilies).
	Family         string `json:"family"`
	CoresPerSocket int    `json:"cores_per_socket"`
	// ThreadsPerCore is the vCPUs one physical core gives an instance: 2
	// with simultaneous multithreading (Hyper-Threading), as clouds sell
	// them.
	ThreadsPerCore int `json:"threads_per_core"`
	// AMX marks Intel's Advanced Matrix Extensions, the matrix units the
	// INT8 figures run on.
	AMX bool `json:"amx"`
	// TDPW is one socket's thermal design power, where its maker states it.
	TDPW   float64 `json:"tdp_w,omitempty"`
	TDPRef *Ref    `json:"tdp_ref,omitempty"`
	// Note says what a reader should know (a cloud's custom part, say).
	Note string `json:"note,omitempty"`
	Ref
}

// CPU families: Intel Xeon generations with AMX.
const (
	FamilySapphireRapids = "sapphire-rapids" // 4th generation Xeon Scalable
	FamilyEmeraldRapids  = "emerald-rapids"  // 5th generation Xeon Scalable
	FamilyGraniteRapids  = "granite-rapids"  // Xeon 6 with performance cores
)

// CPUFamilies lists the CPU families, oldest first.
var CPUFamilies = []string{FamilySapphireRapids, FamilyEmeraldRapids, FamilyGraniteRapids}

// CPUFigure is one measured result of a whole CPU-only server: a profile
// served at a scenario, with the server's throughput and, for the Server
// scenario, its p99 latency under the round's bound.
type CPUFigure struct {
	CPU       string `json:"cpu"`
	Profile   string `json:"profile"`
	Precision string `json:"precision"`
	// Scenario is ScenarioOffline or ScenarioServer.
	Scenario  string `json:"scenario"`
	Engine    string `json:"engine"`
	Submitter string `json:"submitter"`
	System    string `json:"system"`
	Sockets   int    `json:"sockets"`
	// Throughput is the whole server's, in Unit per second.
	Throughput float64 `json:"throughput"`
	Unit       string  `json:"unit"`
	// LatencyMS is the Server run's p99 latency, under its bound TargetMS.
	LatencyMS float64 `json:"latency_ms,omitempty"`
	TargetMS  float64 `json:"target_ms,omitempty"`
	// WorkerCores is how many cores serve one request (batch) in the
	// submission's code, where WorkerPath (its run script) states it: an
	// instance with fewer cores takes proportionally longer per request.
	WorkerCores int    `json:"worker_cores,omitempty"`
	WorkerPath  string `json:"worker_path,omitempty"`
	// Preview marks a system its submitter had not yet put on sale.
	Preview bool `json:"preview,omitempty"`
	// Path is the result's file in the source's repository.
	Path string `json:"path"`
	Ref
}

// CPUIndex returns the position of a CPU model in CPUs, or -1.
func (c *Catalog) CPUIndex(id string) int {
	if i, ok := c.cpus[id]; ok {
		return i
	}
	return -1
}

// CPU returns the CPU model with the given id.
func (c *Catalog) CPU(id string) (CPU, bool) { return lookup(c.CPUs, c.cpus, id) }

// FamilyOf is the family of the CPU model id, or "".
func (c *Catalog) FamilyOf(id string) string {
	if p, ok := c.CPU(id); ok {
		return p.Family
	}
	return ""
}

// IsCPU reports whether the offer is a CPU server (no GPU).
func (o Offer) IsCPU() bool { return o.CPU != "" }

// Cores is how many physical cores an instance of vcpus vCPUs has on
// this CPU: vCPUs ÷ threads per core, at least one.
func (p CPU) Cores(vcpus int) int {
	return max(vcpus/max(p.ThreadsPerCore, 1), 1)
}
