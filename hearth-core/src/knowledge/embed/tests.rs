//! Tests of the embedding requests (URLs, headers and bodies, exactly), the
//! answers (the providers' documented examples in `test_data/embeddings/`,
//! indexes out of order, error bodies, wrong counts and lengths), batches and
//! the cost estimate.

use std::path::Path;

use serde_json::json;

use super::{
    EmbedError, EmbedFamily, EmbedTarget, GEMINI_MAX_INPUTS, MAX_BATCH_CHARS, OPENAI_MAX_INPUTS, Purpose, batches,
    embeddings_url, estimate_cost, estimate_tokens, is_local, known_price, max_inputs, parse, request,
};

fn fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("test_data").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

fn target(family: EmbedFamily, base_url: &str, key: Option<&str>, model: &str) -> EmbedTarget {
    EmbedTarget {
        family,
        base_url: base_url.into(),
        api_key: key.map(str::to_owned),
        model: model.into(),
        dimensions: None,
    }
}

fn body(request: &crate::contract::HttpRequest) -> serde_json::Value {
    serde_json::from_str(request.body.as_deref().expect("a body")).expect("JSON")
}

fn headers(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs.iter().map(|(n, v)| ((*n).to_owned(), (*v).to_owned())).collect()
}

fn texts(list: &[&str]) -> Vec<String> {
    list.iter().map(|t| (*t).to_owned()).collect()
}

#[test]
fn openai_request() {
    let mut target =
        target(EmbedFamily::OpenAi, "https://api.openai.com/v1", Some("sk-test"), "text-embedding-3-small");
    let request = request(&target, &texts(&["first", "second"]), Purpose::Document);
    assert_eq!(request.method, "POST");
    assert_eq!(request.url, "https://api.openai.com/v1/embeddings");
    assert_eq!(request.headers, headers(&[("content-type", "application/json"), ("authorization", "Bearer sk-test")]));
    assert_eq!(
        body(&request),
        json!({"model": "text-embedding-3-small", "input": ["first", "second"], "encoding_format": "float"})
    );
    target.dimensions = Some(512);
    let with_dimensions = super::request(&target, &texts(&["q"]), Purpose::Query);
    assert_eq!(
        body(&with_dimensions),
        json!({"model": "text-embedding-3-small", "input": ["q"], "encoding_format": "float", "dimensions": 512})
    );
    assert!(!format!("{request:?}").contains("sk-test"), "the key is redacted from Debug");
    assert!(!format!("{target:?}").contains("sk-test"), "and from the target's Debug");
}

#[test]
fn openai_compatible_local_servers_get_no_authorization_without_a_key() {
    for (base, url) in [
        ("http://localhost:11434/v1", "http://localhost:11434/v1/embeddings"),
        ("http://localhost:1234/v1/", "http://localhost:1234/v1/embeddings"),
        ("http://localhost:1234/v1/embeddings", "http://localhost:1234/v1/embeddings"),
    ] {
        for key in [None, Some(""), Some("  ")] {
            let request =
                request(&target(EmbedFamily::OpenAi, base, key, "nomic-embed-text"), &texts(&["a"]), Purpose::Query);
            assert_eq!(request.url, url);
            assert_eq!(request.headers, headers(&[("content-type", "application/json")]), "{key:?}");
        }
    }
}

#[test]
fn embeddings_url_keeps_a_query_after_the_path() {
    assert_eq!(embeddings_url("https://gw.example/v1?tenant=a"), "https://gw.example/v1/embeddings?tenant=a");
    assert_eq!(embeddings_url(" https://api.openai.com/v1// "), "https://api.openai.com/v1/embeddings");
}

#[test]
fn gemini_request() {
    let mut target = target(
        EmbedFamily::Gemini,
        "https://generativelanguage.googleapis.com/v1beta",
        Some("AIza-test"),
        "gemini-embedding-001",
    );
    let request =
        request(&target, &texts(&["What is the meaning of life?", "How does the brain work?"]), Purpose::Document);
    assert_eq!(request.method, "POST");
    assert_eq!(
        request.url,
        "https://generativelanguage.googleapis.com/v1beta/models/gemini-embedding-001:batchEmbedContents"
    );
    assert_eq!(request.headers, headers(&[("content-type", "application/json"), ("x-goog-api-key", "AIza-test")]));
    assert_eq!(
        body(&request),
        json!({"requests": [
            {"model": "models/gemini-embedding-001", "content": {"parts": [{"text": "What is the meaning of life?"}]}, "taskType": "RETRIEVAL_DOCUMENT"},
            {"model": "models/gemini-embedding-001", "content": {"parts": [{"text": "How does the brain work?"}]}, "taskType": "RETRIEVAL_DOCUMENT"}
        ]})
    );
    target.dimensions = Some(768);
    target.model = "models/gemini-embedding-001".into();
    target.base_url = "https://generativelanguage.googleapis.com/".into();
    let query = super::request(&target, &texts(&["brains"]), Purpose::Query);
    assert_eq!(
        query.url, "https://generativelanguage.googleapis.com/v1beta/models/gemini-embedding-001:batchEmbedContents",
        "a base without /v1beta and a model given as models/x"
    );
    assert_eq!(
        body(&query),
        json!({"requests": [
            {"model": "models/gemini-embedding-001", "content": {"parts": [{"text": "brains"}]}, "taskType": "RETRIEVAL_QUERY", "outputDimensionality": 768}
        ]})
    );
    assert!(!format!("{query:?}").contains("AIza-test"));
}

#[test]
fn gemini_request_without_a_base_goes_to_the_public_api() {
    let request =
        request(&target(EmbedFamily::Gemini, "", None, "gemini-embedding-001"), &texts(&["a"]), Purpose::Query);
    assert_eq!(
        request.url,
        "https://generativelanguage.googleapis.com/v1beta/models/gemini-embedding-001:batchEmbedContents"
    );
    assert_eq!(request.headers, headers(&[("content-type", "application/json")]));
}

#[test]
fn parses_openais_documented_example() {
    let vectors = parse(EmbedFamily::OpenAi, &fixture("embeddings/openai_create.json"), 1).expect("parsed");
    assert_eq!(vectors, vec![vec![0.002_306_425_5, -0.009_327_292, -0.002_884_222_2]]);
}

#[test]
fn parses_geminis_documented_example() {
    let vectors =
        parse(EmbedFamily::Gemini, &fixture("embeddings/gemini_batch_embed_contents.json"), 3).expect("parsed");
    assert_eq!(vectors.len(), 3);
    assert_eq!(vectors[0], vec![-0.022_374_554, -0.004_560_777, 0.013_309_286, -0.054_507_2, -0.020_904_43]);
    assert_eq!(vectors[2][4], -0.029_525_13);
}

#[test]
fn openai_vectors_are_placed_by_index_not_array_order() {
    let body = json!({"object": "list", "data": [
        {"object": "embedding", "index": 2, "embedding": [2.0, 2.5]},
        {"object": "embedding", "index": 0, "embedding": [0.0, 0.5]},
        {"object": "embedding", "index": 1, "embedding": [1.0, 1.5]}
    ], "model": "m", "usage": {"prompt_tokens": 3, "total_tokens": 3}});
    let vectors = parse(EmbedFamily::OpenAi, &body.to_string(), 3).expect("parsed");
    assert_eq!(vectors, vec![vec![0.0, 0.5], vec![1.0, 1.5], vec![2.0, 2.5]]);
    // A server that leaves the index out: array order.
    let bare = json!({"data": [{"embedding": [1.0]}, {"embedding": [2.0]}]});
    assert_eq!(parse(EmbedFamily::OpenAi, &bare.to_string(), 2), Ok(vec![vec![1.0], vec![2.0]]));
}

#[test]
fn bad_indexes_are_malformed() {
    for data in [
        json!([{"index": 0, "embedding": [1.0]}, {"index": 0, "embedding": [2.0]}]),
        json!([{"index": 0, "embedding": [1.0]}, {"index": 2, "embedding": [2.0]}]),
        json!([{"index": -1, "embedding": [1.0]}]),
        json!([{"index": "0", "embedding": [1.0]}]),
        json!([{"index": 0, "embedding": "AAAA"}]),
        json!([{"index": 0, "embedding": [1.0, "x"]}]),
    ] {
        let body = json!({"data": data}).to_string();
        assert!(
            matches!(
                parse(EmbedFamily::OpenAi, &body, data.as_array().map_or(0, Vec::len)),
                Err(EmbedError::Malformed(_))
            ),
            "{body}"
        );
    }
}

#[test]
fn error_bodies_are_provider_errors() {
    let openai = fixture("openai/error_401.json");
    assert_eq!(
        parse(EmbedFamily::OpenAi, &openai, 1),
        Err(EmbedError::Provider {
            message: "Incorrect API key provided: sk-wrong. You can find your API key at https://platform.openai.com/account/api-keys.".into()
        })
    );
    let gemini = fixture("gemini/error_400_api_key.json");
    assert_eq!(
        parse(EmbedFamily::Gemini, &gemini, 1),
        Err(EmbedError::Provider { message: "API key not valid. Please pass a valid API key.".into() })
    );
    assert_eq!(
        parse(EmbedFamily::OpenAi, r#"{"error": "model \"x\" not found"}"#, 1),
        Err(EmbedError::Provider { message: "model \"x\" not found".into() })
    );
}

#[test]
fn wrong_counts_lengths_and_shapes_are_typed_errors() {
    let two = json!({"embeddings": [{"values": [1.0, 2.0]}, {"values": [3.0, 4.0]}]}).to_string();
    assert_eq!(parse(EmbedFamily::Gemini, &two, 3), Err(EmbedError::Count { expected: 3, got: 2 }));
    let uneven = json!({"embeddings": [{"values": [1.0, 2.0]}, {"values": [3.0]}]}).to_string();
    assert_eq!(parse(EmbedFamily::Gemini, &uneven, 2), Err(EmbedError::Dimensions { expected: 2, got: 1 }));
    assert_eq!(parse(EmbedFamily::Gemini, r#"{"embeddings": []}"#, 1), Err(EmbedError::Empty));
    assert_eq!(parse(EmbedFamily::Gemini, r#"{"embeddings": [{"values": []}]}"#, 1), Err(EmbedError::Empty));
    assert_eq!(parse(EmbedFamily::OpenAi, r#"{"data": []}"#, 0), Ok(vec![]));
    for (family, body) in [
        (EmbedFamily::OpenAi, "<html>502</html>"),
        (EmbedFamily::OpenAi, r#"{"embeddings": [{"values": [1.0]}]}"#),
        (EmbedFamily::Gemini, r#"{"data": [{"index": 0, "embedding": [1.0]}]}"#),
        (EmbedFamily::Gemini, r#"{"embeddings": [{"value": [1.0]}]}"#),
        (EmbedFamily::Gemini, ""),
    ] {
        assert!(matches!(parse(family, body, 1), Err(EmbedError::Malformed(_))), "{body}");
    }
}

#[test]
fn batches_split_by_count_and_characters() {
    assert_eq!(batches(&[], 10, 100), vec![]);
    assert_eq!(batches(&[10; 5], 2, 1000), vec![0..2, 2..4, 4..5]);
    assert_eq!(batches(&[40, 40, 40, 10], 10, 100), vec![0..2, 2..4]);
    // Exactly at the limit still fits.
    assert_eq!(batches(&[50, 50, 1], 10, 100), vec![0..2, 2..3]);
    // An over-long text gets a batch of its own.
    assert_eq!(batches(&[10, 500, 10, 10], 10, 100), vec![0..1, 1..2, 2..4]);
    assert_eq!(batches(&[500], 10, 100), vec![0..1]);
    assert_eq!(batches(&[1, 1, 1], 0, 100), vec![0..1, 1..2, 2..3], "0 inputs counts as 1");
    assert_eq!(batches(&[usize::MAX, usize::MAX], 10, usize::MAX - 1), vec![0..1, 1..2], "no overflow");
    let lengths = vec![1000; 300];
    let openai = batches(&lengths, OPENAI_MAX_INPUTS, MAX_BATCH_CHARS);
    assert_eq!(openai, vec![0..120, 120..240, 240..300]);
    assert!(batches(&lengths, GEMINI_MAX_INPUTS, MAX_BATCH_CHARS).iter().all(|r| r.len() <= 100));
    assert_eq!(max_inputs(EmbedFamily::Gemini), 100);
    assert_eq!(max_inputs(EmbedFamily::OpenAi), 256);
}

#[test]
fn tokens_and_cost() {
    assert_eq!(estimate_tokens(0), 0);
    assert_eq!(estimate_tokens(1), 1);
    assert_eq!(estimate_tokens(8), 2);
    assert_eq!(estimate_tokens(9), 3);
    // A million tokens at $0.02: 20,000 millionths of a dollar.
    assert_eq!(estimate_cost(1_000_000, Some(20_000)), Some(20_000));
    assert_eq!(estimate_cost(1, Some(20_000)), Some(1), "rounded up");
    assert_eq!(estimate_cost(0, Some(20_000)), Some(0));
    assert_eq!(estimate_cost(10, None), None);
    assert_eq!(estimate_cost(u64::MAX, Some(u64::MAX)), Some(u64::MAX), "saturates");
}

#[test]
fn known_prices_and_local_servers() {
    assert_eq!(known_price("text-embedding-3-small"), Some(0.02));
    assert_eq!(known_price(" text-embedding-3-large "), Some(0.13));
    assert_eq!(known_price("text-embedding-ada-002"), Some(0.10));
    assert_eq!(known_price("models/gemini-embedding-001"), Some(0.15));
    assert_eq!(known_price("nomic-embed-text"), None);
    for local in
        ["http://localhost:11434/v1", "http://127.0.0.1:1234/v1", "http://[::1]:8080/v1", "http://LOCALHOST/v1"]
    {
        assert!(is_local(local), "{local}");
    }
    for remote in
        ["https://api.openai.com/v1", "http://localhost.example.com/v1", "http://10.0.0.2/v1", "", "localhost"]
    {
        assert!(!is_local(remote), "{remote}");
    }
}

#[test]
fn family_and_purpose_serialise_in_snake_case() {
    assert_eq!(serde_json::to_value(EmbedFamily::OpenAi).expect("json"), json!("open_ai"));
    assert_eq!(serde_json::to_value(EmbedFamily::Gemini).expect("json"), json!("gemini"));
    assert_eq!(serde_json::to_value(Purpose::Query).expect("json"), json!("query"));
}
