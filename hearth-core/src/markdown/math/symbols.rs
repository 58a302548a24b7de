//! The TeX commands the math converter knows by name, as characters: letters
//! (`\alpha`), operators and relations (`\le`), big operators (`\sum`),
//! function names (`\sin`), accents and delimiters. A command that is not here
//! or in the converter's own list is shown as an error, never guessed.

/// What a named symbol becomes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// An identifier (`<mi>`), italic when it is one letter.
    Ident,
    /// An upright identifier (`<mi mathvariant="normal">`): capital Greek.
    Upright,
    /// An operator, relation or punctuation (`<mo>`).
    Op,
    /// A big operator whose limits go under and over it in display math.
    Big,
    /// A big operator whose limits stay at its side (integrals).
    Integral,
}

/// `\name` → its character and kind.
pub(super) fn symbol(name: &str) -> Option<(&'static str, Kind)> {
    use Kind::*;
    Some(match name {
        "alpha" => ("α", Ident),
        "beta" => ("β", Ident),
        "gamma" => ("γ", Ident),
        "delta" => ("δ", Ident),
        "epsilon" => ("ϵ", Ident),
        "varepsilon" => ("ε", Ident),
        "zeta" => ("ζ", Ident),
        "eta" => ("η", Ident),
        "theta" => ("θ", Ident),
        "vartheta" => ("ϑ", Ident),
        "iota" => ("ι", Ident),
        "kappa" => ("κ", Ident),
        "lambda" => ("λ", Ident),
        "mu" => ("μ", Ident),
        "nu" => ("ν", Ident),
        "xi" => ("ξ", Ident),
        "omicron" => ("ο", Ident),
        "pi" => ("π", Ident),
        "varpi" => ("ϖ", Ident),
        "rho" => ("ρ", Ident),
        "varrho" => ("ϱ", Ident),
        "sigma" => ("σ", Ident),
        "varsigma" => ("ς", Ident),
        "tau" => ("τ", Ident),
        "upsilon" => ("υ", Ident),
        "phi" => ("ϕ", Ident),
        "varphi" => ("φ", Ident),
        "chi" => ("χ", Ident),
        "psi" => ("ψ", Ident),
        "omega" => ("ω", Ident),
        "Gamma" => ("Γ", Upright),
        "Delta" => ("Δ", Upright),
        "Theta" => ("Θ", Upright),
        "Lambda" => ("Λ", Upright),
        "Xi" => ("Ξ", Upright),
        "Pi" => ("Π", Upright),
        "Sigma" => ("Σ", Upright),
        "Upsilon" => ("Υ", Upright),
        "Phi" => ("Φ", Upright),
        "Psi" => ("Ψ", Upright),
        "Omega" => ("Ω", Upright),
        "infty" => ("∞", Upright),
        "partial" => ("∂", Ident),
        "nabla" => ("∇", Upright),
        "ell" => ("ℓ", Ident),
        "hbar" => ("ℏ", Ident),
        "imath" => ("ı", Ident),
        "jmath" => ("ȷ", Ident),
        "aleph" => ("ℵ", Upright),
        "emptyset" | "varnothing" => ("∅", Upright),
        "Re" => ("ℜ", Upright),
        "Im" => ("ℑ", Upright),
        "wp" => ("℘", Ident),
        "angle" => ("∠", Upright),
        "triangle" => ("△", Upright),
        "top" => ("⊤", Upright),
        "bot" => ("⊥", Upright),
        "prime" => ("′", Op),
        "forall" => ("∀", Op),
        "exists" => ("∃", Op),
        "nexists" => ("∄", Op),
        "neg" | "lnot" => ("¬", Op),
        "pm" => ("±", Op),
        "mp" => ("∓", Op),
        "times" => ("×", Op),
        "div" => ("÷", Op),
        "cdot" => ("⋅", Op),
        "ast" => ("∗", Op),
        "star" => ("⋆", Op),
        "circ" => ("∘", Op),
        "bullet" => ("∙", Op),
        "oplus" => ("⊕", Op),
        "ominus" => ("⊖", Op),
        "otimes" => ("⊗", Op),
        "odot" => ("⊙", Op),
        "cup" => ("∪", Op),
        "cap" => ("∩", Op),
        "setminus" => ("∖", Op),
        "wedge" | "land" => ("∧", Op),
        "vee" | "lor" => ("∨", Op),
        "dagger" => ("†", Op),
        "ddagger" => ("‡", Op),
        "le" | "leq" => ("≤", Op),
        "ge" | "geq" => ("≥", Op),
        "leqslant" => ("⩽", Op),
        "geqslant" => ("⩾", Op),
        "ne" | "neq" => ("≠", Op),
        "ll" => ("≪", Op),
        "gg" => ("≫", Op),
        "approx" => ("≈", Op),
        "sim" => ("∼", Op),
        "simeq" => ("≃", Op),
        "cong" => ("≅", Op),
        "equiv" => ("≡", Op),
        "propto" => ("∝", Op),
        "prec" => ("≺", Op),
        "succ" => ("≻", Op),
        "preceq" => ("⪯", Op),
        "succeq" => ("⪰", Op),
        "in" => ("∈", Op),
        "notin" => ("∉", Op),
        "ni" => ("∋", Op),
        "subset" => ("⊂", Op),
        "supset" => ("⊃", Op),
        "subseteq" => ("⊆", Op),
        "supseteq" => ("⊇", Op),
        "subsetneq" => ("⊊", Op),
        "mid" => ("∣", Op),
        "nmid" => ("∤", Op),
        "parallel" => ("∥", Op),
        "perp" => ("⊥", Op),
        "vdash" => ("⊢", Op),
        "models" => ("⊨", Op),
        "to" | "rightarrow" => ("→", Op),
        "gets" | "leftarrow" => ("←", Op),
        "leftrightarrow" => ("↔", Op),
        "Rightarrow" | "implies" => ("⇒", Op),
        "Leftarrow" => ("⇐", Op),
        "Leftrightarrow" | "iff" => ("⇔", Op),
        "longrightarrow" => ("⟶", Op),
        "longleftarrow" => ("⟵", Op),
        "Longrightarrow" => ("⟹", Op),
        "Longleftrightarrow" => ("⟺", Op),
        "mapsto" => ("↦", Op),
        "uparrow" => ("↑", Op),
        "downarrow" => ("↓", Op),
        "nearrow" => ("↗", Op),
        "searrow" => ("↘", Op),
        "hookrightarrow" => ("↪", Op),
        "rightleftharpoons" => ("⇌", Op),
        "therefore" => ("∴", Op),
        "because" => ("∵", Op),
        "ldots" | "dots" | "dotsc" | "dotsb" => ("…", Op),
        "cdots" => ("⋯", Op),
        "vdots" => ("⋮", Op),
        "ddots" => ("⋱", Op),
        "colon" => (":", Op),
        "sum" => ("∑", Big),
        "prod" => ("∏", Big),
        "coprod" => ("∐", Big),
        "bigcup" => ("⋃", Big),
        "bigcap" => ("⋂", Big),
        "bigoplus" => ("⨁", Big),
        "bigotimes" => ("⨂", Big),
        "bigvee" => ("⋁", Big),
        "bigwedge" => ("⋀", Big),
        "int" => ("∫", Integral),
        "iint" => ("∬", Integral),
        "iiint" => ("∭", Integral),
        "oint" => ("∮", Integral),
        _ => return delimiter(name).map(|d| (d, Op)),
    })
}

/// The named delimiters (after `\left`, `\right`, `\big`… or alone).
pub(super) fn delimiter(name: &str) -> Option<&'static str> {
    Some(match name {
        "langle" => "⟨",
        "rangle" => "⟩",
        "lceil" => "⌈",
        "rceil" => "⌉",
        "lfloor" => "⌊",
        "rfloor" => "⌋",
        "lvert" | "rvert" | "vert" => "|",
        "lVert" | "rVert" | "Vert" | "|" => "‖",
        "{" | "lbrace" => "{",
        "}" | "rbrace" => "}",
        "backslash" => "∖",
        _ => return None,
    })
}

/// Function names written upright (`\sin`), and whether their limits go under
/// them in display math (`\lim`).
pub(super) fn function(name: &str) -> Option<bool> {
    Some(match name {
        "sin" | "cos" | "tan" | "cot" | "sec" | "csc" | "arcsin" | "arccos" | "arctan" | "sinh" | "cosh" | "tanh"
        | "coth" | "log" | "ln" | "lg" | "exp" | "deg" | "dim" | "ker" | "arg" | "hom" => false,
        "lim" | "limsup" | "liminf" | "max" | "min" | "sup" | "inf" | "det" | "gcd" | "Pr" => true,
        _ => return None,
    })
}

/// How a function name is written (`limsup` → `lim sup`).
pub(super) fn function_text(name: &str) -> &str {
    match name {
        "limsup" => "lim\u{2009}sup",
        "liminf" => "lim\u{2009}inf",
        other => other,
    }
}

/// Accents over their argument: the mark and whether it stretches.
pub(super) fn accent(name: &str) -> Option<(&'static str, bool)> {
    Some(match name {
        "hat" => ("^", false),
        "widehat" => ("^", true),
        "tilde" => ("~", false),
        "widetilde" => ("~", true),
        "bar" => ("¯", false),
        "overline" => ("¯", true),
        "vec" => ("→", false),
        "overrightarrow" => ("→", true),
        "overleftarrow" => ("←", true),
        "dot" => ("˙", false),
        "ddot" => ("¨", false),
        "acute" => ("´", false),
        "grave" => ("`", false),
        "breve" => ("˘", false),
        "check" => ("ˇ", false),
        "overbrace" => ("⏞", true),
        _ => return None,
    })
}

/// Math alphabets: the font command's letters and digits as the Unicode
/// mathematical alphanumeric characters (browsers support `mathvariant` only
/// for `normal`, so the character itself carries the style).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Font {
    /// The default: one letter is italic.
    Math,
    /// `\mathrm`, `\operatorname`: upright.
    Roman,
    Bold,
    Italic,
    DoubleStruck,
    Script,
    Fraktur,
    SansSerif,
    Monospace,
}

impl Font {
    /// The alphabet a font command selects.
    pub(super) fn of_command(name: &str) -> Option<Font> {
        Some(match name {
            "mathrm" | "rm" | "mathup" => Font::Roman,
            "mathbf" | "bf" | "boldsymbol" | "bm" | "mathbfit" => Font::Bold,
            "mathit" | "it" => Font::Italic,
            "mathbb" | "Bbb" => Font::DoubleStruck,
            "mathcal" | "cal" | "mathscr" => Font::Script,
            "mathfrak" | "frak" => Font::Fraktur,
            "mathsf" | "sf" => Font::SansSerif,
            "mathtt" | "tt" => Font::Monospace,
            _ => return None,
        })
    }

    /// `c` in this alphabet, if it has one there.
    pub(super) fn map(self, c: char) -> Option<char> {
        let (upper, lower, digit): (u32, u32, Option<u32>) = match self {
            Font::Math | Font::Roman => return None,
            Font::Bold => (0x1D400, 0x1D41A, Some(0x1D7CE)),
            Font::Italic => (0x1D434, 0x1D44E, None),
            Font::DoubleStruck => (0x1D538, 0x1D552, Some(0x1D7D8)),
            Font::Script => (0x1D49C, 0x1D4B6, None),
            Font::Fraktur => (0x1D504, 0x1D51E, None),
            Font::SansSerif => (0x1D5A0, 0x1D5BA, Some(0x1D7E2)),
            Font::Monospace => (0x1D670, 0x1D68A, Some(0x1D7F6)),
        };
        // Letters that Unicode had before the mathematical block (its holes).
        let hole = match (self, c) {
            (Font::Italic, 'h') => Some('ℎ'),
            (Font::DoubleStruck, 'C') => Some('ℂ'),
            (Font::DoubleStruck, 'H') => Some('ℍ'),
            (Font::DoubleStruck, 'N') => Some('ℕ'),
            (Font::DoubleStruck, 'P') => Some('ℙ'),
            (Font::DoubleStruck, 'Q') => Some('ℚ'),
            (Font::DoubleStruck, 'R') => Some('ℝ'),
            (Font::DoubleStruck, 'Z') => Some('ℤ'),
            (Font::Script, 'B') => Some('ℬ'),
            (Font::Script, 'E') => Some('ℰ'),
            (Font::Script, 'F') => Some('ℱ'),
            (Font::Script, 'H') => Some('ℋ'),
            (Font::Script, 'I') => Some('ℐ'),
            (Font::Script, 'L') => Some('ℒ'),
            (Font::Script, 'M') => Some('ℳ'),
            (Font::Script, 'R') => Some('ℛ'),
            (Font::Script, 'e') => Some('ℯ'),
            (Font::Script, 'g') => Some('ℊ'),
            (Font::Script, 'o') => Some('ℴ'),
            (Font::Fraktur, 'C') => Some('ℭ'),
            (Font::Fraktur, 'H') => Some('ℌ'),
            (Font::Fraktur, 'I') => Some('ℑ'),
            (Font::Fraktur, 'R') => Some('ℜ'),
            (Font::Fraktur, 'Z') => Some('ℨ'),
            _ => None,
        };
        if hole.is_some() {
            return hole;
        }
        let code = match c {
            'A'..='Z' => upper + (c as u32 - 'A' as u32),
            'a'..='z' => lower + (c as u32 - 'a' as u32),
            '0'..='9' => digit? + (c as u32 - '0' as u32),
            _ => return None,
        };
        char::from_u32(code)
    }
}
