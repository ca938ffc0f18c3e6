//! An auction format as data: how bidders act (`AuctionKind`), who pays what (`PayRule`) and
//! how equal sealed bids are ordered (`TieRule`). A format reads and prints as
//! `KIND/PAYMENT/TIE` (`sealed/second_price/seat_order`), which is also its JSON form, so a
//! config file, `--variant` and `silk sweep` set it like any other parameter.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// How the bidders act.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum AuctionKind {
    /// From the first seat going left, each bidder acts exactly once: outbid or pass.
    OnceAround,
    /// From the first seat going left, bidders outbid or pass until all but one have passed;
    /// a pass is out for good.
    OpenAscending,
    /// Every bidder commits a hidden bid (0 is a pass) in any order; then all are revealed.
    Sealed,
}

/// Who pays what once the auction is over. Where the money goes (the bank, a seller) is the
/// auction point's business, not the format's.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PayRule {
    /// The winner pays its own bid.
    FirstPrice,
    /// The winner pays the best bid of the others (at least the minimum bid).
    SecondPrice,
    /// Every seat that bid pays its last (highest) bid, winner included.
    AllPay,
    /// Nobody pays: the bids are a show (the Grand Vizier's reveal).
    NoPay,
}

/// How equal sealed bids at the top are settled. Once-around and open ascending bids must
/// outbid, so they never tie.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum TieRule {
    /// The tied seat met first going left from the auction's first seat wins.
    SeatOrder,
    /// Tied seats share the place (a prize contest pays each of them; one lot has no winner).
    Shared,
}

/// One auction format.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct AuctionFormat {
    pub kind: AuctionKind,
    pub payment: PayRule,
    pub tie: TieRule,
}

impl AuctionFormat {
    pub const fn new(kind: AuctionKind, payment: PayRule, tie: TieRule) -> AuctionFormat {
        AuctionFormat { kind, payment, tie }
    }
}

/// `(value, name)` tables for reading and printing.
const KINDS: [(AuctionKind, &str); 3] = [
    (AuctionKind::OnceAround, "once_around"),
    (AuctionKind::OpenAscending, "open_ascending"),
    (AuctionKind::Sealed, "sealed"),
];
const PAYMENTS: [(PayRule, &str); 4] = [
    (PayRule::FirstPrice, "first_price"),
    (PayRule::SecondPrice, "second_price"),
    (PayRule::AllPay, "all_pay"),
    (PayRule::NoPay, "none"),
];
const TIES: [(TieRule, &str); 2] = [
    (TieRule::SeatOrder, "seat_order"),
    (TieRule::Shared, "shared"),
];

fn name_of<T: PartialEq + Copy>(table: &[(T, &'static str)], v: T) -> &'static str {
    table.iter().find(|(x, _)| *x == v).map_or("?", |(_, n)| n)
}

fn parse_in<T: Copy>(table: &[(T, &'static str)], text: &str, what: &str) -> Result<T, String> {
    table
        .iter()
        .find(|(_, n)| *n == text.trim())
        .map(|(v, _)| *v)
        .ok_or_else(|| {
            let names: Vec<&str> = table.iter().map(|(_, n)| *n).collect();
            format!("unknown {what} {text:?}: choose from {}", names.join(", "))
        })
}

impl fmt::Display for AuctionKind {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(name_of(&KINDS, *self))
    }
}

impl fmt::Display for PayRule {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(name_of(&PAYMENTS, *self))
    }
}

impl fmt::Display for TieRule {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(name_of(&TIES, *self))
    }
}

impl fmt::Display for AuctionFormat {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}/{}/{}", self.kind, self.payment, self.tie)
    }
}

impl FromStr for AuctionFormat {
    type Err = String;

    /// `KIND/PAYMENT[/TIE]`; the tie rule defaults to `seat_order`.
    fn from_str(text: &str) -> Result<AuctionFormat, String> {
        let parts: Vec<&str> = text.split('/').collect();
        let (kind, payment, tie) = match parts[..] {
            [k, p] => (k, p, "seat_order"),
            [k, p, t] => (k, p, t),
            _ => {
                return Err(format!(
                    "auction format {text:?}: write KIND/PAYMENT[/TIE], e.g. \
                     open_ascending/first_price or sealed/second_price/seat_order"
                ))
            }
        };
        Ok(AuctionFormat {
            kind: parse_in(&KINDS, kind, "auction kind")?,
            payment: parse_in(&PAYMENTS, payment, "payment rule")?,
            tie: parse_in(&TIES, tie, "tie rule")?,
        })
    }
}

impl Serialize for AuctionFormat {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for AuctionFormat {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<AuctionFormat, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// A place in a game where an auction is held, and which formats its rules can take: an
/// engine declares one per auction and checks its config's format against it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct AuctionPoint {
    /// Short name, for metric names (`auction.<key>.won`).
    pub key: &'static str,
    /// The parameter that selects the format.
    pub param: &'static str,
    /// Where in the game, in the rules' words.
    pub about: &'static str,
    /// The format the rules say.
    pub default: AuctionFormat,
    pub payments: &'static [PayRule],
    /// Why another payment rule cannot apply here.
    pub payments_why: &'static str,
    pub ties: &'static [TieRule],
    /// Why another tie rule cannot apply here.
    pub ties_why: &'static str,
    /// What the lot is worth to its winner, for the surplus measure; `None`: the rules give
    /// the lot no value in the price's unit, so no surplus is measured.
    pub value: Option<&'static str>,
}

impl AuctionPoint {
    /// Whether `format` can apply here; the error is one line naming the parameter.
    pub fn check(&self, format: AuctionFormat) -> Result<(), String> {
        let list = |v: Vec<String>| v.join(" or ");
        if !self.payments.contains(&format.payment) {
            return Err(format!(
                "{} = {format}: {}, so the payment must be {}",
                self.param,
                self.payments_why,
                list(self.payments.iter().map(|p| p.to_string()).collect())
            ));
        }
        if !self.ties.contains(&format.tie) {
            return Err(format!(
                "{} = {format}: {}, so the tie rule must be {}",
                self.param,
                self.ties_why,
                list(self.ties.iter().map(|t| t.to_string()).collect())
            ));
        }
        Ok(())
    }

    /// Every format this point accepts, the rules' own first: each kind with each payment
    /// rule, and sealed bids with each tie rule (the others never tie, so they take the
    /// default's tie rule).
    pub fn formats(&self) -> Vec<AuctionFormat> {
        let mut out = vec![self.default];
        let tie_default = if self.ties.contains(&self.default.tie) {
            self.default.tie
        } else {
            self.ties[0]
        };
        for (kind, _) in KINDS {
            for &payment in self.payments {
                let ties: Vec<TieRule> = if kind == AuctionKind::Sealed {
                    self.ties.to_vec()
                } else {
                    vec![tie_default]
                };
                for tie in ties {
                    let f = AuctionFormat { kind, payment, tie };
                    if !out.contains(&f) {
                        out.push(f);
                    }
                }
            }
        }
        out
    }

    /// Every format as text, for help and `silk mechanics`.
    pub fn options(&self) -> String {
        let kinds: Vec<&str> = KINDS.iter().map(|(_, n)| *n).collect();
        let pays: Vec<String> = self.payments.iter().map(|p| p.to_string()).collect();
        let ties: Vec<String> = self.ties.iter().map(|t| t.to_string()).collect();
        format!(
            "{{{}}}/{{{}}}/{{{}}}",
            kinds.join(","),
            pays.join(","),
            ties.join(",")
        )
    }

    /// This point as `silk mechanics` lists it.
    pub fn mechanic_use(&self) -> silk_core::MechanicUse {
        silk_core::MechanicUse {
            mechanic: "auction",
            key: self.key,
            about: self.about,
            param: Some(self.param),
            default: self.default.to_string(),
            choices: self.formats().iter().map(|f| f.to_string()).collect(),
            value: self.value,
        }
    }

    /// The lab metrics of this point, in the order [`crate::auction::count_report`] counts
    /// them.
    pub fn metric_names(&self) -> Vec<String> {
        super::report::METRICS
            .iter()
            .map(|m| format!("auction.{}.{m}", self.key))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_read_and_print_as_text_and_json() {
        let f: AuctionFormat = "sealed/second_price/shared".parse().unwrap();
        assert_eq!(
            f,
            AuctionFormat::new(AuctionKind::Sealed, PayRule::SecondPrice, TieRule::Shared)
        );
        assert_eq!(f.to_string(), "sealed/second_price/shared");
        let short: AuctionFormat = "once_around/all_pay".parse().unwrap();
        assert_eq!(short.tie, TieRule::SeatOrder);
        let json = serde_json::to_string(&f).unwrap();
        assert_eq!(json, "\"sealed/second_price/shared\"");
        assert_eq!(serde_json::from_str::<AuctionFormat>(&json).unwrap(), f);
        let e = "sealed".parse::<AuctionFormat>().unwrap_err();
        assert!(e.contains("KIND/PAYMENT"), "{e}");
        let e = "dutch/first_price".parse::<AuctionFormat>().unwrap_err();
        assert!(e.contains("once_around, open_ascending, sealed"), "{e}");
        assert!(serde_json::from_str::<AuctionFormat>("\"sealed/x\"").is_err());
    }

    const POINT: AuctionPoint = AuctionPoint {
        key: "lot",
        param: "lot_auction",
        about: "a lot",
        default: AuctionFormat::new(
            AuctionKind::OpenAscending,
            PayRule::FirstPrice,
            TieRule::SeatOrder,
        ),
        payments: &[PayRule::FirstPrice, PayRule::AllPay],
        payments_why: "a lot is sold",
        ties: &[TieRule::SeatOrder],
        ties_why: "one lot goes to one seat",
        value: None,
    };

    #[test]
    fn a_point_refuses_what_its_rules_cannot_take_naming_the_parameter() {
        assert!(POINT.check(POINT.default).is_ok());
        let e = POINT.check("sealed/none".parse().unwrap()).unwrap_err();
        assert_eq!(
            e,
            "lot_auction = sealed/none/seat_order: a lot is sold, so the payment must be \
             first_price or all_pay"
        );
        let e = POINT
            .check("sealed/first_price/shared".parse().unwrap())
            .unwrap_err();
        assert!(
            e.starts_with("lot_auction = ") && e.contains("seat_order"),
            "{e}"
        );
        let all = POINT.formats();
        assert_eq!(all[0], POINT.default);
        // 3 kinds × 2 payments, one tie rule.
        assert_eq!(all.len(), 6);
        assert!(all.iter().all(|f| POINT.check(*f).is_ok()));
        assert_eq!(
            POINT.metric_names()[0],
            format!("auction.lot.{}", super::super::report::METRICS[0])
        );
    }

    /// Only sealed bids can tie, so only they take each tie rule a point allows; the options
    /// line lists every kind, payment and tie rule (mutation testing, issue 30).
    #[test]
    fn only_sealed_formats_vary_the_tie_rule_and_the_options_list_every_choice() {
        let point = AuctionPoint {
            ties: &[TieRule::SeatOrder, TieRule::Shared],
            ..POINT
        };
        let all = point.formats();
        // 3 kinds × 2 payments, and sealed ones once more with the other tie rule.
        assert_eq!(all.len(), 8);
        for f in &all {
            if f.kind != AuctionKind::Sealed {
                assert_eq!(f.tie, TieRule::SeatOrder, "{f}");
            }
        }
        assert!(all.contains(&"sealed/all_pay/shared".parse().unwrap()));
        assert_eq!(
            point.options(),
            "{once_around,open_ascending,sealed}/{first_price,all_pay}/{seat_order,shared}"
        );
        let m = point.mechanic_use();
        assert_eq!(m.default, "open_ascending/first_price/seat_order");
        assert_eq!(m.choices.len(), 8);
    }
}
