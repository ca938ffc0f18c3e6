//! Money in gold and silver coins, one gold worth five silver (Silk Road's coins).
//! Values are counted in silver. Paying makes change the way the table does: hand over a gold
//! coin and take silver back from the bank, when the bank is allowed to change.

use crate::TradeError;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A gold coin is worth this many silver.
pub const SILVER_PER_GOLD: u32 = 5;

/// A handful of coins. `Copy`, 4 bytes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug, Serialize, Deserialize)]
pub struct Coins {
    pub gold: u16,
    pub silver: u16,
}

/// What a payment moved: the coins handed over and the change taken back (always silver).
/// `handed.value() - change.value()` is the amount paid.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct Paid {
    pub handed: Coins,
    pub change: Coins,
}

impl Coins {
    pub const ZERO: Coins = Coins { gold: 0, silver: 0 };

    pub const fn new(gold: u16, silver: u16) -> Coins {
        Coins { gold, silver }
    }

    /// Worth in silver.
    pub const fn value(self) -> u32 {
        self.gold as u32 * SILVER_PER_GOLD + self.silver as u32
    }

    /// The fewest coins worth `value` (as much gold as possible).
    pub fn from_value(value: u32) -> Result<Coins, TradeError> {
        let gold = u16::try_from(value / SILVER_PER_GOLD).map_err(|_| TradeError::Overflow)?;
        Ok(Coins {
            gold,
            silver: (value % SILVER_PER_GOLD) as u16,
        })
    }

    pub fn checked_add(self, other: Coins) -> Option<Coins> {
        Some(Coins {
            gold: self.gold.checked_add(other.gold)?,
            silver: self.silver.checked_add(other.silver)?,
        })
    }

    /// Coin-wise subtraction: `None` if either kind of coin runs short (no change is made).
    pub fn checked_sub(self, other: Coins) -> Option<Coins> {
        Some(Coins {
            gold: self.gold.checked_sub(other.gold)?,
            silver: self.silver.checked_sub(other.silver)?,
        })
    }

    /// The coins that pay `amount`: exactly if possible (as much gold as fits, then silver),
    /// otherwise, when `bank_change`, one gold too many with silver change back.
    /// Does not touch `self`.
    pub fn payment_for(self, amount: u32, bank_change: bool) -> Result<Paid, TradeError> {
        let have = self.value();
        if amount > have {
            return Err(TradeError::InsufficientFunds { need: amount, have });
        }
        let g = (self.gold as u32).min(amount / SILVER_PER_GOLD);
        let s = amount - g * SILVER_PER_GOLD;
        if s <= self.silver as u32 {
            return Ok(Paid {
                handed: Coins::new(g as u16, s as u16),
                change: Coins::ZERO,
            });
        }
        // Short of silver while a gold is left over (amount <= value guarantees g < gold).
        if !bank_change {
            return Err(TradeError::NoChange { need: amount });
        }
        let handed = Coins::new(g as u16 + 1, 0);
        let change = Coins::new(0, (handed.value() - amount) as u16);
        Ok(Paid { handed, change })
    }

    /// Pays `amount` out of this purse; see [`Coins::payment_for`]. Unchanged on error.
    pub fn pay(&mut self, amount: u32, bank_change: bool) -> Result<Paid, TradeError> {
        let paid = self.payment_for(amount, bank_change)?;
        let after = self
            .checked_sub(paid.handed)
            .and_then(|c| c.checked_add(paid.change))
            .ok_or(TradeError::Overflow)?;
        *self = after;
        Ok(paid)
    }

    /// Receives `value` in the fewest coins.
    pub fn receive(&mut self, value: u32) -> Result<(), TradeError> {
        *self = self
            .checked_add(Coins::from_value(value)?)
            .ok_or(TradeError::Overflow)?;
        Ok(())
    }
}

/// Moves `amount` from one purse to another. The payer pays as in [`Coins::pay`]; the receiver
/// gets exactly `amount` — when change was made the bank broke the extra gold, so the receiver
/// takes the exact coins and value is conserved. Both purses unchanged on error.
pub fn transfer(
    from: &mut Coins,
    to: &mut Coins,
    amount: u32,
    bank_change: bool,
) -> Result<Paid, TradeError> {
    let paid = from.payment_for(amount, bank_change)?;
    let received = if paid.change == Coins::ZERO {
        paid.handed
    } else {
        Coins::from_value(amount)?
    };
    let new_to = to.checked_add(received).ok_or(TradeError::Overflow)?;
    let new_from = from
        .checked_sub(paid.handed)
        .and_then(|c| c.checked_add(paid.change))
        .ok_or(TradeError::Overflow)?;
    *from = new_from;
    *to = new_to;
    Ok(paid)
}

impl fmt::Display for Coins {
    /// "1 gold + 5 silver (10)", dropping a kind of coin that is absent.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.gold, self.silver) {
            (0, s) => write!(f, "{s} silver ({})", self.value()),
            (g, 0) => write!(f, "{g} gold ({})", self.value()),
            (g, s) => write!(f, "{g} gold + {s} silver ({})", self.value()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn value_and_fewest_coins() {
        assert_eq!(Coins::new(1, 5).value(), 10);
        assert_eq!(Coins::from_value(13).unwrap(), Coins::new(2, 3));
        assert_eq!(Coins::from_value(0).unwrap(), Coins::ZERO);
        assert_eq!(Coins::from_value(u32::MAX), Err(TradeError::Overflow));
    }

    #[test]
    fn display() {
        assert_eq!(Coins::new(1, 5).to_string(), "1 gold + 5 silver (10)");
        assert_eq!(Coins::new(2, 0).to_string(), "2 gold (10)");
        assert_eq!(Coins::new(0, 3).to_string(), "3 silver (3)");
        assert_eq!(Coins::ZERO.to_string(), "0 silver (0)");
    }

    #[test]
    fn exact_payment_prefers_gold() {
        let mut c = Coins::new(2, 4);
        let p = c.pay(7, false).unwrap();
        assert_eq!(p.handed, Coins::new(1, 2));
        assert_eq!(p.change, Coins::ZERO);
        assert_eq!(c, Coins::new(1, 2));
    }

    #[test]
    fn bank_makes_change() {
        // Paying 3 silver with 0 silver and 1 gold: hand the gold, take 2 silver back.
        let mut c = Coins::new(1, 0);
        let p = c.pay(3, true).unwrap();
        assert_eq!(p.handed, Coins::new(1, 0));
        assert_eq!(p.change, Coins::new(0, 2));
        assert_eq!(c, Coins::new(0, 2));
    }

    #[test]
    fn no_change_refuses_and_leaves_unchanged() {
        let mut c = Coins::new(1, 0);
        let before = c;
        assert_eq!(c.pay(3, false), Err(TradeError::NoChange { need: 3 }));
        assert_eq!(c, before);
    }

    #[test]
    fn insufficient_funds_leaves_unchanged() {
        let mut c = Coins::new(1, 2);
        let before = c;
        let e = c.pay(8, true).unwrap_err();
        assert_eq!(e, TradeError::InsufficientFunds { need: 8, have: 7 });
        assert_eq!(e.to_string(), "cannot pay 8: only 7 available");
        assert_eq!(c, before);
    }

    #[test]
    fn transfer_conserves_value() {
        let mut a = Coins::new(2, 0);
        let mut b = Coins::new(0, 1);
        transfer(&mut a, &mut b, 7, true).unwrap();
        assert_eq!(a.value(), 3);
        assert_eq!(b.value(), 8);
        assert_eq!(a, Coins::new(0, 3));
        assert_eq!(b, Coins::new(1, 3));
        let (a0, b0) = (a, b);
        assert!(transfer(&mut a, &mut b, 4, true).is_err());
        assert_eq!((a, b), (a0, b0));
    }

    #[test]
    fn serde_round_trip() {
        let c = Coins::new(3, 4);
        let j = serde_json::to_string(&c).unwrap();
        assert_eq!(serde_json::from_str::<Coins>(&j).unwrap(), c);
    }

    /// Paying a purse's whole value is exact: every coin is handed over, none comes back
    /// (issue 30, point 19).
    #[test]
    fn issue30_p19_paying_the_whole_purse_hands_over_every_coin() {
        for (purse, change) in [
            (Coins::new(2, 3), false),
            (Coins::new(2, 3), true),
            (Coins::new(3, 0), false),
            (Coins::new(0, 4), false),
        ] {
            let p = purse.payment_for(purse.value(), change).unwrap();
            assert_eq!(p.handed, purse, "{purse}");
            assert_eq!(p.change, Coins::ZERO, "{purse}");
            let mut c = purse;
            c.pay(purse.value(), change).unwrap();
            assert_eq!(c, Coins::ZERO);
        }
        // One more than the purse holds is refused.
        assert_eq!(
            Coins::new(2, 3).payment_for(14, true),
            Err(TradeError::InsufficientFunds { need: 14, have: 13 })
        );
        // Silver exactly enough for the rest after gold: exact, no change.
        let p = Coins::new(2, 2).payment_for(7, true).unwrap();
        assert_eq!((p.handed, p.change), (Coins::new(1, 2), Coins::ZERO));
        // One silver short: a gold is broken, 2 silver back.
        let p = Coins::new(2, 2).payment_for(8, true).unwrap();
        assert_eq!((p.handed, p.change), (Coins::new(2, 0), Coins::new(0, 2)));
    }

    /// Receiving adds the value in the fewest coins; a purse that would overflow is refused
    /// unchanged (mutation testing, issue 30).
    #[test]
    fn receive_adds_the_fewest_coins_or_refuses_unchanged() {
        let mut c = Coins::new(1, 1);
        c.receive(13).unwrap();
        assert_eq!(c, Coins::new(3, 4));
        let mut full = Coins::new(u16::MAX, 0);
        assert_eq!(full.receive(5), Err(TradeError::Overflow));
        assert_eq!(full, Coins::new(u16::MAX, 0));
    }
}
