//! silk-trade
