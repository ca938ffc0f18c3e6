//! Coin stacks on regions (Cities' trade rule). Entering a region costs its trade cost plus one
//! coin per coin stack already there; the coins paid form a new stack in that region, so every
//! later merchant passing through pays one more. In the Rise and Fall phase a region's largest
//! stack goes to the treasury.

use crate::TradeError;
use serde::{Deserialize, Serialize};

/// Most stacks one region holds; a further passage is refused rather than lost.
pub const MAX_STACKS: usize = 8;

/// What [`CoinStacks::take_largest_to_treasury`] moved.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct LargestTaken {
    /// Coins of the largest stack, now in the treasury (0 if there was no stack).
    pub treasury: u32,
    /// Coins of the other stacks tied for largest, removed with it (back to the bank).
    pub returned: u32,
    /// How many stacks were removed (1 + ties).
    pub stacks_removed: u8,
}

/// Coin stacks of `R` regions: up to [`MAX_STACKS`] stacks of up to 255 coins each, per region.
/// `Copy`, `8 × R` bytes. Stack sizes are kept packed from index 0; 0 marks a free place.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct CoinStacks<const R: usize> {
    #[serde(with = "crate::serde_array")]
    stacks: [[u8; MAX_STACKS]; R],
}

impl<const R: usize> Default for CoinStacks<R> {
    fn default() -> Self {
        CoinStacks {
            stacks: [[0; MAX_STACKS]; R],
        }
    }
}

impl<const R: usize> CoinStacks<R> {
    pub fn new() -> Self {
        Self::default()
    }

    fn index(region: u8) -> Result<usize, TradeError> {
        if (region as usize) < R {
            Ok(region as usize)
        } else {
            Err(TradeError::RegionOutOfRange {
                index: region,
                len: R,
            })
        }
    }

    /// The stack sizes of a region (empty for an unknown index).
    pub fn stacks(&self, region: u8) -> &[u8] {
        match self.stacks.get(region as usize) {
            Some(s) => &s[..s.iter().position(|&c| c == 0).unwrap_or(MAX_STACKS)],
            None => &[],
        }
    }

    pub fn stack_count(&self, region: u8) -> usize {
        self.stacks(region).len()
    }

    /// Coins lying in a region.
    pub fn coins(&self, region: u8) -> u32 {
        self.stacks(region).iter().map(|&c| c as u32).sum()
    }

    /// Coins lying on the whole map.
    pub fn total(&self) -> u32 {
        (0..R).map(|r| self.coins(r as u8)).sum()
    }

    /// What entering the region costs: its trade cost plus one per stack already there.
    pub fn entry_cost(&self, region: u8, trade_cost: u32) -> u32 {
        trade_cost.saturating_add(self.stack_count(region) as u32)
    }

    /// A merchant enters the region: pays [`CoinStacks::entry_cost`], which forms a new stack
    /// there (paying nothing forms none). Returns the coins paid. Unchanged on error.
    pub fn enter(&mut self, region: u8, trade_cost: u32) -> Result<u32, TradeError> {
        let paid = self.entry_cost(region, trade_cost);
        let size = u8::try_from(paid).map_err(|_| TradeError::StackTooLarge(paid))?;
        self.push_stack(region, size)?;
        Ok(paid)
    }

    /// Adds a stack of `coins` (0 adds nothing).
    pub fn push_stack(&mut self, region: u8, coins: u8) -> Result<(), TradeError> {
        let i = Self::index(region)?;
        if coins == 0 {
            return Ok(());
        }
        let n = self.stack_count(region);
        if n >= MAX_STACKS {
            return Err(TradeError::StacksFull(region));
        }
        self.stacks[i][n] = coins;
        Ok(())
    }

    /// Puts more coins on an existing stack.
    pub fn extend_stack(&mut self, region: u8, stack: usize, coins: u8) -> Result<(), TradeError> {
        let i = Self::index(region)?;
        let n = self.stack_count(region);
        if stack >= n {
            return Err(TradeError::SlotOutOfRange {
                slot: stack,
                len: n,
            });
        }
        let c = self.stacks[i][stack] as u32 + coins as u32;
        self.stacks[i][stack] = u8::try_from(c).map_err(|_| TradeError::StackTooLarge(c))?;
        Ok(())
    }

    pub fn largest_stack(&self, region: u8) -> Option<u8> {
        self.stacks(region).iter().copied().max()
    }

    /// Rise and Fall: the region's largest stack goes to the treasury. If several stacks tie for
    /// largest, one of them goes to the treasury and the others are removed too (returned to the
    /// bank) — the default when the rules give no further word. Other stacks stay.
    pub fn take_largest_to_treasury(&mut self, region: u8) -> Result<LargestTaken, TradeError> {
        let i = Self::index(region)?;
        let Some(max) = self.largest_stack(region) else {
            return Ok(LargestTaken::default());
        };
        let mut kept = [0u8; MAX_STACKS];
        let mut k = 0;
        let mut removed = 0u8;
        for &c in self.stacks(region) {
            if c == max {
                removed += 1;
            } else {
                kept[k] = c;
                k += 1;
            }
        }
        self.stacks[i] = kept;
        Ok(LargestTaken {
            treasury: max as u32,
            returned: max as u32 * (removed as u32 - 1),
            stacks_removed: removed,
        })
    }

    pub fn clear_region(&mut self, region: u8) -> Result<(), TradeError> {
        self.stacks[Self::index(region)?] = [0; MAX_STACKS];
        Ok(())
    }

    pub fn clear(&mut self) {
        self.stacks = [[0; MAX_STACKS]; R];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cost_grows_one_per_existing_stack() {
        let mut s = CoinStacks::<4>::new();
        assert_eq!(s.entry_cost(1, 2), 2);
        assert_eq!(s.enter(1, 2), Ok(2));
        assert_eq!(s.entry_cost(1, 2), 3);
        assert_eq!(s.enter(1, 2), Ok(3));
        assert_eq!(s.enter(1, 2), Ok(4));
        assert_eq!(s.stacks(1), &[2, 3, 4]);
        assert_eq!(s.coins(1), 9);
        assert_eq!(s.total(), 9);
        // A free region with no stack forms no stack.
        assert_eq!(s.enter(2, 0), Ok(0));
        assert_eq!(s.stack_count(2), 0);
    }

    #[test]
    fn full_region_refuses_unchanged() {
        let mut s = CoinStacks::<2>::new();
        for _ in 0..MAX_STACKS {
            s.enter(0, 1).unwrap();
        }
        let before = s;
        assert_eq!(s.enter(0, 1), Err(TradeError::StacksFull(0)));
        assert_eq!(
            s.enter(5, 1),
            Err(TradeError::RegionOutOfRange { index: 5, len: 2 })
        );
        assert_eq!(s.enter(1, 300), Err(TradeError::StackTooLarge(300)));
        assert_eq!(s, before);
    }

    #[test]
    fn largest_to_treasury_and_ties() {
        let mut s = CoinStacks::<2>::new();
        for c in [2, 5, 3, 5, 1] {
            s.push_stack(0, c).unwrap();
        }
        assert_eq!(s.largest_stack(0), Some(5));
        let t = s.take_largest_to_treasury(0).unwrap();
        assert_eq!(
            t,
            LargestTaken {
                treasury: 5,
                returned: 5,
                stacks_removed: 2
            }
        );
        assert_eq!(s.stacks(0), &[2, 3, 1]);
        let t = s.take_largest_to_treasury(0).unwrap();
        assert_eq!(
            t,
            LargestTaken {
                treasury: 3,
                returned: 0,
                stacks_removed: 1
            }
        );
        assert_eq!(s.stacks(0), &[2, 1]);
        assert_eq!(
            s.take_largest_to_treasury(1).unwrap(),
            LargestTaken::default()
        );
        s.extend_stack(0, 1, 4).unwrap();
        assert_eq!(s.stacks(0), &[2, 5]);
        s.clear();
        assert_eq!(s.total(), 0);
    }

    #[test]
    fn serde_round_trip() {
        let mut s = CoinStacks::<40>::new();
        s.enter(39, 3).unwrap();
        let j = serde_json::to_string(&s).unwrap();
        assert_eq!(serde_json::from_str::<CoinStacks<40>>(&j).unwrap(), s);
    }

    /// Clearing a region empties it alone; a region off the map is refused (mutation testing,
    /// issue 30).
    #[test]
    fn clearing_one_region_leaves_the_others() {
        let mut s = CoinStacks::<3>::new();
        s.enter(0, 2).unwrap();
        s.enter(2, 1).unwrap();
        s.clear_region(0).unwrap();
        assert_eq!((s.coins(0), s.coins(2)), (0, 1));
        assert_eq!(
            s.clear_region(3),
            Err(TradeError::RegionOutOfRange { index: 3, len: 3 })
        );
    }
}
