package launch

import (
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"gpuplace/internal/catalog"
)

// The image of a manifest's placeholder container (training, and serving
// without a known server): NVIDIA's PyTorch container from NGC.
const placeholderImage = "nvcr.io/nvidia/pytorch:24.05-py3"

// kubernetesManifest is a Kubernetes manifest for one place: a Deployment
// of the serving copies, or an indexed Job of the training nodes, each pod
// requesting its GPUs (nvidia.com/gpu, amd.com/gpu: the device plugins'
// resources, https://kubernetes.io/docs/tasks/manage-gpus/scheduling-gpus/),
// selecting the instance type and region by the well-known node labels
// where the provider's managed Kubernetes sets them, and tolerating the
// GPU nodes' taint. Any provider's nodes can run it; it is never refused.
func kubernetesManifest(p Plan, pl Place) *yaml.Node {
	labels := mapping(field{key: "app.kubernetes.io/name", value: str(p.Name)})
	pod := mapping(
		field{key: "metadata", value: mapping(field{key: "labels", value: labels})},
		field{key: "spec", value: podSpec(p, pl)},
	)
	meta := mapping(
		field{key: "name", value: str(p.Name)},
		field{key: "labels", value: labels},
		field{key: "annotations", value: mapping(
			field{key: "gpuplace.dev/catalog-version", value: str(p.CatalogVersion)},
			field{key: "gpuplace.dev/answer", value: str(p.Origin)},
		)},
	)
	if p.Kind == catalog.KindTraining {
		return mapping(
			field{key: "apiVersion", value: str("batch/v1")},
			field{key: "kind", value: str("Job")},
			field{key: "metadata", value: meta},
			field{key: "spec", value: mapping(
				field{key: "completions", value: integer(pl.Instances)},
				field{key: "parallelism", value: integer(pl.Instances), comment: "One pod per node, all at once."},
				field{key: "completionMode", value: str("Indexed")},
				field{key: "template", value: pod},
			)},
		)
	}
	n := mapping(
		field{key: "apiVersion", value: str("apps/v1")},
		field{key: "kind", value: str("Deployment")},
		field{key: "metadata", value: meta},
		field{key: "spec", value: mapping(
			field{key: "replicas", value: integer(pl.pods())},
			field{key: "selector", value: mapping(field{key: "matchLabels", value: labels})},
			field{key: "template", value: pod},
		)},
	)
	if p.LLM != nil {
		// One pod per replica: one server each.
		n.HeadComment = comment(p.LLM.notes(pl, 1)...)
	}
	return n
}

// podSpec is the pod of one serving copy or training node.
func podSpec(p Plan, pl Place) *yaml.Node {
	selector := []field{}
	var tolerations []*yaml.Node
	selectNote := ""
	if kubernetesLabels[pl.Provider] {
		selector = append(selector,
			field{key: "node.kubernetes.io/instance-type", value: str(pl.InstanceType)},
			field{key: "topology.kubernetes.io/region", value: str(pl.Region)})
	} else {
		selectNote = "Schedule these pods on the " + pl.InstanceType + " nodes of " + pl.ProviderLabel + " " + pl.Region +
			" (label them, and add a nodeSelector)."
	}
	if s, ok := spotSelector[pl.Provider]; ok && pl.spot() {
		selector = append(selector, field{key: s.key, value: str(s.value)})
		if s.tainted {
			tolerations = append(tolerations, toleration(s.key, "Equal", s.value))
		}
	}
	if pl.GPU != nil {
		tolerations = append(tolerations, toleration(gpuResource(pl), "Exists", ""))
	}
	var nodeSelector *yaml.Node
	if len(selector) > 0 {
		nodeSelector = mapping(selector...)
	}
	var tol *yaml.Node
	if len(tolerations) > 0 {
		tol = list(tolerations...)
	}
	spec := []field{
		{key: "nodeSelector", value: nodeSelector},
		{key: "tolerations", value: tol},
	}
	if p.Kind == catalog.KindTraining {
		spec = append(spec, field{key: "restartPolicy", value: str("Never")})
	}
	spec = append(spec, field{key: "containers", value: list(container(p, pl))})
	for i := range spec {
		if spec[i].value != nil {
			spec[i].comment = joinNotes(selectNote, pl.reservedNote())
			break
		}
	}
	if p.LLM != nil && p.LLM.GPUs() > 1 {
		spec = append(spec, field{key: "volumes", value: list(mapping(
			field{key: "name", value: str("shm")},
			field{key: "emptyDir", value: mapping(field{key: "medium", value: str("Memory")}, field{key: "sizeLimit", value: str("16Gi")})},
		))})
	}
	return mapping(spec...)
}

// container is the pod's one container: the answer's engine for an LLM
// (its token from a Secret for a gated model), a placeholder to
// replace otherwise.
func container(p Plan, pl Place) *yaml.Node {
	var limits *yaml.Node
	if pl.GPU != nil {
		limits = mapping(field{key: gpuResource(pl), value: integer(pl.gpusPerPod())})
	}
	resources := mapping(field{key: "limits", value: limits})
	if limits == nil {
		resources = mapping(field{key: "requests", value: mapping(
			field{key: "cpu", value: str(strconv.Itoa(pl.VCPUs))},
			field{key: "memory", value: str(strconv.Itoa(int(pl.MemoryGiB)) + "Gi")},
		)})
	}
	if p.LLM == nil {
		note := "Replace the image and command with your model server's."
		command := strs("sleep", "infinity")
		if p.Kind == catalog.KindTraining {
			note = "Replace the command with your training's; JOB_COMPLETION_INDEX numbers the nodes."
			command = strs("nvidia-smi")
		}
		return mapping(
			field{key: "name", value: str("workload")},
			field{key: "image", value: str(placeholderImage), comment: note},
			field{key: "command", value: command},
			field{key: "resources", value: resources},
		)
	}
	argv := p.LLM.argv(1, servingPort)
	program := programWords(argv)
	c := []field{
		{key: "name", value: str(p.LLM.Engine)},
		{key: "image", value: str(p.LLM.image(pl))},
		{key: "command", value: strs(argv[:program]...)},
		{key: "args", value: strs(argv[program:]...), comment: "One pod per replica: a replica's GPUs, its operating point."},
		{key: "env", value: hfTokenSecret(p.LLM), comment: hfTokenSecretNote(p.LLM)},
		{key: "ports", value: list(mapping(field{key: "containerPort", value: integer(servingPort)}))},
		{key: "readinessProbe", value: mapping(field{key: "httpGet", value: mapping(
			field{key: "path", value: str(readinessPath)}, field{key: "port", value: integer(servingPort)})})},
		{key: "resources", value: resources},
	}
	if p.LLM.GPUs() > 1 {
		c = append(c, field{key: "volumeMounts", value: list(mapping(
			field{key: "name", value: str("shm")}, field{key: "mountPath", value: str("/dev/shm")}))})
	}
	return mapping(c...)
}

// gpuResource is the extended resource the GPU's device plugin offers.
func gpuResource(pl Place) string {
	if amd(pl.GPU) {
		return "amd.com/gpu"
	}
	return "nvidia.com/gpu"
}

// toleration tolerates a NoSchedule taint.
func toleration(key, operator, value string) *yaml.Node {
	return mapping(
		field{key: "key", value: str(key)},
		field{key: "operator", value: str(operator)},
		field{key: "value", value: optional(value)},
		field{key: "effect", value: str("NoSchedule")},
	)
}

// optional is a string scalar, nil when empty.
func optional(s string) *yaml.Node {
	if s == "" {
		return nil
	}
	return str(s)
}

// joinNotes joins the notes that are not empty, one per line.
func joinNotes(notes ...string) string {
	return strings.Join(slices.DeleteFunc(notes, func(n string) bool { return n == "" }), "\n")
}

// programWords is how many of an engine's words name its program ("vllm
// serve", "python3 -m sglang.launch_server", "trtllm-serve"): the words
// before the first that is the model or a flag.
func programWords(argv []string) int {
	for i, w := range argv {
		if strings.HasPrefix(w, "-") && w != "-m" || strings.Contains(w, "/") {
			return i
		}
	}
	return len(argv)
}

// hfTokenSecretName is the Secret a gated model's Hugging Face token is
// read from.
const hfTokenSecretName = "hf-token"

// hfTokenSecret is the container's env reading HF_TOKEN from a Secret;
// nil for a repository that needs none.
func hfTokenSecret(s *LLMServer) *yaml.Node {
	if !s.Gated {
		return nil
	}
	return list(mapping(
		field{key: "name", value: str(hfTokenEnv)},
		field{key: "valueFrom", value: mapping(field{key: "secretKeyRef", value: mapping(
			field{key: "name", value: str(hfTokenSecretName)}, field{key: "key", value: str(hfTokenEnv)})})},
	))
}

// hfTokenSecretNote says how to make the Secret.
func hfTokenSecretNote(s *LLMServer) string {
	if !s.Gated {
		return ""
	}
	return "kubectl create secret generic " + hfTokenSecretName + " --from-literal=" + hfTokenEnv + "=<your token>"
}
