//! Value barriers: hiding a value from the optimizer so that masked,
//! branch-free code stays branch-free.
//!
//! LLVM tracks value ranges. When it can prove that a mask is 0 or all ones
//! (as it can for anything computed from a comparison or a single bit), it
//! may rewrite `r |= mask & e` as "if mask { r |= e }" — a branch on a
//! secret. This was observed here: the masked table scans of `mul_base`
//! compiled to one conditional jump per entry, which the valgrind taint
//! check reported (2,368 errors on a secp256r1 keygen).
//!
//! [`value_barrier`] returns its argument unchanged through an empty inline
//! assembly block that claims to read and rewrite the register: zero
//! instructions at run time, but the optimizer no longer knows anything
//! about the value (the technique of BoringSSL's `value_barrier_w` and of
//! libsodium's `opt_barrier`). On targets without stable inline assembly it
//! falls back to `core::hint::black_box`, which has the same effect at the
//! cost of a round trip through the stack.

#![allow(unsafe_code)]

/// `v`, unchanged, opaque to the optimizer (see the module doc).
/// Constant time; never fails.
#[inline(always)]
pub fn value_barrier(v: u64) -> u64 {
    #[cfg(any(target_arch = "x86_64", target_arch = "aarch64", target_arch = "riscv64"))]
    {
        let mut v = v;
        // SAFETY: the assembly is empty (a comment naming the register): it
        // reads and writes no memory, touches no other register, the stack
        // or the flags, and leaves the value as it was.
        unsafe {
            core::arch::asm!("/* {0} */", inout(reg) v, options(pure, nomem, nostack, preserves_flags));
        }
        v
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64", target_arch = "riscv64")))]
    {
        core::hint::black_box(v)
    }
}

#[cfg(test)]
mod tests {
    use super::value_barrier;

    #[test]
    fn value_barrier_is_the_identity() {
        for v in [0u64, 1, u64::MAX, 0x8000_0000_0000_0000, 0x0123_4567_89ab_cdef] {
            assert_eq!(value_barrier(v), v);
        }
    }
}
