//! JSON-RPC 2.0 as MCP uses it: the messages Hearth writes, and every message
//! a server may send (a response, an error, a request of its own, a
//! notification, or a batch of them).

#[cfg(test)]
mod tests;

use serde_json::{Map, Value, json};

/// A JSON-RPC error object.
#[derive(Debug, Clone, PartialEq)]
pub struct RpcError {
    /// The error code (JSON-RPC's, or the server's own).
    pub code: i64,
    /// The server's message.
    pub message: String,
    /// Anything more the server said.
    pub data: Option<Value>,
}

/// One message from a server.
#[derive(Debug, Clone, PartialEq)]
pub enum Incoming {
    /// The answer to one of Hearth's requests.
    Result {
        /// The request's id.
        id: Value,
        /// What it returned.
        result: Value,
    },
    /// A request of Hearth's that failed (or, with a `null` id, a message the
    /// server could not read at all).
    Error {
        /// The request's id, `null` when the server could not tell.
        id: Value,
        /// Why.
        error: RpcError,
    },
    /// A request from the server (such as `ping`), which waits for Hearth's answer.
    Request {
        /// Its id, to answer under.
        id: Value,
        /// The method.
        method: String,
        /// Its parameters (`null` when absent).
        params: Value,
        /// The keys of `params.requestedSchema.properties` in the order the
        /// server wrote them (a form's fields, shown in that order; a
        /// `Value`'s map is sorted by key). Empty when there are none.
        order: Vec<String>,
    },
    /// A notification from the server (progress, a changed list, a log line).
    Notification {
        /// The method.
        method: String,
        /// Its parameters (`null` when absent).
        params: Value,
    },
}

/// Why a body from a server is not JSON-RPC.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// Not JSON.
    #[error("the server's answer is not JSON ({0})")]
    NotJson(String),
    /// JSON, but not a JSON-RPC message.
    #[error("the server's answer is not a JSON-RPC message")]
    NotRpc,
}

/// A request, as the body's text.
pub fn request(id: u64, method: &str, params: Option<&Value>) -> String {
    let mut message = Map::new();
    message.insert("jsonrpc".into(), "2.0".into());
    message.insert("id".into(), id.into());
    message.insert("method".into(), method.into());
    if let Some(params) = params {
        message.insert("params".into(), params.clone());
    }
    Value::Object(message).to_string()
}

/// A notification, as the body's text.
pub fn notification(method: &str, params: Option<&Value>) -> String {
    let mut message = Map::new();
    message.insert("jsonrpc".into(), "2.0".into());
    message.insert("method".into(), method.into());
    if let Some(params) = params {
        message.insert("params".into(), params.clone());
    }
    Value::Object(message).to_string()
}

/// The answer to a server's request, as the body's text.
pub fn result(id: &Value, result: &Value) -> String {
    json!({ "jsonrpc": "2.0", "id": id, "result": result }).to_string()
}

/// An error answer to a server's request, as the body's text.
pub fn error(id: &Value, code: i64, message: &str) -> String {
    json!({ "jsonrpc": "2.0", "id": id, "error": { "code": code, "message": message } }).to_string()
}

/// JSON-RPC's code for a method the receiver does not have.
pub const METHOD_NOT_FOUND: i64 = -32601;

/// Every message in `text`: one message or a batch (an array) of them.
pub fn parse(text: &str) -> Result<Vec<Incoming>, ParseError> {
    let value: Value = serde_json::from_str(text).map_err(|error| ParseError::NotJson(error.to_string()))?;
    let mut orders = property_orders(text).into_iter();
    match value {
        Value::Array(items) if !items.is_empty() => {
            items.into_iter().map(|item| one(item, orders.next().unwrap_or_default())).collect()
        }
        value => one(value, orders.next().unwrap_or_default()).map(|message| vec![message]),
    }
}

/// For each message of `text` (one, or a batch), the keys of its
/// `params.requestedSchema.properties` in the order written (empty for none,
/// and for all when the text is not shaped so).
fn property_orders(text: &str) -> Vec<Vec<String>> {
    use serde::de::{Deserialize, Deserializer, IgnoredAny, MapAccess, Visitor};

    struct Keys(Vec<String>);
    impl<'de> Deserialize<'de> for Keys {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            struct Collect;
            impl<'de> Visitor<'de> for Collect {
                type Value = Keys;
                fn expecting(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
                    formatter.write_str("an object")
                }
                fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Keys, A::Error> {
                    let mut keys = Vec::new();
                    while let Some((key, IgnoredAny)) = map.next_entry::<String, IgnoredAny>()? {
                        keys.push(key);
                    }
                    Ok(Keys(keys))
                }
            }
            deserializer.deserialize_map(Collect)
        }
    }
    #[derive(serde::Deserialize)]
    struct Schema {
        properties: Option<Keys>,
    }
    #[derive(serde::Deserialize)]
    struct Params {
        #[serde(rename = "requestedSchema")]
        schema: Option<Schema>,
    }
    #[derive(serde::Deserialize)]
    struct Message {
        params: Option<Params>,
    }
    let order = |message: Message| {
        message.params.and_then(|p| p.schema).and_then(|s| s.properties).map(|k| k.0).unwrap_or_default()
    };
    // A batch or one message, told apart by the first character (an untagged
    // enum would buffer the whole text, and costs more code).
    if text.trim_start().starts_with('[') {
        serde_json::from_str::<Vec<Message>>(text)
            .map(|messages| messages.into_iter().map(order).collect())
            .unwrap_or_default()
    } else {
        serde_json::from_str::<Message>(text).map(|message| vec![order(message)]).unwrap_or_default()
    }
}

fn one(value: Value, order: Vec<String>) -> Result<Incoming, ParseError> {
    let Value::Object(mut object) = value else { return Err(ParseError::NotRpc) };
    if object.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return Err(ParseError::NotRpc);
    }
    let params = object.remove("params").unwrap_or(Value::Null);
    if let Some(Value::String(method)) = object.remove("method") {
        return Ok(match object.remove("id") {
            Some(id) if !id.is_null() => Incoming::Request { id, method, params, order },
            _ => Incoming::Notification { method, params },
        });
    }
    let id = object.remove("id").unwrap_or(Value::Null);
    if let Some(error) = object.remove("error") {
        return Ok(Incoming::Error { id, error: rpc_error(&error) });
    }
    match object.remove("result") {
        Some(result) if !id.is_null() => Ok(Incoming::Result { id, result }),
        _ => Err(ParseError::NotRpc),
    }
}

/// An error object, however incomplete.
pub fn rpc_error(error: &Value) -> RpcError {
    RpcError {
        code: error.get("code").and_then(Value::as_i64).unwrap_or(0),
        message: error.get("message").and_then(Value::as_str).unwrap_or_default().to_owned(),
        data: error.get("data").cloned(),
    }
}
