//! The work behind silk's commands, as a library: batches and run directories (`lab`), design
//! jobs (`design`: compare, sweep, gaps, tune, findings; `skill`, `ladder`, `mechanics`,
//! `bench`), shard jobs and their merge (`jobs`), the table and play in a terminal or on phones
//! (`table`, `play`, `serve`), replays and traces, and the game registry (`games`). Each entry
//! point takes typed arguments and writes its result through [`output::Out`] as text or JSON;
//! silk-cli parses a command line into those arguments, and the Python package (silk-py) calls
//! [`embed`] and [`outside`].

pub mod against_bots;
pub mod bench;
pub mod calls;
pub mod design;
pub mod embed;
pub mod error;
pub mod find;
pub mod games;
pub mod hot_seat;
pub mod jobs;
pub mod lab;
pub mod ladder;
pub mod lock;
pub mod mechanics;
pub mod narrate;
pub mod output;
pub mod outside;
pub mod play;
pub mod playtest;
pub mod replay_run;
pub mod save;
pub mod seats;
pub mod serve;
pub mod sizing;
pub mod skill;
pub mod stall_curve;
pub mod table;
pub mod table_serve;
pub mod traces;
