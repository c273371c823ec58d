package launch

import (
	"slices"
	"strings"

	"gpuplace/internal/catalog"
)

// skyPilotInfra is each catalog provider's cloud name in SkyPilot's
// resources.infra, for the clouds SkyPilot's installation page lists
// (https://docs.skypilot.co/en/stable/getting-started/installation.html:
// aws, gcp, azure, nebius, lambda, cudo, seeweb among ours).
var skyPilotInfra = map[string]string{
	"aws": "aws", "gcp": "gcp", "azure": "azure", "nebius": "nebius", "lambda": "lambda", "cudo": "cudo", "seeweb": "seeweb",
}

// dstackBackends is each catalog provider's backend type in dstack (the
// BackendType enum of src/dstack/_internal/core/models/backends/base.py at
// dstackai/dstack 511c318c; the backends page lists the same).
var dstackBackends = map[string]string{
	"aws": "aws", "gcp": "gcp", "azure": "azure", "nebius": "nebius", "lambda": "lambda", "cudo": "cudo", "verda": "verda",
}

// kubernetesLabels are the providers whose managed Kubernetes (EKS, GKE,
// AKS) sets the well-known node labels node.kubernetes.io/instance-type
// and topology.kubernetes.io/region to the provider's own instance type
// and region names (https://kubernetes.io/docs/reference/labels-annotations-taints/).
var kubernetesLabels = map[string]bool{"aws": true, "aws-china": true, "gcp": true, "azure": true}

// spotSelector is the node label, and the taint to tolerate, of each
// managed Kubernetes' spot capacity:
//   - EKS managed node groups label capacity types (eks.amazonaws.com/capacityType:
//     https://docs.aws.amazon.com/eks/latest/userguide/managed-node-groups.html);
//   - GKE labels Spot VMs cloud.google.com/gke-spot
//     (https://cloud.google.com/kubernetes-engine/docs/concepts/spot-vms);
//   - AKS labels and taints spot node pools kubernetes.azure.com/scalesetpriority
//     (https://learn.microsoft.com/azure/aks/spot-node-pool).
var spotSelector = map[string]struct {
	key, value string
	tainted    bool
}{
	"aws":       {"eks.amazonaws.com/capacityType", "SPOT", false},
	"aws-china": {"eks.amazonaws.com/capacityType", "SPOT", false},
	"gcp":       {"cloud.google.com/gke-spot", "true", false},
	"azure":     {"kubernetes.azure.com/scalesetpriority", "spot", true},
}

// gpuName is a GPU's accelerator name as SkyPilot and dstack write it
// (SkyPilot's catalogs name the 80 GB A100 "A100-80GB"; dstack names the
// chip and states the memory apart); false where no name is known.
func gpuName(g *catalog.GPU) (string, bool) {
	if g == nil {
		return "", false
	}
	if g.ID == "mi300x" {
		return "MI300X", true
	}
	return catalog.AcceleratorName(g.ID)
}

// dstackGPUName is the chip's name without SkyPilot's memory suffix.
func dstackGPUName(g *catalog.GPU) (string, bool) {
	name, ok := gpuName(g)
	if i := strings.Index(name, "-"); ok && i > 0 && strings.HasSuffix(name, "GB") {
		name = name[:i]
	}
	return name, ok
}

// amd reports whether the GPU is AMD's (ROCm), not NVIDIA's.
func amd(g *catalog.GPU) bool { return g != nil && strings.HasPrefix(g.ID, "mi") }

// Check is the refusal Write gives a plan for format f, without writing
// the file: an *UnsupportedError naming the first place's provider the
// tool does not launch on, nil when it launches every place (Kubernetes
// runs anywhere).
func Check(f Format, p Plan) error {
	var tool map[string]string
	switch f {
	case SkyPilot:
		tool = skyPilotInfra
	case Dstack:
		tool = dstackBackends
	default:
		return nil
	}
	for _, pl := range p.Places {
		if _, ok := tool[pl.Provider]; !ok {
			return &UnsupportedError{Format: f, Provider: pl.ProviderLabel, Supported: supported(f, p.providerLabel)}
		}
	}
	return nil
}

// supported lists the providers a format launches on, by label.
func supported(f Format, label func(string) string) string {
	var ids []string
	switch f {
	case SkyPilot:
		for id := range skyPilotInfra {
			ids = append(ids, id)
		}
	case Dstack:
		for id := range dstackBackends {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = label(id)
	}
	return strings.Join(names, ", ")
}
