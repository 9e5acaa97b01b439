// Package rng is the serialisable random source every game keeps inside its
// state. It is the 128-bit PCG-DXSM generator of math/rand/v2 (same outputs for
// the same seeds), with its state in exported fields so it round-trips through
// JSON. Games must never embed math/rand values in their state.
package rng

import "math/bits"

// PCG is a PCG-DXSM generator whose whole state is Hi and Lo.
type PCG struct {
	Hi uint64 `json:"hi"`
	Lo uint64 `json:"lo"`
}

// New returns a generator seeded like math/rand/v2's NewPCG(seed1, seed2).
func New(seed1, seed2 uint64) *PCG { return &PCG{Hi: seed1, Lo: seed2} }

// FromSeed derives a generator from a single 64-bit game seed.
func FromSeed(seed uint64) *PCG {
	return New(seed, seed^0x9e3779b97f4a7c15)
}

// Seed sets p to what FromSeed(seed) returns, in p's own memory.
func (p *PCG) Seed(seed uint64) { *p = PCG{Hi: seed, Lo: seed ^ 0x9e3779b97f4a7c15} }

func (p *PCG) next() (hi, lo uint64) {
	const (
		mulHi = 2549297995355413924
		mulLo = 4865540595714422341
		incHi = 6364136223846793005
		incLo = 1442695040888963407
	)
	hi, lo = bits.Mul64(p.Lo, mulLo)
	hi += p.Hi*mulLo + p.Lo*mulHi
	lo, c := bits.Add64(lo, incLo, 0)
	hi, _ = bits.Add64(hi, incHi, c)
	p.Lo = lo
	p.Hi = hi
	return hi, lo
}

// Uint64 returns a uniformly distributed 64-bit value.
func (p *PCG) Uint64() uint64 {
	hi, lo := p.next()
	const cheapMul = 0xda942042e4dd58b5
	hi ^= hi >> 32
	hi *= cheapMul
	hi ^= hi >> (3 * 16)
	hi *= (lo | 1)
	return hi
}

// IntN returns a uniform value in [0, n). It panics if n <= 0, which is a
// programming error in the caller, never a consequence of player input.
func (p *PCG) IntN(n int) int {
	if n <= 0 {
		panic("rng: IntN with n <= 0")
	}
	return int(p.uint64n(uint64(n)))
}

// uint64n is Lemire's nearly divisionless unbiased bounded draw.
func (p *PCG) uint64n(n uint64) uint64 {
	hi, lo := bits.Mul64(p.Uint64(), n)
	if lo < n {
		thresh := -n % n
		for lo < thresh {
			hi, lo = bits.Mul64(p.Uint64(), n)
		}
	}
	return hi
}

// Die returns a fair roll of a six-sided die, 1..6.
func (p *PCG) Die() int { return p.IntN(6) + 1 }

// Shuffle permutes n elements with the Fisher-Yates algorithm.
func (p *PCG) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, p.IntN(i+1))
	}
}

// Perm returns a random permutation of 0..n-1.
func (p *PCG) Perm(n int) []int {
	out := make([]int, n)
	p.PermInto(out)
	return out
}

// PermInto writes to out the permutation Perm(len(out)) would return,
// with the same draws.
func (p *PCG) PermInto(out []int) {
	for i := range out {
		out[i] = i
	}
	for i := len(out) - 1; i > 0; i-- { // Shuffle's draws, without its closure
		j := p.IntN(i + 1)
		out[i], out[j] = out[j], out[i]
	}
}
