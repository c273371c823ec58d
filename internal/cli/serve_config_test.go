package cli

import (
	"io"
	"testing"

	"gpuplace/web"
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

// Ensure the advice queues default to web.DefaultQueues, are set by
// -queue-answers and -queue-whatifs or their environment variables (the
// flag winning), and a negative one is refused.
func TestQueueFlags(t *testing.T) {
	for _, tt := range []struct {
		args    []string
		env     map[string]string
		answers int
		whatIfs int
	}{
		{nil, nil, web.DefaultQueues.Answers, web.DefaultQueues.WhatIfs},
		{[]string{"-queue-answers", "10", "-queue-whatifs", "0"}, nil, 10, 0},
		{nil, map[string]string{"GPUPLACE_QUEUE_ANSWERS": "20", "GPUPLACE_QUEUE_WHATIFS": "3"}, 20, 3},
		{[]string{"-queue-whatifs", "5"}, map[string]string{"GPUPLACE_QUEUE_WHATIFS": "3"}, web.DefaultQueues.Answers, 5},
	} {
		c, err := parseServeFlags(tt.args, env(tt.env), io.Discard)
		if err != nil || c.queues.Answers != tt.answers || c.queues.WhatIfs != tt.whatIfs {
			t.Errorf("serve %v with %v: queues %+v (%v), want %d answers and %d what-ifs", tt.args, tt.env, c.queues, err, tt.answers, tt.whatIfs)
		}
	}
	if _, err := parseServeFlags([]string{"-queue-whatifs", "-1"}, env(nil), io.Discard); err == nil {
		t.Error("-queue-whatifs -1 accepted; want it refused")
	}
}
