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

/// The named symbols, one per line: the command's names (`|` between
/// spellings), its character and its kind (`id` [`Kind::Ident`], `up`
/// [`Kind::Upright`], `op` [`Kind::Op`], `big` [`Kind::Big`], `int`
/// [`Kind::Integral`]). One string rather than a `match`, so the table is
/// data in the bundle instead of code.
const SYMBOLS: &str = "\
alpha α id
beta β id
gamma γ id
delta δ id
epsilon ϵ id
varepsilon ε id
zeta ζ id
eta η id
theta θ id
vartheta ϑ id
iota ι id
kappa κ id
lambda λ id
mu μ id
nu ν id
xi ξ id
omicron ο id
pi π id
varpi ϖ id
rho ρ id
varrho ϱ id
sigma σ id
varsigma ς id
tau τ id
upsilon υ id
phi ϕ id
varphi φ id
chi χ id
psi ψ id
omega ω id
Gamma Γ up
Delta Δ up
Theta Θ up
Lambda Λ up
Xi Ξ up
Pi Π up
Sigma Σ up
Upsilon Υ up
Phi Φ up
Psi Ψ up
Omega Ω up
infty ∞ up
partial ∂ id
nabla ∇ up
ell ℓ id
hbar ℏ id
imath ı id
jmath ȷ id
aleph ℵ up
emptyset|varnothing ∅ up
Re ℜ up
Im ℑ up
wp ℘ id
angle ∠ up
triangle △ up
top ⊤ up
bot ⊥ up
prime ′ op
forall ∀ op
exists ∃ op
nexists ∄ op
neg|lnot ¬ op
pm ± op
mp ∓ op
times × op
div ÷ op
cdot ⋅ op
ast ∗ op
star ⋆ op
circ ∘ op
bullet ∙ op
oplus ⊕ op
ominus ⊖ op
otimes ⊗ op
odot ⊙ op
cup ∪ op
cap ∩ op
setminus ∖ op
wedge|land ∧ op
vee|lor ∨ op
dagger † op
ddagger ‡ op
le|leq ≤ op
ge|geq ≥ op
leqslant ⩽ op
geqslant ⩾ op
ne|neq ≠ op
ll ≪ op
gg ≫ op
approx ≈ op
sim ∼ op
simeq ≃ op
cong ≅ op
equiv ≡ op
propto ∝ op
prec ≺ op
succ ≻ op
preceq ⪯ op
succeq ⪰ op
in ∈ op
notin ∉ op
ni ∋ op
subset ⊂ op
supset ⊃ op
subseteq ⊆ op
supseteq ⊇ op
subsetneq ⊊ op
mid ∣ op
nmid ∤ op
parallel ∥ op
perp ⊥ op
vdash ⊢ op
models ⊨ op
to|rightarrow → op
gets|leftarrow ← op
leftrightarrow ↔ op
Rightarrow|implies ⇒ op
Leftarrow ⇐ op
Leftrightarrow|iff ⇔ op
longrightarrow ⟶ op
longleftarrow ⟵ op
Longrightarrow ⟹ op
Longleftrightarrow ⟺ op
mapsto ↦ op
uparrow ↑ op
downarrow ↓ op
nearrow ↗ op
searrow ↘ op
hookrightarrow ↪ op
rightleftharpoons ⇌ op
therefore ∴ op
because ∵ op
ldots|dots|dotsc|dotsb … op
cdots ⋯ op
vdots ⋮ op
ddots ⋱ op
colon : op
sum ∑ big
prod ∏ big
coprod ∐ big
bigcup ⋃ big
bigcap ⋂ big
bigoplus ⨁ big
bigotimes ⨂ big
bigvee ⋁ big
bigwedge ⋀ big
int ∫ int
iint ∬ int
iiint ∭ int
oint ∮ int
";

/// `\name` → its character and kind.
pub(super) fn symbol(name: &str) -> Option<(&'static str, Kind)> {
    let found = SYMBOLS.lines().find_map(|line| {
        let mut fields = line.split(' ');
        let (names, text, kind) = (fields.next()?, fields.next()?, fields.next()?);
        names.split('|').any(|known| known == name).then_some((text, kind))
    });
    let Some((text, kind)) = found else {
        return delimiter(name).map(|d| (d, Kind::Op));
    };
    let kind = match kind {
        "id" => Kind::Ident,
        "up" => Kind::Upright,
        "big" => Kind::Big,
        "int" => Kind::Integral,
        "op" => Kind::Op,
        _ => return None,
    };
    Some((text, kind))
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

/// Function names written upright (`\sin`) whose limits stay at their side.
const FUNCTIONS: &str =
    "sin cos tan cot sec csc arcsin arccos arctan sinh cosh tanh coth log ln lg exp deg dim ker arg hom";

/// Function names written upright whose limits go under them in display math (`\lim`).
const FUNCTIONS_WITH_LIMITS: &str = "lim limsup liminf max min sup inf det gcd Pr";

/// Function names written upright (`\sin`), and whether their limits go under
/// them in display math (`\lim`).
pub(super) fn function(name: &str) -> Option<bool> {
    let listed = |list: &str| list.split(' ').any(|known| known == name);
    if listed(FUNCTIONS) {
        Some(false)
    } else if listed(FUNCTIONS_WITH_LIMITS) {
        Some(true)
    } else {
        None
    }
}

/// How a function name is written (`limsup` → `lim sup`).
pub(super) fn function_text(name: &str) -> &str {
    match name {
        "limsup" => "lim\u{2009}sup",
        "liminf" => "lim\u{2009}inf",
        other => other,
    }
}

/// The accents, one per line: the command, its mark and whether the mark
/// stretches over the whole argument (`wide`) or not (`fixed`).
const ACCENTS: &str = "\
hat ^ fixed
widehat ^ wide
tilde ~ fixed
widetilde ~ wide
bar ¯ fixed
overline ¯ wide
vec → fixed
overrightarrow → wide
overleftarrow ← wide
dot ˙ fixed
ddot ¨ fixed
acute ´ fixed
grave ` fixed
breve ˘ fixed
check ˇ fixed
overbrace ⏞ wide
";

/// Accents over their argument: the mark and whether it stretches.
pub(super) fn accent(name: &str) -> Option<(&'static str, bool)> {
    ACCENTS.lines().find_map(|line| {
        let mut fields = line.split(' ');
        if fields.next()? != name {
            return None;
        }
        match (fields.next()?, fields.next()?) {
            (mark, "wide") => Some((mark, true)),
            (mark, "fixed") => Some((mark, false)),
            _ => None,
        }
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
