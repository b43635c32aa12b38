//! Options as library types: closed sets of named values and numeric ranges, each described
//! once here (or next to the type it configures) and used by every front end.
//!
//! - [`Named`]: an option with a fixed set of values, each with a stable name (used on the
//!   command line, in JSON and in the web API) and one line of help. [`named_enum!`](crate::named_enum) declares
//!   such an enum with its names, parsing, display and serde in one place, so the command line,
//!   the web body reader and the Python package cannot drift apart.
//! - [`Range`]: a documented numeric range (pegs, colours, attempts, depth limits...). Front ends
//!   build their validators from it, so they accept exactly the same values and say the same
//!   thing when a value is refused.
//!
//! ```
//! use codebreak_core::{Named, Pool, choice::Range};
//! assert_eq!("consistent".parse::<Pool>().unwrap(), Pool::Consistent);
//! assert_eq!(Pool::All.name(), "all");
//! assert!("most".parse::<Pool>().unwrap_err().to_string().contains("expected all or consistent"));
//! const PEGS: Range = Range { what: "pegs", min: 1, max: 16, doc: "pegs per code" };
//! assert_eq!(PEGS.parse("12").unwrap(), 12);
//! assert_eq!(PEGS.parse("abc").unwrap_err().to_string(), "\"abc\" is not a whole number from 1 to 16");
//! assert_eq!(PEGS.check(17).unwrap_err().to_string(), "pegs 17 is out of range: expected 1 to 16");
//! ```

use std::fmt;

use thiserror::Error;

use crate::error::quote;

/// An option with a closed set of values, each with a stable name and one line of help.
pub trait Named:
    Copy + Eq + fmt::Debug + Send + Sync + std::str::FromStr<Err = UnknownName> + 'static
{
    /// What the option is called in messages (`pool`, `ties`, `objective`, ...).
    const WHAT: &'static str;
    /// Every value, in the order they are listed to users.
    const ALL: &'static [Self];
    /// The stable name.
    fn name(self) -> &'static str;
    /// One line on what the value means.
    fn help(self) -> &'static str;
    /// Other names accepted when reading (never written).
    fn aliases(self) -> &'static [&'static str] {
        &[]
    }
}

/// A name that is not one of an option's values.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("unknown {what} {}: expected {expected}", quote(.text))]
pub struct UnknownName {
    /// The option (`pool`, `strategy`, ...).
    pub what: &'static str,
    /// The text given.
    pub text: String,
    /// The accepted names, as a list in words.
    pub expected: String,
}

/// Reads a value of a [`Named`] option by its name or an alias (case and surrounding space
/// ignored).
pub fn parse_named<T: Named>(text: &str) -> Result<T, UnknownName> {
    let t = text.trim();
    T::ALL
        .iter()
        .copied()
        .find(|v| {
            v.name().eq_ignore_ascii_case(t)
                || v.aliases().iter().any(|a| a.eq_ignore_ascii_case(t))
        })
        .ok_or_else(|| UnknownName {
            what: T::WHAT,
            text: text.to_string(),
            expected: names_in_words::<T>(),
        })
}

/// The names of an option's values in words: `all or consistent`, `a, b or c`.
pub fn names_in_words<T: Named>() -> String {
    let names: Vec<&str> = T::ALL.iter().map(|v| v.name()).collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => (*last).to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// Declares a [`Named`] enum: the enum, its stable names and help, `FromStr`, `Display` and
/// serde by name. Attributes pass through, so `#[derive(Default)]` with `#[default]` on a
/// variant gives a default.
///
/// ```
/// codebreak_core::named_enum! {
///     /// A colour.
///     #[derive(Default)]
///     pub enum Colour: "colour" {
///         /// Red.
///         #[default]
///         Red = "red", "the colour of blood";
///         /// Blue.
///         Blue = "blue", "the colour of the sky";
///     }
/// }
/// assert_eq!("BLUE".parse::<Colour>().unwrap(), Colour::Blue);
/// assert_eq!(Colour::default(), Colour::Red);
/// assert_eq!(serde_json::to_string(&Colour::Red).unwrap(), "\"red\"");
/// ```
#[macro_export]
macro_rules! named_enum {
    (
        $(#[$meta:meta])*
        pub enum $name:ident : $what:literal {
            $(
                $(#[$vmeta:meta])*
                $variant:ident = $vname:literal, $vhelp:literal $(, aliases [$($alias:literal),*])?
            );+ $(;)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        pub enum $name {
            $( $(#[$vmeta])* $variant ),+
        }

        impl $crate::choice::Named for $name {
            const WHAT: &'static str = $what;
            const ALL: &'static [Self] = &[$($name::$variant),+];
            fn name(self) -> &'static str {
                match self { $($name::$variant => $vname),+ }
            }
            fn help(self) -> &'static str {
                match self { $($name::$variant => $vhelp),+ }
            }
            fn aliases(self) -> &'static [&'static str] {
                match self { $($name::$variant => &[$($($alias),*)?]),+ }
            }
        }

        impl $name {
            /// The stable name (command line, JSON, web API).
            pub fn name(self) -> &'static str {
                <Self as $crate::choice::Named>::name(self)
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str($crate::choice::Named::name(*self))
            }
        }

        impl ::std::str::FromStr for $name {
            type Err = $crate::choice::UnknownName;
            fn from_str(s: &str) -> ::std::result::Result<Self, Self::Err> {
                $crate::choice::parse_named(s)
            }
        }

        impl ::serde::Serialize for $name {
            fn serialize<S: ::serde::Serializer>(&self, s: S) -> ::std::result::Result<S::Ok, S::Error> {
                s.serialize_str($crate::choice::Named::name(*self))
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $name {
            fn deserialize<D: ::serde::Deserializer<'de>>(d: D) -> ::std::result::Result<Self, D::Error> {
                let text = <::std::borrow::Cow<'de, str> as ::serde::Deserialize>::deserialize(d)?;
                $crate::choice::parse_named(&text).map_err(<D::Error as ::serde::de::Error>::custom)
            }
        }
    };
}

/// A documented numeric range: the one place a front end learns which values an option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Range {
    /// What the value is, in messages (`pegs`, `attempts`, `max depth`).
    pub what: &'static str,
    /// Smallest value accepted.
    pub min: u64,
    /// Largest value accepted.
    pub max: u64,
    /// One line on the value, for help texts.
    pub doc: &'static str,
}

/// A value outside its [`Range`], or text that is not a number.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum RangeError {
    /// A number out of range.
    #[error("{what} {value} is out of range: expected {min} to {max}")]
    Out {
        /// What the value is.
        what: &'static str,
        /// The value given.
        value: i128,
        /// Smallest accepted.
        min: u64,
        /// Largest accepted.
        max: u64,
    },
    /// Not a whole number.
    #[error("{} is not a whole number from {min} to {max}", quote(.text))]
    NotANumber {
        /// The text given.
        text: String,
        /// Smallest accepted.
        min: u64,
        /// Largest accepted.
        max: u64,
    },
}

impl Range {
    /// Whether `value` is in the range.
    pub const fn contains(&self, value: u64) -> bool {
        value >= self.min && value <= self.max
    }

    /// `value` if it is in the range.
    pub fn check(&self, value: u64) -> Result<u64, RangeError> {
        self.check_wide(value as i128)
    }

    /// `value` (of any sign, as a JSON body may carry) if it is in the range.
    pub fn check_wide(&self, value: i128) -> Result<u64, RangeError> {
        if value >= self.min as i128 && value <= self.max as i128 {
            Ok(value as u64)
        } else {
            Err(RangeError::Out {
                what: self.what,
                value,
                min: self.min,
                max: self.max,
            })
        }
    }

    /// Reads a whole number in the range (surrounding space ignored).
    pub fn parse(&self, text: &str) -> Result<u64, RangeError> {
        match text.trim().parse::<i128>() {
            Ok(v) => self.check_wide(v),
            Err(_) => Err(RangeError::NotANumber {
                text: text.to_string(),
                min: self.min,
                max: self.max,
            }),
        }
    }

    /// `min to max`, for help texts.
    pub fn span(&self) -> String {
        if self.max == u64::MAX {
            format!("{} or more", self.min)
        } else {
            format!("{} to {}", self.min, self.max)
        }
    }
}

/// A random seed: any 64-bit number.
pub const SEED: Range = Range {
    what: "seed",
    min: 0,
    max: u64::MAX,
    doc: "a seed for a random choice",
};

#[cfg(test)]
mod tests {
    use super::*;

    named_enum! {
        /// Test option.
        pub enum Speed: "speed" {
            /// Slow.
            Slow = "slow", "takes its time";
            /// Fast.
            Fast = "fast", "hurries", aliases ["quick"];
        }
    }

    #[test]
    fn names_round_trip() {
        for &v in Speed::ALL {
            assert_eq!(v.name().parse::<Speed>().unwrap(), v);
            let json = serde_json::to_string(&v).unwrap();
            assert_eq!(serde_json::from_str::<Speed>(&json).unwrap(), v);
        }
        assert_eq!(" Quick ".parse::<Speed>().unwrap(), Speed::Fast);
        let e = "medium".parse::<Speed>().unwrap_err().to_string();
        assert_eq!(e, "unknown speed \"medium\": expected slow or fast");
        let e = serde_json::from_str::<Speed>("\"medium\"")
            .unwrap_err()
            .to_string();
        assert!(e.contains("expected slow or fast"), "{e}");
    }

    #[test]
    fn ranges_refuse_what_they_should() {
        let r = Range {
            what: "attempts",
            min: 1,
            max: 100,
            doc: "",
        };
        assert_eq!(r.parse(" 7 ").unwrap(), 7);
        assert!(r.parse("0").is_err());
        assert!(r.parse("101").is_err());
        assert_eq!(
            r.parse("-1").unwrap_err().to_string(),
            "attempts -1 is out of range: expected 1 to 100"
        );
        assert!(r.parse("4.5").is_err());
        assert!(
            r.parse("99999999999999999999999999999999999999999")
                .is_err()
        );
        assert_eq!(r.span(), "1 to 100");
    }
}
