package serving

import "math"

// leastSquares minimises ½ Σ rᵢ(x)² from x0 by Levenberg–Marquardt with
// a forward-difference Jacobian (step h), for at most iters iterations or
// until an accepted step improves the cost by under tol of it.
// Deterministic.
func leastSquares(residuals func([]float64) []float64, x0 []float64, iters int, tol float64) []float64 {
	const h = 1e-5
	n := len(x0)
	x := append([]float64(nil), x0...)
	r := residuals(x)
	cost := sumSquares(r)
	lambda := 1e-3
	jac := make([][]float64, n) // jac[j][i] = ∂rᵢ/∂xⱼ
	for range iters {
		for j := range n {
			xj := x[j]
			x[j] = xj + h
			rj := residuals(x)
			x[j] = xj
			col := make([]float64, len(r))
			for i := range r {
				col[i] = (rj[i] - r[i]) / h
			}
			jac[j] = col
		}
		// The normal equations JᵀJ δ = −Jᵀr.
		a := make([][]float64, n)
		g := make([]float64, n)
		for j := range n {
			a[j] = make([]float64, n)
			for k := 0; k <= j; k++ {
				a[j][k] = dot(jac[j], jac[k])
				a[k][j] = a[j][k]
			}
			g[j] = -dot(jac[j], r)
		}
		// Marquardt's scaling by the diagonal, floored so that a flat
		// direction (a factor at a bound) takes no unbounded step.
		top := 0.0
		for j := range n {
			top = max(top, a[j][j])
		}
		improved := false
		for range 12 {
			m := make([][]float64, n)
			for j := range n {
				m[j] = append([]float64(nil), a[j]...)
				m[j][j] += lambda * max(a[j][j], 1e-4*top)
			}
			delta, ok := solve(m, append([]float64(nil), g...))
			if !ok {
				lambda *= 10
				continue
			}
			trial := make([]float64, n)
			for j := range x {
				// A fit variable moves at most maxStep a step: its
				// factor then moves at most about a third of its range.
				trial[j] = x[j] + max(-maxStep, min(maxStep, delta[j]))
			}
			tr := residuals(trial)
			c := sumSquares(tr)
			if c < cost {
				gain := (cost - c) / cost
				x, r, cost = trial, tr, c
				lambda = max(lambda/3, 1e-9)
				improved = gain >= tol
				break
			}
			lambda *= 4
		}
		if !improved {
			break
		}
	}
	return x
}

// maxStep bounds a fit variable's move in one step (see knob.value).
const maxStep = 1.5

func dot(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

func sumSquares(r []float64) float64 { return 0.5 * dot(r, r) }

// solve solves m x = b by Gaussian elimination with partial pivoting; ok
// is false for a singular m. m and b are overwritten.
func solve(m [][]float64, b []float64) ([]float64, bool) {
	n := len(b)
	for c := range n {
		p := c
		for i := c + 1; i < n; i++ {
			if math.Abs(m[i][c]) > math.Abs(m[p][c]) {
				p = i
			}
		}
		if math.Abs(m[p][c]) < 1e-300 {
			return nil, false
		}
		m[c], m[p] = m[p], m[c]
		b[c], b[p] = b[p], b[c]
		for i := c + 1; i < n; i++ {
			f := m[i][c] / m[c][c]
			for k := c; k < n; k++ {
				m[i][k] -= f * m[c][k]
			}
			b[i] -= f * b[c]
		}
	}
	x := make([]float64, n)
	for i := n - 1; i >= 0; i-- {
		s := b[i]
		for k := i + 1; k < n; k++ {
			s -= m[i][k] * x[k]
		}
		x[i] = s / m[i][i]
	}
	return x, true
}
