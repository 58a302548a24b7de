//! Decodes a recorded provider response body the way Hearth does and prints the
//! reply as one JSON object.
//!
//! `cargo run -q --release -p hearth-core --example replay -- --provider openai|responses|anthropic|gemini [--status N] FILE`
//!
//! With a 2xx status (the default) FILE is the streamed SSE body; otherwise it is
//! the error body. Output keys: `text`, `reasoning`, `tool_calls` (`id`, `name`,
//! `arguments`, `arguments_raw`), `finish`, `finish_raw`, `usage` (`input`,
//! `output`) and `error`. Chunks that could not be read are reported on stderr.

use std::process::ExitCode;

use hearth_core::provider::{ProviderKind, parse_error_body};
use hearth_core::reply::Reply;

const USAGE: &str = "usage: replay --provider openai|responses|anthropic|gemini [--status N] FILE";

struct Args {
    provider: ProviderKind,
    status: u16,
    file: String,
}

fn parse_args() -> Result<Args, String> {
    let mut provider = None;
    let mut status = 200;
    let mut file = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--provider" => {
                provider = Some(match args.next().as_deref() {
                    Some("openai") => ProviderKind::OpenAi,
                    Some("anthropic") => ProviderKind::Anthropic,
                    Some("gemini") => ProviderKind::Gemini,
                    Some("responses") => ProviderKind::Responses,
                    Some(other) => {
                        return Err(format!(
                            "unknown provider {other:?} (known: openai, responses, anthropic, gemini)"
                        ));
                    }
                    None => return Err("--provider needs a value".into()),
                })
            }
            "--status" => {
                let value = args.next().ok_or("--status needs a value")?;
                status = value.parse().map_err(|_| format!("--status {value:?} is not an HTTP status"))?;
            }
            "-h" | "--help" => return Err(USAGE.into()),
            _ if file.is_none() && !arg.starts_with("--") => file = Some(arg),
            _ => return Err(format!("unexpected argument {arg:?}")),
        }
    }
    Ok(Args { provider: provider.ok_or("--provider is required")?, status, file: file.ok_or("FILE is required")? })
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(args) => args,
        Err(message) => {
            eprintln!("replay: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let body = match std::fs::read(&args.file) {
        Ok(body) => body,
        Err(error) => {
            eprintln!("replay: cannot read {}: {error}", args.file);
            return ExitCode::from(2);
        }
    };
    let reply = if (200..300).contains(&args.status) {
        Reply::from_chunks(args.provider, [&body])
    } else {
        let mut reply = Reply::new();
        reply.fail(parse_error_body(args.provider, args.status, &String::from_utf8_lossy(&body), None));
        reply
    };
    for problem in &reply.malformed {
        eprintln!("replay: skipped a malformed chunk: {problem}");
    }
    println!("{}", reply.to_json());
    ExitCode::SUCCESS
}
