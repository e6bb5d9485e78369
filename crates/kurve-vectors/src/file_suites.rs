//! Runners for the files of `shared/vectors` (in progress).
use crate::suites::SuiteResult;

/// Every file suite.
pub fn all() -> Vec<SuiteResult> {
    Vec::new()
}
