//! The one error type of this crate.

use std::fmt;
use std::path::PathBuf;

/// Why a vector file could not be loaded.
///
/// Every loader returns this instead of panicking or silently returning zero
/// records. The [`fmt::Display`] form is meant to be printed as is by a test
/// or by the lab ("not run: ...").
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// The vectors directory was not found. `tried` lists every candidate
    /// path in the order it was tried (see [`crate::vectors_dir`]).
    DirNotFound {
        /// Candidate paths, each with a note on where it came from.
        tried: Vec<String>,
    },
    /// A vector file is missing or could not be read.
    Io {
        /// The full path that was read.
        path: PathBuf,
        /// The operating system's message.
        message: String,
    },
    /// A vector file was read but its content is malformed (or not what the
    /// loader expects: unknown curve, unknown key, missing field, bad hex...).
    Parse {
        /// File path relative to the vectors directory (or the `source` name
        /// given to a `parse_*` function).
        source: String,
        /// 1-based line number, or 0 when no line applies (JSON files).
        line: usize,
        /// What is wrong.
        message: String,
    },
}

impl Error {
    pub(crate) fn parse(source: &str, line: usize, message: impl Into<String>) -> Self {
        Error::Parse {
            source: source.to_string(),
            line,
            message: message.into(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::DirNotFound { tried } => {
                write!(
                    f,
                    "test-vector directory not found: set KURVE_VECTORS to the `shared/vectors` \
                     directory (tried: {})",
                    tried.join("; ")
                )
            }
            Error::Io { path, message } => {
                write!(
                    f,
                    "cannot read test-vector file {}: {message}",
                    path.display()
                )
            }
            Error::Parse {
                source,
                line,
                message,
            } => {
                if *line == 0 {
                    write!(f, "{source}: {message}")
                } else {
                    write!(f, "{source}:{line}: {message}")
                }
            }
        }
    }
}

impl std::error::Error for Error {}
