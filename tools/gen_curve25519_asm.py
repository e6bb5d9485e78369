#!/usr/bin/env python3
"""Generates crates/kurve/src/arith/backend/x86_64_curve25519_gen.rs: x86-64
MULX/ADCX/ADOX inline assembly over GF(2^255 - 19) in radix 2^64 for
  - the whole RFC 7748 X25519 Montgomery ladder (255 steps, or 252 and
    three doublings for a clamped k) in one block;
  - the edwards25519 point formulas of the extended-coordinate scalar
    multiplications (additions of a cached or an affine Niels point,
    doublings, conversion to cached form), one block each.

Usage: python3 tools/gen_curve25519_asm.py > crates/kurve/src/arith/backend/x86_64_curve25519_gen.rs
       python3 tools/gen_curve25519_asm.py --check   (exit 1 when the file differs)

Representation: every field element is four 64-bit words holding a value
below 2^256 congruent to it (the Fe64 invariant of field/fe25519/radix64.rs).
2^256 = 38 and 2^255 = 19 (mod p) fold overflows back in.

State: one array of 64-bit words per routine kind (offsets below, in words),
passed in rdi; the asm reads and writes nothing else. All thirteen registers
inline asm may name are used: rdi (the state), rdx (the MULX multiplier),
r8-r15 (up to eight accumulator words), rax and rcx (product halves, masks),
rsi (a zero word inside products).

Field operations (dst, src: state slots):
  mul  c = a*b, any a, b < 2^256: the 512-bit product by rows of four MULX
       on two carry chains (ADCX low halves, ADOX high halves); then
       r = lo + 38*hi by four MULX with rdx = 38 (a fifth word h <= 39);
       then every bit from 2^255 up, q = 2h + bit 255 <= 79, folded as 19*q
       into r mod 2^255. The result is below 2^255 + 19*79 < 2^255 + 2^11
       and nothing carries out of the fourth word.
  sqr  c = a^2: the six cross products once, doubled on the CF chain while
       the four squares a_i^2 are added on the OF chain (10 MULX), then the
       same reduction.
  add, sub, weak form: for inputs below 2^255 + 2^26 (the results of mul,
       sqr and cmadd): a carry out of 2^256 becomes +38, a borrow -38, once;
       the sum is then small, the difference at least 2^255 - 2^26, so a
       second carry or borrow cannot happen. Results below 2^256.
  add, sub, robust form: for any inputs below 2^256: the same fix applied
       twice (after the first, a second carry leaves a value below 38*2,
       a second borrow one at least 2^256 - 38; neither can happen again).
  cmadd c = 121665*a + b (a24 = (486662 - 2)/4): four MULX with rdx = a24,
       b added, then the fold of mul (q < 2^18). Below 2^255 + 2^23.

X25519 ladder (RFC 7748 section 5, same names), bits t = 254 down to `stop`
of k (stop = 0: the RFC's loop; stop = 3 for a clamped k):
  swap ^= k_t; cswap(swap, x2, x3); cswap(swap, z2, z3); swap = k_t
  A = x2 + z2; B = x2 - z2; C = x3 + z3; D = x3 - z3
  DA = D*A; CB = C*B; AA = A^2; BB = B^2
  x3 = (DA + CB)^2; z3 = x1*(DA - CB)^2
  x2 = AA*BB; E = AA - BB; z2 = E*(AA + a24*E)
and a last cswap after the loop. The swap inside the loop is not done on
(x2, z2, x3, z3): with A, B, C, D computed from the unswapped registers a
swap exchanges (A, B) with (C, D), which leaves DA and CB up to order, so
x3 and z3 do not change; only the doubling reads swapped values, AA =
(swap ? C : A)^2 and BB = (swap ? D : B)^2, selected by XOR and a mask. The
outputs land where the RFC's do, so the state after each step is the RFC's.
Then `stop` doublings of (x2, z2) (x2 = AA*BB, z2 = E*(AA + a24*E) from
A = x2 + z2, B = x2 - z2: 2M + 2S each): after the ladder over bits
254..stop, (x2 : z2) is [k >> stop](x1), and when the low `stop` bits of k
are zero (RFC 7748's decodeScalar25519 clears three) the doublings give
[k](x1), three ladder steps (5M + 4S) replaced by three doublings, as in
s2n-bignum's curve25519_x25519. The only branches are the loop counters'
(t and stop, public); the only data-dependent address is k's byte at t / 8,
indexed by the public counter t. Inputs: x1 below 2^255 + 2^26 (the caller
reduces u), x2 = 1, z2 = 0, x3 = x1, z3 = 1, stop in 0..=3.

edwards25519, a = -1, extended coordinates (X : Y : Z : T), x = X/Z,
y = Y/Z, xy = T/Z (Hisil-Wong-Carter-Dawson, "Twisted Edwards curves
revisited", Asiacrypt 2008); a cached point is (Y - X, Y + X, 2Z, 2d*T), an
affine Niels point (y - x, y + x, 2d*x*y) with Z = 1:
  add_cached  A = (Y1 - X1)*q0, B = (Y1 + X1)*q1, C = T1*q3, D = Z1*q2,
              E = B - A, F = D - C, G = D + C, H = B + A;
              X3 = E*F, Y3 = G*H, Z3 = F*G, T3 = E*H        (8M, add-2008-hwcd-3)
  add_niels   the same with D = 2*Z1                          (7M, madd-2008-hwcd-3)
  add_cached_signed, add_niels_signed (the only addition routines; the
              plain additions above are these with the mask word 0)
              P + s*Q for s = -1 where the state word `sign` is all ones,
              +1 where it is 0: the caller has exchanged q0 and q1 for -Q
              and left q3 as Q's; -q3 negates C, which exchanges F and G,
              so F and G are exchanged under the mask before their stores
  dbl         S = (X1 + Y1)^2, XX = X1^2, YY = Y1^2, ZZ = Z1^2,
              g = YY + XX, f = YY - XX, h = 2*ZZ - f, e = S - g;
              X3 = e*h, Y3 = g*f, Z3 = f*h, T3 = e*g          (4M + 4S, dbl-2008-hwcd
              with all four outputs negated, the same projective point)
  dbl_no_t    the same without T3                              (3M + 4S)
  to_cached   q0 = Y - X, q1 = Y + X, q2 = 2Z, q3 = T*2d       (1M)
The extended inputs (X, Y, Z, T) and q0..q3 may be any values below 2^256
(they come from Rust code as well as from these routines), so every
addition or subtraction with such an input is the robust form; those of
two products are the weak form. All formulas are complete on edwards25519
(d is a non-square): no input needs a special case. Straight-line code.
"""

import sys


class Layout:
    """Word offsets of the named field-element slots of one state kind
    (`width` words each), then of the `extra` (name, words) slots."""

    def __init__(self, slots, extra=(), width=4):
        self.off = {}
        w = 0
        for name in slots:
            self.off[name] = w
            w += width
        for name, n in extra:
            self.off[name] = w
            w += n
        self.words = w


S = "rdi"
A24 = 121665
LO = ["r8", "r9", "r10", "r11"]
HI = ["r12", "r13", "r14", "r15"]

LADDER = Layout(
    ["x1", "x2", "z2", "x3", "z3", "a", "b", "c", "d", "sa", "sb", "da", "cb", "aa", "bb", "e", "t"],
    [("k", 4), ("cnt", 1), ("swap", 1), ("stop", 1)],
)
ED = Layout(["x", "y", "z", "t", "q0", "q1", "q2", "q3", "d2", "a", "b", "pa", "pb", "pc", "pd", "e", "f", "g", "h"], [("sign", 1)])

L = LADDER  # the layout the emitters address


def m(slot, word=0):
    """Memory operand of word `word` of a state slot."""
    return f"qword ptr [{S} + {8 * (L.off[slot] + word)}]"


def store(out, dst, regs):
    for i, r in enumerate(regs):
        out.append(f"mov {m(dst, i)}, {r}")


def reduce_store(out, dst):
    """r8..r15 hold a 512-bit value t; stores t_lo + 38*t_hi, folded below
    2^255 + 2^11, to dst."""
    out.append("// reduce: r8..r11 + 38*(r12..r15), then the bits from 2^255 up")
    out.append("xor esi, esi")
    out.append("mov edx, 38")
    out.append("mulx rcx, rax, r12")
    out.append("adcx r8, rax")
    out.append("adox r9, rcx")
    out.append("mulx rcx, rax, r13")
    out.append("adcx r9, rax")
    out.append("adox r10, rcx")
    out.append("mulx rcx, rax, r14")
    out.append("adcx r10, rax")
    out.append("adox r11, rcx")
    out.append("mulx r12, rax, r15")
    out.append("adcx r11, rax")
    out.append("adox r12, rsi")
    out.append("adcx r12, rsi")
    fold_store(out, dst, "r12")


def fold_store(out, dst, top):
    """(r8..r11) + 2^256*top with top <= 2^20: folds every bit from 2^255 up
    by 2^255 = 19 (q = 2*top + bit 255, r8..r11 mod 2^255, plus 19*q), which
    leaves a value below 2^255 + 19*2^21 with no carry out, and stores it to
    dst."""
    out.append("mov rax, r11")
    out.append("shr rax, 63")
    out.append(f"lea {top}, [rax + 2*{top}]")
    out.append("btr r11, 63")
    out.append(f"imul {top}, {top}, 19")
    out.append(f"add r8, {top}")
    out.append("adc r9, 0")
    out.append("adc r10, 0")
    out.append("adc r11, 0")
    store(out, dst, LO)


def mul(out, dst, a, b):
    out.append(f"// {dst} = {a} * {b}")
    acc = [f"r{8 + i}" for i in range(8)]
    out.append(f"mov rdx, {m(a, 0)}")
    out.append(f"mulx r9, r8, {m(b, 0)}")
    out.append(f"mulx r10, rax, {m(b, 1)}")
    out.append("add r9, rax")
    out.append(f"mulx r11, rax, {m(b, 2)}")
    out.append("adc r10, rax")
    out.append(f"mulx r12, rax, {m(b, 3)}")
    out.append("adc r11, rax")
    out.append("adc r12, 0")
    for i in range(1, 4):
        out.append("xor esi, esi")
        out.append(f"mov rdx, {m(a, i)}")
        for j in range(4):
            lo_dst, hi_dst = acc[i + j], acc[i + j + 1]
            if j < 3:
                out.append(f"mulx rcx, rax, {m(b, j)}")
                out.append(f"adcx {lo_dst}, rax")
                out.append(f"adox {hi_dst}, rcx")
            else:
                # the new top word: hi + OF + CF (cannot overflow: the
                # partial sum fits in i + 5 words)
                out.append(f"mulx {hi_dst}, rax, {m(b, j)}")
                out.append(f"adcx {lo_dst}, rax")
                out.append(f"adox {hi_dst}, rsi")
                out.append(f"adcx {hi_dst}, rsi")
    reduce_store(out, dst)


def sqr(out, dst, a):
    out.append(f"// {dst} = {a}^2")
    # cross products a0*(a1, a2, a3) -> w1..w4 in r9..r12
    out.append(f"mov rdx, {m(a, 0)}")
    out.append(f"mulx r10, r9, {m(a, 1)}")
    out.append(f"mulx r11, rax, {m(a, 2)}")
    out.append("add r10, rax")
    out.append(f"mulx r12, rax, {m(a, 3)}")
    out.append("adc r11, rax")
    out.append("adc r12, 0")
    # a1*a2 -> w3, w4; a1*a3 -> w4, w5; a2*a3 -> w5, w6
    out.append("xor esi, esi")
    out.append(f"mov rdx, {m(a, 1)}")
    out.append(f"mulx rcx, rax, {m(a, 2)}")
    out.append("adcx r11, rax")
    out.append("adox r12, rcx")
    out.append(f"mulx r13, rax, {m(a, 3)}")
    out.append("adcx r12, rax")
    out.append("adox r13, rsi")
    out.append(f"mov rdx, {m(a, 2)}")
    out.append(f"mulx r14, rax, {m(a, 3)}")
    out.append("adcx r13, rax")
    out.append("adox r14, rsi")
    out.append("adcx r14, rsi")
    # 2 * cross (CF chain) + squares a_i^2 at w_2i (OF chain); r15 = w7
    out.append("xor esi, esi")
    out.append(f"mov rdx, {m(a, 0)}")
    out.append("mulx rcx, r8, rdx")
    out.append("adcx r9, r9")
    out.append("adox r9, rcx")
    for i, (lo, hi) in ((1, ("r10", "r11")), (2, ("r12", "r13"))):
        out.append(f"mov rdx, {m(a, i)}")
        out.append("mulx rcx, rax, rdx")
        out.append(f"adcx {lo}, {lo}")
        out.append(f"adox {lo}, rax")
        out.append(f"adcx {hi}, {hi}")
        out.append(f"adox {hi}, rcx")
    out.append(f"mov rdx, {m(a, 3)}")
    out.append("mulx r15, rax, rdx")
    out.append("adcx r14, r14")
    out.append("adox r14, rax")
    out.append("adcx r15, rsi")
    out.append("adox r15, rsi")
    reduce_store(out, dst)


def fold_add(out, regs, robust):
    """A carry out of 2^256 after regs = a + b becomes +38 (2^256 = 38), once
    for weak inputs, twice for any inputs (see the module docstring)."""
    out.append("sbb rax, rax")
    out.append("and eax, 38")
    out.append(f"add {regs[0]}, rax")
    for r in regs[1:]:
        out.append(f"adc {r}, 0")
    if robust:
        out.append("sbb rax, rax")
        out.append("and eax, 38")
        out.append(f"add {regs[0]}, rax")


def fold_sub(out, regs, robust):
    """A borrow after regs = a - b (the registers hold a - b + 2^256 =
    a - b + 38) becomes -38, once for weak inputs, twice for any inputs."""
    out.append("sbb rax, rax")
    out.append("and eax, 38")
    out.append(f"sub {regs[0]}, rax")
    for r in regs[1:]:
        out.append(f"sbb {r}, 0")
    if robust:
        out.append("sbb rax, rax")
        out.append("and eax, 38")
        out.append(f"sub {regs[0]}, rax")


def add(out, dst, a, b, robust):
    out.append(f"// {dst} = {a} + {b}")
    for i in range(4):
        out.append(f"mov {LO[i]}, {m(a, i)}")
    for i in range(4):
        out.append(f"{'add' if i == 0 else 'adc'} {LO[i]}, {m(b, i)}")
    fold_add(out, LO, robust)
    store(out, dst, LO)


def sub(out, dst, a, b, robust):
    out.append(f"// {dst} = {a} - {b}")
    for i in range(4):
        out.append(f"mov {LO[i]}, {m(a, i)}")
    for i in range(4):
        out.append(f"{'sub' if i == 0 else 'sbb'} {LO[i]}, {m(b, i)}")
    fold_sub(out, LO, robust)
    store(out, dst, LO)


def addsub(out, dst_sum, dst_diff, a, b, robust, mask_word=None):
    """dst_sum = a + b and dst_diff = a - b from one load of a; with
    `mask_word`, the two exchanged (dst_sum = a - b, dst_diff = a + b)
    where that state word is all ones, by XOR under the mask before the
    stores (unchanged where it is zero)."""
    out.append(f"// {dst_sum} = {a} + {b}; {dst_diff} = {a} - {b}" + (f"; exchanged under the mask {mask_word}" if mask_word else ""))
    for i in range(4):
        out.append(f"mov {LO[i]}, {m(a, i)}")
        out.append(f"mov {HI[i]}, {LO[i]}")
    for i in range(4):
        out.append(f"{'add' if i == 0 else 'adc'} {LO[i]}, {m(b, i)}")
    fold_add(out, LO, robust)
    for i in range(4):
        out.append(f"{'sub' if i == 0 else 'sbb'} {HI[i]}, {m(b, i)}")
    fold_sub(out, HI, robust)
    if mask_word:
        out.append(f"mov rax, {word(mask_word)}")
        for i in range(4):
            out.append(f"mov rcx, {LO[i]}")
            out.append(f"xor rcx, {HI[i]}")
            out.append("and rcx, rax")
            out.append(f"xor {LO[i]}, rcx")
            out.append(f"xor {HI[i]}, rcx")
    store(out, dst_sum, LO)
    store(out, dst_diff, HI)


def cmadd(out, dst, a, b):
    out.append(f"// {dst} = a24 * {a} + {b}")
    out.append(f"mov edx, {A24}")
    out.append(f"mulx r9, r8, {m(a, 0)}")
    out.append(f"mulx r10, rax, {m(a, 1)}")
    out.append("add r9, rax")
    out.append(f"mulx r11, rax, {m(a, 2)}")
    out.append("adc r10, rax")
    out.append(f"mulx r12, rax, {m(a, 3)}")
    out.append("adc r11, rax")
    out.append("adc r12, 0")
    out.append(f"add r8, {m(b, 0)}")
    out.append(f"adc r9, {m(b, 1)}")
    out.append(f"adc r10, {m(b, 2)}")
    out.append(f"adc r11, {m(b, 3)}")
    out.append("adc r12, 0")
    fold_store(out, dst, "r12")


def select(out, dst, a, b, mask):
    """dst = b where `mask` is all ones, a where it is zero (word by word:
    a ^ ((a ^ b) & mask)); `a` is in the registers LO, `b` in memory."""
    for i in range(4):
        out.append(f"mov rax, {m(b, i)}")
        out.append(f"xor rax, {LO[i]}")
        out.append(f"and rax, {mask}")
        out.append(f"xor rax, {LO[i]}")
        out.append(f"mov {m(dst, i)}, rax")


def word(name):
    return f"qword ptr [{S} + {8 * L.off[name]}]"


def ladder():
    out = []
    out.append(f"mov {word('cnt')}, 254")
    out.append(f"mov {word('swap')}, 0")
    out.append("2:")
    addsub(out, "c", "d", "x3", "z3", robust=False)
    addsub(out, "a", "b", "x2", "z2", robust=False)
    out.append("// k_t = (k[t / 8] >> (t % 8)) & 1; rcx = -(swap ^ k_t); swap = k_t")
    out.append(f"mov rcx, {word('cnt')}")
    out.append("mov rax, rcx")
    out.append("shr rax, 3")
    out.append(f"movzx eax, byte ptr [{S} + rax + {8 * L.off['k']}]")
    out.append("and ecx, 7")
    out.append("shr eax, cl")
    out.append("and eax, 1")
    out.append(f"mov rcx, {word('swap')}")
    out.append(f"mov {word('swap')}, rax")
    out.append("xor rcx, rax")
    out.append("neg rcx")
    out.append("// sa = swap ? c : a, sb = swap ? d : b")
    for i in range(4):
        out.append(f"mov {LO[i]}, {m('a', i)}")
    select(out, "sa", "a", "c", "rcx")
    for i in range(4):
        out.append(f"mov {LO[i]}, {m('b', i)}")
    select(out, "sb", "b", "d", "rcx")
    mul(out, "da", "d", "a")
    mul(out, "cb", "c", "b")
    sqr(out, "aa", "sa")
    sqr(out, "bb", "sb")
    addsub(out, "x3", "z3", "da", "cb", robust=False)
    mul(out, "x2", "aa", "bb")
    sub(out, "e", "aa", "bb", robust=False)
    sqr(out, "z3", "z3")
    cmadd(out, "t", "e", "aa")
    sqr(out, "x3", "x3")
    mul(out, "z3", "x1", "z3")
    mul(out, "z2", "e", "t")
    out.append(f"sub {word('cnt')}, 1")
    out.append(f"mov rax, {word('cnt')}")
    out.append(f"cmp rax, {word('stop')}")
    out.append("jge 2b")
    out.append("// cswap(swap, x2, x3); cswap(swap, z2, z3)")
    out.append(f"mov r11, {word('swap')}")
    out.append("neg r11")
    for p, q in (("x2", "x3"), ("z2", "z3")):
        for i in range(4):
            out.append(f"mov r8, {m(p, i)}")
            out.append(f"mov r9, {m(q, i)}")
            out.append("mov r10, r8")
            out.append("xor r10, r9")
            out.append("and r10, r11")
            out.append("xor r8, r10")
            out.append("xor r9, r10")
            out.append(f"mov {m(p, i)}, r8")
            out.append(f"mov {m(q, i)}, r9")
    out.append("// the `stop` low bits of k, zero: (x2, z2) <- 2*(x2, z2) that many times")
    out.append(f"cmp {word('stop')}, 0")
    out.append("je 3f")
    out.append("4:")
    addsub(out, "a", "b", "x2", "z2", robust=False)
    sqr(out, "aa", "a")
    sqr(out, "bb", "b")
    mul(out, "x2", "aa", "bb")
    sub(out, "e", "aa", "bb", robust=False)
    cmadd(out, "t", "e", "aa")
    mul(out, "z2", "e", "t")
    out.append(f"sub {word('stop')}, 1")
    out.append("jnz 4b")
    out.append("3:")
    return out


def ed_outputs(out, with_t=True):
    mul(out, "x", "e", "f")
    mul(out, "y", "g", "h")
    mul(out, "z", "f", "g")
    if with_t:
        mul(out, "t", "e", "h")


def ed_add_signed(niels):
    """P + sign*Q for Q in cached or affine Niels form and sign = +1 or -1
    (the state word `sign`: 0 or all ones). The caller has already
    exchanged q0 and q1 for -Q; the last coordinate q3 is Q's own. -Q's
    q3 is -q3, which negates C = T1*q3 and so exchanges F = D - C and
    G = D + C: they are exchanged under the mask, and no field negation
    is needed. With the word 0 it is the plain P + Q (add_cached,
    add_niels in the docstring)."""
    out = []
    sub(out, "a", "y", "x", robust=True)
    add(out, "b", "y", "x", robust=True)
    mul(out, "pa", "a", "q0")
    mul(out, "pb", "b", "q1")
    mul(out, "pc", "t", "q3")
    if niels:
        add(out, "pd", "z", "z", robust=True)
    else:
        mul(out, "pd", "z", "q2")
    addsub(out, "g", "f", "pd", "pc", robust=niels, mask_word="sign")
    addsub(out, "h", "e", "pb", "pa", robust=False)
    ed_outputs(out)
    return out


def ed_dbl(with_t):
    # slots: a = X + Y, pa = X^2, pb = Y^2, pc = Z^2, pd = (X + Y)^2
    out = []
    add(out, "a", "x", "y", robust=True)
    sqr(out, "pa", "x")
    sqr(out, "pb", "y")
    sqr(out, "pc", "z")
    sqr(out, "pd", "a")
    addsub(out, "g", "f", "pb", "pa", robust=False)
    add(out, "b", "pc", "pc", robust=False)
    sub(out, "h", "b", "f", robust=True)
    sub(out, "e", "pd", "g", robust=True)
    mul(out, "x", "e", "h")
    mul(out, "y", "g", "f")
    mul(out, "z", "f", "h")
    if with_t:
        mul(out, "t", "e", "g")
    return out


def ed_to_cached():
    out = []
    sub(out, "q0", "y", "x", robust=True)
    add(out, "q1", "y", "x", robust=True)
    add(out, "q2", "z", "z", robust=True)
    mul(out, "q3", "t", "d2")
    return out


HEADER = """// GENERATED by tools/gen_curve25519_asm.py. Do not edit by hand: change the
// script and regenerate (python3 tools/gen_curve25519_asm.py > this file).
//
// x86-64 MULX/ADCX/ADOX assembly over GF(2^255 - 19) in radix 2^64 (values
// below 2^256, reduced by 2^256 = 38 and 2^255 = 19): the RFC 7748 X25519
// ladder as one block, and the edwards25519 extended-coordinate formulas
// one block each. The generator's docstring has the procedures and the
// bounds; crate::arith::backend::x86_64_curve25519 has the safe entry
// points. Constant time: straight-line code except the ladder's loop on
// its public counter; the only data-dependent address is the byte of k at
// t / 8 for the public t.
"""

CLOBBERS = ["rax", "rcx", "rdx", "rsi", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15"]


def emit_fn(o, name, doc, words_const, body, nostack=True):
    for d in doc:
        o.append(f"/// {d}" if d else "///")
    o.append("///")
    o.append("/// # Safety")
    o.append("/// The CPU must support BMI2 (MULX) and ADX (ADCX/ADOX).")
    o.append("#[inline(never)]")
    o.append(f"pub(super) unsafe fn {name}(state: &mut [u64; {words_const}]) {{")
    o.append("    // SAFETY: the caller guarantees BMI2 and ADX; the asm reads and")
    o.append("    // writes only the words of `state` (offsets within the array),")
    if nostack:
        o.append("    // declares every register it writes, and does not touch the stack.")
    else:
        o.append("    // declares every register it writes or restores it (rbx, rbp), and")
        o.append("    // uses the stack only below rsp for its own calls and pushes, each")
        o.append("    // undone before it ends (no `nostack`).")
    o.append("    unsafe {")
    o.append("        core::arch::asm!(")
    for l in body:
        if l.startswith("//"):
            o.append(f"            \"/* {l[2:].strip()} */\",")
        else:
            o.append(f"            \"{l}\",")
    o.append("            inout(\"rdi\") state.as_mut_ptr() => _,")
    for r in CLOBBERS:
        o.append(f"            out(\"{r}\") _,")
    if nostack:
        o.append("            options(nostack),")
    o.append("        );")
    o.append("    }")
    o.append("}")
    o.append("")


def emit_slots(o, modname, doc, layout, names):
    o.append(f"/// {doc}")
    o.append(f"pub(super) mod {modname} {{")
    for name in names:
        o.append(f"    /// `{name}`.")
        o.append(f"    pub const {name.upper()}: usize = {layout.off[name]};")
    o.append("    /// Words in the state.")
    o.append(f"    pub const WORDS: usize = {layout.words};")
    o.append("}")
    o.append("")


def generate():
    global L
    o = [HEADER]
    emit_slots(o, "ladder_slot", "Word offsets of the ladder state (four words per field element; k: 32 bytes).", LADDER,
               ["x1", "x2", "z2", "x3", "z3", "k", "stop"])
    emit_slots(o, "ed_slot", "Word offsets of the edwards25519 state: the accumulator (X, Y, Z, T), the operand q0..q3 and 2d.",
               ED, ["x", "q0", "q3", "d2", "sign"])
    L = LADDER
    emit_fn(o, "ladder_raw", [
        "Runs the X25519 ladder on `state` (x1 below 2^255 + 2^26, k, x2 = 1,",
        "z2 = 0, x3 = x1, z3 = 1, stop in 0..=3) over bits 254..stop of k, then",
        "doubles (x2, z2) `stop` times; leaves (x2, z2), the projective u of",
        "[k](x1) when bits stop-1..0 of k are zero, and scratch in the other slots.",
    ], "ladder_slot::WORDS", ladder())
    L = ED
    emit_fn(o, "ed_add_cached_signed", [
        "(X, Y, Z, T) <- (X, Y, Z, T) + s*Q for Q in cached form, s = -1 where the",
        "word `sign` is all ones (q0, q1 then hold Q's q1, q0; q3 is Q's own),",
        "+1 where it is 0; 8M.",
    ], "ed_slot::WORDS", ed_add_signed(niels=False))
    emit_fn(o, "ed_add_niels_signed", [
        "(X, Y, Z, T) <- (X, Y, Z, T) + s*Q for Q in affine Niels form, s as in",
        "ed_add_cached_signed; q2 is not read; 7M.",
    ], "ed_slot::WORDS", ed_add_signed(niels=True))
    emit_fn(o, "ed_dbl", ["(X, Y, Z, T) <- 2*(X, Y, Z, T); 4M + 4S."], "ed_slot::WORDS", ed_dbl(True))
    emit_fn(o, "ed_dbl_no_t", [
        "(X, Y, Z) <- 2*(X, Y, Z), T left stale (the doubling does not read it:",
        "for doublings followed by another doubling); 3M + 4S.",
    ], "ed_slot::WORDS", ed_dbl(False))
    emit_fn(o, "ed_to_cached", ["(q0, q1, q2, q3) <- (Y - X, Y + X, 2Z, T*d2); 1M."], "ed_slot::WORDS", ed_to_cached())
    return "\n".join(o).rstrip("\n") + "\n"


def write_or_check(text, path, script):
    """Prints the generated text, or with --check exits 1 when `path`
    differs from it."""
    if len(sys.argv) > 1 and sys.argv[1] == "--check":
        with open(path) as f:
            if f.read() != text:
                sys.stderr.write(f"{path} is stale: python3 {script} > {path}\n")
                sys.exit(1)
        return
    sys.stdout.write(text)


def main():
    write_or_check(generate(), "crates/kurve/src/arith/backend/x86_64_curve25519_gen.rs",
                   "tools/gen_curve25519_asm.py")


if __name__ == "__main__":
    main()
