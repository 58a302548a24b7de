//! Sealed documents' shapes: what the server sees, what is sealed and read
//! back, the key check, and refusals of damaged input.

use serde_json::json;

use super::*;
use crate::replication::doc::{DocKind, doc_id, session_doc};
use crate::storage::key_lock::{DEFAULT_ITERATIONS, MIN_ITERATIONS, SALT_LEN};
use crate::storage::{SessionRecord, TitleSource};

fn session_body() -> Body {
    session_doc(&SessionRecord {
        id: "secret-session-id".to_owned(),
        title: "Medical questions".to_owned(),
        title_source: TitleSource::User,
        agent_id: "general".to_owned(),
        created_at: 1_000,
        updated_at: 1_000,
        message_count: 0,
        preview: String::new(),
        pinned: false,
        deleted_at: None,
        branch_of: None,
        branched_at: None,
    })
    .expect("synced")
}

const IV: [u8; IV_LEN] = [1; IV_LEN];

fn ciphertext() -> Vec<u8> {
    (0..64).collect()
}

#[test]
fn a_sealed_body_holds_only_the_mark_the_iv_and_the_data() {
    let body = sealed_body(&IV, &ciphertext());
    let fields: Vec<&str> = body.keys().map(String::as_str).collect();
    assert_eq!(fields, ["data", "e2e", "iv"]);
    assert_eq!(body.get(E2E_FIELD), Some(&json!(SEALED_TYPE)));
    assert_eq!(read_sealed(&body), Ok((IV.to_vec(), ciphertext())));
}

#[test]
fn a_sealed_body_shows_nothing_of_the_record() {
    let plain = session_body();
    let id = doc_id(DocKind::Session, "secret-session-id");
    // Whatever the shell's AES-GCM makes of the plaintext, the body around it
    // names nothing: no field of the record, no value, no id, no kind.
    let sealed = sealed_body(&IV, &ciphertext());
    let text = Value::Object(sealed).to_string();
    for word in ["session", "secret-session-id", "Medical", "title", "record", "changed", "type", "1000"] {
        assert!(!text.contains(word), "{word} in {text}");
    }
    // The plaintext holds the plain id and the whole body.
    let opened = open_plaintext(&plaintext(&id, &plain)).expect("reads back");
    assert_eq!(opened, (id, plain));
}

#[test]
fn the_plaintext_is_canonical() {
    let id = "message:m1";
    let Value::Object(one) = json!({"type": "message", "record": {"id": "m1", "b": 1, "a": 2}}) else { unreachable!() };
    let text = String::from_utf8(plaintext(id, &one)).expect("utf-8");
    assert_eq!(text, r#"{"body":{"record":{"a":2,"b":1,"id":"m1"},"type":"message"},"id":"message:m1"}"#);
}

#[test]
fn ids_on_the_server_reveal_nothing_and_bind_the_body() {
    let hex = "0a".repeat(32);
    let id = sealed_id(&hex);
    assert_eq!(id, format!("e:{hex}"));
    assert!(is_sealed_id(&id));
    for other in ["e:", "message:m1", "hearth-e2e", "e:xyz", "_local/x"] {
        assert!(!is_sealed_id(other), "{other}");
    }
    // The HMAC is over the plain id alone (nothing about the conversation),
    // domain separated from the additional data.
    let input = hmac_input("message:m1");
    assert!(input.ends_with(b"message:m1"));
    assert_ne!(input, b"message:m1".to_vec());
    assert_ne!(hmac_input("message:m1"), hmac_input("message:m2"));
    let bound = additional_data(&id);
    assert!(bound.ends_with(id.as_bytes()));
    assert_ne!(bound, hmac_input(&id));
    assert_ne!(additional_data("e:01"), additional_data("e:02"));
}

#[test]
fn bad_sealed_bodies_are_refused() {
    let good = sealed_body(&IV, &ciphertext());
    let with = |field: &str, value: Value| {
        let mut body = good.clone();
        body.insert(field.to_owned(), value);
        body
    };
    assert_eq!(read_sealed(&Map::new()), Err(SealedError::NotSealed));
    assert_eq!(read_sealed(&session_body()), Err(SealedError::NotSealed));
    assert_eq!(read_sealed(&with(E2E_FIELD, json!(2))), Err(SealedError::Version("2".to_owned())));
    assert_eq!(read_sealed(&with("iv", json!("not base64!"))), Err(SealedError::Damaged("IV")));
    assert_eq!(read_sealed(&with("iv", json!(base64::encode(&[1; 8])))), Err(SealedError::Damaged("IV")));
    assert_eq!(read_sealed(&with("data", json!(base64::encode(&[1; 8])))), Err(SealedError::Damaged("data")));
    let mut missing = good.clone();
    missing.remove("data");
    assert_eq!(read_sealed(&missing), Err(SealedError::Damaged("data")));
    // CouchDB's own fields are ignored.
    let fetched = with("_id", json!("e:0a"));
    assert!(read_sealed(&with("_rev", json!("1-abc"))).is_ok() && read_sealed(&fetched).is_ok());
}

#[test]
fn bad_plaintexts_are_refused() {
    for bad in [
        &b"not json"[..],
        br#"[1, 2]"#,
        br#"{"body": {}}"#,
        br#"{"id": "message:m1"}"#,
        br#"{"id": "message:m1", "body": []}"#,
        br#"{"id": "_design/evil", "body": {}}"#,
    ] {
        assert!(matches!(open_plaintext(bad), Err(SealedError::Plaintext(_))), "{}", String::from_utf8_lossy(bad));
    }
}

fn params() -> KdfParams {
    KdfParams { salt: (0..SALT_LEN as u8).collect(), iterations: DEFAULT_ITERATIONS }
}

#[test]
fn the_key_check_round_trips() {
    let body = key_check_body(&params(), &IV, &ciphertext());
    assert_eq!(body.get("kdf"), Some(&json!(KDF)));
    assert_eq!(body.get("iterations"), Some(&json!(DEFAULT_ITERATIONS)));
    assert_eq!(read_key_check(&body), Ok((params(), IV.to_vec(), ciphertext())));
    // As fetched, with CouchDB's fields.
    let mut fetched = body.clone();
    fetched.insert("_id".to_owned(), json!(KEY_CHECK_ID));
    fetched.insert("_rev".to_owned(), json!("1-abc"));
    assert_eq!(read_key_check(&fetched), Ok((params(), IV.to_vec(), ciphertext())));
    assert!(!KEY_CHECK_TEXT.is_empty());
}

#[test]
fn a_key_check_hearth_cannot_trust_is_refused() {
    let good = key_check_body(&params(), &IV, &ciphertext());
    let with = |field: &str, value: Value| {
        let mut body = good.clone();
        body.insert(field.to_owned(), value);
        body
    };
    assert_eq!(read_key_check(&with("version", json!(2))), Err(SealedError::Version("2".to_owned())));
    let mut unversioned = good.clone();
    unversioned.remove("version");
    assert!(matches!(read_key_check(&unversioned), Err(SealedError::Damaged(_))));
    let weak = with("iterations", json!(MIN_ITERATIONS - 1));
    assert_eq!(read_key_check(&weak), Err(SealedError::KeyCheck(KeyLockError::Iterations(MIN_ITERATIONS - 1))));
    assert!(matches!(
        read_key_check(&with("kdf", json!("MD5"))),
        Err(SealedError::KeyCheck(KeyLockError::UnknownKdf(_)))
    ));
    let short_salt = with("salt", json!(base64::encode(&[1; 8])));
    assert!(matches!(read_key_check(&short_salt), Err(SealedError::KeyCheck(KeyLockError::Damaged(_)))));
    let bad_iv = with("check", json!({"iv": base64::encode(&[1; 3]), "data": base64::encode(&ciphertext())}));
    assert!(matches!(read_key_check(&bad_iv), Err(SealedError::KeyCheck(KeyLockError::Damaged(_)))));
    let no_check = with("check", json!(null));
    assert!(matches!(read_key_check(&no_check), Err(SealedError::KeyCheck(KeyLockError::Unreadable(_)))));
    for error in [read_key_check(&weak), read_key_check(&no_check)] {
        assert!(!error.expect_err("refused").to_string().is_empty());
    }
}
