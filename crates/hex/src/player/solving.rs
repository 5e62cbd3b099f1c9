//! The solver's settings as the player keeps them (`param_dfpn`): the limits of
//! `dfpn-solve-state` and of the endgame solver that [`super::Player::choose`] asks first.

use std::time::Duration;

use super::params::{
    Kind, MAX_SECONDS, Param, ParamError, Table, flag, number, show_flag, threads,
};
use crate::solver::{ENTRY_BYTES, Limits as SolverLimits};

/// The solver's settings (`param_dfpn`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DfpnSettings {
    /// `dfpn-solve-state`'s time limit; none for no limit.
    pub time: Option<Duration>,
    /// The transposition table's size in bytes (`memory` in MiB, `tt_size` in positions).
    pub table_bytes: usize,
    /// Threads searching one proof.
    pub threads: usize,
    /// Whether `genmove` asks the solver first when few cells are empty.
    pub endgame: bool,
    /// At most this many empty cells for `genmove` to ask the solver.
    pub endgame_empty: usize,
    /// `genmove`'s time limit for the solver.
    pub endgame_time: Duration,
    /// HexGui's `use_guifx` (MoHex draws the solver's progress on HexGui's board when it is
    /// on): accepted, no effect.
    pub use_guifx: bool,
}

impl Default for DfpnSettings {
    fn default() -> DfpnSettings {
        DfpnSettings {
            time: Some(Duration::from_secs(10)),
            table_bytes: 64 << 20,
            threads: 1,
            endgame: true,
            endgame_empty: ENDGAME_EMPTY,
            endgame_time: Duration::from_millis(ENDGAME_MILLIS),
            use_guifx: false,
        }
    }
}

/// The largest table `memory` and `tt_size` allow, in MiB.
const MAX_MIB: usize = 65_536;

/// `genmove` asks the solver when at most this many cells are empty (by default).
pub const ENDGAME_EMPTY: usize = 30;
/// `genmove`'s default time for the solver (milliseconds).
pub const ENDGAME_MILLIS: u64 = 500;

impl DfpnSettings {
    /// Every setting with its value, in HexGui's form, a line each.
    pub fn list(&self) -> String {
        Table(DFPN_PARAMS).list(self)
    }

    /// Sets one setting from its text (`timelimit` is `time`'s other name, MoHex's); on a bad
    /// value, what is allowed.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), ParamError> {
        let name = if name == "timelimit" { "time" } else { name };
        Table(DFPN_PARAMS).set(self, name, value)
    }

    /// The solver's limits with `time`.
    pub fn limits(&self, time: Option<Duration>) -> SolverLimits {
        SolverLimits {
            time,
            nodes: None,
            memory: self.table_bytes,
        }
    }
}

/// Seconds 0 to a day, as the solver's limits take them.
fn seconds(value: &str, allowed: &str) -> Result<f64, String> {
    number(value, 0.0..=MAX_SECONDS, allowed)
}

/// The solver's settings, in the order `param_dfpn` lists them.
pub static DFPN_PARAMS: &[Param<DfpnSettings>] = &[
    Param {
        name: "time",
        flag: "solver-time",
        value_name: "SECONDS",
        kind: Kind::Text,
        help: "dfpn-solve-state's time limit (0 for none)",
        tuning: false,
        get: |c| c.time.map_or(0.0, |t| t.as_secs_f64()).to_string(),
        set: |c, v| {
            let s = seconds(v, "seconds 0 to 86400, 0 for no limit")?;
            c.time = (s > 0.0).then(|| Duration::from_secs_f64(s));
            Ok(())
        },
    },
    Param {
        name: "memory",
        flag: "solver-memory",
        value_name: "MIB",
        kind: Kind::Text,
        help: "The solver's transposition table in MiB",
        tuning: false,
        get: |c| (c.table_bytes >> 20).to_string(),
        set: |c, v| {
            c.table_bytes = number(v, 1..=MAX_MIB, "MiB 1 to 65536")? << 20;
            Ok(())
        },
    },
    Param {
        name: "tt_size",
        flag: "solver-tt-size",
        value_name: "POSITIONS",
        kind: Kind::Text,
        help: "The solver's transposition table in positions (another way to set its memory)",
        tuning: false,
        get: |c| (c.table_bytes / ENTRY_BYTES).to_string(),
        set: |c, v| {
            let most = (MAX_MIB << 20) / ENTRY_BYTES;
            c.table_bytes = number(v, 1..=most, &format!("positions 1..{most}"))? * ENTRY_BYTES;
            Ok(())
        },
    },
    Param {
        name: "threads",
        flag: "solver-threads",
        value_name: "T",
        kind: Kind::Text,
        help: "Threads searching one proof",
        tuning: false,
        get: |c| c.threads.to_string(),
        set: |c, v| {
            c.threads = threads(v)?;
            Ok(())
        },
    },
    Param {
        name: "endgame",
        flag: "no-solver-endgame",
        value_name: "",
        kind: Kind::Bool,
        help: "genmove does not ask the solver first when few cells are empty",
        tuning: false,
        get: |c| show_flag(c.endgame),
        set: |c, v| {
            c.endgame = flag(v)?;
            Ok(())
        },
    },
    Param {
        name: "endgame_empty",
        flag: "solver-endgame-empty",
        value_name: "CELLS",
        kind: Kind::Text,
        help: "genmove asks the solver first when at most this many cells are empty",
        tuning: false,
        get: |c| c.endgame_empty.to_string(),
        set: |c, v| {
            c.endgame_empty = number(v, 0..=usize::MAX, "a number of empty cells, 0 or more")?;
            Ok(())
        },
    },
    Param {
        name: "endgame_time",
        flag: "solver-endgame-time",
        value_name: "SECONDS",
        kind: Kind::Text,
        help: "genmove's time for the solver",
        tuning: false,
        get: |c| c.endgame_time.as_secs_f64().to_string(),
        set: |c, v| {
            let allowed = "seconds above 0, at most 86400";
            let s = seconds(v, allowed)?;
            if s == 0.0 {
                return Err(allowed.into());
            }
            c.endgame_time = Duration::from_secs_f64(s);
            Ok(())
        },
    },
    Param {
        name: "use_guifx",
        flag: "",
        value_name: "",
        kind: Kind::Bool,
        help: "HexGui's use_guifx (MoHex draws the solver's progress): accepted, no effect",
        tuning: false,
        get: |c| show_flag(c.use_guifx),
        set: |c, v| {
            c.use_guifx = flag(v)?;
            Ok(())
        },
    },
];
