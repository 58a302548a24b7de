//! PDF objects (ISO 32000-1 §7.3) as the reader holds them: values without
//! their generation numbers, dictionaries as lists of entries.

/// A PDF object. Generation numbers of references are dropped: the last
/// definition of an object number wins.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Obj {
    Null,
    Bool(bool),
    Int(i64),
    Real(f64),
    /// A name without its slash, `#xx` escapes decoded.
    Name(Vec<u8>),
    /// A literal or hexadecimal string, escapes decoded.
    Str(Vec<u8>),
    Array(Vec<Obj>),
    Dict(Dict),
    /// An indirect reference `N G R`, by object number.
    Ref(u32),
}

/// The null object, to hand out where a lookup finds nothing.
pub(super) const NULL: &Obj = &Obj::Null;

impl Obj {
    pub(super) fn as_dict(&self) -> Option<&Dict> {
        match self {
            Obj::Dict(dict) => Some(dict),
            _ => None,
        }
    }

    pub(super) fn as_array(&self) -> Option<&[Obj]> {
        match self {
            Obj::Array(items) => Some(items),
            _ => None,
        }
    }

    pub(super) fn as_name(&self) -> Option<&[u8]> {
        match self {
            Obj::Name(name) => Some(name),
            _ => None,
        }
    }

    pub(super) fn as_int(&self) -> Option<i64> {
        match self {
            Obj::Int(value) => Some(*value),
            _ => None,
        }
    }

    /// An integer or real as a float.
    pub(super) fn as_f64(&self) -> Option<f64> {
        match self {
            Obj::Int(value) => Some(*value as f64),
            Obj::Real(value) => Some(*value),
            _ => None,
        }
    }
}

/// A dictionary's entries in file order; a repeated key's last value wins.
#[derive(Debug, Clone, PartialEq, Default)]
pub(super) struct Dict(pub(super) Vec<(Vec<u8>, Obj)>);

impl Dict {
    pub(super) fn get(&self, key: &[u8]) -> Option<&Obj> {
        self.0.iter().rev().find(|(name, _)| name == key).map(|(_, value)| value)
    }

    /// Whether `/Type` (or, for `/Subtype`, the given key) is the name `value`.
    pub(super) fn is(&self, key: &[u8], value: &[u8]) -> bool {
        self.get(key).and_then(Obj::as_name) == Some(value)
    }
}
