//! Progress a server reports on a request (`notifications/progress`), read
//! for the tool widget: "3 of 5", with the server's message when it gives one.

#[cfg(test)]
mod tests;

use serde_json::Value;

/// The method of a progress notification.
pub const PROGRESS: &str = "notifications/progress";

/// How far a request has come, as the server said.
#[derive(Debug, Clone, PartialEq)]
pub struct Progress {
    /// How much is done (it only grows, in any unit).
    pub done: f64,
    /// How much there is in all, when the server knows.
    pub total: Option<f64>,
    /// What the server says it is doing, when it says.
    pub message: Option<String>,
}

impl Progress {
    /// Reads the params of a progress notification for the request that
    /// carries `token` (`None` for another request's, or a malformed one).
    pub fn read(params: &Value, token: u64) -> Option<Self> {
        let own = match params.get("progressToken")? {
            Value::Number(number) => number.as_u64() == Some(token),
            Value::String(text) => text.parse::<u64>().ok() == Some(token),
            _ => false,
        };
        let done = params.get("progress").and_then(Value::as_f64).filter(|done| done.is_finite() && *done >= 0.0)?;
        let total = params.get("total").and_then(Value::as_f64).filter(|total| total.is_finite() && *total > 0.0);
        let message = params.get("message").and_then(Value::as_str).map(str::trim).filter(|m| !m.is_empty());
        own.then(|| Self { done, total, message: message.map(str::to_owned) })
    }

    /// The progress in words: "3 of 5", or "3" without a total, then the
    /// server's message.
    pub fn words(&self) -> String {
        let number = |value: f64| {
            if value.fract() == 0.0 && value < 1e15 { format!("{}", value as u64) } else { format!("{value:.1}") }
        };
        let amount = match self.total {
            Some(total) => format!("{} of {}", number(self.done), number(total)),
            None => number(self.done),
        };
        match &self.message {
            Some(message) => format!("{amount}: {message}"),
            None => amount,
        }
    }
}
