//! "Check server": each observation gives the finding that says what to
//! change, with the exact configuration keys.

use serde_json::json;

use super::*;
use crate::replication::protocol::SecurityGroup;

/// A server that is fine: CouchDB 3.4.2 over https, user `alice` signed in,
/// database `hearth` found with `alice` as its member.
fn fine() -> Observed {
    Observed {
        page_origin: "https://hearth.example.org".into(),
        url: "https://couch.example.com/hearth".into(),
        reached: Reach::Status(200),
        server: Some(ServerInfo {
            couchdb: Some("Welcome".into()),
            version: "3.4.2".into(),
            vendor_name: Some("The Apache Software Foundation".into()),
            pouchdb_server: false,
        }),
        session: Some(SessionInfo { name: Some("alice".into()), roles: vec![] }),
        db: DbObservation::Found(DbInfo {
            db_name: "hearth".into(),
            update_seq: json!("12-g1AAAA"),
            doc_count: 1234,
            instance_start_time: Some("0".into()),
        }),
        security: Some(Security {
            admins: SecurityGroup::default(),
            members: SecurityGroup { names: vec!["alice".into()], roles: vec![] },
        }),
        user: "alice".into(),
        encrypted: Some(false),
        max_document_size: None,
    }
}

fn about(findings: &[Finding], topic: Topic) -> Vec<&Finding> {
    findings.iter().filter(|finding| finding.topic == topic).collect()
}

fn only(findings: &[Finding], topic: Topic) -> &Finding {
    let found = about(findings, topic);
    assert_eq!(found.len(), 1, "one finding about {topic:?}: {findings:#?}");
    found[0]
}

#[test]
fn a_fine_server_is_fine_on_every_topic() {
    let findings = check(&fine());
    assert!(findings.iter().all(|finding| finding.level == Level::Ok), "{findings:#?}");
    let topics: Vec<Topic> = findings.iter().map(|finding| finding.topic).collect();
    assert_eq!(
        topics,
        vec![
            Topic::Reach,
            Topic::Cors,
            Topic::Https,
            Topic::Version,
            Topic::Credentials,
            Topic::Database,
            Topic::Access,
            Topic::Encryption,
            Topic::Limits
        ]
    );
    assert_eq!(only(&findings, Topic::Database).text, "The database “hearth” is there (1,234 documents).");
    assert_eq!(only(&findings, Topic::Version).text, "CouchDB 3.4.2.");
    assert_eq!(only(&findings, Topic::Access).text, "“alice” may read and write the database “hearth”.");
}

#[test]
fn unreachable_names_the_cors_settings_and_this_origin() {
    let observed =
        Observed { page_origin: "http://127.0.0.1:8080".into(), reached: Reach::Unreachable, server: None, ..fine() };
    let findings = check(&observed);
    let reach = only(&findings, Topic::Reach);
    assert_eq!(reach.level, Level::Problem);
    assert!(reach.text.contains("No answer from couch.example.com"), "{}", reach.text);
    let cors = only(&findings, Topic::Cors);
    assert_eq!(cors.level, Level::Problem);
    assert!(cors.text.contains("http://127.0.0.1:8080"), "{}", cors.text);
    assert!(cors.text.contains("`[chttpd] enable_cors = true`"), "{}", cors.text);
    assert!(cors.text.contains("`[cors] origins`"), "{}", cors.text);
    assert!(cors.text.contains("`[cors] credentials = true`"), "{}", cors.text);
    // Nothing else is known, so nothing else is said (but https still is).
    assert!(about(&findings, Topic::Credentials).is_empty());
    assert!(about(&findings, Topic::Database).is_empty());
    assert_eq!(only(&findings, Topic::Https).level, Level::Ok);
}

#[test]
fn plain_http_to_another_machine_is_a_warning() {
    let observed = Observed {
        page_origin: "http://127.0.0.1:8080".into(),
        url: "http://192.168.1.20:5984/hearth".into(),
        ..fine()
    };
    let https = check(&observed).into_iter().find(|f| f.topic == Topic::Https).expect("as the test sets up");
    assert_eq!(https.level, Level::Warning);
    assert!(https.text.contains("password and conversations"), "{}", https.text);
    assert!(https.text.contains("https://"), "{}", https.text);
}

#[test]
fn plain_http_from_an_https_page_is_blocked() {
    let observed = Observed { url: "http://couch.example.com:5984/hearth".into(), ..fine() };
    let https = check(&observed).into_iter().find(|f| f.topic == Topic::Https).expect("as the test sets up");
    assert_eq!(https.level, Level::Problem);
    assert!(https.text.contains("blocks http://couch.example.com"), "{}", https.text);
}

#[test]
fn plain_http_on_this_computer_is_fine() {
    for url in ["http://127.0.0.1:5984/hearth", "http://localhost:5984/hearth", "http://[::1]:5984/hearth"] {
        let observed = Observed { page_origin: "http://127.0.0.1:8080".into(), url: url.into(), ..fine() };
        let findings = check(&observed);
        assert_eq!(only(&findings, Topic::Https).level, Level::Ok, "{url}");
    }
    assert!(!is_loopback("127.example.com"));
    assert!(!is_loopback("128.0.0.1"));
    assert!(is_loopback("127.0.1.1"));
}

#[test]
fn old_couchdb_is_a_problem_and_2x_a_warning() {
    let with_version = |version: &str| Observed {
        server: Some(ServerInfo { couchdb: Some("Welcome".into()), version: version.into(), ..ServerInfo::default() }),
        ..fine()
    };
    let findings = check(&with_version("1.7.2"));
    let version = only(&findings, Topic::Version);
    assert_eq!(version.level, Level::Problem);
    assert!(version.text.contains("3.x is recommended"), "{}", version.text);
    assert_eq!(only(&check(&with_version("2.3.1")), Topic::Version).level, Level::Warning);
    assert_eq!(only(&check(&with_version("")), Topic::Version).level, Level::Warning);
}

#[test]
fn pouchdb_server_is_a_warning() {
    let observed = Observed {
        server: Some(ServerInfo {
            couchdb: None,
            version: "4.2.0".into(),
            vendor_name: Some("PouchDB authors".into()),
            pouchdb_server: true,
        }),
        ..fine()
    };
    let findings = check(&observed);
    let version = only(&findings, Topic::Version);
    assert_eq!(version.level, Level::Warning);
    assert!(version.text.starts_with("PouchDB Server 4.2.0"), "{}", version.text);
}

#[test]
fn refused_credentials_name_single_node() {
    let observed = Observed { session: None, db: DbObservation::Forbidden, security: None, ..fine() };
    let findings = check(&observed);
    let credentials = only(&findings, Topic::Credentials);
    assert_eq!(credentials.level, Level::Problem);
    assert!(credentials.text.contains("“alice” does not exist"), "{}", credentials.text);
    assert!(credentials.text.contains("`[couchdb] single_node = true`"), "{}", credentials.text);
}

#[test]
fn signed_in_as_nobody_or_someone_else() {
    let nobody = Observed { session: Some(SessionInfo::default()), ..fine() };
    assert_eq!(only(&check(&nobody), Topic::Credentials).level, Level::Problem);
    let other = Observed { session: Some(SessionInfo { name: Some("bob".into()), roles: vec![] }), ..fine() };
    let credentials = check(&other).into_iter().find(|f| f.topic == Topic::Credentials).expect("as the test sets up");
    assert_eq!(credentials.level, Level::Warning);
    assert!(credentials.text.contains("“bob”, not “alice”"), "{}", credentials.text);
}

#[test]
fn a_server_admin_works_but_is_a_warning() {
    let observed = Observed {
        session: Some(SessionInfo { name: Some("alice".into()), roles: vec!["_admin".into()] }),
        security: Some(Security {
            admins: SecurityGroup { names: vec![], roles: vec!["_admin".into()] },
            members: SecurityGroup { names: vec![], roles: vec!["_admin".into()] },
        }),
        ..fine()
    };
    let findings = check(&observed);
    assert_eq!(only(&findings, Topic::Credentials).level, Level::Warning);
    assert_eq!(only(&findings, Topic::Access).level, Level::Ok, "the _admin role is a member");
}

#[test]
fn a_missing_database_says_how_to_create_it() {
    let observed = Observed { db: DbObservation::Missing, security: None, ..fine() };
    let findings = check(&observed);
    let database = only(&findings, Topic::Database);
    assert_eq!(database.level, Level::Problem);
    assert!(database.text.contains("“hearth” does not exist"), "{}", database.text);
    assert!(database.text.contains("`PUT /hearth`"), "{}", database.text);
    assert!(database.text.contains("`[couch_peruser] enable = true`"), "{}", database.text);
    // An address without a database.
    let bare = Observed { url: "https://couch.example.com/".into(), ..observed };
    let database = check(&bare).into_iter().find(|f| f.topic == Topic::Database).expect("as the test sets up");
    assert!(database.text.contains("names no database"), "{}", database.text);
}

#[test]
fn a_forbidden_database_asks_the_admin_to_add_the_user() {
    let observed = Observed { db: DbObservation::Forbidden, security: None, ..fine() };
    let findings = check(&observed);
    let access = only(&findings, Topic::Access);
    assert_eq!(access.level, Level::Problem);
    assert!(access.text.contains("add “alice”"), "{}", access.text);
    assert!(access.text.contains("`members.names`"), "{}", access.text);
    assert!(about(&findings, Topic::Database).is_empty());
}

#[test]
fn a_user_outside_the_members_asks_the_admin() {
    // CouchDB 3 creates databases with `_admin` as their only member role.
    let observed = Observed {
        security: Some(Security {
            admins: SecurityGroup { names: vec![], roles: vec!["_admin".into()] },
            members: SecurityGroup { names: vec!["bob".into()], roles: vec!["_admin".into()] },
        }),
        ..fine()
    };
    let findings = check(&observed);
    let access = only(&findings, Topic::Access);
    assert_eq!(access.level, Level::Problem);
    assert!(access.text.contains("“alice” is not among the members"), "{}", access.text);
    assert!(access.text.contains("`members.names`"), "{}", access.text);
    // A member by role is fine.
    let by_role = Observed {
        session: Some(SessionInfo { name: Some("alice".into()), roles: vec!["hearth".into()] }),
        security: Some(Security {
            admins: SecurityGroup::default(),
            members: SecurityGroup { names: vec![], roles: vec!["hearth".into()] },
        }),
        ..fine()
    };
    assert_eq!(only(&check(&by_role), Topic::Access).level, Level::Ok);
}

#[test]
fn a_database_without_members_is_public_to_every_user() {
    let observed = Observed { security: Some(Security::default()), ..fine() };
    let findings = check(&observed);
    let access = only(&findings, Topic::Access);
    assert_eq!(access.level, Level::Warning);
    assert!(access.text.contains("every user of this server"), "{}", access.text);
    assert!(access.text.contains("`members.names`"), "{}", access.text);
}

#[test]
fn bad_addresses() {
    for url in ["couch.example.com/hearth", "ftp://couch.example.com/hearth", "", "https://"] {
        let findings = check(&Observed { url: url.into(), ..fine() });
        assert_eq!(findings.len(), 1, "{url}: {findings:#?}");
        assert_eq!(findings[0].level, Level::Problem);
        assert!(findings[0].text.starts_with("The address must start with https://"), "{url}");
    }
    let with_password = Observed { url: "https://alice:secret@couch.example.com/hearth".into(), ..fine() };
    let findings = check(&with_password);
    let reach = about(&findings, Topic::Reach);
    assert!(reach.iter().any(|f| f.level == Level::Problem && f.text.contains("user name and password out")));
}

#[test]
fn an_answer_that_is_not_couchdb() {
    let observed = Observed { reached: Reach::Status(404), server: None, ..fine() };
    let findings = check(&observed);
    assert!(
        about(&findings, Topic::Reach)
            .iter()
            .any(|f| f.level == Level::Problem && f.text.contains("not as CouchDB does"))
    );
    assert!(about(&findings, Topic::Credentials).is_empty());
    let error = Observed { reached: Reach::Status(503), server: None, ..fine() };
    let findings = check(&error);
    assert!(only(&findings, Topic::Reach).text.contains("server error (503)"));
    // A root that wants credentials (`require_valid_user`) still answered.
    let locked = Observed { reached: Reach::Status(401), server: None, ..fine() };
    let findings = check(&locked);
    assert_eq!(only(&findings, Topic::Reach).level, Level::Ok);
    assert_eq!(only(&findings, Topic::Credentials).level, Level::Ok);
}

#[test]
fn a_server_that_answers_but_not_this_origin_is_told_to_allow_it() {
    let found = check(&Observed { reached: Reach::OriginRefused, server: None, ..fine() });
    let cors = found.iter().find(|f| f.topic == Topic::Cors).expect("a CORS finding");
    assert_eq!(cors.level, Level::Problem);
    assert!(cors.text.contains("https://hearth.example.org"), "{}", cors.text);
    assert!(cors.text.contains("enable_cors = true"));
}

/// Item 3 of the sync review: Check server says whether the database is end-to-end encrypted
/// and the largest document the server takes.
#[test]
fn check_server_says_whether_the_database_is_encrypted_and_its_document_limit() {
    let plain = check(&fine());
    assert!(about(&plain, Topic::Encryption)[0].text.contains("not end-to-end encrypted"));
    assert!(about(&plain, Topic::Limits)[0].text.contains("8,000,000 bytes"), "CouchDB's default is said");
    let sealed = check(&Observed { encrypted: Some(true), max_document_size: Some(1_000_000), ..fine() });
    assert!(about(&sealed, Topic::Encryption)[0].text.contains("is end-to-end encrypted"));
    let limit = &about(&sealed, Topic::Limits)[0].text;
    assert!(limit.contains("up to 1,000,000 bytes") && limit.contains("pieces of half a megabyte"), "{limit}");
    assert!(sealed.iter().all(|finding| finding.level == Level::Ok));
    // Not known: nothing said of it; no database: neither.
    assert!(about(&check(&Observed { encrypted: None, ..fine() }), Topic::Encryption).is_empty());
    let missing = check(&Observed { db: DbObservation::Missing, ..fine() });
    assert!(about(&missing, Topic::Encryption).is_empty() && about(&missing, Topic::Limits).is_empty());
}
