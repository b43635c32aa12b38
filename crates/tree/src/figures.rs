//! The figures of a strategy over every secret: how many guesses each secret needs, in all and
//! at worst. Analyses, exact searches and the verifier all report these, with the same fields.

use std::collections::BTreeMap;

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// How many guesses a strategy needs over every secret.
///
/// Invariant: `histogram[k]` secrets need `k` guesses (index 0 is unused and zero),
/// `secrets` is the histogram's sum, `total` its weighted sum and `worst` its last non-zero
/// index. Build it with [`Figures::from_histogram`] to keep that true.
///
/// In JSON it is `{"secrets", "total", "average", "fraction", "worst", "histogram"}`, the
/// histogram an object from guesses to secrets, every count from 1 to the worst case:
///
/// ```
/// use codebreak_tree::Figures;
/// let f = Figures::from_histogram(vec![0, 1, 6, 62, 533, 694]);
/// assert_eq!((f.secrets, f.total, f.worst), (1296, 5801, 5));
/// assert_eq!(f.fraction(), "5801/1296");
/// let json = serde_json::to_string(&f).unwrap();
/// assert!(json.ends_with(r#""worst":5,"histogram":{"1":1,"2":6,"3":62,"4":533,"5":694}}"#));
/// assert_eq!(serde_json::from_str::<Figures>(&json).unwrap(), f);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Figures {
    /// Secrets played.
    pub secrets: u64,
    /// Guesses over all secrets.
    pub total: u64,
    /// Most guesses any secret needs.
    pub worst: usize,
    /// `histogram[k]` secrets need `k` guesses (index 0 unused).
    pub histogram: Vec<u64>,
}

impl Figures {
    /// The figures of a histogram (`histogram[k]` secrets need `k` guesses); trailing zeros
    /// are dropped.
    pub fn from_histogram(mut histogram: Vec<u64>) -> Figures {
        if histogram.is_empty() {
            histogram.push(0);
        }
        histogram[0] = 0;
        while histogram.len() > 1 && histogram.last() == Some(&0) {
            histogram.pop();
        }
        let secrets = histogram.iter().sum();
        let total = histogram
            .iter()
            .enumerate()
            .map(|(k, &n)| k as u64 * n)
            .sum();
        Figures {
            secrets,
            total,
            worst: histogram.len() - 1,
            histogram,
        }
    }

    /// The average number of guesses.
    pub fn average(&self) -> f64 {
        self.total as f64 / self.secrets.max(1) as f64
    }

    /// The average as an exact fraction, `total/secrets`.
    pub fn fraction(&self) -> String {
        format!("{}/{}", self.total, self.secrets)
    }
}

impl Serialize for Figures {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let histogram: BTreeMap<usize, u64> = self
            .histogram
            .iter()
            .enumerate()
            .skip(1)
            .map(|(k, &n)| (k, n))
            .collect();
        let mut m = s.serialize_map(Some(6))?;
        m.serialize_entry("secrets", &self.secrets)?;
        m.serialize_entry("total", &self.total)?;
        m.serialize_entry("average", &self.average())?;
        m.serialize_entry("fraction", &self.fraction())?;
        m.serialize_entry("worst", &self.worst)?;
        m.serialize_entry("histogram", &Histogram(histogram))?;
        m.end()
    }
}

/// A histogram with its keys written as strings, in numeric order.
struct Histogram(BTreeMap<usize, u64>);

impl Serialize for Histogram {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().map(|(k, n)| (k.to_string(), n)))
    }
}

impl<'de> Deserialize<'de> for Figures {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        struct Repr {
            secrets: u64,
            total: u64,
            worst: usize,
            histogram: BTreeMap<String, u64>,
        }
        let r = Repr::deserialize(d)?;
        let mut histogram = vec![0u64];
        for (k, n) in r.histogram {
            let k: usize = k
                .parse()
                .map_err(|_| D::Error::custom(format!("histogram key {k:?} is not a number")))?;
            if k == 0 || k > 10_000 {
                return Err(D::Error::custom(format!(
                    "histogram key {k} is out of range: expected 1 to 10000"
                )));
            }
            if histogram.len() <= k {
                histogram.resize(k + 1, 0);
            }
            histogram[k] = n;
        }
        let f = Figures::from_histogram(histogram);
        if (f.secrets, f.total, f.worst) != (r.secrets, r.total, r.worst) {
            return Err(D::Error::custom(format!(
                "the histogram gives {} secrets, {} guesses, worst {}, not {}, {}, {}",
                f.secrets, f.total, f.worst, r.secrets, r.total, r.worst
            )));
        }
        Ok(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inconsistent_json_is_refused() {
        let bad = r#"{"secrets":3,"total":4,"worst":2,"histogram":{"1":1,"2":1}}"#;
        assert!(serde_json::from_str::<Figures>(bad).is_err());
        let good = r#"{"secrets":2,"total":3,"worst":2,"histogram":{"1":1,"2":1}}"#;
        assert_eq!(
            serde_json::from_str::<Figures>(good).unwrap(),
            Figures::from_histogram(vec![0, 1, 1])
        );
    }

    #[test]
    fn zeros_inside_are_kept_and_trailing_ones_dropped() {
        let f = Figures::from_histogram(vec![5, 0, 3, 0, 0]);
        assert_eq!(f.histogram, vec![0, 0, 3]);
        assert_eq!((f.secrets, f.total, f.worst), (3, 6, 2));
        let json = serde_json::to_value(&f).unwrap();
        assert_eq!(json["histogram"]["1"], 0);
    }
}
