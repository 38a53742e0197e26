package main

import (
	"math"
	"sort"
)

// pca projects the rows of x (n rows of d values) onto their top k
// principal components, after centring: the result has n rows of k values.
// It is deterministic: the covariance is summed in row order, its
// eigenvectors are found by cyclic Jacobi rotations, and each component's
// sign is fixed so that its largest coefficient is positive. It also
// returns the share of the variance the k components keep.
func pca(x [][]float32, k int) ([][]float32, float64) {
	n, d := len(x), len(x[0])
	mean := make([]float64, d)
	for _, r := range x {
		for j, v := range r {
			mean[j] += float64(v)
		}
	}
	for j := range mean {
		mean[j] /= float64(n)
	}
	cov := make([][]float64, d)
	for i := range cov {
		cov[i] = make([]float64, d)
	}
	c := make([]float64, d)
	for _, r := range x {
		for j, v := range r {
			c[j] = float64(v) - mean[j]
		}
		for i := 0; i < d; i++ {
			ci, row := c[i], cov[i]
			for j := i; j < d; j++ {
				row[j] += ci * c[j]
			}
		}
	}
	for i := 0; i < d; i++ {
		for j := i; j < d; j++ {
			cov[i][j] /= float64(n)
			cov[j][i] = cov[i][j]
		}
	}
	vals, vecs := jacobiEigen(cov)
	order := make([]int, d)
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return vals[order[a]] > vals[order[b]] })
	k = min(k, d)
	comps := make([][]float64, k) // comps[c][j]: component c, coefficient j
	var total, kept float64
	for _, v := range vals {
		total += max(v, 0)
	}
	for c := 0; c < k; c++ {
		col := order[c]
		kept += max(vals[col], 0)
		comp := make([]float64, d)
		big := 0
		for j := 0; j < d; j++ {
			comp[j] = vecs[j][col]
			if math.Abs(comp[j]) > math.Abs(comp[big]) {
				big = j
			}
		}
		if comp[big] < 0 {
			for j := range comp {
				comp[j] = -comp[j]
			}
		}
		comps[c] = comp
	}
	out := make([][]float32, n)
	for i, r := range x {
		for j, v := range r {
			c[j] = float64(v) - mean[j]
		}
		o := make([]float32, k)
		for cc, comp := range comps {
			var s float64
			for j, cj := range c {
				s += cj * comp[j]
			}
			o[cc] = float32(s)
		}
		out[i] = o
	}
	if total == 0 {
		return out, 1
	}
	return out, kept / total
}

// jacobiEigen returns the eigenvalues of the symmetric matrix a and its
// eigenvectors as the columns of v, by cyclic Jacobi rotations until the
// off-diagonal part is negligible. a is destroyed.
func jacobiEigen(a [][]float64) ([]float64, [][]float64) {
	n := len(a)
	v := make([][]float64, n)
	for i := range v {
		v[i] = make([]float64, n)
		v[i][i] = 1
	}
	var diag float64
	for i := 0; i < n; i++ {
		diag += a[i][i] * a[i][i]
	}
	for sweep := 0; sweep < 100; sweep++ {
		var off float64
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				off += a[i][j] * a[i][j]
			}
		}
		if off <= 1e-22*diag || off == 0 {
			break
		}
		for p := 0; p < n; p++ {
			for q := p + 1; q < n; q++ {
				apq := a[p][q]
				if math.Abs(apq) < 1e-300 {
					continue
				}
				theta := (a[q][q] - a[p][p]) / (2 * apq)
				t := 1 / (math.Abs(theta) + math.Sqrt(theta*theta+1))
				if theta < 0 {
					t = -t
				}
				cs := 1 / math.Sqrt(t*t+1)
				sn := t * cs
				for k := 0; k < n; k++ { // columns p and q
					akp, akq := a[k][p], a[k][q]
					a[k][p] = cs*akp - sn*akq
					a[k][q] = sn*akp + cs*akq
				}
				rp, rq := a[p], a[q] // rows p and q
				for k := 0; k < n; k++ {
					apk, aqk := rp[k], rq[k]
					rp[k] = cs*apk - sn*aqk
					rq[k] = sn*apk + cs*aqk
				}
				for k := 0; k < n; k++ {
					vkp, vkq := v[k][p], v[k][q]
					v[k][p] = cs*vkp - sn*vkq
					v[k][q] = sn*vkp + cs*vkq
				}
			}
		}
	}
	vals := make([]float64, n)
	for i := range vals {
		vals[i] = a[i][i]
	}
	return vals, v
}
