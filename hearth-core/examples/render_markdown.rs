//! Reads markdown on stdin and writes exactly the safe HTML that Hearth puts
//! into the page for an assistant message.
//!
//! `cargo run -q --release -p hearth-core --example render_markdown < answer.md`

use std::io::{Read, Write};

fn main() -> std::process::ExitCode {
    let mut markdown = String::new();
    if let Err(error) = std::io::stdin().read_to_string(&mut markdown) {
        eprintln!("render_markdown: cannot read stdin as UTF-8: {error}");
        return std::process::ExitCode::from(2);
    }
    let html = hearth_core::markdown::render(&markdown);
    if let Err(error) = std::io::stdout().write_all(html.as_str().as_bytes()) {
        eprintln!("render_markdown: cannot write stdout: {error}");
        return std::process::ExitCode::from(2);
    }
    std::process::ExitCode::SUCCESS
}
