package cli

import (
	"io"
	"testing"
)

// Ensure /metrics is served on the app's address to anyone only when
// asked, by -metrics-public or GPUPLACE_METRICS_PUBLIC, and that the flag
// wins over the environment.
func TestMetricsPublicFlag(t *testing.T) {
	for _, tt := range []struct {
		args []string
		env  map[string]string
		want bool
	}{
		{nil, nil, false},
		{[]string{"-metrics-public"}, nil, true},
		{nil, map[string]string{"GPUPLACE_METRICS_PUBLIC": "true"}, true},
		{nil, map[string]string{"GPUPLACE_METRICS_PUBLIC": "1"}, true},
		{nil, map[string]string{"GPUPLACE_METRICS_PUBLIC": "no"}, false},
		{[]string{"-metrics-public=false"}, map[string]string{"GPUPLACE_METRICS_PUBLIC": "true"}, false},
	} {
		c, err := parseServeFlags(tt.args, env(tt.env), io.Discard)
		if err != nil || c.metricsPublic != tt.want {
			t.Errorf("serve %v with %v: metrics public %v (%v), want %v", tt.args, tt.env, c.metricsPublic, err, tt.want)
		}
	}
}
