//! The shell's only doors to the outside world: network and frame timing.
//! Everything here is thin; decisions are made in `hearth-core`.

pub(crate) mod fetch_stream;
pub(crate) mod frame;
