//! The shell's only doors to the outside world: network, storage, other tabs,
//! files, locks, clock and ids, frame timing, abort signals, the browser's
//! prompts and `Intl`. Everything here is thin; decisions are made in
//! `hearth-core`.

pub(crate) mod abort;
pub(crate) mod address;
pub(crate) mod app_frame;
pub(crate) mod audio_file;
pub(crate) mod chunks;
pub(crate) mod clipboard;
pub(crate) mod clock;
pub(crate) mod color_scheme;
pub(crate) mod couch;
pub(crate) mod crypto;
pub(crate) mod db;
pub(crate) mod diagram_frame;
pub(crate) mod dialogs;
pub(crate) mod early_input;
pub(crate) mod fetch_stream;
pub(crate) mod files;
pub(crate) mod frame;
pub(crate) mod ids;
pub(crate) mod images;
pub(crate) mod inflate;
pub(crate) mod intl;
pub(crate) mod js;
pub(crate) mod key_session;
pub(crate) mod knowledge;
pub(crate) mod language;
pub(crate) mod locks;
pub(crate) mod mcp_app_frame;
pub(crate) mod media;
pub(crate) mod media_session;
pub(crate) mod microphone;
pub(crate) mod network;
pub(crate) mod pattern;
pub(crate) mod pcm_player;
pub(crate) mod peer_call;
pub(crate) mod persistence;
pub(crate) mod recognition;
pub(crate) mod sandbox;
pub(crate) mod service_worker;
pub(crate) mod sign_in_window;
pub(crate) mod socket;
pub(crate) mod speech;
pub(crate) mod sync;
pub(crate) mod timer;
pub(crate) mod viewport;
pub(crate) mod yield_now;
