//! silk-core: the game model every silk engine implements.
pub mod seat;
pub use seat::{Seat, SeatSet, MAX_SEATS};
