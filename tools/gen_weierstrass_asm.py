#!/usr/bin/env python3
"""Generates crates/kurve/src/arith/backend/x86_64_weierstrass_gen.rs: x86-64
MULX/ADCX/ADOX inline assembly for the window step of the scalar
multiplications on the a = -3 curves over the P-256, the P-384 and the
P-521 prime, and over any other prime below 2^256 in four words (one
generic block, its modulus in the state), and on secp256k1 (a = 0):
k Jacobian doublings of P, then, by the public state word `add`, nothing
(0), P + Q for an affine table point Q (1), or 2P + Q by the
doubling-addition (2: `dbladd_ops`, the window step of the odd-digit
chain of `ProjectivePoint::mul_window`), one block per prime (a loop on
the public count k around the doubling; the block's own product and
square are subroutines it calls). Every block takes k = 0 with the addition: the
mixed addition alone (it reads no curve constant, so any curve over the
block's prime may use it so, whatever its a), for the fixed-base sums of
`mul_base` and the variable-time chains that add up to four table points
at one position.

Usage: python3 tools/gen_weierstrass_asm.py > crates/kurve/src/arith/backend/x86_64_weierstrass_gen.rs
       python3 tools/gen_weierstrass_asm.py --check   (exit 1 when the file differs)

Why: measured against AWS-LC's s2n-bignum doublings (p384_montjdouble,
p521_jdouble), our field multiplications and squarings were as fast as
theirs, but our doubling built from them in Rust, with about ten
separate fully reduced linear operations, cost 1.31x (P-384) and 1.43x
(P-521) theirs. Here the linear combinations are one pass with one
reduction each, the products and squares are local subroutines of the
block (one copy each, called with CALL: four inline copies of each made
the P-521 routine 3483 instructions, and the scalar multiplication around
it gained nothing), and the order of the operations keeps dependent ones
apart.

secp256k1 (`K256Ops`, a = 0): the same block shape over the secp256k1
prime p = 2^256 - 2^32 - 977 on kurve's plain representatives (no
Montgomery factor), with the product and square of x86_64_secp256k1.rs as
its subroutines (`k256_mul_lines`, `k256_sqr_lines`: the 512-bit product
and the pseudo-Mersenne fold; emitted here also as the `asm!` templates
`k256_mul_asm!` and `k256_sqr_asm!` that x86_64_secp256k1.rs inlines, so
both run one code), the modular a + b, 2a, a - b and a/2 as the linear
operations, the a = 0 doubling of `JacobianPoint::double_a_zero`
(`dbl_ops_a0`, 3M + 4S) and the addition of the four-word block.
  Measured (block from C, Intel Xeon, min of 300 rounds, exact-value equal
  to s2n-bignum's secp256k1_jdouble and secp256k1_jmixadd up to the
  projective factor on 3000 chained inputs): per doubling 87.4 ns (the
  Rust formulas over the same inline products: 104-112 ns; s2n-bignum
  76-78), a window of five doublings and the addition 580 ns (s2n-bignum
  517-522).

Representation: the field elements of kurve's Fp, Montgomery form with
R = 2^256 (P-256), 2^384 (P-384) or 2^576 (P-521). Linear operations
commute with the Montgomery factor, so they are done on the
representatives as they are. P-256 and P-384: fully reduced (< p) in
every slot. P-521: weak inside the block,
any representative below 2^523 (nine words), fully reduced only where it
matters: X, Y, Z after the doubling loop (`after_loop`: the addition's
zero test of Z1 and the caller need them so; the caller's inputs are
below p) and the addition's results (in `select`). The generator tracks
an upper bound for every slot and asserts the conditions below as it
emits the code (`P521Ops.bound`): every product's operands multiply to
less than 2^1097, every negated weak value is below 2^523, and X, Y, Z
are again below 2^523 after each doubling (the loop invariant).
  Measured (P-521 block, interleaved against the fully reduced one, min of
  300 rounds): doubling 375 -> 311 ns, window (5 doublings + the addition)
  2414 -> 2028 ns; from skipping the final ge test and carry chain of every
  product (375 -> 340), forming lo >> 55 in the product's addition chain
  by SHRX/SHLX/LEA instead of a pass through memory (340 -> 318), and
  leaving X + delta, Y + Z and the addition's H, r unreduced (318 -> 311).

Four-word primes in general (`Mont4Ops`; the brainpool 224- and 256-bit
primes, the r1 curves on their a = -3 isomorphs, and the secp224r1 prime;
measured: module doc of x86_64_weierstrass.rs): the modulus m and
-m^-1 mod 2^64 are the state words `mod`, written by the caller; the
product is gen_adx_mont.mont_mul_rows (CIOS: an IMUL and four MULX per
reduction round) with final_sub_lines, the square
gen_adx_mont.mont_sqr_4_lines, both with m read from the state. As
2^256 mod m is no small number, the linear operations are only the
modular a + b, 2a, a - b and a/2, and the doubling is the one of
`JacobianPoint::double_a_minus_3` (around Y' = 2Y: ten linear operations,
Y3 = alpha*(beta' - X3) - gamma'^2/2); the addition's X3 = r^2 - HHH - 2V
takes two subtractions.

P-256 (measured: module doc of x86_64_weierstrass.rs): the product
(`P256Ops.mul_body`, label 3, a at rbx and b at rbp) and the square
(`sqr_body`, label 4, a at rbx) exploit -p^-1 = 1 mod 2^64: the reduction
multiplier of a round is the low word q itself, and q*p = -q + q*2^96 +
q*p3*2^192. The product takes two rounds at once after every two rows
(q0*2^32, q1*2^32 by MULX with 2^32, q0*p3, q1*p3, on the two carry
chains) and finds t >= p as the carry out of t + 2^256 - p; the square
takes its four rounds one by one (one MULX and two shifts each) and
subtracts p under CMOVNC. The same code is inlined by x86_64_p256.rs, from
the `asm!` templates `p256_mul_asm!` and `p256_sqr_asm!` emitted here
(`emit_inline`). Where a chain starts right after XOR (CF clear) it uses
ADC rather than ADD: in the window block on an Intel Xeon (Ice Lake) the
product with ADD first cost 4.5 %, the square's 1.5 % more (the two
instructions have one length; measured, not explained). The doubling is
the generic block's (`dbl_ops_2y`: only the modular addition, a + b < 2p
then minus p where that does not borrow, the subtraction, plus p masked
by the borrow, and a/2): the one-pass combinations 12*beta - 9*t^2,
4*beta - d and 3*d*t - 8*gamma^2 lay about a quarter of the doubling's
time on its critical path (module doc of x86_64_weierstrass.rs). The
addition (`add_ops_sub`) takes X3 = r^2 - HHH - 2V as 2V and two
subtractions, so the P-256 and the P-384 block, like the four-word one,
have only the modular linear operations.
Operand forwarding (`FORWARD`, P-256, P-384 and the four-word block): the
generator tracks which registers still hold which slot's value (`live`:
the result of a product, a square or a modular a + b, a - b, a/2, until
an operation overwrites those registers), and a modular linear operation
reads such an operand from its registers instead of from the slot, its
other registers chosen among those that hold nothing live (`fresh`); the
addition (all blocks) and the P-256 doubling place each linear operation
right after the operation whose result it reads. Every result
is still stored to its slot. In the four-word block forwarding gained
1.2 % (window 995 -> 983 ns, brainpoolP256r1's modulus).

Field operations (dst, a, b: state slots):
  mul   label 3, a at rbx, b at rbp. P-384: the CIOS rows of
        gen_adx_mont.mont_mul_rows with the two-MULX rounds for
        p = 2^384 - c, c = 2^128 + 2^96 - 2^32 + 1, leaving t < 2p in seven
        words, then `final_cmov`: u = t + c in six free registers, t >= p
        exactly when t_6 + the carry out of u is nonzero, CMOV. P-521:
        gen_adx_mont.p521_mul_lines, the full product (low half in the
        scratch slot), then the rotation reduction without its fold
        (weak=True: s < 2^522 + (a*b >> 576), below 2^523 for operands
        whose product is below 2^1097; rbx and rbp, free once the rows are
        done, hold the shift counts of SHRX/SHLX).
  sqr   label 4. P-384 (a at rdi, which the caller pushes and pops): the
        square in eleven registers (rbx and rbp included, the twelfth word
        in rdi once a is read; the cross products by `cross_products`, two
        carry chains over columns), then six P-384 rounds on the low half in a
        rotating window of six registers (the word a round cancels takes
        w - borrow, which belongs six words up: the window then holds
        REDC(L) <= p), plus the high half H < p, then `final_cmov`.
        P-521 (a at rbx): gen_adx_mont.p521_sqr_lines, weak as the
        product.
  lin   inline. P-256, P-384, the four-word block and secp256k1: a + b,
        2a and a - b by the modular addition and subtraction
        (`mod_add_sub`: a + b in n + 1 words, minus p where that does not
        borrow; a - b, plus p masked by the borrow; P-384's p from the
        mask as the low half, the high half, the mask doubled and the mask
        thrice), a/2 by `half`; nothing else.
        P-521, every linear operation: dst = sum c_i*a_i - sum d_j*b_j
        mod p for small constants, in one pass: the first term initialises
        the accumulator, every further term is added (a row of MULX by c on
        the two carry chains, or an ADD chain for c = 1). A negated term
        d*b is d*(p - b) >= 0: for b below 2^521 (a fully reduced slot:
        P's and Q's coordinates in the addition), p - b is b with its low
        521 bits complemented (p = 2^521 - 1; word 8: b_8 xor 0x1ff); for a
        weak b < 2^523, the 523-bit complement 2^523 - 1 - b = 4p + 3 - b
        (word 8: b_8 xor 0x7ff), so 3d comes off in the reduction; d times
        either is the MULX row of the complemented words.
        The sum v is below (sum c + sum d)*2^523, then reduced
        (gen_adx_mont.p521_fold_weak): s mod 2^521 + s >> 521, minus the
        3d of the weak complements (adding p, so never negative), one
        carry chain; a sum of at most two terms with nothing to take off,
        into a temporary that only products read (X + delta, Y + Z, H, r),
        is not reduced at all. The full reduction (gen_adx_mont.p521_fold:
        + 1 - p when the value is >= p, found from an all-ones test and
        one carry) is for X, Y, Z after the loop and the addition's
        results.

Doubling, dbl-2001-b (Bernstein 2001; EFD g1p/shortw/jacobian-3). P-256,
P-384 and the four-word block: around Y' = 2Y, the doubling of
`JacobianPoint::double_a_minus_3` (`dbl_ops_2y`; only modular a + b, 2a,
a - b and a/2), for P-256 in the order of `dbl_ops_fwd`.
P-521 (`dbl_ops`):
delta = Z^2, gamma = Y^2, beta = X*gamma, alpha = 3*(X - delta)*(X + delta),
X3 = alpha^2 - 8*beta, Y3 = alpha*(4*beta - X3) - 8*gamma^2, Z3 = 2*Y*Z,
evaluated with t = (X + delta)(X - delta) (alpha = 3t) and
d = 12*beta - 9*t^2 as
  X3 = 4*beta - d          (= 9t^2 - 8*beta = alpha^2 - 8*beta)
  Y3 = 3*d*t - 8*gamma^2   (= 3t*(12*beta - 9t^2) = alpha*(4*beta - X3))
  Z3 = (Y + Z)^2 - gamma - delta  (3M + 5S: P-521's square costs 0.8
                                   of its product)
the arrangement of s2n-bignum's doubling, which keeps two linear
operations off the chain delta -> t -> t^2 -> d -> d*t -> Y3. The values
are exactly those of `JacobianPoint::double_a_minus_3` (same polynomials),
which the tests check on arbitrary triples. For the identity
(lambda^2 : lambda^3 : 0) this gives Z3 = 0 and Y3 = lambda^12 != 0, again
the identity. X, Y, Z are overwritten after their last read; the count
word is decremented once per doubling, and the loop ends at 0 (k >= 1;
the caller returns early for k = 0).

Addition, the mixed madd-2004-hmv (Hankerson-Menezes-Vanstone 2004; EFD
g1p/shortw/jacobian) of an affine Q = (qx, qy), the values of
`JacobianPoint::double_n_add_affine_on` (`add_ops`): 8M + 3S, then the
identity cases by CMOV (Q = (qx, qy, qz) where Z1 = 0, P where qz = 0:
the caller passes qz = 1 for a table entry and qz = 0 for the digit 0;
the zero tests are ORs of the words, CMOV from memory loads both
sources). P = Q != O gives (0 : 0 : 0): the caller's window chain rules
it out, as for the Rust formula.

Doubling-addition (`dbladd_ops`, `dbladd_ops_sub`): 2P + Q as (P + Q) + P
in 13M + 5S with no selection (module docstring of the function; the
caller rules out every exceptional case). P-521: its X, Y, Z fully
reduced at the end (`end_dbladd`), as the addition's.

Slots: x, y, z (P, in and out) and qx, qy, qz (Q) are fixed; the
temporaries of the doubling and of the additions share a pool of slots,
assigned by `allocate` (linear scan over each sequence).

Registers: rdi the state, rdx the MULX multiplier, rax and rcx the
product halves ({lo}, {hi} in the templates), rsi and r8-r15 the nine
accumulators r0..r8, rbx and rbp (not allowed as asm operands: saved in
the state at entry and restored at exit) the operand pointers of the
subroutines or two more accumulators. The block uses the stack for its
calls and the push of rdi (so no `nostack`). Constant time: the only
branch is the loop on the public count (and the calls and returns, at
fixed places); every address is a fixed offset from rdi.
"""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_adx_mont as mont  # noqa: E402
from gen_curve25519_asm import Layout, emit_fn, emit_slots, write_or_check  # noqa: E402

REG = {
    "st": "rdi", "lo": "rax", "hi": "rcx",
    "r0": "rsi", "r1": "r8", "r2": "r9", "r3": "r10", "r4": "r11",
    "r5": "r12", "r6": "r13", "r7": "r14", "r8": "r15",
    "bx": "rbx", "bp": "rbp",
}
R32 = {"rdi": "edi", "rax": "eax", "rcx": "ecx", "rsi": "esi", "rbx": "ebx", "rbp": "ebp"}
ACC = [f"r{k}" for k in range(9)]

P256 = 2**256 - 2**224 + 2**192 + 2**96 - 1
P384 = 2**384 - 2**128 - 2**96 + 2**32 - 1
P521 = 2**521 - 1
P256K1 = 2**256 - 2**32 - 977
W523 = 2**523


def bind(lines):
    """Replaces the template names ({lo}, {r3:e}, ...) by the registers."""
    out = []
    for line in lines:
        for name, reg in REG.items():
            line = line.replace("{" + name + ":e}", R32.get(reg, reg + "d"))
            line = line.replace("{" + name + "}", reg)
        assert "{" not in line and "}" not in line, line
        out.append(line)
    return out


class Prime:
    """The field operations of one prime over a state Layout."""

    def __init__(self, name, n, p, layout):
        self.name, self.n, self.p, self.L = name, n, p, layout

    def addr(self, slot, word=0):
        return f"[{{st}} + {8 * (self.L.off[slot] + word)}]"

    def m(self, slot, word=0):
        return f"qword ptr {self.addr(slot, word)}"

    def add_row(self, out, c, src, neg):
        """Adds c*src, or p - src when neg (then c = 1), to the accumulator
        words self.ACCW (the n value words; P-521, the one user). The
        complement of a top word under TOP_MASK (P-521: the 9 bits of word
        8) is formed in hi before the carry chain, as XOR sets the flags."""
        r, v, tm = self.ACCW, self.n, self.top_mask(src)
        if neg:
            assert c == 1, "lin: a negated term after the first has coefficient 1"
            full = v if tm is None else v - 1
            if tm is not None:
                out.append(f"mov {{hi}}, {self.m(src, v - 1)}")
                out.append(f"xor {{hi:e}}, {tm:#x}")
            for j in range(full):
                out.append(f"mov {{lo}}, {self.m(src, j)}")
                out.append("not {lo}")
                out.append(f"{'add' if j == 0 else 'adc'} {{{r[j]}}}, {{lo}}")
            if tm is not None:
                out.append(f"adc {{{r[v - 1]}}}, {{hi}}")
        elif c == 1:
            out.append(f"add {{{r[0]}}}, {self.m(src, 0)}")
            for j in range(1, v):
                out.append(f"adc {{{r[j]}}}, {self.m(src, j)}")
        else:
            out.append(f"mov edx, {c}")
            out.append("xor {lo:e}, {lo:e}")
            for j in range(v - 1):
                out.append(f"mulx {{hi}}, {{lo}}, {self.m(src, j)}")
                out.append(f"adox {{{r[j]}}}, {{lo}}")
                out.append(f"adcx {{{r[j + 1]}}}, {{hi}}")
            out.append(f"mulx {{hi}}, {{lo}}, {self.m(src, v - 1)}")
            out.append(f"adox {{{r[v - 1]}}}, {{lo}}")

    def mul(self, out, dst, a, b):
        """dst = a*b by the product subroutine (label 3, a at rbx, b at rbp)."""
        out.append(f"// {dst} = {a} * {b}")
        out.append(f"lea {{bx}}, {self.addr(a)}")
        out.append(f"lea {{bp}}, {self.addr(b)}")
        out.append("call 3f")
        self.store(out, dst, self.mul_out)
        self.set_live(dst, self.mul_out, ACC)

    def lin(self, out, dst, pos, neg):
        """dst = sum c*pos - sum d*neg mod p (module docstring): the first
        term sets the accumulator (a negated one first), the others are
        added, then one reduction."""
        out.append(f"// {dst} = {lin_text(pos, neg)}")
        terms = [(c, s, True) for c, s in neg] + [(c, s, False) for c, s in pos]
        for i, (c, s, ng) in enumerate(terms):
            if i == 0:
                self.first_row(out, c, s, ng, const_name(neg))
            else:
                self.add_row(out, c, s, ng)
        self.reduce(out, self.ACCW, neg, pos, dst)
        self.store(out, dst, self.ACCW[:self.n])
        self.set_live(dst, self.ACCW[:self.n], ACC)

    def store(self, out, dst, regs):
        for i, r in enumerate(regs):
            out.append(f"mov {self.m(dst, i)}, {{{r}}}")


def select(self, out, sx, sy, sz):
    """(x, y, z) <- (sx, sy, sz), then Q where Z1 = 0, then P where Z2 = 0
    (the order of `JacobianPoint::double_n_add_affine_on`): per coordinate, the
    zero test of a Z is an OR of its words, formed once (in rbx and rbp,
    free after the last call) before z is overwritten and TESTed per
    coordinate; CMOV from memory loads both sources whatever the flag."""
    self.live = {}
    for reg, zslot in (("bx", "z"), ("bp", "qz")):
        out.append(f"// {reg} = OR of the words of {zslot}")
        out.append(f"mov {{{reg}}}, {self.m(zslot, 0)}")
        for j in range(1, self.n):
            out.append(f"or {{{reg}}}, {self.m(zslot, j)}")
    for c, src in (("x", sx), ("y", sy), ("z", sz)):
        out.append(f"// {c} = Z1 == 0 ? q{c} : Z2 == 0 ? {c} : {src}")
        for j in range(self.n):
            out.append(f"mov {{{ACC[j]}}}, {self.m(src, j)}")
        self.full_reduce(out, ACC)
        for reg, from_slot in (("bx", "q" + c), ("bp", c)):
            out.append(f"test {{{reg}}}, {{{reg}}}")
            for j in range(self.n):
                out.append(f"cmovz {{{ACC[j]}}}, {self.m(from_slot, j)}")
        self.store(out, c, ACC[:self.n])


def mod_add_sub(self, out, dst, pos, neg):
    """dst = a + b, 2a or a - b of n-word operands below p by the modular
    addition (a + b < 2p in n + 1 words, then minus p where that does not
    borrow: the class's `select_sub_p`) or subtraction (plus p where a - b
    borrows: `add_p_masked` with the mask in rdx). An operand still in
    registers (`live`) is read from them. False, emitting nothing, for any
    other combination."""
    live, n = self.live, self.n
    if neg == [] and (len(pos) == 2 and pos[0][0] == pos[1][0] == 1 or len(pos) == 1 and pos[0][0] == 2):
        a, b = (pos[0][1], pos[1][1]) if len(pos) == 2 else (pos[0][1], pos[0][1])
        if b in live and a not in live:
            a, b = b, a
        out.append(f"// {dst} = {lin_text(pos, neg)}: a + b < 2p, minus p unless that borrows")
        if a in live:
            r = list(live[a])
            r += self.fresh(1, r)
        else:
            r = self.fresh(n + 1, [])
            for j in range(n):
                out.append(f"mov {{{r[j]}}}, {self.m(a, j)}")
        out.append(f"xor {{{r[n]}:e}}, {{{r[n]}:e}}")
        for j in range(n):
            src = f"{{{r[j]}}}" if a == b and a in live else self.m(b, j)
            out.append(f"{'add' if j == 0 else 'adc'} {{{r[j]}}}, {src}")
        out.append(f"adc {{{r[n]}}}, 0")
        clob = r + self.select_sub_p(out, r)
    elif len(pos) == 1 and len(neg) == 1 and pos[0][0] == neg[0][0] == 1:
        a, b = pos[0][1], neg[0][1]
        out.append(f"// {dst} = {lin_text(pos, neg)}: plus p where a - b borrows")
        if b in live and a not in live and len(self.fresh(n, live[b])) < n:
            live = {}  # too few registers beside b's: both from their slots
        if a in live:
            r = list(live[a])
        else:
            r = self.fresh(n, live.get(b, []))
            for j in range(n):
                out.append(f"mov {{{r[j]}}}, {self.m(a, j)}")
        for j in range(n):
            src = f"{{{live[b][j]}}}" if b in live else self.m(b, j)
            out.append(f"{'sub' if j == 0 else 'sbb'} {{{r[j]}}}, {src}")
        out.append("sbb rdx, rdx")
        clob = r + self.add_p_masked(out, r)
    else:
        return False
    self.store(out, dst, r[:n])
    self.set_live(dst, r[:n], clob)
    return True


def select_sub_p(self, out, r):
    """r (n + 1 words, below 2p) to r mod p in r[0..n]: t = r - p in n free
    registers (`sub_p`), kept by CMOVNC where the n + 1 word difference
    does not borrow. Returns the registers it wrote."""
    t = self.fresh(self.n, r)
    for j in range(self.n):
        out.append(f"mov {{{t[j]}}}, {{{r[j]}}}")
    self.sub_p(out, t)
    out.append(f"sbb {{{r[self.n]}}}, 0")
    for j in range(self.n):
        out.append(f"cmovnc {{{r[j]}}}, {{{t[j]}}}")
    return t


def half(self, out, dst, a):
    """dst = a/2 mod p for a below p (n words): a + (p where a is odd, by
    the class's `add_p_carry` under the parity mask rdx, the carry in word
    n), shifted right by one."""
    n = self.n
    out.append(f"// {dst} = {a} / 2: (a + (a odd ? p : 0)) >> 1")
    if a in self.live:
        r = list(self.live[a])
        r += self.fresh(1, r)
    else:
        r = self.fresh(n + 1, [])
        for j in range(n):
            out.append(f"mov {{{r[j]}}}, {self.m(a, j)}")
    out.append(f"mov edx, {{{r[0]}:e}}")
    out.append("and edx, 1")
    out.append("neg rdx")
    out.append(f"xor {{{r[n]}:e}}, {{{r[n]}:e}}")
    clob = r + self.add_p_carry(out, r[:n], avoid=r)
    out.append(f"adc {{{r[n]}}}, 0")
    for j in range(n):
        out.append(f"shrd {{{r[j]}}}, {{{r[j + 1]}}}, 1")
    self.store(out, dst, r[:n])
    self.set_live(dst, r[:n], clob)


def sqr_call(self, out, dst, a):
    """dst = a^2 by the square subroutine (label 4, a at rbx), its result
    left in `sqr_out` (P-256, the four-word block, secp256k1)."""
    out.append(f"// {dst} = {a}^2")
    out.append(f"lea {{bx}}, {self.addr(a)}")
    out.append("call 4f")
    self.store(out, dst, self.sqr_out)
    self.set_live(dst, self.sqr_out, ACC)


def lin_mod_only(self, out, dst, pos, neg):
    """Only a + b, 2a and a - b (`Prime.mod_add_sub`; the four-word block,
    with m from the state, and secp256k1)."""
    assert self.mod_add_sub(out, dst, pos, neg), (dst, pos, neg)


def fresh(self, k, avoid):
    """k accumulator registers outside `avoid`, those holding no live value
    first (with forwarding off: ACC in order)."""
    free = [x for x in self.POOL if x not in avoid]
    held = {x for regs in self.live.values() for x in regs}
    return sorted(free, key=lambda x: x in held)[:k]


def set_live(self, dst, regs, clobbered):
    """After an op that wrote `clobbered` and left dst's value in `regs`."""
    if not self.FORWARD:
        return
    self.live = {k: v for k, v in self.live.items() if k != dst and not set(v) & set(clobbered)}
    self.live[dst] = list(regs)


Prime.select_sub_p = select_sub_p
Prime.POOL = ACC
Prime.fresh = fresh
Prime.set_live = set_live
Prime.FORWARD = False
Prime.live = {}
Prime.select = select
Prime.mod_add_sub = mod_add_sub
Prime.half = half
Prime.top_mask = lambda self, src: self.TOP_MASK
Prime.begin_add = lambda self: None
Prime.begin = lambda self: None
Prime.end_doubling = lambda self: None
Prime.full_reduce = lambda self, out, regs: None
Prime.after_loop = lambda self, out: None
Prime.EXTRA = []
Prime.dbl_ops = staticmethod(lambda fused_z: dbl_ops(fused_z))
# every block but P-521 (its linear operations are one-pass sums; see
# `P521Ops.add_ops`) adds with X3 by two subtractions
Prime.add_ops = staticmethod(lambda: add_ops_sub())
Prime.dbladd_ops = staticmethod(lambda: dbladd_ops_sub())
Prime.end_dbladd = lambda self, out: None


class P384Ops(Prime):
    FORWARD = True
    # the linear operations' registers: rbx and rbp too (free between calls)
    POOL = ACC + ["bx", "bp"]

    @staticmethod
    def dbl_ops(fused_z):
        """`dbl_ops_2y`: with the square of `cross_products`, its order
        beat `dbl_ops_fwd`'s (block from C, Intel Xeon, min of 300 rounds:
        per doubling 269.3-269.6 -> 265.4-265.8 ns, a window 1719-1728 ->
        1704-1709 ns); of twelve random orders that respect the
        dependencies, none was faster, most 3-8 % slower."""
        return dbl_ops_2y(fused_z)

    lin = lin_mod_only

    def select_sub_p(self, out, r):
        """`final_cmov` on the sum r < 2p (seven words) with six free
        registers."""
        self.FREE = [x for x in ACC + ["lo", "hi", "rdx", "bx", "bp"] if x not in r][:6]
        self.final_cmov(out, r)
        return self.FREE

    def add_p_masked(self, out, r, avoid=()):
        """r + (p & rdx) for the mask rdx: p's words from the mask (its low
        half, its high half, the mask doubled in a register outside r and
        `avoid`, then the mask thrice), the carry out of r[5] left in CF."""
        x = next(y for y in ["bx", "bp"] + ACC if y not in r and y not in avoid)
        out.append("mov {lo}, rdx")
        out.append("shr {lo}, 32")
        out.append("mov {hi}, rdx")
        out.append("shl {hi}, 32")
        out.append(f"lea {{{x}}}, [rdx + rdx]")
        out.append(f"add {{{r[0]}}}, {{lo}}")
        out.append(f"adc {{{r[1]}}}, {{hi}}")
        out.append(f"adc {{{r[2]}}}, {{{x}}}")
        for j in (3, 4, 5):
            out.append(f"adc {{{r[j]}}}, rdx")
        return [x]

    add_p_carry = add_p_masked

    def final_cmov(self, out, t):
        """t[0..7] < 2p (t[6] in {0, 1}) to t mod p in t[0..6]: u = t + c
        (c = 2^384 - p) in six free registers; t >= p exactly when t[6] +
        the carry out is nonzero; then CMOV. Shorter latency than `reduce`."""
        f = [r(x) for x in self.FREE]
        fe = [r32(x) for x in self.FREE]
        out.append("// t >= p iff t + (2^384 - p) carries out of t6: select by CMOV")
        out.append(f"mov {f[0]}, 0xffffffff00000001")
        out.append(f"add {f[0]}, {{{t[0]}}}")
        out.append(f"mov {fe[1]}, 0xffffffff")
        out.append(f"adc {f[1]}, {{{t[1]}}}")
        out.append(f"mov {fe[2]}, 1")
        out.append(f"adc {f[2]}, {{{t[2]}}}")
        for j in (3, 4, 5):
            out.append(f"mov {f[j]}, {{{t[j]}}}")
            out.append(f"adc {f[j]}, 0")
        out.append(f"adc {{{t[6]}}}, 0")
        for j in range(6):
            out.append(f"cmovnz {{{t[j]}}}, {f[j]}")

    def subroutines(self):
        """The product (label 3: a at rbx, b at rbp) and the square (label
        4: a at rdi, which the caller saves) as local subroutines, their
        results left in registers: one copy each in the routine, for the
        instruction cache, instead of one per use."""
        out = [".p2align 4", "3:"]
        lines, names = mont.mont_mul_rows(
            6, lambda j: f"qword ptr [{{bx}} + {8 * j}]", lambda i: f"qword ptr [{{bp}} + {8 * i}]",
            None, ACC[:8], p384=True)
        out += lines
        self.FREE = [names[7], ACC[8], "lo", "hi", "rdx", "bx"]
        self.final_cmov(out, names[:7])
        out.append("ret")
        self.mul_out = names[:6]
        out += [".p2align 4", "4:"]
        self.sqr_body(out)
        out.append("ret")
        return out

    def sqr(self, out, dst, a):
        out.append(f"// {dst} = {a}^2")
        out.append("push {st}")
        out.append(f"lea {{st}}, {self.addr(a)}")
        out.append("call 4f")
        out.append("pop {st}")
        self.store(out, dst, self.sqr_out)
        self.set_live(dst, self.sqr_out, ACC)

    def sqr_body(self, out):
        """The square of the six words at rdi in registers: W0..W10 are ACC
        and rbx, rbp; word 11 ends in rdi once a is read. Phase 1 the cross
        products (`cross_products`), phase 2 doubling and the squares a_i^2 (as
        mont_sqr_lines), phase 3 six P-384 rounds on the low half as a
        rotating window of six registers (the word a round cancels takes
        w - borrow, to be added six words up: the window then holds
        REDC(L) <= p), then + the high half H < p: t < 2p."""
        A = lambda i: f"qword ptr [{{st}} + {8 * i}]"
        W = ACC + ["bx", "bp"]
        self.cross_products(out, A, W)
        out.append("// phase 2: 2C + sum a_i^2 2^(128 i); word 11 in hi, then in rdi")
        out.append(f"xor {{{W[0]}:e}}, {{{W[0]}:e}}")
        for i in range(6):
            out.append(f"mov rdx, {A(i)}")
            out.append("mulx {hi}, {lo}, rdx")
            out.append(f"adcx {{{W[2 * i]}}}, {{{W[2 * i]}}}")
            out.append(f"adox {{{W[2 * i]}}}, {{lo}}")
            if i < 5:
                out.append(f"adcx {{{W[2 * i + 1]}}}, {{{W[2 * i + 1]}}}")
                out.append(f"adox {{{W[2 * i + 1]}}}, {{hi}}")
        out.append("mov edx, 0")
        out.append("adcx {hi}, rdx")
        out.append("adox {hi}, rdx")
        out.append("mov {st}, {hi}")
        win = W[:6]
        for i in range(6):
            t = win
            out.append(f"// round {i}: w = t0 + (t0 << 32); t = (t + w * p) / 2^64 in the window")
            out.append(f"mov rdx, {{{t[0]}}}")
            out.append("shl rdx, 32")
            out.append(f"add rdx, {{{t[0]}}}")
            out.append("mov {lo}, 0xffffffff00000001")
            out.append("mulx {hi}, {lo}, {lo}")
            out.append("mov {lo:e}, 0xffffffff")
            out.append(f"mulx {{{t[0]}}}, {{lo}}, {{lo}}")
            out.append("add {lo}, {hi}")
            out.append(f"adc {{{t[0]}}}, rdx")
            out.append("mov {hi:e}, 0")
            out.append("adc {hi}, {hi}")
            out.append(f"sub {{{t[1]}}}, {{lo}}")
            out.append(f"sbb {{{t[2]}}}, {{{t[0]}}}")
            out.append(f"sbb {{{t[3]}}}, {{hi}}")
            out.append(f"sbb {{{t[4]}}}, 0")
            out.append(f"sbb {{{t[5]}}}, 0")
            out.append("sbb rdx, 0")
            out.append(f"mov {{{t[0]}}}, rdx")
            win = t[1:] + [t[0]]
        out.append("// t = REDC(L) + H < 2p, seven words")
        out.append("mov {lo:e}, 0")
        out.append(f"add {{{win[0]}}}, {{{W[6]}}}")
        for k in range(1, 5):
            out.append(f"adc {{{win[k]}}}, {{{W[6 + k]}}}")
        out.append(f"adc {{{win[5]}}}, {{st}}")
        out.append("adc {lo}, 0")
        self.FREE = W[6:11] + ["hi"]
        self.final_cmov(out, win + ["lo"])
        self.sqr_out = win

    @staticmethod
    def cross_products(out, A, W):
        """Phase 1 of `sqr_body`: C = sum over i < j of a_i*a_j*2^(64(i+j))
        into W[1..10], W[0] (free until phase 2) as the zero word. Five
        products whose word pairs are disjoint are written by MULX alone
        (a0a1, a0a3, a0a5 and a3a4 first, a4a5 before the product that
        first reaches word 9); the other ten run as two chains over
        consecutive columns (ADCX the low words, ADOX the high ones), the
        multiplier changing inside a chain where the column goes on:
        columns 2..6 as a2*(a0, a1), a1*(a3, a4, a5), then columns 4..8 as
        a4*a0, a2*(a3, a4, a5), a5*a3. Each chain ends by adding its two
        pending carries (CF into the word after its last low word, OF
        into the one after its last high word, then CF once more): no
        carry leaves the top word, as the sum so far is below 2^(64(w+1))
        for its top word w (8, then 10: C < 2^704 for a < 2^384).
        Measured (P-384 block from C, Intel Xeon, min of 300 rounds): the
        rows with ten zeroings and five flushes before, 70 instructions
        against 50; per doubling 274.5 -> 269.2 ns, a window 1754.5 ->
        1722.6 ns; the square alone as fast as s2n-bignum's
        bignum_montsqr_p384 (34.0 vs 34.1 ns, equal on 400000 inputs)."""
        z = W[0]

        def acc(i, j):
            out.append(f"mulx {{hi}}, {{lo}}, {A(j)}")
            out.append(f"adcx {{{W[i + j]}}}, {{lo}}")
            out.append(f"adox {{{W[i + j + 1]}}}, {{hi}}")

        def flush(w):
            out.append(f"adcx {{{W[w - 1]}}}, {{{z}}}")
            out.append(f"adox {{{W[w]}}}, {{{z}}}")
            out.append(f"adc {{{W[w]}}}, {{{z}}}")

        out.append("// phase 1: cross products, words 1..10 (two chains over columns)")
        out.append(f"mov rdx, {A(0)}")
        for j in (1, 3, 5):
            out.append(f"mulx {{{W[j + 1]}}}, {{{W[j]}}}, {A(j)}")
        out.append(f"mov rdx, {A(3)}")
        out.append(f"mulx {{{W[8]}}}, {{{W[7]}}}, {A(4)}")
        out.append(f"xor {{{z}:e}}, {{{z}:e}}")
        out.append(f"mov rdx, {A(2)}")
        acc(2, 0)
        acc(2, 1)
        out.append(f"mov rdx, {A(1)}")
        for j in (3, 4, 5):
            acc(1, j)
        flush(8)
        out.append(f"xor {{{z}:e}}, {{{z}:e}}")
        out.append(f"mov rdx, {A(4)}")
        acc(4, 0)
        out.append(f"mov rdx, {A(2)}")
        for j in (3, 4, 5):
            acc(2, j)
        out.append(f"mov rdx, {A(5)}")
        out.append(f"mulx {{{W[10]}}}, {{{W[9]}}}, {A(4)}")
        acc(5, 3)
        flush(10)

    def constants(self, ops):
        return []


class P256Ops(P384Ops):
    """P-256: the products and squares of x86_64_p256.rs (the reduction
    multiplier of a round is t_0 itself, q*p = -q + q*2^96 + q*p3*2^192:
    one MULX and two shifts a round); the doubling of `dbl_ops_2y` in the
    order of `dbl_ops_fwd` and the addition of `add_ops_sub` (only a + b,
    2a, a - b and a/2)."""
    FORWARD = True

    @staticmethod
    def dbl_ops(fused_z):
        return dbl_ops_fwd(fused_z)

    select_sub_p = Prime.select_sub_p
    POOL = ACC

    def sub_p(self, out, t):
        """t - p on the four words t (the borrow chain left open); p's
        words 1 and 3 as immediates in lo, hi."""
        out.append("mov {lo:e}, 0xffffffff")
        out.append("mov {hi}, 0xffffffff00000001")
        out.append(f"sub {{{t[0]}}}, -1")
        out.append(f"sbb {{{t[1]}}}, {{lo}}")
        out.append(f"sbb {{{t[2]}}}, 0")
        out.append(f"sbb {{{t[3]}}}, {{hi}}")

    def add_p_masked(self, out, r, avoid=()):
        """r + (p & rdx) for the borrow mask rdx: p's words from the mask
        (all ones, its low half, 0, and the constant masked)."""
        out.append("mov {lo}, rdx")
        out.append("shr {lo}, 32")
        out.append("mov {hi}, 0xffffffff00000001")
        out.append("and {hi}, rdx")
        out.append(f"add {{{r[0]}}}, rdx")
        out.append(f"adc {{{r[1]}}}, {{lo}}")
        out.append(f"adc {{{r[2]}}}, 0")
        out.append(f"adc {{{r[3]}}}, {{hi}}")
        return []

    # its carry out of r[3] is left in CF
    add_p_carry = add_p_masked

    def subroutines(self):
        """The product (label 3: a at rbx, b at rbp) and the square (label
        4: a at rbx), the code of x86_64_p256.rs's `mul` and `sqr`, their
        fully reduced results left in registers."""
        out = [".p2align 4", "3:"]
        out += self.mul_body()
        out.append("ret")
        out += [".p2align 4", "4:"]
        out += self.sqr_body()
        out.append("ret")
        return out

    def mul_body(self):
        """The product in two halves, each two product rows (b_0 and b_1,
        then b_2 and b_3, on the ADCX/ADOX chains) and one two-word
        reduction (`reduce2`), then `final_carry`: t < 2p in five words,
        reduced by one conditional subtraction; sets `mul_out`."""
        a = lambda j: f"qword ptr [{{bx}} + {8 * j}]"
        b = lambda i: f"qword ptr [{{bp}} + {8 * i}]"
        w = [f"{{{x}}}" for x in ACC[:8]]
        e = lambda x: x.replace("}", ":e}")
        o = ["// row 0: t = a*b0 (and word 5 zero)", f"xor {e(w[5])}, {e(w[5])}", f"mov rdx, {b(0)}",
             f"mulx {w[1]}, {w[0]}, {a(0)}"]
        for j in range(1, 4):
            o += [f"mulx {w[j + 1]}, {{hi}}, {a(j)}", f"adc {w[j]}, {{hi}}"]
        o += [f"adc {w[4]}, {w[5]}"]
        for i in (1, 2, 3):
            # row i adds a*b_i at words i..i+4: row 1 into words 1..5 (word
            # 5 zero), its z = word 6 the next reduction's zero top; rows 2
            # and 3 over the reduced value, the top word then new, into z
            # (zeroed, as the XOR clears CF and OF)
            z = w[(i + 5) % 8] if i == 1 else w[(i + 6) % 8]
            o += [f"// row {i}: t += a*b{i}", f"mov rdx, {b(i)}", f"xor {e(z)}, {e(z)}"]
            for j in range(3):
                o += [f"mulx {{hi}}, {{lo}}, {a(j)}", f"adcx {w[(i + j) % 8]}, {{lo}}",
                      f"adox {w[(i + j + 1) % 8]}, {{hi}}"]
            if i == 1:
                o += [f"mulx {{hi}}, {{lo}}, {a(3)}", f"adcx {w[4]}, {{lo}}", f"adox {w[5]}, {{hi}}",
                      f"adc {w[5]}, {z}"]
            else:
                top = w[(i + 4) % 8]
                o += [f"adox {top}, {z}", f"mulx {{hi}}, {{lo}}, {a(3)}", f"adc {w[(i + 3) % 8]}, {{lo}}",
                      f"adc {top}, {{hi}}", f"adc {w[(i + 5) % 8]}, {z}"]
            if i in (1, 3):
                k = i - 1
                o += self.reduce2(w[k], w[k + 1], [w[(k + d) % 8] for d in range(2, 7)], w[(k + 7) % 8])
        t = [w[4], w[5], w[6], w[7], w[0]]
        o += self.final_carry(t, [w[2], "rdx", w[1], w[3]])
        self.mul_out = [x[1:-1] for x in t[:4]]
        return o

    @staticmethod
    def reduce2(q0, q1, up, z):
        """Two Montgomery rounds at once: p = -1 mod 2^64, so the multipliers
        are the low words q0, q1 themselves (q1 after q0's round), and with
        q*p = -q + q*2^96 + q*p3*2^192 the rounds add q0*2^32, q1*2^32 at
        words 1..3 and q0*p3, q1*p3 at words 3..5 (four MULX on the two
        carry chains; words 0 and 1 become zero and are dropped). `up`
        holds words 2..6 (word 6 the top, small), z is a zero register
        that the XOR clearing the flags sets."""
        ze = z.replace("}", ":e}")
        return ["// reduce: two rounds, the low two words the multipliers", f"xor {ze}, {ze}",
                "mov rdx, 0x100000000",
                f"mulx {{hi}}, {{lo}}, {q0}", f"adcx {q1}, {{lo}}", f"adox {up[0]}, {{hi}}",
                f"mulx {{hi}}, {{lo}}, {q1}", f"adcx {up[0]}, {{lo}}", f"adox {up[1]}, {{hi}}",
                "not rdx", "lea rdx, [rdx + 2]",
                f"mulx {{hi}}, {{lo}}, {q0}", f"adcx {up[1]}, {{lo}}", f"adox {up[2]}, {{hi}}",
                f"mulx {{hi}}, {{lo}}, {q1}", f"adcx {up[2]}, {{lo}}", f"adox {up[3]}, {{hi}}",
                f"adcx {up[3]}, {z}", f"adox {up[4]}, {z}", f"adc {up[4]}, {z}"]

    @staticmethod
    def final_carry(t, u):
        """t (five words, t < 2p) to t mod p in t[0..4]: u = t + (2^256 - p)
        in the four registers u carries out of t's fifth word exactly when
        t >= p, and then u is t - p: CMOVC. u[1] is rdx, holding p3 (DEC
        makes it word 1 of 2^256 - p), u[2] a zero register (DEC: all ones;
        DEC leaves CF alone)."""
        return ["// t >= p iff t + 2^256 - p carries out of the fifth word",
                f"mov {u[0].replace('}', ':e}')}, 1", f"add {u[0]}, {t[0]}",
                "dec rdx", f"adc rdx, {t[1]}",
                f"dec {u[2]}", "mov {lo}, " + u[2], f"adc {u[2]}, {t[2]}",
                f"mov {u[3].replace('}', ':e}')}, 0xfffffffe", f"adc {u[3]}, {t[3]}",
                f"adc {{lo}}, {t[4]}"] + [f"cmovc {t[j]}, {u[j]}" for j in range(4)]

    def sqr_body(self):
        """The six cross products a_i*a_j (i < j), doubled, plus the four
        squares (10 MULX), then four reduction rounds on the low half (each
        REDC round leaves four words) and the high half added: t < 2p in
        five words, then t - p selected by CMOVNC; sets `sqr_out`."""
        a = lambda j: f"qword ptr [{{bx}} + {8 * j}]"
        t = [f"{{{x}}}" for x in ACC[:8]]
        e = lambda x: x.replace("}", ":e}")
        p3 = f"{{{ACC[8]}}}"
        o = [f"mov {p3}, 0xffffffff00000001", "// cross products", f"xor {e(t[5])}, {e(t[5])}",
             f"mov rdx, {a(0)}", f"mulx {t[2]}, {t[1]}, {a(1)}", f"mulx {t[3]}, {{lo}}, {a(2)}", f"adc {t[2]}, {{lo}}",
             f"mulx {t[4]}, {{lo}}, {a(3)}", f"adc {t[3]}, {{lo}}", f"adc {t[4]}, 0",
             f"mov rdx, {a(1)}", f"xor {e(t[6])}, {e(t[6])}",
             f"mulx {{hi}}, {{lo}}, {a(2)}", f"adcx {t[3]}, {{lo}}", f"adox {t[4]}, {{hi}}",
             f"mulx {{hi}}, {{lo}}, {a(3)}", f"adcx {t[4]}, {{lo}}", f"adox {t[5]}, {{hi}}", f"adcx {t[5]}, {t[6]}",
             f"mov rdx, {a(2)}", f"mulx {t[6]}, {{lo}}, {a(3)}", f"add {t[5]}, {{lo}}", f"adc {t[6]}, 0",
             "// doubled, then the squares", f"xor {e(t[7])}, {e(t[7])}", f"add {t[1]}, {t[1]}"]
        o += [f"adc {t[k]}, {t[k]}" for k in range(2, 7)]
        o += [f"adc {t[7]}, 0", f"mov rdx, {a(0)}", f"mulx {{hi}}, {t[0]}, rdx", f"add {t[1]}, {{hi}}"]
        for i in range(1, 4):
            o += [f"mov rdx, {a(i)}", "mulx {hi}, {lo}, rdx", f"adc {t[2 * i]}, {{lo}}", f"adc {t[2 * i + 1]}, {{hi}}"]
        w = t[:4]
        for i in range(4):
            q = w[0]
            o += [f"// reduce round {i}: q = t0", f"mov rdx, {q}", f"mulx {{hi}}, {{lo}}, {p3}", f"mov rdx, {q}",
                  "shl rdx, 32", f"shr {q}, 32", f"add {w[1]}, rdx", f"adc {w[2]}, {q}", f"adc {w[3]}, {{lo}}",
                  "adc {hi}, 0", f"mov {q}, {{hi}}"]
            w = w[1:] + w[:1]
        c, s = "{bx}", t[5]
        o += ["// REDC(low half) + high half < 2p", f"xor {e(c)}, {e(c)}", f"add {w[0]}, {t[4]}", f"adc {w[1]}, {t[5]}",
              f"adc {w[2]}, {t[6]}", f"adc {w[3]}, {t[7]}", f"adc {c}, 0",
              f"mov {{lo}}, {w[0]}", f"mov {{hi}}, {w[1]}", f"mov rdx, {w[2]}", f"mov {t[4]}, {w[3]}",
              f"mov {e(s)}, 0xffffffff", "sub {lo}, -1", f"sbb {{hi}}, {s}", "sbb rdx, 0", f"sbb {t[4]}, {p3}",
              f"sbb {c}, 0", f"cmovnc {w[0]}, {{lo}}", f"cmovnc {w[1]}, {{hi}}", f"cmovnc {w[2]}, rdx",
              f"cmovnc {w[3]}, {t[4]}"]
        self.sqr_out = [x[1:-1] for x in w]
        return o

    sqr = sqr_call


class Mont4Ops(Prime):
    """Any odd modulus m < 2^256 in four words, Montgomery form with
    R = 2^256 (the brainpool 224- and 256-bit primes, the secp224r1 prime):
    the modulus and -m^-1 mod 2^64 are state words (slot `mod`, written by
    the caller), the product is gen_adx_mont.mont_mul_rows (CIOS, an IMUL
    and four MULX per reduction round) with final_sub_lines, the square
    gen_adx_mont.mont_sqr_4_lines. 2^256 mod m is no small number here, so
    the linear operations are only the modular a + b, 2a, a - b and a/2
    (no one-pass sum of several terms: its quotient would need a division
    estimate), and the formulas are arranged for them (`dbl_ops`,
    `add_ops`)."""
    EXTRA = [("mod", 5)]
    FORWARD = True
    POOL = ACC + ["bx", "bp"]

    def M(self, j):
        return self.m("mod", j)

    @staticmethod
    def dbl_ops(fused_z):
        """`dbl_ops_2y`, not P-256's `dbl_ops_fwd`: with forwarding on, the
        latter's order cost 2.4 % here (window block from C on an Intel
        Xeon, brainpoolP256r1's modulus: 1019 vs 995 ns; `dbl_ops_2y` with
        forwarding 983 ns)."""
        return dbl_ops_2y(fused_z)

    def subroutines(self):
        """The product (label 3: a at rbx, b at rbp) and the square (label
        4: a at rbx), fully reduced, their results left in registers."""
        out = [".p2align 4", "3:"]
        lines, names = mont.mont_mul_rows(
            4, lambda j: f"qword ptr [{{bx}} + {8 * j}]", lambda i: f"qword ptr [{{bp}} + {8 * i}]",
            self.M, ACC[:6])
        out += lines
        fl, self.mul_out = mont.final_sub_lines(names[:4], names[4], [names[5], ACC[6], ACC[7], ACC[8]], self.M)
        out += fl + ["ret", ".p2align 4", "4:"]
        lines, res = mont.mont_sqr_4_lines(lambda i: f"qword ptr [{{a}} + {8 * i}]", self.M)
        ren = {f"w{k}": ACC[k] for k in range(8)}
        ren["a"] = "bx"
        pat = re.compile(r"\{(w\d|a)(:e)?\}")
        out += [pat.sub(lambda g: "{" + ren[g.group(1)] + (g.group(2) or "") + "}", x) for x in lines]
        out.append("ret")
        self.sqr_out = [ren[x] for x in res]
        return out

    sqr = sqr_call

    lin = lin_mod_only

    def sub_p(self, out, t):
        for j in range(4):
            out.append(f"{'sub' if j == 0 else 'sbb'} {{{t[j]}}}, {self.M(j)}")

    def add_p_masked(self, out, r, avoid=()):
        """r + (m & rdx) for the mask rdx by AND and one ADD/ADC chain, its
        carry out of r[3] left in CF (the subtraction's borrow fix-up and
        a/2 both use it)."""
        t = self.fresh(4, list(r) + list(avoid))
        for j in range(4):
            out.append(f"mov {{{t[j]}}}, {self.M(j)}")
            out.append(f"and {{{t[j]}}}, rdx")
        for j in range(4):
            out.append(f"{'add' if j == 0 else 'adc'} {{{r[j]}}}, {{{t[j]}}}")
        return t

    add_p_carry = add_p_masked

    def constants(self, ops):
        return []


# The secp256k1 product and square (plain representatives, p = 2^256 - c,
# c = 2^32 + 977), the code of x86_64_secp256k1.rs's `mul` and `sqr`
# (which inline these lines through the `k256_mul_asm!` and `k256_sqr_asm!`
# templates emitted below): a at {a}, b at {b} (pointers), the result in
# t0..t3; lo, hi, t4..t7 and rdx clobbered. The reduction, `K256_FOLD`:
# V = T_lo + T_hi*c (four MULX by c on the two carry chains, v4 <= 2^34),
# then S = V_lo + (v4 + 1)*c (one MULX): if S carries out, V mod p =
# S - 2^256, else V mod p = S - c (a CMOV of c or 0 and one borrow chain).
K256_FOLD = [
    "mov rdx, 0x1000003d1", "xor {lo:e}, {lo:e}",
    "mulx {t4}, {lo}, {t4}", "adcx {t0}, {lo}", "adox {t1}, {t4}",
    "mulx {t5}, {lo}, {t5}", "adcx {t1}, {lo}", "adox {t2}, {t5}",
    "mulx {t6}, {lo}, {t6}", "adcx {t2}, {lo}", "adox {t3}, {t6}",
    "mulx {t7}, {lo}, {t7}", "adcx {t3}, {lo}",
    "// t7 = v4 + 1: hi(t7*c) plus both pending carries plus one",
    "mov {lo:e}, 1", "adcx {t7}, {lo}", "mov {lo:e}, 0", "adox {t7}, {lo}",
    "// S = V_lo + (v4 + 1)*c; no carry out means subtract c",
    "mulx {hi}, {lo}, {t7}", "add {t0}, {lo}", "adc {t1}, {hi}", "adc {t2}, 0", "adc {t3}, 0",
    "mov {lo:e}, 0", "cmovnc {lo}, rdx", "sub {t0}, {lo}", "sbb {t1}, 0", "sbb {t2}, 0", "sbb {t3}, 0",
]


def k256_mul_lines():
    """The 512-bit schoolbook product (16 MULX; row 0 one ADD chain, rows
    1-3 on the ADCX/ADOX chains) and `K256_FOLD`."""
    a = lambda j: f"qword ptr [{{a}} + {8 * j}]" if j else "qword ptr [{a}]"
    b = lambda i: f"qword ptr [{{b}} + {8 * i}]" if i else "qword ptr [{b}]"
    o = [f"mov rdx, {b(0)}", f"mulx {{t1}}, {{t0}}, {a(0)}"]
    for j in range(1, 4):
        o += [f"mulx {{t{j + 1}}}, {{lo}}, {a(j)}", f"{'add' if j == 1 else 'adc'} {{t{j}}}, {{lo}}"]
    o += ["adc {t4}, 0"]
    for i in range(1, 4):
        o += [f"// row {i}", f"mov rdx, {b(i)}", "xor {lo:e}, {lo:e}"]
        for j in range(3):
            o += [f"mulx {{hi}}, {{lo}}, {a(j)}", f"adcx {{t{i + j}}}, {{lo}}", f"adox {{t{i + j + 1}}}, {{hi}}"]
        o += [f"mulx {{t{i + 4}}}, {{lo}}, {a(3)}", f"adcx {{t{i + 3}}}, {{lo}}", "mov {lo:e}, 0",
              f"adcx {{t{i + 4}}}, {{lo}}", f"adox {{t{i + 4}}}, {{lo}}"]
    return o + K256_FOLD


def k256_sqr_lines():
    """Six cross products, doubled, plus the four squares (10 MULX), then
    `K256_FOLD`."""
    a = lambda j: f"qword ptr [{{a}} + {8 * j}]" if j else "qword ptr [{a}]"
    o = [f"mov rdx, {a(0)}", f"mulx {{t2}}, {{t1}}, {a(1)}", f"mulx {{t3}}, {{lo}}, {a(2)}", "add {t2}, {lo}",
         f"mulx {{t4}}, {{lo}}, {a(3)}", "adc {t3}, {lo}", "adc {t4}, 0",
         f"mov rdx, {a(1)}", "xor {t5:e}, {t5:e}", "xor {t6:e}, {t6:e}",
         f"mulx {{hi}}, {{lo}}, {a(2)}", "adcx {t3}, {lo}", "adox {t4}, {hi}",
         f"mulx {{hi}}, {{lo}}, {a(3)}", "adcx {t4}, {lo}", "adox {t5}, {hi}", "adcx {t5}, {t6}",
         f"mov rdx, {a(2)}", f"mulx {{t6}}, {{lo}}, {a(3)}", "add {t5}, {lo}", "adc {t6}, 0",
         "xor {t7:e}, {t7:e}", "add {t1}, {t1}"]
    o += [f"adc {{t{k}}}, {{t{k}}}" for k in range(2, 7)]
    o += ["adc {t7}, 0", f"mov rdx, {a(0)}", "mulx {hi}, {t0}, rdx", "add {t1}, {hi}"]
    for i in range(1, 4):
        o += [f"mov rdx, {a(i)}", "mulx {hi}, {lo}, rdx", f"adc {{t{2 * i}}}, {{lo}}", f"adc {{t{2 * i + 1}}}, {{hi}}"]
    return o + K256_FOLD


class K256Ops(Prime):
    """The secp256k1 prime p = 2^256 - c, c = 2^32 + 977, plain
    representatives (kurve's Fp keeps this pseudo-Mersenne field in plain
    form), a = 0: the product and square of `k256_mul_lines` and
    `k256_sqr_lines` as subroutines; the linear operations the modular
    a + b, 2a, a - b and a/2 (p's words 1..3 are all ones: the masked p is
    (mask & p0, mask, mask, mask)); the doubling `dbl_ops_a0` (the one of
    `JacobianPoint::double_a_zero`), the addition of `add_ops_sub` (X3 by
    two subtractions)."""
    FORWARD = True
    POOL = ACC + ["bx", "bp"]
    P0 = (2**64 - 0x1000003D1)

    @staticmethod
    def dbl_ops(fused_z):
        return dbl_ops_a0(fused_z)

    REN = {"a": "bx", "b": "bp", **{f"t{k}": f"r{k}" for k in range(8)}}

    def rename(self, lines):
        pat = re.compile(r"\{(\w+)(:e)?\}")
        return [pat.sub(lambda g: "{" + self.REN.get(g.group(1), g.group(1)) + (g.group(2) or "") + "}", x)
                for x in lines]

    def subroutines(self):
        """The product (label 3: a at rbx, b at rbp) and the square (label
        4: a at rbx), fully reduced, their results left in r0..r3."""
        out = [".p2align 4", "3:"] + self.rename(k256_mul_lines()) + ["ret", ".p2align 4", "4:"]
        out += self.rename(k256_sqr_lines()) + ["ret"]
        self.mul_out = self.sqr_out = ACC[:4]
        return out

    sqr = sqr_call

    lin = lin_mod_only

    def sub_p(self, out, t):
        """t - p, the borrow chain left open (p0 in lo)."""
        out.append(f"mov {{lo}}, {self.P0:#x}")
        out.append(f"sub {{{t[0]}}}, {{lo}}")
        for j in range(1, 4):
            out.append(f"sbb {{{t[j]}}}, -1")

    def add_p_masked(self, out, r, avoid=()):
        """r + (p & rdx) for the mask rdx, its carry out of r[3] left in CF."""
        out.append(f"mov {{lo}}, {self.P0:#x}")
        out.append("and {lo}, rdx")
        out.append(f"add {{{r[0]}}}, {{lo}}")
        for j in range(1, 4):
            out.append(f"adc {{{r[j]}}}, rdx")
        return []

    add_p_carry = add_p_masked

    def constants(self, ops):
        return []


class P521Ops(Prime):
    ACCW = ACC
    TOP_MASK = 0x7FF
    # the formula's r^2 - 2V - HHH as one pass (the general pass, weak)
    add_ops = staticmethod(lambda: add_ops())
    dbladd_ops = staticmethod(lambda: dbladd_ops())
    # slots known to hold values below 2^521 (fully reduced): none in the
    # doubling loop (X, Y, Z are weak from the second round on); P and Q
    # in the addition (`after_loop`)
    canon = frozenset()

    def top_mask(self, src):
        """The complement of a negated term: over 521 bits (exactly p - b)
        for a value below 2^521, over 523 bits (4p + 3 - b) for a weak one."""
        return 0x1FF if src in self.canon else 0x7FF

    def begin_add(self):
        self.canon = frozenset(["x", "y", "z", "qx", "qy"])
        # after_loop: X, Y, Z fully reduced; Q's coordinates are inputs
        for c in self.canon:
            self.bound[c] = P521

    # Bounds (exclusive upper bounds of the values in each slot), checked
    # as the code is generated: the weak values must stay below 2^523 where
    # they are negated (the 523-bit complement), below 2^1097 as a product
    # of two operands (then the redc's hi < 2^521), and X, Y, Z below 2^523
    # after each doubling (the loop invariant; the caller's are below p).
    bound = None

    def begin(self):
        self.bound = {"x": W523, "y": W523, "z": W523, "qx": P521, "qy": P521, "qz": 2}

    def product_bound(self, a, b):
        ab = self.bound[a] * self.bound[b]
        assert ab <= 2**1097, "redc: hi < 2^521"
        return 2**522 + (ab >> 576) + 1

    def mul(self, out, dst, a, b):
        bd = self.product_bound(a, b)
        Prime.mul(self, out, dst, a, b)
        self.bound[dst] = bd

    def end_doubling(self):
        for c in ("x", "y", "z"):
            assert self.bound[c] <= W523, (c, self.bound[c].bit_length())

    def subroutines(self):
        """The product (label 3: a at rbx, b at rbp) and the square (label
        4: a at rbx) as local subroutines, their fully reduced results left
        in registers, the low half of the double-width value in the scratch
        slot: one copy each in the routine, for the instruction cache."""
        scr = lambda k: self.m("scr", k)
        out = [".p2align 4", "3:"]
        lines, self.mul_out = mont.p521_mul_lines(
            9, lambda i: f"qword ptr [{{bx}} + {8 * i}]", lambda j: f"qword ptr [{{bp}} + {8 * j}]", scr, ACC,
            weak=True, counts=("{bx}", "{bp}"))
        out += lines + ["ret", ".p2align 4", "4:"]
        lines, self.sqr_out = mont.p521_sqr_lines(9, lambda i: f"qword ptr [{{bx}} + {8 * i}]", scr, ACC,
                                                  weak=True, counts=("{bx}", "{bp}"))
        out += lines + ["ret"]
        return out

    def sqr(self, out, dst, a):
        bd = self.product_bound(a, a)
        out.append(f"// {dst} = {a}^2")
        out.append(f"lea {{bx}}, {self.addr(a)}")
        out.append("call 4f")
        self.store(out, dst, self.sqr_out)
        self.set_live(dst, self.sqr_out, ACC)
        self.bound[dst] = bd

    def first_row(self, out, c, src, neg, k):
        """Sets r0..r8 to c*src, or c*(p - src) when neg (k unused)."""
        r = ACC
        comp = ["not {lo}"] if neg else []
        if c == 1:
            for j in range(9):
                out.append(f"mov {{{r[j]}}}, {self.m(src, j)}")
                if neg:
                    out.append(f"not {{{r[j]}}}" if j < 8 else f"xor {{{r[8]}:e}}, {self.top_mask(src):#x}")
            return
        out.append(f"mov {{{r[8]}}}, {self.m(src, 8)}")
        if neg:
            out.append(f"xor {{{r[8]}:e}}, {self.top_mask(src):#x}")
        out.append(f"imul {{{r[8]}}}, {{{r[8]}}}, {c}")
        out.append(f"mov edx, {c}")
        for j in range(8):
            out.append(f"mov {{lo}}, {self.m(src, j)}")
            out += comp
            if j == 0:
                out.append(f"mulx {{{r[1]}}}, {{{r[0]}}}, {{lo}}")
            elif j < 7:
                out.append(f"mulx {{{r[j + 1]}}}, {{lo}}, {{lo}}")
                out.append(f"{'add' if j == 1 else 'adc'} {{{r[j]}}}, {{lo}}")
            else:
                out.append("mulx {hi}, {lo}, {lo}")
                out.append(f"adc {{{r[7]}}}, {{lo}}")
                out.append(f"adc {{{r[8]}}}, {{hi}}")

    def reduce(self, out, t, neg=(), pos=(), dst=None):
        """The weak fold of the sum (module docstring): each negated term
        d*b was added as d*(2^523 - 1 - b) = d*(4p + 3 - b), so 3*sum(d)
        comes off. A sum of two weak values with no negated term, into a
        temporary (X + delta, Y + Z: operands of a product or a square
        only), is left as it is, below 2^524."""
        minus = 3 * sum(d for d, b in neg if b not in self.canon)
        for _, b in neg:
            assert self.bound[b] <= (P521 if b in self.canon else W523), b
        v = sum(c * self.bound[a] for c, a in pos) + sum(d * (P521 if b in self.canon else W523) for d, b in neg)
        assert v <= 2**576 and (v >> 521) < 2**62
        if not minus and sum(c for c, _ in pos) + sum(d for d, _ in neg) <= 2 and dst not in PINNED:
            self.bound[dst] = v
            return
        mont.p521_fold_weak(out, t, minus)
        self.bound[dst] = (2**522 if minus else 2**521) + (v >> 521)

    def full_reduce(self, out, regs):
        mont.p521_fold(out, regs)

    def after_loop(self, out):
        """The weak X, Y, Z fully reduced: the addition's zero test of Z1
        and the caller need them so."""
        for c in ("x", "y", "z"):
            self.canonical(out, c)

    def end_dbladd(self, out):
        """2P + Q's X, Y, Z fully reduced, as the addition's (the caller
        needs them below p)."""
        for c in ("x", "y", "z"):
            self.canonical(out, c)

    def canonical(self, out, slot):
        """slot <- its weak value fully reduced (gen_adx_mont.p521_fold)."""
        self.bound[slot] = P521
        out.append(f"// {slot} fully reduced")
        for j in range(9):
            out.append(f"mov {{{ACC[j]}}}, {self.m(slot, j)}")
        mont.p521_fold(out, ACC)
        self.store(out, slot, ACC)

    def constants(self, ops):
        return []


def r(x):
    """A register of the templates: rdx as itself, the others by name."""
    return x if x == "rdx" else f"{{{x}}}"


def r32(x):
    """The low 32 bits of r(x)."""
    return "edx" if x == "rdx" else f"{{{x}:e}}"


def limbs(v, n):
    return [(v >> (64 * i)) & (2**64 - 1) for i in range(n)]


def const_name(neg):
    """The state slot of the constant of the negated terms `neg`."""
    return "k" + "_".join(str(d) for d, _ in neg)


def lin_text(pos, neg):
    s = " + ".join(f"{c}*{x}" if c != 1 else x for c, x in pos)
    for c, x in neg:
        s += f" - {c}*{x}" if c != 1 else f" - {x}"
    return s


def dbl_ops(fused_z):
    """The doubling (module docstring) as (op, dst, args...) tuples, in an
    order that keeps dependent operations apart: the chain
    delta -> t -> t^2 -> d -> d*t -> Y3 has the independent products
    between its links.

    With fused_z (P-521) the order below, found by a search over orders
    that respect the dependencies (random ones, then moves of one
    operation), timed as the block called from C against the order of
    s2n-bignum's doubling (zz yy xp xm t be yz s tt y4 z d dx x y), both
    in one process (Intel Xeon with IFMA, family 6 model 167, TSC cycles,
    min of 3000 rounds of ten calls, interleaved): five doublings 0.974-0.978
    of it (2815-2892 against 2881-2956 cycles); the addition unchanged.
    Of 57 random orders, most were within 2 %, the worst 2 % slower. The
    P-384 block's order (`dbl_ops_2y`) came out of the same search
    unchanged (no move of one operation gained more than 0.3 %)."""
    if fused_z:
        return [
            ("sqr", "zz", "z"),
            ("lin", "xm", [(1, "x")], [(1, "zz")]),
            ("lin", "xp", [(1, "x"), (1, "zz")], []),
            ("sqr", "yy", "y"),
            ("mul", "t", "xp", "xm"),
            ("sqr", "y4", "yy"),
            ("mul", "be", "x", "yy"),
            ("lin", "yz", [(1, "y"), (1, "z")], []),
            ("sqr", "tt", "t"),
            ("sqr", "s", "yz"),
            ("lin", "d", [(12, "be")], [(9, "tt")]),
            ("lin", "x", [(4, "be")], [(1, "d")]),
            ("lin", "z", [(1, "s")], [(1, "yy"), (1, "zz")]),
            ("mul", "dx", "d", "t"),
            ("lin", "y", [(3, "dx")], [(8, "y4")]),
        ]
    ops = [
        ("sqr", "zz", "z"),
        ("sqr", "yy", "y"),
        ("lin", "xp", [(1, "x"), (1, "zz")], []),
        ("lin", "xm", [(1, "x")], [(1, "zz")]),
        ("mul", "t", "xp", "xm"),
        ("mul", "be", "x", "yy"),
    ]
    if fused_z:
        ops += [("lin", "yz", [(1, "y"), (1, "z")], []), ("sqr", "s", "yz")]
    else:
        ops += [("mul", "yz", "y", "z")]
    ops += [
        ("sqr", "tt", "t"),
        ("sqr", "y4", "yy"),
    ]
    if fused_z:
        ops += [("lin", "z", [(1, "s")], [(1, "yy"), (1, "zz")])]
    else:
        ops += [("lin", "z", [(2, "yz")], [])]
    ops += [
        ("lin", "d", [(12, "be")], [(9, "tt")]),
        ("mul", "dx", "d", "t"),
        ("lin", "x", [(4, "be")], [(1, "d")]),
        ("lin", "y", [(3, "dx")], [(8, "y4")]),
    ]
    return ops


def dbl_ops_2y(fused_z):
    """The doubling of `JacobianPoint::double_a_minus_3` (dbl-2001-b
    around Y' = 2Y: gamma' = Y'^2 = 4*gamma, beta' = X*gamma' = 4*beta,
    X3 = alpha^2 - 2*beta', Y3 = alpha*(beta' - X3) - gamma'^2/2,
    Z3 = Y'*Z; 4M + 4S and ten linear operations), ordered so that
    dependent operations stand apart."""
    assert not fused_z
    return [
        ("sqr", "zz", "z"),
        ("lin", "y2", [(2, "y")], []),
        ("lin", "xp", [(1, "x"), (1, "zz")], []),
        ("lin", "xm", [(1, "x")], [(1, "zz")]),
        ("sqr", "g4", "y2"),
        ("mul", "t", "xp", "xm"),
        ("mul", "b4", "x", "g4"),
        ("mul", "z", "y2", "z"),
        ("lin", "t2", [(2, "t")], []),
        ("sqr", "g16", "g4"),
        ("lin", "al", [(1, "t2"), (1, "t")], []),
        ("half", "h8", "g16"),
        ("sqr", "aa", "al"),
        ("lin", "b8", [(2, "b4")], []),
        ("lin", "x", [(1, "aa")], [(1, "b8")]),
        ("lin", "w", [(1, "b4")], [(1, "x")]),
        ("mul", "m", "al", "w"),
        ("lin", "y", [(1, "m")], [(1, "h8")]),
    ]


def dbl_ops_fwd(fused_z):
    """`dbl_ops_2y` with every linear operation right after the operation
    whose result it reads, so that it reads it from registers (`live`):
    P-256 (the four-word block and P-384 keep `dbl_ops_2y`'s order, see
    `Mont4Ops.dbl_ops` and `P384Ops.dbl_ops`)."""
    assert not fused_z
    return [
        ("sqr", "zz", "z"),
        ("lin", "xm", [(1, "x")], [(1, "zz")]),
        ("lin", "xp", [(1, "x"), (1, "zz")], []),
        ("lin", "y2", [(2, "y")], []),
        ("sqr", "g4", "y2"),
        ("mul", "t", "xp", "xm"),
        ("lin", "t2", [(2, "t")], []),
        ("lin", "al", [(1, "t2"), (1, "t")], []),
        ("mul", "b4", "x", "g4"),
        ("lin", "b8", [(2, "b4")], []),
        ("mul", "z", "y2", "z"),
        ("sqr", "g16", "g4"),
        ("half", "h8", "g16"),
        ("sqr", "aa", "al"),
        ("lin", "x", [(1, "aa")], [(1, "b8")]),
        ("lin", "w", [(1, "b4")], [(1, "x")]),
        ("mul", "m", "al", "w"),
        ("lin", "y", [(1, "m")], [(1, "h8")]),
    ]


def dbl_ops_a0(fused_z):
    """The a = 0 doubling of `JacobianPoint::double_a_zero` (dbl-2009-l
    around Y' = 2Y: A = X^2, B' = Y'^2 = 4B, D = X*B', E = 3A,
    X3 = E^2 - 2D, Y3 = E*(D - X3) - B'^2/2, Z3 = Y'*Z; 3M + 4S and seven
    linear operations), in the order that measured best of eight tried
    (secp256k1 block from C, Intel Xeon, min of 300 rounds, exact-value
    equal to s2n-bignum's doubling on 3000 chained inputs): per doubling
    92.5 ns with each linear operation right after its operand's product
    and Z3 among the last, 87.4 ns in this order (Y' first, Z3 and D
    before E^2; s2n-bignum's `secp256k1_jdouble` 76-78 ns)."""
    assert not fused_z
    return [
        ("lin", "y2", [(2, "y")], []),
        ("sqr", "aa", "x"),
        ("lin", "a2", [(2, "aa")], []),
        ("lin", "e", [(1, "a2"), (1, "aa")], []),
        ("sqr", "b4", "y2"),
        ("mul", "z", "y2", "z"),
        ("mul", "d", "x", "b4"),
        ("lin", "d2", [(2, "d")], []),
        ("sqr", "ee", "e"),
        ("lin", "x", [(1, "ee")], [(1, "d2")]),
        ("sqr", "b16", "b4"),
        ("half", "h", "b16"),
        ("lin", "w", [(1, "d")], [(1, "x")]),
        ("mul", "m", "e", "w"),
        ("lin", "y", [(1, "m")], [(1, "h")]),
    ]


def madd_head(z3):
    """The first twelve operations of the mixed addition madd-2004-hmv,
    shared by `add_ops` and `dbladd_ops`: Z1Z1, U2, H, Z1*Z1Z1, S2, r, HH,
    Z1*H (into the slot named z3), HHH, V, r^2 and Y1*HHH."""
    return [
        ("sqr", "z1z1", "z"),
        ("mul", "u2", "qx", "z1z1"),
        ("lin", "h", [(1, "u2")], [(1, "x")]),
        ("mul", "z1c", "z", "z1z1"),
        ("mul", "s2", "qy", "z1c"),
        ("lin", "r", [(1, "s2")], [(1, "y")]),
        ("sqr", "hh", "h"),
        ("mul", z3, "z", "h"),
        ("mul", "hhh", "h", "hh"),
        ("mul", "v", "x", "hh"),
        ("sqr", "rr", "r"),
        ("mul", "sj", "y", "hhh"),
    ]


def add_ops():
    """The mixed addition madd-2004-hmv (Hankerson-Menezes-Vanstone 2004;
    EFD g1p/shortw/jacobian) of the affine Q = (qx, qy) to P = (x, y, z),
    as in `JacobianPoint::double_n_add_affine_on`: Z1Z1 = Z1^2,
    U2 = X2*Z1Z1, S2 = Y2*(Z1*Z1Z1), H = U2 - X1, r = S2 - Y1, HH = H^2,
    HHH = H*HH, V = X1*HH, X3 = r^2 - HHH - 2V, Y3 = r*(V - X3) - Y1*HHH,
    Z3 = Z1*H; 8M + 3S (qz is not read by the formula). Then the identity
    cases by CMOV (`select`): Q = (qx, qy, qz) where Z1 = 0, P where
    qz = 0 (the caller's qz is 1 for a table entry, 0 for none).

    Order: H and r right after U2 and S2, so that with forwarding they
    read them from registers. P-521 (no forwarding) measured the same in
    this order as in the formula's (window block from C, Ice Lake: 1756
    vs 1757 ns)."""
    return madd_head("sz") + [
        ("lin", "sx", [(1, "rr")], [(2, "v"), (1, "hhh")]),
        ("lin", "vx", [(1, "v")], [(1, "sx")]),
        ("mul", "ry", "r", "vx"),
        ("lin", "sy", [(1, "ry")], [(1, "sj")]),
        ("select", "sx", "sy", "sz"),
    ]


def add_ops_sub():
    """`add_ops` with X3 = r^2 - HHH - 2V as 2V, then two subtractions:
    the addition of every block but P-521's (their linear operations are
    only the modular a + b, 2a, a - b and a/2). For P-256 and P-384 it
    replaced the one-pass r^2 - 2V - HHH (the general pass and its
    reduction): a window (five doublings and the addition) 1730 -> 1719 ns
    (P-384), 711 -> 708 ns (P-256), block from C on an Intel Xeon (Ice
    Lake), min of 300 rounds, exact-value equal on 20000 inputs with
    additions and identities."""
    out = []
    for op in add_ops():
        if op[0] == "lin" and op[1] == "sx":
            out += [("lin", "v2", [(2, "v")], []),
                    ("lin", "sx1", [(1, "rr")], [(1, "hhh")]),
                    ("lin", "sx", [(1, "sx1")], [(1, "v2")])]
        else:
            out.append(op)
    return out



def dbladd_ops():
    """2P + Q for P = (x, y, z) Jacobian and an affine Q = (qx, qy), as
    (P + Q) + P with the co-Z trick of Longa-Miri ("New composite
    operations and precomputation scheme for elliptic curve cryptosystems
    over prime fields", PKC 2008) and the slope of Eisentraeger-Lauter-
    Montgomery (Y of P + Q is never formed): the values of
    `JacobianPoint::double_add_affine`.
    P + Q by the mixed addition over Z3 = Z1*H (Z1Z1 = Z1^2, U2 = qx*Z1Z1,
    S2 = qy*Z1*Z1Z1, H = U2 - X1, r = S2 - Y1, HH = H^2, HHH = H*HH),
    with P over the same Z3 as (V, J) = (X1*HH, Y1*HHH) and
    X3 = r^2 - HHH - 2V; then D = X3 - V, N = r*D + 2J (the slope through
    P + Q and P is -N/(Z3*D)), DD = D^2, DDD = D*DD, W = V*DD,
    X4 = N^2 - 2W - DDD, Y4 = N*(X4 - W) - J*DDD, Z4 = Z3*D.
    13M + 5S, against 12M + 7S for a doubling and `add_ops` (and no
    identity selection: the caller rules out P = O, Q = O, P = +-Q and
    P + Q = -P, all impossible in the odd-digit chain of
    `ProjectivePoint::mul_window`). Linear operations as general
    combinations (P-521)."""
    return madd_head("z3") + [
        ("lin", "d", [(1, "rr")], [(3, "v"), (1, "hhh")]),
        ("mul", "rd", "r", "d"),
        ("sqr", "dd", "d"),
        ("mul", "z", "z3", "d"),
        ("lin", "n", [(1, "rd"), (2, "sj")], []),
        ("mul", "ddd", "d", "dd"),
        ("mul", "w", "v", "dd"),
        ("sqr", "nn", "n"),
        ("lin", "x", [(1, "nn")], [(2, "w"), (1, "ddd")]),
        ("lin", "xw", [(1, "x")], [(1, "w")]),
        ("mul", "nw", "n", "xw"),
        ("mul", "sd", "sj", "ddd"),
        ("lin", "y", [(1, "nw")], [(1, "sd")]),
    ]


def dbladd_ops_sub():
    """`dbladd_ops` with only the modular a + b, 2a and a - b (the blocks
    but P-521's): D = (r^2 - HHH) - (2V + V), N = r*D + 2J,
    X4 = (N^2 - DDD) - 2W."""
    out = []
    for op in dbladd_ops():
        if op[0] == "lin" and op[1] == "d":
            out += [("lin", "v2", [(2, "v")], []),
                    ("lin", "v3", [(1, "v2"), (1, "v")], []),
                    ("lin", "d1", [(1, "rr")], [(1, "hhh")]),
                    ("lin", "d", [(1, "d1")], [(1, "v3")])]
        elif op[0] == "lin" and op[1] == "n":
            out += [("lin", "sj2", [(2, "sj")], []),
                    ("lin", "n", [(1, "rd"), (1, "sj2")], [])]
        elif op[0] == "lin" and op[1] == "x":
            out += [("lin", "w2", [(2, "w")], []),
                    ("lin", "x1", [(1, "nn")], [(1, "ddd")]),
                    ("lin", "x", [(1, "x1")], [(1, "w2")])]
        else:
            out.append(op)
    return out


PINNED = ["x", "y", "z", "qx", "qy", "qz"]


def op_reads(op):
    if op[0] == "lin":
        return [x for _, x in op[2]] + [x for _, x in op[3]]
    if op[0] == "select":
        return list(op[1:]) + PINNED
    return list(op[2:])


def allocate(seqs):
    """Slot names for the temporaries of each op sequence: linear scan,
    a slot freed after the last read of its value (an op stores its
    result after its last read of its operands, so the result may take an
    operand's slot). Returns the renamed sequences and the slot count."""
    out, most = [], 0
    for ops in seqs:
        last = {}
        for i, op in enumerate(ops):
            for x in op_reads(op):
                last[x] = i
        where, free, used, seq = {}, [], 0, []
        for i, op in enumerate(ops):
            ren = lambda x: where.get(x, x)
            if op[0] == "lin":
                new = (op[0], op[1], [(c, ren(x)) for c, x in op[2]], [(c, ren(x)) for c, x in op[3]])
            else:
                new = (op[0],) + tuple(ren(x) for x in op[1:])
            for x in dict.fromkeys(op_reads(op)):
                if x not in PINNED and last[x] == i:
                    free.append(where[x])
            if op[0] != "select" and op[1] not in PINNED:
                if not free:
                    free.append(f"s{used}")
                    used += 1
                where[op[1]] = free.pop(0)
                new = (new[0], where[op[1]]) + new[2:]
            seq.append(new)
        out.append(seq)
        most = max(most, used)
    return out, most


def routine(cls, name, n, p, fused_z):
    (dbl, add, dbladd), temps = allocate([cls.dbl_ops(fused_z), cls.add_ops(), cls.dbladd_ops()])
    slots = PINNED + [f"s{k}" for k in range(temps)]
    probe = cls(name, n, p, Layout(slots, width=n))
    consts = probe.constants(dbl + add)
    layout = Layout(slots, [("scr", 2 * n)] + [(k, len(w)) for k, w in consts] + cls.EXTRA
                    + [("cnt", 1), ("add", 1), ("save", 2)], width=n)
    f = cls(name, n, p, layout)
    subs = f.subroutines()
    body = []
    body.append("// rbx and rbp are not asm operands: kept in the state, restored at the end")
    body += [f"mov {f.m('save', i)}, {x}" for i, x in enumerate(["rbx", "rbp"])]
    body.append("// cnt = 0: the addition alone")
    body.append(f"cmp {f.m('cnt')}, 0")
    body.append("je 7f")
    body.append("2:")
    f.live = {}
    f.begin()
    for op in dbl:
        getattr(f, op[0])(body, *op[1:])
    f.end_doubling()
    body.append(f"dec {f.m('cnt')}")
    body.append("jnz 2b")
    body.append("7:")
    f.after_loop(body)
    body.append("// then P + Q when the public word `add` is 1, 2P + Q when it is 2")
    body.append(f"cmp {f.m('add')}, 0")
    body.append("je 8f")
    body.append(f"cmp {f.m('add')}, 2")
    body.append("je 6f")
    f.live = {}
    f.begin_add()
    for op in add:
        getattr(f, op[0])(body, *op[1:])
    body.append("jmp 8f")
    body.append("6:")
    f.live = {}
    f.begin_add()
    for op in dbladd:
        getattr(f, op[0])(body, *op[1:])
    f.end_dbladd(body)
    body.append("8:")
    body += [f"mov {x}, {f.m('save', i)}" for i, x in enumerate(["rbx", "rbp"])]
    body += ["jmp 9f"] + subs + ["9:"]
    return f, layout, consts, bind(body)


HEADER = """// GENERATED by tools/gen_weierstrass_asm.py. Do not edit by hand: change the
// script and regenerate (python3 tools/gen_weierstrass_asm.py > this file).
//
// x86-64 MULX/ADCX/ADOX assembly: k Jacobian doublings (dbl-2001-b, a = -3)
// over the P-256, the P-384 and the P-521 prime, one block each, and over
// any four-word prime (one block, the modulus in the state), on a state
// array of Montgomery-form field elements; k doublings (dbl-2009-l, a = 0)
// over the secp256k1 prime on plain representatives; each then adds an
// affine point when asked. The generator's docstring has the
// procedures and the bounds; crate::arith::backend::x86_64_weierstrass has
// the safe entry points. Constant time: the only branch is the loop on the
// public count (calls and returns at fixed places); every address is a
// fixed offset into the state.
"""


def emit_inline(o, f):
    """The P-256 product and square of the block (`P256Ops.mul_body`,
    `sqr_body`) as `asm!` templates for x86_64_p256.rs's inline `mul` and
    `sqr`, so that both use one code: named operands a, b (pointers), w0..w7
    (the accumulator, result in w4..w7 for the product, w0..w3 for the
    square), p3 (the square's constant register), lo, hi; rdx by name."""
    ren = {"bx": "a", "bp": "b", "r8": "p3", **{f"r{k}": f"w{k}" for k in range(8)}}
    pat = re.compile(r"\{(\w+)(:e)?\}")
    for name, lines, res, doc in (
            ("p256_mul_asm", f.mul_body(), f.mul_out,
             ["Montgomery product a*b*2^-256 mod p, fully reduced, for a < 2^256", "and b < p (`a`, `b`: pointers)"]),
            ("p256_sqr_asm", f.sqr_body(), f.sqr_out,
             ["Montgomery square a^2*2^-256 mod p, fully reduced, for a < p", "(`a`: a pointer, clobbered)"])):
        out = [ren[x] for x in res]
        o.append(f"/// The `asm!` template of the P-256 {doc[0]}")
        o.append(f"/// {doc[1]}: the block's subroutine with named operands, the result")
        o.append(f"/// in {', '.join(out)}. Requires BMI2 and ADX. Constant time.")
        o.append(f"macro_rules! {name} {{")
        o.append("    () => {")
        o.append("        concat!(")
        for l in lines:
            if l.startswith("//"):
                assert "{" not in l, l
                o.append(f"            \"/* {l[2:].strip()} */\\n\",")
                continue
            l = pat.sub(lambda g: "{" + ren.get(g.group(1), g.group(1)) + (g.group(2) or "") + "}", l)
            assert re.findall(r"\{(\w+)", l) and all(x in ren.values() or x in ("lo", "hi")
                                                      for x in re.findall(r"\{(\w+)", l)) or "{" not in l, l
            o.append(f"            \"{l}\\n\",")
        o.append("        )")
        o.append("    };")
        o.append("}")
        o.append(f"pub(crate) use {name};")
        o.append("")


def emit_k256_inline(o):
    """The secp256k1 product and square (`k256_mul_lines`, `k256_sqr_lines`)
    as `asm!` templates for x86_64_secp256k1.rs's inline `mul` and `sqr`,
    so that the block and the field use one code."""
    for name, lines, what in (("k256_mul_asm", k256_mul_lines(), "product a*b mod p (`a`, `b`: pointers)"),
                              ("k256_sqr_asm", k256_sqr_lines(), "square a^2 mod p (`a`: a pointer)")):
        o.append(f"/// The `asm!` template of the secp256k1 {what}, fully reduced")
        o.append("/// for operands below 2^256: the block's subroutine with named operands")
        o.append("/// (t0..t7, lo, hi; rdx by name), the result in t0..t3. Requires BMI2 and")
        o.append("/// ADX. Constant time.")
        o.append(f"macro_rules! {name} {{")
        o.append("    () => {")
        o.append("        concat!(")
        for l in lines:
            if l.startswith("//"):
                assert "{" not in l, l
                o.append(f"            \"/* {l[2:].strip()} */\\n\",")
            else:
                o.append(f"            \"{l}\\n\",")
        o.append("        )")
        o.append("    };")
        o.append("}")
        o.append(f"pub(crate) use {name};")
        o.append("")


# (class, name, words, prime, fused Z, title, prime in words, a, formula)
BLOCKS = (
    (P256Ops, "p256", 4, P256, False, "P-256", "the P-256 prime", "-3", "dbl-2001-b, 4M + 4S"),
    (P384Ops, "p384", 6, P384, False, "P-384", "the P-384 prime", "-3", "dbl-2001-b, 4M + 4S"),
    (P521Ops, "p521", 9, P521, True, "P-521", "the P-521 prime", "-3", "dbl-2001-b, 3M + 5S"),
    (Mont4Ops, "mont4", 4, None, False, "4-word Montgomery",
     "the prime m < 2^256 in the state words `mod` (m, then -m^-1 mod 2^64)", "-3", "dbl-2001-b, 4M + 4S"),
    (K256Ops, "k256", 4, P256K1, False, "secp256k1",
     "the secp256k1 prime (plain representatives)", "0", "dbl-2009-l, 3M + 4S"),
)


def generate():
    o = [HEADER]
    for cls, name, n, p, fused_z, title, prime, a, formula in BLOCKS:
        f, layout, consts, body = routine(cls, name, n, p, fused_z)
        if cls is P256Ops:
            emit_inline(o, f)
        if cls is K256Ops:
            emit_k256_inline(o)
        mod = f"{name}_slot"
        emit_slots(o, mod, f"Word offsets of the {title} doubling state ({n} words per field element).",
                   layout, PINNED + [k for k, _ in consts] + [k for k, _ in cls.EXTRA] + ["cnt", "add"])
        inputs = ", ".join(f"{mod}::{x.upper()}" for x in PINNED + ["cnt", "add"])
        o.append(f"/// The {title} input offsets: P's X, Y, Z, Q's X, Y, Z, cnt, add.")
        o.append(f"pub(super) const {name.upper()}_INPUTS: [usize; 8] = [{inputs}];")
        o.append("")
        for k, w in consts:
            ds = " + ".join(f"({d}*p + 1)" for d in k[1:].split("_"))
            o.append(f"/// The constant {ds} of negated linear terms ({n + 1} words).")
            o.append(f"pub(super) const {name.upper()}_{k.upper()}: [u64; {n + 1}] = [")
            for x in w:
                o.append(f"    0x{x:016x},")
            o.append("];")
            o.append("")
        o.append(f"/// The constants of the {title} state: (word offset, value), written by the caller.")
        o.append(f"pub(super) const {name.upper()}_CONSTANTS: [(usize, [u64; {n + 1}]); {len(consts)}] = [")
        for k, _ in consts:
            o.append(f"    ({mod}::{k.upper()}, {name.upper()}_{k.upper()}),")
        o.append("];")
        o.append("")
        emit_fn(o, f"{name}_double_n_add_raw", [
            f"(X, Y, Z) <- [2^cnt](X, Y, Z), Jacobian, a = {a}, over {prime}",
            f"({formula} each), then, when the word `add` is 1,",
            "(X, Y, Z) <- (X, Y, Z) + (QX, QY) by the mixed madd-2004-hmv with the",
            "identity cases selected ((QX, QY, QZ) for Z = 0, P for QZ = 0; P = Q != O",
            "is not handled); when it is 2, (X, Y, Z) <- 2(X, Y, Z) + (QX, QY) by the",
            "doubling-addition (13M + 5S; P = O, P = +-Q and P + Q = -P not handled).",
            "cnt >= 1 is decremented to 0 (cnt = 0: the addition alone); the other",
            "slots are left holding scratch.",
        ], f"{mod}::WORDS", body, nostack=False)
    return "\n".join(o).rstrip("\n") + "\n"


def main():
    write_or_check(generate(), "crates/kurve/src/arith/backend/x86_64_weierstrass_gen.rs",
                   "tools/gen_weierstrass_asm.py")


if __name__ == "__main__":
    main()
