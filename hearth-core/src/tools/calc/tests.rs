//! Tests of the calculator's evaluator and number formatting.

use std::f64::consts::{E, PI, TAU};

use super::{CalcError, MAX_DEPTH, MAX_LENGTH, evaluate, format_number};

#[track_caller]
fn value(expression: &str) -> f64 {
    evaluate(expression).unwrap_or_else(|error| panic!("`{expression}` failed: {error}"))
}

#[track_caller]
fn assert_value(expression: &str, expected: f64) {
    let actual = value(expression);
    let tolerance = 1e-12 * expected.abs().max(1.0);
    assert!((actual - expected).abs() <= tolerance, "`{expression}` gave {actual}, expected {expected}");
}

#[track_caller]
fn error(expression: &str) -> CalcError {
    match evaluate(expression) {
        Ok(value) => panic!("`{expression}` should fail but gave {value}"),
        Err(error) => error,
    }
}

#[track_caller]
fn message(expression: &str) -> String {
    error(expression).to_string()
}

#[test]
fn numbers() {
    assert_value("42", 42.0);
    assert_value("3.5", 3.5);
    assert_value(".5", 0.5);
    assert_value("5.", 5.0);
    assert_value("1e3", 1000.0);
    assert_value("2.5E-4", 0.00025);
    assert_value("1e+2", 100.0);
    assert_value("007", 7.0);
    assert_value("1e-400", 0.0);
}

#[test]
fn whitespace_anywhere() {
    assert_value("  1 +\t2\n*  3 ", 7.0);
    assert_value("sqrt ( 16 ) + max ( 1 , 2 )", 6.0);
    assert_value("2 ** 3", 8.0);
    // Unicode whitespace counts too.
    assert_value("1\u{3000}+\u{a0}1", 2.0);
}

#[test]
fn precedence() {
    assert_value("1 + 2 * 3", 7.0);
    assert_value("(1 + 2) * 3", 9.0);
    assert_value("2 * 3 ^ 2", 18.0);
    assert_value("2 * 3 ** 2", 18.0);
    assert_value("1 + 2 * 3 - 4 / 2", 5.0);
    assert_value("1 + 7 % 4", 4.0);
    assert_value("2 ^ 3 * 2", 16.0);
    assert_value("10 - 2 ^ 2", 6.0);
}

#[test]
fn associativity() {
    assert_value("10 - 4 - 3", 3.0);
    assert_value("100 / 10 / 5", 2.0);
    assert_value("2 * 6 / 3", 4.0);
    assert_value("17 % 10 % 4", 3.0);
    assert_value("2 ^ 3 ^ 2", 512.0);
    assert_value("2 ** 3 ** 2", 512.0);
    assert_value("(2 ^ 3) ^ 2", 64.0);
    assert_value("2 ^ 1 ^ 3 ^ 2", 2.0);
}

#[test]
fn unary_signs() {
    assert_value("-2 ^ 2", -4.0);
    assert_value("-2 ** 2", -4.0);
    assert_value("(-2) ^ 2", 4.0);
    assert_value("2 ^ -2", 0.25);
    assert_value("-2 ^ -2", -0.25);
    assert_value("2 ^ -1 ^ 2", 0.5);
    assert_value("2 ^ --1", 2.0);
    assert_value("--3", 3.0);
    assert_value("+-+3", -3.0);
    assert_value("-(1 + 2)", -3.0);
    assert_value("2 * -3", -6.0);
    assert_value("2 - -3", 5.0);
    assert_value("-3 + 5", 2.0);
    assert_value("-pi", -PI);
}

#[test]
fn remainder_keeps_the_sign_of_the_left_side() {
    assert_value("7 % 3", 1.0);
    assert_value("-7 % 3", -1.0);
    assert_value("7 % -3", 1.0);
    assert_value("5.5 % 2", 1.5);
}

#[test]
fn constants() {
    assert_value("pi", PI);
    assert_value("e", E);
    assert_value("tau", TAU);
    assert_value("PI", PI);
    assert_value("Tau / 2", PI);
    assert_value("2 * pi - tau", 0.0);
    // `2e` is not a number with an exponent; `2e3` is.
    assert_value("2e3", 2000.0);
    assert_value("e^2", E * E);
}

#[test]
fn functions() {
    assert_value("sqrt(16)", 4.0);
    assert_value("abs(-3)", 3.0);
    assert_value("sin(0)", 0.0);
    assert_value("cos(pi)", -1.0);
    assert_value("tan(pi / 4)", 1.0);
    assert_value("asin(1)", PI / 2.0);
    assert_value("acos(1)", 0.0);
    assert_value("atan(1)", PI / 4.0);
    assert_value("ln(e)", 1.0);
    assert_value("log(1000)", 3.0);
    assert_value("log2(8)", 3.0);
    assert_value("exp(0)", 1.0);
    assert_value("exp(1)", E);
    assert_value("floor(-1.5)", -2.0);
    assert_value("ceil(1.2)", 2.0);
    assert_value("round(2.5)", 3.0);
    assert_value("round(-2.5)", -3.0);
    assert_value("round(2.4)", 2.0);
    assert_value("trunc(-1.7)", -1.0);
    assert_value("min(3, 1, 2)", 1.0);
    assert_value("max(4)", 4.0);
    assert_value("max(-1, -5, 2.5, 0)", 2.5);
    assert_value("pow(2, 10)", 1024.0);
    assert_value("hypot(3, 4)", 5.0);
}

#[test]
fn function_names_are_case_insensitive_and_nest() {
    assert_value("SQRT(4)", 2.0);
    assert_value("Max(1, 2)", 2.0);
    assert_value("sqrt(pow(3, 2) + 16)", 5.0);
    assert_value("max(min(1, 2), abs(-3)) * 2", 6.0);
    assert_value("-sqrt(4) ^ 2", -4.0);
    assert_value("2 ^ sqrt(4)", 4.0);
}

#[test]
fn negative_zero_becomes_zero() {
    let zero = value("-0");
    assert_eq!(zero, 0.0);
    assert!(zero.is_sign_positive());
    assert!(value("-1 * 0").is_sign_positive());
}

#[test]
fn empty() {
    assert_eq!(error(""), CalcError::Empty);
    assert_eq!(error(" \t\n "), CalcError::Empty);
    assert_eq!(message(""), "the expression is empty");
}

#[test]
fn too_long() {
    let long = format!("1{}", "+1".repeat(500));
    assert_eq!(long.len(), MAX_LENGTH + 1);
    assert_eq!(error(&long), CalcError::TooLong { max: MAX_LENGTH });
    assert_eq!(message(&long), "expression too long (max 1000 characters)");
    // Exactly at the limit is fine.
    assert_value(&format!("1{}", "+1".repeat(499) + " "), 500.0);
    // The limit counts characters, not bytes.
    assert_value(&format!("1{}", "\u{3000}".repeat(MAX_LENGTH - 1)), 1.0);
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    let nested = |depth: usize| format!("{}1{}", "(".repeat(depth), ")".repeat(depth));
    assert_value(&nested(MAX_DEPTH), 1.0);
    assert_eq!(error(&nested(MAX_DEPTH + 1)), CalcError::TooDeep { position: MAX_DEPTH + 1, max: MAX_DEPTH });
    assert_eq!(
        message(&nested(MAX_DEPTH + 1)),
        "expression nested too deeply at position 65 (max 64 levels of parentheses)"
    );
    assert!(matches!(error(&"(".repeat(MAX_LENGTH)), CalcError::TooDeep { .. }));
    // Function calls count as nesting.
    let calls = |depth: usize| format!("{}1{}", "abs(".repeat(depth), ")".repeat(depth));
    assert_value(&calls(MAX_DEPTH), 1.0);
    assert!(matches!(error(&calls(MAX_DEPTH + 1)), CalcError::TooDeep { .. }));
    // Long chains of signs and powers are not nesting and do not recurse.
    assert_value(&format!("{}1", "-".repeat(MAX_LENGTH - 1)), -1.0);
    assert_value(&format!("1{}", "^1".repeat(499)), 1.0);
    assert_value(&format!("2{}", "^-1".repeat(333)), 0.5);
}

#[test]
fn unknown_names() {
    assert_eq!(error("2 * foo"), CalcError::UnknownName { name: "foo".into(), position: 5 });
    assert!(message("2 * foo").starts_with("unknown name `foo` at position 5"));
    assert_eq!(error("x"), CalcError::UnknownName { name: "x".into(), position: 1 });
    assert_eq!(error("log10(100)"), CalcError::UnknownFunction { name: "log10".into(), position: 1 });
    assert!(message("log10(100)").contains("the functions are sqrt,"));
    // Right after a value, an unknown name is reported before the missing operator.
    assert_eq!(error("2x"), CalcError::UnknownName { name: "x".into(), position: 2 });
    assert_eq!(error("2 f(1)"), CalcError::UnknownFunction { name: "f".into(), position: 3 });
    // Positions count characters, not bytes.
    assert_eq!(error("π + 1"), CalcError::UnknownName { name: "π".into(), position: 1 });
    assert_eq!(error("(π) + bar"), CalcError::UnknownName { name: "π".into(), position: 2 });
}

#[test]
fn implicit_multiplication() {
    for (expression, position) in [("2pi", 2), ("2(3)", 2), ("(1)(2)", 4), ("2 3", 3), ("pi(2)", 3), ("2 sqrt(4)", 3)] {
        assert_eq!(error(expression), CalcError::ImplicitMultiplication { position }, "{expression}");
    }
    assert_eq!(message("2pi"), "missing operator at position 2: implicit multiplication is not supported, write `*`");
    // Inside parentheses and argument lists too.
    assert_eq!(error("(2 3)"), CalcError::ImplicitMultiplication { position: 4 });
    assert_eq!(error("max(1 2)"), CalcError::ImplicitMultiplication { position: 7 });
    // `2e` is 2 next to e, not a broken exponent.
    assert_eq!(error("2e"), CalcError::ImplicitMultiplication { position: 2 });
}

#[test]
fn functions_need_parentheses() {
    assert_eq!(error("sqrt 4"), CalcError::MissingArguments { name: "sqrt".into(), position: 1 });
    assert_eq!(error("1 + Sqrt"), CalcError::MissingArguments { name: "Sqrt".into(), position: 5 });
    assert_eq!(message("sqrt 4"), "function `sqrt` at position 1 needs its arguments in parentheses, as in `sqrt(2)`");
}

#[test]
fn wrong_argument_counts() {
    let wrong = |name: &str, position, expected, found| CalcError::WrongArgumentCount {
        name: name.into(),
        position,
        expected,
        found,
    };
    assert_eq!(error("sqrt(1, 2)"), wrong("sqrt", 1, "1 argument", 2));
    assert_eq!(error("sqrt()"), wrong("sqrt", 1, "1 argument", 0));
    assert_eq!(error("1 + pow(2)"), wrong("pow", 5, "2 arguments", 1));
    assert_eq!(error("hypot(1, 2, 3)"), wrong("hypot", 1, "2 arguments", 3));
    assert_eq!(error("max()"), wrong("max", 1, "at least 1 argument", 0));
    assert_eq!(message("pow(2)"), "function `pow` at position 1 takes 2 arguments, got 1");
}

#[test]
fn division_by_zero() {
    assert_eq!(error("1 / 0"), CalcError::DivisionByZero { operator: '/', position: 3 });
    assert_eq!(error("1 % 0"), CalcError::DivisionByZero { operator: '%', position: 3 });
    assert_eq!(error("1 / (2 - 2)"), CalcError::DivisionByZero { operator: '/', position: 3 });
    assert_eq!(error("0 / 0"), CalcError::DivisionByZero { operator: '/', position: 3 });
    assert_eq!(error("5 % -0"), CalcError::DivisionByZero { operator: '%', position: 3 });
    assert_eq!(message("1/0"), "division by zero (the `/` at position 2)");
    // The first one is reported.
    assert_eq!(error("1/0 + 2/0"), CalcError::DivisionByZero { operator: '/', position: 2 });
}

#[test]
fn results_must_be_finite() {
    let not_finite = |operation: &str, position| CalcError::NotFinite { operation: operation.into(), position };
    assert_eq!(error("sqrt(-1)"), not_finite("sqrt", 1));
    assert_eq!(error("ln(0)"), not_finite("ln", 1));
    assert_eq!(error("asin(2)"), not_finite("asin", 1));
    assert_eq!(error("10 ^ 400"), not_finite("^", 4));
    assert_eq!(error("10 ** 400"), not_finite("**", 4));
    assert_eq!(error("0 ^ -1"), not_finite("^", 3));
    assert_eq!(error("(-8) ^ (1/3)"), not_finite("^", 6));
    assert_eq!(error("exp(1000)"), not_finite("exp", 1));
    assert_eq!(error("1e308 * 10"), not_finite("*", 7));
    assert_eq!(error("1e308 + 1e308"), not_finite("+", 7));
    assert_eq!(error("-1e308 - 1e308"), not_finite("-", 8));
    assert_eq!(error("1 / 1e-320"), not_finite("/", 3));
    assert_eq!(error("pow(10, 400)"), not_finite("pow", 1));
    // In a chain of powers, the step that overflows is named.
    assert_eq!(error("2 ^ 10 ^ 4"), not_finite("^", 3));
    // An overflow that a later step would hide is still an error.
    assert_eq!(error("1 / (1e308 * 10)"), not_finite("*", 12));
    assert_eq!(error("min(sqrt(-1), 1)"), not_finite("sqrt", 5));
    assert_eq!(message("sqrt(-1)"), "the result is not a finite number (`sqrt` at position 1)");
}

#[test]
fn bad_numbers() {
    assert_eq!(error("1.2.3"), CalcError::InvalidNumber { text: "1.2.3".into(), position: 1 });
    assert_eq!(error("1 + ."), CalcError::InvalidNumber { text: ".".into(), position: 5 });
    assert_eq!(error("1e400"), CalcError::NumberTooLarge { text: "1e400".into(), position: 1 });
    assert_eq!(message("1.2.3"), "invalid number `1.2.3` at position 1");
}

#[test]
fn unexpected_characters() {
    assert_eq!(error("2 # 3"), CalcError::UnexpectedCharacter { character: '#', position: 3 });
    assert_eq!(message("2 # 3"), "unexpected character `#` at position 3");
    assert_eq!(message("3×4"), "unexpected character `×` at position 2 (write `*` to multiply)");
    assert_eq!(message("1 + 1 ="), "unexpected character `=` at position 7 (write only the expression, without `=`)");
    assert_eq!(message("[1]"), "unexpected character `[` at position 1 (use `(` and `)` for grouping)");
    // Positions count characters, not bytes.
    assert_eq!(error("π + ÷"), CalcError::UnexpectedCharacter { character: '÷', position: 5 });
}

#[test]
fn unbalanced_parentheses() {
    assert_eq!(error("(1 + 2"), CalcError::MissingCloseParen { position: 1 });
    assert_eq!(error("sqrt(4"), CalcError::MissingCloseParen { position: 5 });
    assert_eq!(error("max(1, 2"), CalcError::MissingCloseParen { position: 4 });
    assert_eq!(error("((1)"), CalcError::MissingCloseParen { position: 1 });
    assert_eq!(message("(1 + 2"), "missing `)` for the `(` at position 1");
    assert_eq!(error("1 + 2)"), CalcError::UnmatchedCloseParen { position: 6 });
    assert_eq!(error("(1))"), CalcError::UnmatchedCloseParen { position: 4 });
    assert_eq!(message("1)"), "unmatched `)` at position 2");
    // A lone `)` is where a value should be.
    assert!(matches!(error(")"), CalcError::UnexpectedToken { position: 1, .. }));
}

#[test]
fn misplaced_tokens() {
    let unexpected =
        |found: &str, position, expected| CalcError::UnexpectedToken { found: found.into(), position, expected };
    let value = "a number, a name or `(`";
    assert_eq!(error("1 + * 2"), unexpected("*", 5, value));
    assert_eq!(error("* 2"), unexpected("*", 1, value));
    assert_eq!(error("2 * * 3"), unexpected("*", 5, value));
    assert_eq!(error("()"), unexpected(")", 2, value));
    assert_eq!(error("max(1, )"), unexpected(")", 8, value));
    assert_eq!(error(", 1"), unexpected(",", 1, value));
    assert_eq!(error("(1, 2)"), unexpected(",", 3, "an operator or `)`"));
    assert_eq!(error("1, 2"), unexpected(",", 2, "an operator or the end of the expression"));
    assert_eq!(message("1 + * 2"), "unexpected `*` at position 5, expected a number, a name or `(`");
    assert_eq!(error("1 +"), CalcError::UnexpectedEnd);
    assert_eq!(error("-"), CalcError::UnexpectedEnd);
    assert_eq!(error("2 ^"), CalcError::UnexpectedEnd);
    assert_eq!(message("1 +"), "unexpected end of expression, expected a number, a name or `(`");
}

#[test]
fn syntax_errors_come_before_evaluation_errors() {
    assert_eq!(error("1 / 0 +"), CalcError::UnexpectedEnd);
    assert_eq!(error("sqrt(-1) + (2"), CalcError::MissingCloseParen { position: 12 });
    assert_eq!(error("1 / 0 + foo"), CalcError::UnknownName { name: "foo".into(), position: 9 });
}

#[test]
fn errors_are_cloneable_values() {
    let first = error("1 / 0");
    assert_eq!(first.clone(), first);
    assert_ne!(first, error("1 % 0"));
}

#[test]
fn format_integers() {
    assert_eq!(format_number(42.0), "42");
    assert_eq!(format_number(-3.0), "-3");
    assert_eq!(format_number(0.0), "0");
    assert_eq!(format_number(-0.0), "0");
    assert_eq!(format_number(1e14), "100000000000000");
    assert_eq!(format_number(999_999_999_999_999.0), "999999999999999");
    assert_eq!(format_number(-123_456_789_012_345.0), "-123456789012345");
    // From 1e15 on, scientific.
    assert_eq!(format_number(1e15), "1e15");
    assert_eq!(format_number(1e20), "1e20");
    assert_eq!(format_number(2f64.powi(53)), "9.00719925474e15");
    assert_eq!(format_number(-1e300), "-1e300");
}

#[test]
fn format_fractions() {
    assert_eq!(format_number(2.5), "2.5");
    assert_eq!(format_number(-0.125), "-0.125");
    assert_eq!(format_number(1.0 / 3.0), "0.333333333333");
    assert_eq!(format_number(2.0 / 3.0), "0.666666666667");
    assert_eq!(format_number(0.1 + 0.2), "0.3");
    assert_eq!(format_number(1234.5678), "1234.5678");
    assert_eq!(format_number(PI), "3.14159265359");
    assert_eq!(format_number(-E * 1000.0), "-2718.28182846");
    assert_eq!(format_number(99_999_999_999.5), "99999999999.5");
    // Rounding to 12 digits may carry into a new digit.
    assert_eq!(format_number(9.9999999999999), "10");
    assert_eq!(format_number(0.99999999999999), "1");
}

#[test]
fn format_tiny_and_huge() {
    assert_eq!(format_number(0.000001), "0.000001");
    assert_eq!(format_number(0.00000123456789), "0.00000123456789");
    assert_eq!(format_number(1.5e-7), "1.5e-7");
    assert_eq!(format_number(1.5e-20), "1.5e-20");
    assert_eq!(format_number(-1.0 / 3.0 * 1e-10), "-3.33333333333e-11");
    assert_eq!(format_number(123_456_789_012.5), "123456789012");
    assert_eq!(format_number(1_234_567_890_123.5), "1.23456789012e12");
    assert_eq!(format_number(f64::MAX), "1.79769313486e308");
    assert_eq!(format_number(f64::MIN_POSITIVE), "2.22507385851e-308");
    assert_eq!(format_number(5e-324), "4.94065645841e-324");
}

#[test]
fn format_non_finite() {
    assert_eq!(format_number(f64::NAN), "NaN");
    assert_eq!(format_number(f64::INFINITY), "inf");
    assert_eq!(format_number(f64::NEG_INFINITY), "-inf");
}

#[test]
fn evaluate_then_format() {
    for (expression, expected) in [
        ("6 * 7", "42"),
        ("1 / 3", "0.333333333333"),
        ("0.1 + 0.2", "0.3"),
        ("2 ^ 0.5", "1.41421356237"),
        ("sin(pi)", "1.22464679915e-16"),
        ("2 ^ 64", "1.84467440737e19"),
        ("-7 / 2", "-3.5"),
        ("-0", "0"),
    ] {
        assert_eq!(format_number(value(expression)), expected, "{expression}");
    }
}
