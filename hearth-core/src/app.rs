//! App agents' replies: which fenced code blocks are app code, and the one
//! HTML document a reply's app code makes ([`app_document`]), which the shell
//! runs in its sandboxed preview.
//!
//! Only complete blocks count: a fence still open at the end of a streaming
//! reply is ignored, so the document changes only when a block is finished,
//! never on every chunk. Fences are read as CommonMark reads top-level ones
//! (up to three spaces of indent, three or more backticks or tildes, closed by
//! a run of the same character at least as long); the block's language is the
//! first word of its info string, in any case.

#[cfg(test)]
mod tests;

/// What a fenced block of an app reply holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AppCode {
    /// ```` ```html ```` (or `htm`): the app's document or a fragment of it.
    Html,
    /// ```` ```css ````: styles added to the document's head.
    Css,
    /// ```` ```js ```` or ```` ```javascript ````: a script added at the end of its body.
    Js,
}

impl AppCode {
    /// The app code a fenced block with the info string `info` holds, if any:
    /// its first word names the language (`html title="x"` is HTML).
    pub fn of_info(info: &str) -> Option<AppCode> {
        let language = info.split_whitespace().next()?;
        let language = language.trim_start_matches('{').trim_start_matches('.').trim_end_matches('}');
        match language.to_ascii_lowercase().as_str() {
            "html" | "htm" => Some(AppCode::Html),
            "css" => Some(AppCode::Css),
            "js" | "javascript" => Some(AppCode::Js),
            _ => None,
        }
    }
}

/// One complete fenced block: its info string and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
struct FencedBlock {
    info: String,
    body: String,
}

/// The app of one reply, or `None` when it has no complete ```` ```html ````
/// block: the reply's last HTML block (a whole document, or a fragment wrapped
/// in a minimal `<!doctype html>` document), with the reply's ```` ```css ````
/// blocks added as `<style>` at the end of its head and its ```` ```js ```` /
/// ```` ```javascript ```` blocks as `<script>` at the end of its body, in
/// their order. A CSS or JS block whose text the HTML already contains is not
/// added again (models often repeat a part of the document to explain it).
pub fn app_document(reply_text: &str) -> Option<String> {
    let blocks = complete_blocks(reply_text);
    let html = blocks.iter().rev().find(|block| AppCode::of_info(&block.info) == Some(AppCode::Html))?;
    let mut document = if is_whole_document(&html.body) { html.body.clone() } else { wrap_fragment(&html.body) };
    let extra = |kind: AppCode, document: &str| -> Vec<String> {
        blocks
            .iter()
            .filter(|block| AppCode::of_info(&block.info) == Some(kind))
            .map(|block| block.body.trim())
            .filter(|code| !code.is_empty() && !document.contains(code))
            .map(str::to_owned)
            .collect()
    };
    let styles = extra(AppCode::Css, &document);
    let scripts = extra(AppCode::Js, &document);
    if !styles.is_empty() {
        let tags: String =
            styles.iter().map(|css| format!("<style>\n{}\n</style>\n", css.replace("</style", "<\\/style"))).collect();
        let lower = document.to_ascii_lowercase();
        let at = lower.find("</head").or_else(|| lower.find("<body")).unwrap_or_else(|| after_doctype(&lower));
        document.insert_str(at, &tags);
    }
    if !scripts.is_empty() {
        let tags: String = scripts
            .iter()
            .map(|js| format!("<script>\n{}\n</script>\n", js.replace("</script", "<\\/script")))
            .collect();
        let lower = document.to_ascii_lowercase();
        let at = lower.rfind("</body").or_else(|| lower.rfind("</html")).unwrap_or(document.len());
        document.insert_str(at, &tags);
    }
    Some(document)
}

/// Whether `html` is a whole document (a doctype or an `<html>` element first,
/// after any comments), not a fragment to wrap.
fn is_whole_document(html: &str) -> bool {
    let mut rest = html.trim_start();
    while let Some(comment) = rest.strip_prefix("<!--") {
        let Some(end) = comment.find("-->") else { return false };
        rest = comment[end + 3..].trim_start();
    }
    let head: String = rest.chars().take(9).collect::<String>().to_ascii_lowercase();
    head.starts_with("<!doctype") || head.starts_with("<html")
}

/// A minimal document around a fragment.
fn wrap_fragment(fragment: &str) -> String {
    format!(
        "<!doctype html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n</head>\n\
         <body>\n{}\n</body>\n</html>\n",
        fragment.trim_end()
    )
}

/// The offset just after a leading doctype (0 without one).
fn after_doctype(lower: &str) -> usize {
    let start = lower.len() - lower.trim_start().len();
    if lower[start..].starts_with("<!doctype") { lower[start..].find('>').map_or(0, |end| start + end + 1) } else { 0 }
}

/// The complete top-level fenced blocks of `text`, in order; a block whose
/// closing fence has not arrived is left out.
fn complete_blocks(text: &str) -> Vec<FencedBlock> {
    let mut blocks = Vec::new();
    let mut open: Option<(Fence, FencedBlock)> = None;
    for line in text.split_inclusive('\n') {
        let bare = line.trim_end_matches(['\n', '\r']);
        match open.take() {
            Some((fence, block)) if fence.is_closed_by(bare) => blocks.push(block),
            Some((fence, mut block)) => {
                block.body.push_str(strip_indent(bare, fence.indent));
                block.body.push('\n');
                open = Some((fence, block));
            }
            None => {
                open = Fence::opened_by(bare)
                    .map(|(fence, info)| (fence, FencedBlock { info: info.to_owned(), body: String::new() }));
            }
        }
    }
    blocks
}

/// An open fence: its character, its length and its indent.
#[derive(Debug, Clone, Copy)]
struct Fence {
    marker: u8,
    len: usize,
    indent: usize,
}

impl Fence {
    /// The fence `line` opens, with its info string.
    fn opened_by(line: &str) -> Option<(Fence, &str)> {
        let rest = line.trim_start_matches(' ');
        let indent = line.len() - rest.len();
        let marker = *rest.as_bytes().first()?;
        if indent > 3 || (marker != b'`' && marker != b'~') {
            return None;
        }
        let len = rest.bytes().take_while(|b| *b == marker).count();
        let info = rest[len..].trim();
        // A backtick fence's info string may not contain backticks.
        (len >= 3 && !(marker == b'`' && info.contains('`'))).then_some((Fence { marker, len, indent }, info))
    }

    /// Whether `line` closes this fence.
    fn is_closed_by(self, line: &str) -> bool {
        let rest = line.trim_start_matches(' ');
        if line.len() - rest.len() > 3 {
            return false;
        }
        let len = rest.bytes().take_while(|b| *b == self.marker).count();
        len >= self.len && rest[len..].trim().is_empty()
    }
}

/// `line` without up to `indent` leading spaces (a fenced block's content
/// loses as much indent as its opening fence had).
fn strip_indent(line: &str, indent: usize) -> &str {
    let spaces = line.bytes().take(indent).take_while(|b| *b == b' ').count();
    &line[spaces..]
}
