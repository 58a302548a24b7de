//! A safe arithmetic evaluator for the calculator tool.
//!
//! [`evaluate`] reads an expression and computes it directly: no code is
//! generated or run, nothing is read or written, and every failure is a
//! [`CalcError`] whose message says what to fix and where (positions are 1-based
//! character positions). [`format_number`] writes the result for people and models.
//!
//! The grammar, loosest binding first:
//!
//! ```text
//! expression := term (("+" | "-") term)*                 left-associative
//! term       := unary (("*" | "/" | "%") unary)*          left-associative
//! unary      := ("+" | "-")* power                        -2^2 is -(2^2) = -4
//! power      := primary (("^" | "**") ("+" | "-")* primary)*   right-associative:
//!                                                         2^3^2 = 2^9, 2^-2 = 0.25
//! primary    := number | constant | function "(" expression ("," expression)* ")"
//!             | "(" expression ")"
//! ```
//!
//! - Numbers: `42`, `3.5`, `.5`, `5.`, `1e3`, `2.5E-4`.
//! - `%` is the remainder with the sign of the left side (`-7 % 3` is `-1`).
//! - Constants: `pi`, `e`, `tau`.
//! - Functions of one argument: `sqrt abs sin cos tan asin acos atan` (radians),
//!   `ln`, `log` (base 10), `log2`, `exp`, `floor ceil round trunc` (`round` takes
//!   halves away from zero). Of two: `pow(a, b)`, `hypot(a, b)`. Of one or more:
//!   `min`, `max`.
//! - Names are case-insensitive; whitespace may appear between any two tokens.
//!
//! Implicit multiplication (`2pi`, `2(3)`) is not supported. Input longer than
//! [`MAX_LENGTH`] characters or nested deeper than [`MAX_DEPTH`] parentheses is
//! rejected before it can cost much, so the evaluator never overflows the stack.
//! Division or remainder by zero, and any step whose result is not a finite number
//! (`sqrt(-1)`, `ln(0)`, `10^400`), are errors, so the result is always finite.
//! Syntax errors are reported before evaluation errors: `1/0 +` is an unexpected end.

#[cfg(test)]
mod tests;

use std::f64::consts;

/// The longest expression [`evaluate`] accepts, in characters.
pub const MAX_LENGTH: usize = 1000;

/// The deepest nesting of parentheses (function calls included) [`evaluate`] accepts.
pub const MAX_DEPTH: usize = 64;

/// What a model should expect where a value is missing.
const VALUE: &str = "a number, a name or `(`";

const FUNCTIONS: &str = "sqrt, abs, sin, cos, tan, asin, acos, atan, ln, log, log2, exp, floor, ceil, round, trunc, \
                         min, max, pow, hypot";

/// Why an expression could not be evaluated.
///
/// `Display` gives a short message a model can act on; positions are 1-based
/// character positions in the expression.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CalcError {
    /// The expression is empty or only whitespace.
    #[error("the expression is empty")]
    Empty,
    /// The expression is longer than [`MAX_LENGTH`] characters.
    #[error("expression too long (max {max} characters)")]
    TooLong {
        /// The limit, [`MAX_LENGTH`].
        max: usize,
    },
    /// Parentheses are nested deeper than [`MAX_DEPTH`].
    #[error("expression nested too deeply at position {position} (max {max} levels of parentheses)")]
    TooDeep {
        /// Where the first `(` beyond the limit is.
        position: usize,
        /// The limit, [`MAX_DEPTH`].
        max: usize,
    },
    /// A character that is not part of the grammar.
    #[error("unexpected character `{character}` at position {position}{hint}", hint = character_hint(*.character))]
    UnexpectedCharacter {
        /// The character.
        character: char,
        /// Where it is.
        position: usize,
    },
    /// Digits and dots that do not make a number, such as `1.2.3` or `.`.
    #[error("invalid number `{text}` at position {position}")]
    InvalidNumber {
        /// The text as written.
        text: String,
        /// Where it starts.
        position: usize,
    },
    /// A number too large to represent, such as `1e400`.
    #[error("number `{text}` at position {position} is too large")]
    NumberTooLarge {
        /// The text as written.
        text: String,
        /// Where it starts.
        position: usize,
    },
    /// A name that is neither a constant nor a function.
    #[error("unknown name `{name}` at position {position} (variables are not supported; the constants are pi, e, tau)")]
    UnknownName {
        /// The name as written.
        name: String,
        /// Where it starts.
        position: usize,
    },
    /// A call of a function that does not exist.
    #[error("unknown function `{name}` at position {position} (the functions are {FUNCTIONS})")]
    UnknownFunction {
        /// The name as written.
        name: String,
        /// Where it starts.
        position: usize,
    },
    /// A function name that is not followed by `(`, as in `sqrt 4`.
    #[error("function `{name}` at position {position} needs its arguments in parentheses, as in `{name}(2)`")]
    MissingArguments {
        /// The name as written.
        name: String,
        /// Where it starts.
        position: usize,
    },
    /// A function called with the wrong number of arguments.
    #[error("function `{name}` at position {position} takes {expected}, got {found}")]
    WrongArgumentCount {
        /// The name as written.
        name: String,
        /// Where it starts.
        position: usize,
        /// How many it takes, in words: `1 argument`, `at least 1 argument`.
        expected: &'static str,
        /// How many it was given.
        found: usize,
    },
    /// Two values side by side, as in `2pi`, `2(3)` or `2 3`.
    #[error("missing operator at position {position}: implicit multiplication is not supported, write `*`")]
    ImplicitMultiplication {
        /// Where the second value starts.
        position: usize,
    },
    /// A token where it makes no sense, as the second `*` in `1 * * 2`.
    #[error("unexpected `{found}` at position {position}, expected {expected}")]
    UnexpectedToken {
        /// The token as written.
        found: String,
        /// Where it starts.
        position: usize,
        /// What would have made sense there, in words.
        expected: &'static str,
    },
    /// The expression stops where a value is needed, as in `1 +`.
    #[error("unexpected end of expression, expected {VALUE}")]
    UnexpectedEnd,
    /// A `(` that is never closed.
    #[error("missing `)` for the `(` at position {position}")]
    MissingCloseParen {
        /// Where the `(` is.
        position: usize,
    },
    /// A `)` without a `(` before it.
    #[error("unmatched `)` at position {position}")]
    UnmatchedCloseParen {
        /// Where the `)` is.
        position: usize,
    },
    /// Division or remainder by zero.
    #[error("division by zero (the `{operator}` at position {position})")]
    DivisionByZero {
        /// `/` or `%`.
        operator: char,
        /// Where the operator is.
        position: usize,
    },
    /// A step whose result is NaN or infinite, as `sqrt(-1)`, `ln(0)` or `10^400`.
    #[error("the result is not a finite number (`{operation}` at position {position})")]
    NotFinite {
        /// The operator or function name as written.
        operation: String,
        /// Where it is.
        position: usize,
    },
}

/// How to write a character the grammar does not know, if it is a near miss.
fn character_hint(character: char) -> &'static str {
    match character {
        '×' | '·' | '⋅' | '∗' => " (write `*` to multiply)",
        '÷' | '∕' => " (write `/` to divide)",
        '−' | '–' | '—' => " (write `-` for minus)",
        '[' | ']' | '{' | '}' => " (use `(` and `)` for grouping)",
        '=' => " (write only the expression, without `=`)",
        '!' => " (factorial is not supported)",
        _ => "",
    }
}

/// Evaluates an arithmetic expression (see the module documentation for the grammar).
///
/// The result is always finite; `-0` comes back as `0`.
pub fn evaluate(expression: &str) -> Result<f64, CalcError> {
    if expression.chars().count() > MAX_LENGTH {
        return Err(CalcError::TooLong { max: MAX_LENGTH });
    }
    let tokens = lex(expression)?;
    if tokens.is_empty() {
        return Err(CalcError::Empty);
    }
    let mut parser = Parser { tokens: &tokens, next: 0, depth: 0, deferred: None };
    let value = parser.expression()?;
    if let Some(token) = parser.peek() {
        return Err(match token.kind {
            Kind::RParen => CalcError::UnmatchedCloseParen { position: token.position },
            _ => parser.after_value(token, "an operator or the end of the expression"),
        });
    }
    if let Some(error) = parser.deferred {
        return Err(error);
    }
    if !value.is_finite() {
        // Not reached: every step checks its own result.
        return Err(CalcError::NotFinite { operation: expression.trim().to_owned(), position: 1 });
    }
    // Adding zero turns -0 into 0.
    Ok(value + 0.0)
}

/// Formats a number for people and models.
///
/// Integers below 1e15 in magnitude are written without a fraction (`42`, `-3`).
/// Other numbers get up to 12 significant digits without trailing zeros
/// (`0.333333333333`, `2.5`), in positional notation from 1e-6 up to 1e12 and in
/// scientific notation outside it (`1.5e-20`, `1e20`). Zero is `0`, never `-0`.
/// Non-finite values, which [`evaluate`] never returns, are written `NaN`, `inf`
/// and `-inf`.
pub fn format_number(value: f64) -> String {
    if value.is_nan() {
        return "NaN".to_owned();
    }
    if value.is_infinite() {
        return if value > 0.0 { "inf" } else { "-inf" }.to_owned();
    }
    if value == 0.0 {
        return "0".to_owned();
    }
    if value.fract() == 0.0 && value.abs() < 1e15 {
        return format!("{value:.0}");
    }
    let sign = if value < 0.0 { "-" } else { "" };
    // `d.ddddddddddde±x`: 12 significant digits, correctly rounded.
    let scientific = format!("{:.11e}", value.abs());
    let (mantissa, exponent) = scientific.split_once('e').unwrap_or((&scientific, "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let (whole, fraction) = match usize::try_from(exponent) {
        Ok(exponent) if exponent < 12 => digits.split_at(exponent + 1),
        Ok(_) => return format!("{sign}{}e{exponent}", trim_fraction(mantissa)),
        Err(_) if exponent >= -6 => {
            let zeros = "0".repeat(usize::try_from(-exponent - 1).unwrap_or(0));
            return format!("{sign}{}", trim_fraction(&format!("0.{zeros}{digits}")));
        }
        Err(_) => return format!("{sign}{}e{exponent}", trim_fraction(mantissa)),
    };
    format!("{sign}{}", trim_fraction(&format!("{whole}.{fraction}")))
}

/// Drops trailing zeros after a decimal point, and the point if nothing is left after it.
fn trim_fraction(number: &str) -> &str {
    if number.contains('.') { number.trim_end_matches('0').trim_end_matches('.') } else { number }
}

#[derive(Debug, Clone, PartialEq)]
enum Kind {
    Number(f64),
    Name(String),
    Plus,
    Minus,
    Star,
    Slash,
    Percent,
    Power,
    LParen,
    RParen,
    Comma,
}

#[derive(Debug)]
struct Token {
    kind: Kind,
    /// The text as written, for messages.
    text: String,
    /// 1-based character position of the first character.
    position: usize,
}

fn lex(input: &str) -> Result<Vec<Token>, CalcError> {
    let chars: Vec<char> = input.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while let Some(&c) = chars.get(i) {
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        let position = i + 1;
        let kind = match c {
            '0'..='9' | '.' => {
                while chars.get(i).is_some_and(|c| c.is_ascii_digit() || *c == '.') {
                    i += 1;
                }
                // An exponent only when digits follow, so that `2e` reads as `2` then `e`.
                if matches!(chars.get(i), Some('e' | 'E')) {
                    let mut j = i + 1;
                    if matches!(chars.get(j), Some('+' | '-')) {
                        j += 1;
                    }
                    if chars.get(j).is_some_and(char::is_ascii_digit) {
                        while chars.get(j).is_some_and(char::is_ascii_digit) {
                            j += 1;
                        }
                        i = j;
                    }
                }
                let text: String = chars[start..i].iter().collect();
                match text.parse::<f64>() {
                    Ok(value) if value.is_finite() => Kind::Number(value),
                    Ok(_) => return Err(CalcError::NumberTooLarge { text, position }),
                    Err(_) => return Err(CalcError::InvalidNumber { text, position }),
                }
            }
            c if c.is_alphabetic() || c == '_' => {
                while chars.get(i).is_some_and(|c| c.is_alphanumeric() || *c == '_') {
                    i += 1;
                }
                Kind::Name(chars[start..i].iter().collect())
            }
            _ => {
                i += 1;
                match c {
                    '+' => Kind::Plus,
                    '-' => Kind::Minus,
                    '*' if chars.get(i) == Some(&'*') => {
                        i += 1;
                        Kind::Power
                    }
                    '*' => Kind::Star,
                    '/' => Kind::Slash,
                    '%' => Kind::Percent,
                    '^' => Kind::Power,
                    '(' => Kind::LParen,
                    ')' => Kind::RParen,
                    ',' => Kind::Comma,
                    _ => return Err(CalcError::UnexpectedCharacter { character: c, position }),
                }
            }
        };
        tokens.push(Token { kind, text: chars[start..i].iter().collect(), position });
    }
    Ok(tokens)
}

fn constant(name: &str) -> Option<f64> {
    match name {
        "pi" => Some(consts::PI),
        "e" => Some(consts::E),
        "tau" => Some(consts::TAU),
        _ => None,
    }
}

#[derive(Debug, Clone, Copy)]
enum Function {
    One(fn(f64) -> f64),
    Two(fn(f64, f64) -> f64),
    /// Folds one or more arguments.
    Many(fn(f64, f64) -> f64),
}

fn function(name: &str) -> Option<Function> {
    use Function::{Many, One, Two};
    Some(match name {
        "sqrt" => One(f64::sqrt),
        "abs" => One(f64::abs),
        "sin" => One(f64::sin),
        "cos" => One(f64::cos),
        "tan" => One(f64::tan),
        "asin" => One(f64::asin),
        "acos" => One(f64::acos),
        "atan" => One(f64::atan),
        "ln" => One(f64::ln),
        "log" => One(f64::log10),
        "log2" => One(f64::log2),
        "exp" => One(f64::exp),
        "floor" => One(f64::floor),
        "ceil" => One(f64::ceil),
        "round" => One(f64::round),
        "trunc" => One(f64::trunc),
        "min" => Many(f64::min),
        "max" => Many(f64::max),
        "pow" => Two(f64::powf),
        "hypot" => Two(f64::hypot),
        _ => return None,
    })
}

/// A recursive-descent parser that computes as it goes.
///
/// Syntax errors end the parse at once. Evaluation errors (division by zero, a
/// non-finite step) are kept in `deferred` and the parse goes on with NaN, so
/// that a syntax error later in the expression is still the one reported.
struct Parser<'a> {
    tokens: &'a [Token],
    next: usize,
    /// Open parentheses around the current position.
    depth: usize,
    deferred: Option<CalcError>,
}

impl<'a> Parser<'a> {
    fn peek(&self) -> Option<&'a Token> {
        self.tokens.get(self.next)
    }

    fn bump(&mut self) -> Option<&'a Token> {
        let token = self.tokens.get(self.next);
        self.next += 1;
        token
    }

    /// Consumes the next token if it is of `kind`.
    fn eat(&mut self, kind: &Kind) -> Option<&'a Token> {
        let token = self.peek().filter(|token| token.kind == *kind)?;
        self.next += 1;
        Some(token)
    }

    /// Keeps the first evaluation error and stands in NaN for the value.
    fn defer(&mut self, error: CalcError) -> f64 {
        self.deferred.get_or_insert(error);
        f64::NAN
    }

    /// Passes a step's result through if it is finite, else defers an error naming the step.
    fn check(&mut self, value: f64, step: &Token) -> f64 {
        if value.is_finite() || self.deferred.is_some() {
            value
        } else {
            self.defer(CalcError::NotFinite { operation: step.text.clone(), position: step.position })
        }
    }

    fn expression(&mut self) -> Result<f64, CalcError> {
        let mut value = self.term()?;
        while let Some(operator) = self.peek() {
            let add = match operator.kind {
                Kind::Plus => true,
                Kind::Minus => false,
                _ => break,
            };
            self.next += 1;
            let right = self.term()?;
            let sum = if add { value + right } else { value - right };
            value = self.check(sum, operator);
        }
        Ok(value)
    }

    fn term(&mut self) -> Result<f64, CalcError> {
        let mut value = self.unary()?;
        while let Some(operator) = self.peek() {
            let symbol = match operator.kind {
                Kind::Star => '*',
                Kind::Slash => '/',
                Kind::Percent => '%',
                _ => break,
            };
            self.next += 1;
            let right = self.unary()?;
            value = if symbol != '*' && right == 0.0 {
                self.defer(CalcError::DivisionByZero { operator: symbol, position: operator.position })
            } else {
                let result = match symbol {
                    '*' => value * right,
                    '/' => value / right,
                    _ => value % right,
                };
                self.check(result, operator)
            };
        }
        Ok(value)
    }

    /// Reads any number of signs; true if they make a minus.
    fn signs(&mut self) -> bool {
        let mut negative = false;
        while let Some(token) = self.peek() {
            match token.kind {
                Kind::Plus => {}
                Kind::Minus => negative = !negative,
                _ => break,
            }
            self.next += 1;
        }
        negative
    }

    fn unary(&mut self) -> Result<f64, CalcError> {
        let negative = self.signs();
        let value = self.power()?;
        Ok(if negative { -value } else { value })
    }

    /// A chain of powers, read left to right and computed right to left, without recursion.
    fn power(&mut self) -> Result<f64, CalcError> {
        let base = self.primary()?;
        let mut exponents = Vec::new();
        while let Some(operator) = self.eat(&Kind::Power) {
            let negative = self.signs();
            exponents.push((operator, negative, self.primary()?));
        }
        // The exponent computed so far, with the operator that raises to it.
        let mut tail: Option<(f64, &Token)> = None;
        for &(operator, negative, operand) in exponents.iter().rev() {
            let value = match tail {
                Some((exponent, raise)) => self.check(operand.powf(exponent), raise),
                None => operand,
            };
            tail = Some((if negative { -value } else { value }, operator));
        }
        Ok(match tail {
            Some((exponent, raise)) => self.check(base.powf(exponent), raise),
            None => base,
        })
    }

    fn primary(&mut self) -> Result<f64, CalcError> {
        let token = self.bump().ok_or(CalcError::UnexpectedEnd)?;
        match &token.kind {
            Kind::Number(value) => Ok(*value),
            Kind::LParen => {
                self.open(token)?;
                let value = self.expression()?;
                match self.peek() {
                    Some(Token { kind: Kind::RParen, .. }) => self.next += 1,
                    Some(next) => return Err(self.after_value(next, "an operator or `)`")),
                    None => return Err(CalcError::MissingCloseParen { position: token.position }),
                }
                self.depth -= 1;
                Ok(value)
            }
            Kind::Name(name) => self.name(token, name),
            _ => {
                Err(CalcError::UnexpectedToken { found: token.text.clone(), position: token.position, expected: VALUE })
            }
        }
    }

    /// Enters a pair of parentheses.
    fn open(&mut self, paren: &Token) -> Result<(), CalcError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(CalcError::TooDeep { position: paren.position, max: MAX_DEPTH });
        }
        Ok(())
    }

    /// A constant or a function call.
    fn name(&mut self, token: &Token, name: &str) -> Result<f64, CalcError> {
        let lower = name.to_lowercase();
        if let Some(value) = constant(&lower) {
            return Ok(value);
        }
        let called = self.peek().is_some_and(|next| next.kind == Kind::LParen);
        let Some(function) = function(&lower) else {
            let (name, position) = (name.to_owned(), token.position);
            return Err(if called {
                CalcError::UnknownFunction { name, position }
            } else {
                CalcError::UnknownName { name, position }
            });
        };
        let Some(paren) = self.eat(&Kind::LParen) else {
            return Err(CalcError::MissingArguments { name: name.to_owned(), position: token.position });
        };
        self.open(paren)?;
        let arguments = self.arguments(paren)?;
        self.depth -= 1;
        let wrong_count = |expected| CalcError::WrongArgumentCount {
            name: name.to_owned(),
            position: token.position,
            expected,
            found: arguments.len(),
        };
        let value = match (function, arguments.as_slice()) {
            (Function::One(f), &[x]) => f(x),
            (Function::One(_), _) => return Err(wrong_count("1 argument")),
            (Function::Two(f), &[x, y]) => f(x, y),
            (Function::Two(_), _) => return Err(wrong_count("2 arguments")),
            (Function::Many(f), &[first, ref rest @ ..]) => rest.iter().copied().fold(first, f),
            (Function::Many(_), []) => return Err(wrong_count("at least 1 argument")),
        };
        // After an earlier evaluation error, `min` and `max` could turn its NaN into a number.
        if self.deferred.is_some() {
            return Ok(f64::NAN);
        }
        Ok(self.check(value, token))
    }

    /// The arguments of a call, after its `(` and up to and including its `)`.
    fn arguments(&mut self, paren: &Token) -> Result<Vec<f64>, CalcError> {
        let mut arguments = Vec::new();
        if self.eat(&Kind::RParen).is_some() {
            return Ok(arguments);
        }
        loop {
            arguments.push(self.expression()?);
            match self.peek() {
                Some(Token { kind: Kind::Comma, .. }) => self.next += 1,
                Some(Token { kind: Kind::RParen, .. }) => {
                    self.next += 1;
                    return Ok(arguments);
                }
                Some(next) => return Err(self.after_value(next, "an operator, `,` or `)`")),
                None => return Err(CalcError::MissingCloseParen { position: paren.position }),
            }
        }
    }

    /// The error for `token`, the next token, found right after a complete value where
    /// `expected` was.
    fn after_value(&self, token: &Token, expected: &'static str) -> CalcError {
        match &token.kind {
            Kind::Name(name) => {
                let lower = name.to_lowercase();
                if constant(&lower).is_none() && function(&lower).is_none() {
                    // `2x`: the unknown name is the bigger problem.
                    let (name, position) = (name.clone(), token.position);
                    let called = self.tokens.get(self.next + 1).is_some_and(|next| next.kind == Kind::LParen);
                    return if called {
                        CalcError::UnknownFunction { name, position }
                    } else {
                        CalcError::UnknownName { name, position }
                    };
                }
                CalcError::ImplicitMultiplication { position: token.position }
            }
            Kind::Number(_) | Kind::LParen => CalcError::ImplicitMultiplication { position: token.position },
            _ => CalcError::UnexpectedToken { found: token.text.clone(), position: token.position, expected },
        }
    }
}
