//! Declassification: the one place where a secret-derived value becomes public.
//!
//! Constant-time code never branches on secrets. A few decisions must
//! nevertheless be taken on a bit derived from a secret, because the result
//! is observable anyway: "is this private key in [1, n−1]?" (the caller sees
//! the error), "was the RFC 6979 candidate in range?" (the retry is the
//! standard's own, with probability ≈ 2⁻¹²⁸ or less), "is this output point
//! the identity?" (its encoding has another length). Each such bit goes
//! through [`declassify`], so a reviewer can find every one with
//! `grep -rn declassify`.
//!
//! With the cargo feature `ct-valgrind` (used only by the secret-taint
//! harness, never in production), `declassify` also tells valgrind memcheck
//! that the value is now public (`VALGRIND_MAKE_MEM_DEFINED`), exactly like
//! libsecp256k1's `secp256k1_declassify`; without it, it is the identity
//! function.

use subtle::Choice;

/// Returns `c` as a `bool`, declaring that this bit may now be public.
/// Constant time itself; the *caller* branches on the result.
#[inline(never)]
pub fn declassify(c: Choice) -> bool {
    let b = c.unwrap_u8();
    mark_public(core::slice::from_ref(&b));
    core::hint::black_box(b) != 0
}

/// Declares the bytes of `v` public (see the module doc). A no-op unless
/// the `ct-valgrind` feature is on.
#[inline(never)]
pub fn declassify_bytes(v: &[u8]) {
    mark_public(v);
}

#[cfg(not(all(feature = "ct-valgrind", target_arch = "x86_64")))]
#[inline(always)]
fn mark_public(_v: &[u8]) {}

#[cfg(all(feature = "ct-valgrind", target_arch = "x86_64"))]
#[allow(unsafe_code)]
fn mark_public(v: &[u8]) {
    valgrind::client_request(valgrind::MAKE_MEM_DEFINED, v.as_ptr() as u64, v.len() as u64);
}

/// valgrind client requests (x86-64), for the taint harness.
#[cfg(all(feature = "ct-valgrind", target_arch = "x86_64"))]
#[allow(unsafe_code)]
pub mod valgrind {
    /// `VG_USERREQ_TOOL_BASE('M','C') + 1`.
    pub const MAKE_MEM_UNDEFINED: u64 = 0x4d43_0001;
    /// `VG_USERREQ_TOOL_BASE('M','C') + 2`.
    pub const MAKE_MEM_DEFINED: u64 = 0x4d43_0002;
    /// `VG_USERREQ__COUNT_ERRORS` (a core request).
    pub const COUNT_ERRORS: u64 = 0x1201;

    /// Issues a client request; returns valgrind's answer (0 when not under
    /// valgrind). The magic preamble is a no-op on real hardware.
    pub fn client_request(req: u64, a1: u64, a2: u64) -> u64 {
        let args: [u64; 6] = [req, a1, a2, 0, 0, 0];
        let mut res: u64 = 0;
        // SAFETY: the rotate sequence leaves rdi unchanged (3+13+61+51 = 128),
        // xchg rbx,rbx is a no-op; valgrind intercepts the pattern and reads
        // the six-word argument block at rax, writing its answer to rdx.
        unsafe {
            core::arch::asm!(
                "rol rdi, 3", "rol rdi, 13", "rol rdi, 61", "rol rdi, 51", "xchg rbx, rbx",
                inout("rdx") res,
                in("rax") args.as_ptr(),
                options(nostack, preserves_flags)
            );
        }
        res
    }

    /// Marks `v` as undefined (secret) for memcheck.
    pub fn mark_secret(v: &[u8]) {
        client_request(MAKE_MEM_UNDEFINED, v.as_ptr() as u64, v.len() as u64);
    }
    /// Marks `v` as defined (public) for memcheck.
    pub fn mark_public(v: &[u8]) {
        client_request(MAKE_MEM_DEFINED, v.as_ptr() as u64, v.len() as u64);
    }
    /// Number of errors memcheck has reported so far.
    pub fn count_errors() -> u64 {
        client_request(COUNT_ERRORS, 0, 0)
    }
}
