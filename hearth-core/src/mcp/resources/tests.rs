//! Tests of a server's resources: text read, binary left out, templates
//! expanded as RFC 6570 says.

use serde_json::json;

use super::*;

fn values(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs.iter().map(|(name, value)| ((*name).to_owned(), (*value).to_owned())).collect()
}

// An answer of `@modelcontextprotocol/server-everything` 2026.8.31.
#[test]
fn a_text_resource_is_read() {
    let read = resource_text(&json!({
        "contents": [{ "uri": "demo://resource/static/document/architecture.md", "mimeType": "text/markdown",
                       "text": "# Everything Server – Architecture\n" }]
    }));
    assert_eq!(read, Ok(ResourceText { text: "# Everything Server – Architecture\n".into(), left_out: 0 }));
    assert_eq!(read_params("demo://x"), json!({ "uri": "demo://x" }));
}

#[test]
fn binary_contents_are_left_out_and_binary_only_is_refused() {
    let mixed = resource_text(&json!({ "contents": [
        { "uri": "a", "text": "one" }, { "uri": "b", "blob": "AAEC" }, { "uri": "c", "text": "two" }
    ] }));
    assert_eq!(mixed, Ok(ResourceText { text: "one\n\ntwo".into(), left_out: 1 }));
    assert_eq!(
        resource_text(&json!({ "contents": [{ "uri": "demo://resource/dynamic/blob/1", "blob": "AAEC" }] })),
        Err(ResourceError::NotText)
    );
    assert_eq!(resource_text(&json!({ "contents": "x" })), Err(ResourceError::NoContents));
}

#[test]
fn a_template_names_its_variables() {
    assert_eq!(variables("demo://resource/dynamic/text/{resourceId}"), Ok(vec!["resourceId".to_owned()]));
    assert_eq!(
        variables("file:///{+path}{?q,lang:2}{&q}{#frag*}"),
        Ok(vec!["path".to_owned(), "q".to_owned(), "lang".to_owned(), "frag".to_owned()])
    );
    assert_eq!(variables("x://{open"), Err(TemplateError::Unclosed));
    assert_eq!(variables("x://plain"), Ok(Vec::new()));
}

// The examples of RFC 6570 sections 1.2 and 3.2 (levels 1 to 3) with their variables.
#[test]
fn templates_expand_as_rfc_6570_says() {
    let vars = values(&[
        ("var", "value"),
        ("hello", "Hello World!"),
        ("path", "/foo/bar"),
        ("x", "1024"),
        ("y", "768"),
        ("empty", ""),
    ]);
    let cases = [
        ("{var}", "value"),
        ("{hello}", "Hello%20World%21"),
        ("{+var}", "value"),
        ("{+hello}", "Hello%20World!"),
        ("{+path}/here", "/foo/bar/here"),
        ("here?ref={+path}", "here?ref=/foo/bar"),
        ("X{#var}", "X#value"),
        ("X{#hello}", "X#Hello%20World!"),
        ("map?{x,y}", "map?1024,768"),
        ("{x,hello,y}", "1024,Hello%20World%21,768"),
        ("{+x,hello,y}", "1024,Hello%20World!,768"),
        ("{+path,x}/here", "/foo/bar,1024/here"),
        ("{#x,hello,y}", "#1024,Hello%20World!,768"),
        ("{#path,x}/here", "#/foo/bar,1024/here"),
        ("X{.var}", "X.value"),
        ("X{.x,y}", "X.1024.768"),
        ("{/var}", "/value"),
        ("{/var,x}/here", "/value/1024/here"),
        ("{;x,y}", ";x=1024;y=768"),
        ("{?x,y}", "?x=1024&y=768"),
        ("?fixed=yes{&x}", "?fixed=yes&x=1024"),
        ("{var:3}", "val"),
        // Section 3.2's examples with an empty value and an undefined one.
        ("{?x,y,empty}", "?x=1024&y=768&empty="),
        ("{;x,y,empty}", ";x=1024;y=768;empty"),
        ("{x,empty}", "1024,"),
        ("{?missing}", ""),
        ("demo://resource/dynamic/text/{resourceId}", "demo://resource/dynamic/text/"),
    ];
    for (template, expanded) in cases {
        assert_eq!(expand(template, &vars).as_deref(), Ok(expanded), "{template}");
    }
    assert_eq!(
        expand("demo://resource/dynamic/text/{resourceId}", &values(&[("resourceId", "1/../2")])).as_deref(),
        Ok("demo://resource/dynamic/text/1%2F..%2F2")
    );
    assert_eq!(expand("{ü}", &values(&[("ü", "é")])).as_deref(), Ok("%C3%A9"));
    assert_eq!(expand("x{", &vars), Err(TemplateError::Unclosed));
}
