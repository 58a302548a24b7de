//! Tests of [`app_document`] on the shapes app replies come in.

use super::{AppCode, app_document};

fn doc(reply: &str) -> String {
    app_document(reply).unwrap_or_else(|| panic!("an app in {reply:?}"))
}

#[test]
fn a_whole_document_is_used_as_it_is() {
    let reply = "Here is your app:\n\n```html\n<!DOCTYPE html>\n<html><head><title>T</title></head>\
                 <body><p>Hi</p></body></html>\n```\n\nEnjoy.";
    assert_eq!(doc(reply), "<!DOCTYPE html>\n<html><head><title>T</title></head><body><p>Hi</p></body></html>\n");
}

#[test]
fn a_document_starting_with_a_comment_or_html_is_whole() {
    assert_eq!(
        doc("```html\n<!-- app -->\n<html><body>x</body></html>\n```"),
        "<!-- app -->\n<html><body>x</body></html>\n"
    );
    assert_eq!(doc("```html\n<HTML><body>x</body></HTML>\n```"), "<HTML><body>x</body></HTML>\n");
}

#[test]
fn a_fragment_is_wrapped_in_a_minimal_document() {
    let html = doc("```html\n<button id=\"b\">Count</button>\n```");
    assert!(html.starts_with("<!doctype html>\n<html>\n<head>\n<meta charset=\"utf-8\">"), "{html}");
    assert!(html.contains("<body>\n<button id=\"b\">Count</button>\n</body>\n</html>\n"), "{html}");
}

#[test]
fn css_and_js_blocks_are_combined_into_the_document_in_their_order() {
    let reply = "The page:\n```html\n<!doctype html>\n<html><head><title>T</title></head>\n<body>\n<p id=p></p>\n</body>\n</html>\n```\n\
                 Styles:\n```css\np { color: red }\n```\n\
                 Logic:\n```js\ndocument.getElementById('p').textContent = 'a';\n```\n\
                 More:\n```javascript\nconsole.log('b');\n```\n\
                 ```CSS\nbody { margin: 0 }\n```\n";
    let html = doc(reply);
    let head_end = html.find("</head>").expect("a head");
    let red = html.find("p { color: red }").expect("the first css");
    let margin = html.find("body { margin: 0 }").expect("the second css");
    assert!(red < margin && margin < head_end, "{html}");
    let a = html.find("textContent = 'a'").expect("the js");
    let b = html.find("console.log('b')").expect("the javascript");
    let body_end = html.find("</body>").expect("a body");
    assert!(html.find("<p id=p>").expect("the markup") < a && a < b && b < body_end, "{html}");
    assert_eq!(html.matches("<script>").count(), 2, "{html}");
    assert_eq!(html.matches("<style>").count(), 2, "{html}");
}

#[test]
fn css_and_js_go_into_a_wrapped_fragment() {
    let html = doc("```html\n<div id=a></div>\n```\n```css\n#a{}\n```\n```js\nlet x = 1;\n```");
    let head_end = html.find("</head>").expect("a head");
    assert!(html.find("<style>\n#a{}\n</style>").expect("style") < head_end, "{html}");
    assert!(html.find("<script>\nlet x = 1;\n</script>").expect("script") > html.find("<div id=a>").expect("div"));
    assert!(html.find("</script>").expect("script end") < html.find("</body>").expect("body end"), "{html}");
}

#[test]
fn a_document_without_head_or_body_still_gets_its_css_and_js() {
    let html = doc("```html\n<!doctype html><p>x</p>\n```\n```css\np{}\n```\n```js\nf()\n```");
    assert!(html.starts_with("<!doctype html><style>\np{}\n</style>\n<p>x</p>"), "{html}");
    assert!(html.ends_with("<script>\nf()\n</script>\n"), "{html}");
}

#[test]
fn code_the_document_already_contains_is_not_added_twice() {
    let reply = "```html\n<html><body><script>\nlet n = 0;\n</script></body></html>\n```\nThe counter is:\n```js\nlet n = 0;\n```";
    assert_eq!(doc(reply).matches("let n = 0;").count(), 1);
}

#[test]
fn a_closing_script_tag_inside_combined_js_does_not_end_the_script() {
    let html = doc("```html\n<p></p>\n```\n```js\nconst s = '</script>';\n```");
    assert!(html.contains("const s = '<\\/script>';"), "{html}");
}

#[test]
fn the_last_of_several_html_blocks_is_the_app() {
    let reply = "First try:\n```html\n<p>one</p>\n```\nBetter:\n```html\n<p>two</p>\n```\n";
    let html = doc(reply);
    assert!(html.contains("<p>two</p>") && !html.contains("<p>one</p>"), "{html}");
}

#[test]
fn an_unclosed_fence_counts_for_nothing() {
    assert_eq!(app_document("Writing:\n```html\n<p>half"), None);
    assert_eq!(app_document("Writing:\n```html\n<p>half</p>\n``"), None);
    // While the second version streams, the first complete one is the app.
    let streaming = "```html\n<p>one</p>\n```\nNow the fix:\n```html\n<p>tw";
    let html = doc(streaming);
    assert!(html.contains("<p>one</p>") && !html.contains("<p>tw"), "{html}");
    // A css block still open is not added.
    assert!(!doc("```html\n<p></p>\n```\n```css\np { col").contains("<style>"));
}

#[test]
fn a_closing_fence_at_the_very_end_closes_the_block() {
    assert!(doc("```html\n<p>x</p>\n```").contains("<p>x</p>"));
    assert!(doc("```html\r\n<p>x</p>\r\n```\r\n").contains("<p>x</p>"));
}

#[test]
fn tilde_fences_and_longer_fences_work() {
    assert!(doc("~~~html\n<p>t</p>\n~~~\n").contains("<p>t</p>"));
    // A longer fence holds a shorter one inside.
    let html = doc("````html\n<pre>\n```\n</pre>\n````\n");
    assert!(html.contains("<pre>\n```\n</pre>"), "{html}");
    // A tilde fence is not closed by backticks.
    assert_eq!(app_document("~~~html\n<p>t</p>\n```\n"), None);
}

#[test]
fn info_strings_with_more_words_and_any_case_name_the_language() {
    assert!(doc("```html title=\"index.html\"\n<p>a</p>\n```").contains("<p>a</p>"));
    assert!(doc("```HTML\n<p>b</p>\n```").contains("<p>b</p>"));
    assert!(doc("```Html\n<p>c</p>\n```\n```JavaScript\nrun()\n```").contains("run()"));
    assert_eq!(AppCode::of_info("htm"), Some(AppCode::Html));
    assert_eq!(AppCode::of_info("{.html}"), Some(AppCode::Html));
    assert_eq!(AppCode::of_info("html5"), None);
    assert_eq!(AppCode::of_info("python"), None);
    assert_eq!(AppCode::of_info(""), None);
}

#[test]
fn indented_fences_lose_their_indent_and_code_blocks_by_indent_do_not_count() {
    let html = doc("1. Save this:\n   ```html\n   <p>\n     x\n   </p>\n   ```\n");
    assert!(html.contains("<p>\n  x\n</p>"), "{html}");
    assert_eq!(app_document("    ```html\n    <p>x</p>\n    ```\n"), None);
}

#[test]
fn no_html_block_means_no_app() {
    assert_eq!(app_document("Just text, `html` inline."), None);
    assert_eq!(app_document("```css\np{}\n```\n```js\nx()\n```"), None);
    assert_eq!(app_document("```python\nprint(1)\n```"), None);
    assert_eq!(app_document(""), None);
}

#[test]
fn an_empty_html_block_is_an_empty_app() {
    let html = doc("```html\n```");
    assert!(html.contains("<body>\n\n</body>"), "{html}");
}
