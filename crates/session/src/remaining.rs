//! How many secrets remain: one shape for every game, exact or an estimate that says so.

use serde::{Deserialize, Serialize};

/// How many secrets fit every reply so far.
///
/// A listed game always knows the count; a game too large to list knows it when its engine
/// can count (black-peg by dynamic programming, small searches) and estimates it otherwise.
/// The JSON form tells them apart without a flag to forget: an exact count is a plain number,
/// an estimate an object with its central value, its 95% interval and how it was made.
///
/// ```
/// use codebreak_session::{Estimate, Remaining};
/// assert_eq!(serde_json::to_string(&Remaining::Exact(6)).unwrap(), "6");
/// assert_eq!(Remaining::Exact(1).to_string(), "1 secret");
/// let e = Remaining::Estimate(Estimate { estimate: 3.2e12, low: 2.9e12, high: 3.5e12, method: "sampled".into() });
/// assert_eq!(e.to_string(), "about 3.20e12 secrets (estimate, 95% interval 2.90e12 to 3.50e12)");
/// assert_eq!(
///     serde_json::to_string(&e).unwrap(),
///     r#"{"estimate":3200000000000.0,"low":2900000000000.0,"high":3500000000000.0,"method":"sampled"}"#
/// );
/// assert_eq!(serde_json::from_str::<Remaining>("6").unwrap(), Remaining::Exact(6));
/// // Past u64, a float: what a browser or `serde_json::Value` can hold.
/// let big = Remaining::Exact(10u128.pow(20));
/// assert_eq!(serde_json::to_value(&big).unwrap(), serde_json::json!(1e20));
/// assert_eq!(serde_json::from_value::<Remaining>(serde_json::json!(1e20)).unwrap(), big);
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(into = "Wire", try_from = "Wire")]
pub enum Remaining {
    /// The exact count.
    Exact(u128),
    /// An estimate, marked as one.
    Estimate(Estimate),
}

/// The JSON form: a count past `u64` (an empty history of a 20-peg game) is written as a
/// float, the only number JSON readers (a browser, `serde_json::Value`) hold at that size.
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum Wire {
    Count(u64),
    Large(f64),
    Estimate(Estimate),
}

impl From<Remaining> for Wire {
    fn from(r: Remaining) -> Wire {
        match r {
            Remaining::Exact(n) => u64::try_from(n).map_or(Wire::Large(n as f64), Wire::Count),
            Remaining::Estimate(e) => Wire::Estimate(e),
        }
    }
}

impl TryFrom<Wire> for Remaining {
    type Error = String;
    fn try_from(w: Wire) -> Result<Remaining, String> {
        match w {
            Wire::Count(n) => Ok(Remaining::Exact(u128::from(n))),
            Wire::Large(x) if x >= 0.0 && x.fract() == 0.0 && x < u128::MAX as f64 => {
                Ok(Remaining::Exact(x as u128))
            }
            Wire::Large(x) => Err(format!(
                "remaining {x}: expected a whole count or an estimate object"
            )),
            Wire::Estimate(e) => Ok(Remaining::Estimate(e)),
        }
    }
}

/// An estimated count of secrets, with its 95% interval and how it was made.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Estimate {
    /// The central value.
    pub estimate: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
    /// How the estimate was made, in words.
    pub method: String,
}

impl Remaining {
    /// The exact count, when it is one.
    pub fn exact(&self) -> Option<u128> {
        match self {
            Remaining::Exact(n) => Some(*n),
            Remaining::Estimate(_) => None,
        }
    }

    /// The count, or the estimate's central value.
    pub fn value(&self) -> f64 {
        match self {
            Remaining::Exact(n) => *n as f64,
            Remaining::Estimate(e) => e.estimate,
        }
    }

    /// Whether more than `n` secrets remain (an estimate: may remain).
    pub fn more_than(&self, n: usize) -> bool {
        match self {
            Remaining::Exact(k) => *k > n as u128,
            Remaining::Estimate(_) => true,
        }
    }

    /// The remaining count of a game too large to list.
    pub fn of_count(count: &crate::game::reasoned::CountReport) -> Remaining {
        match (count.count, count.low, count.high) {
            (Some(n), _, _) if count.exact => Remaining::Exact(n),
            (_, low, high) => Remaining::Estimate(Estimate {
                estimate: count.value,
                low: low.unwrap_or(count.value),
                high: high.unwrap_or(count.value),
                method: count.method.clone().unwrap_or_default(),
            }),
        }
    }
}

impl From<usize> for Remaining {
    fn from(n: usize) -> Remaining {
        Remaining::Exact(n as u128)
    }
}

impl std::fmt::Display for Remaining {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use crate::game::reasoned::number;
        match self {
            Remaining::Exact(1) => f.write_str("1 secret"),
            Remaining::Exact(n) => write!(f, "{n} secrets"),
            Remaining::Estimate(e) if e.low == e.estimate && e.high > e.low => write!(
                f,
                "at least {} secrets, at most {} (too rare to estimate)",
                number(e.estimate),
                number(e.high)
            ),
            Remaining::Estimate(e) => {
                write!(f, "about {} secrets (estimate", number(e.estimate))?;
                if e.low != e.high {
                    write!(f, ", 95% interval {} to {}", number(e.low), number(e.high))?;
                }
                f.write_str(")")
            }
        }
    }
}
