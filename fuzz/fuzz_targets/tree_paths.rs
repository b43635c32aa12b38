//! `codebreak_tree::read` of arbitrary text in the paths format (one line per secret) for a small game: see
//! `codebreak_fuzz::check_tree` for the properties (refused with one line, or verified
//! without panicking and written back to text that reads to the same tree).
#![no_main]

use codebreak_tree::Format;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| codebreak_fuzz::check_tree(data, Format::Paths));
