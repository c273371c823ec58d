package web

import (
	"crypto/subtle"
	"net/http"
	"strings"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// metrics are what /metrics tells an operator. Each Server has its own
// registry, so tests and several servers in one process do not collide.
type metrics struct {
	registry       *prometheus.Registry
	requests       *prometheus.CounterVec
	duration       *prometheus.HistogramVec
	adviceSeconds  prometheus.Histogram
	quotesCreated  prometheus.Counter
	loginFailures  prometheus.Counter
	catalogVersion *prometheus.GaugeVec
}

func newMetrics() *metrics {
	m := &metrics{
		registry: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "gpuplace_http_requests_total", Help: "HTTP requests by route pattern, method and status.",
		}, []string{"route", "method", "status"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "gpuplace_http_request_duration_seconds", Help: "HTTP request duration by route pattern.",
			Buckets: prometheus.ExponentialBuckets(0.0005, 2.5, 12),
		}, []string{"route"}),
		adviceSeconds: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "gpuplace_advice_compute_seconds", Help: "Time the advisor took to compute an answer (cache misses only).",
			Buckets: prometheus.ExponentialBuckets(0.0005, 2, 14),
		}),
		quotesCreated: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "gpuplace_quotes_created_total", Help: "Quotes and quote revisions created.",
		}),
		loginFailures: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "gpuplace_login_failures_total", Help: "Sign-ins refused: wrong email or password, or over the attempt limit.",
		}),
		catalogVersion: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "gpuplace_catalog_active", Help: "1 for the catalog version this instance answers from.",
		}, []string{"version"}),
	}
	m.registry.MustRegister(m.requests, m.duration, m.adviceSeconds, m.quotesCreated, m.loginFailures, m.catalogVersion,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// MetricsHandler serves the metrics (with the token check, if any), for a
// listener of its own (see Config.MetricsApart).
func (s *Server) MetricsHandler() http.Handler { return http.HandlerFunc(s.handleMetrics) }

// handleMetrics handles GET /metrics in the Prometheus text format.
func (s *Server) handleMetrics(w http.ResponseWriter, r *http.Request) {
	if s.metricsToken != "" {
		got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		if !ok || subtle.ConstantTimeCompare([]byte(got), []byte(s.metricsToken)) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="gpuplace metrics"`)
			http.Error(w, "metrics need a bearer token", http.StatusUnauthorized)
			return
		}
	}
	s.metrics.catalogVersion.Reset()
	s.metrics.catalogVersion.WithLabelValues(s.versions.Active().Version.ID).Set(1)
	promhttp.HandlerFor(s.metrics.registry, promhttp.HandlerOpts{}).ServeHTTP(w, r)
}
