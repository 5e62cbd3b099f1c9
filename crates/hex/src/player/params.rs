//! The player's parameters and the solver's, each declared once: its name, type, range,
//! default and help, in one kind of table ([`Table`]: the player's [`PARAMS`], the solver's
//! [`super::DFPN_PARAMS`]). The command line's flags (the `cli` module), GTP's
//! `param_player` and `param_dfpn` and the web page all read these tables, so that every
//! door sets the same player the same way.

use std::path::PathBuf;
use std::time::Duration;

use super::clock::Plan;
use super::search::{Budget, Reuse, Settings};

/// Everything the player's choice of a move depends on, but the position and the book's
/// contents: how long it searches, the search's ideas, and whether it plays from a book.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// Seconds a move, when set; unset, 1 s unless `playouts` is set.
    pub max_time: Option<Duration>,
    /// Simulations a move, when set.
    pub playouts: Option<u64>,
    /// Search threads.
    pub threads: usize,
    /// The seed of the random playouts.
    pub seed: u64,
    /// The search's ideas.
    pub settings: Settings,
    /// Whether the search keeps its tree from one move to the next.
    pub reuse: Reuse,
    /// Whether the first moves come from the opening book.
    pub opening_book: bool,
    /// The opening book to play from instead of the built-in ones (9x9, 11x11 and 13x13).
    pub book_file: Option<PathBuf>,
    /// Whether the player searches in the opponent's time (over GTP: after its move, until
    /// the next command).
    pub ponder: bool,
}

impl Default for Config {
    /// One second a move on two threads, the default search, the built-in opening book.
    fn default() -> Config {
        Config {
            max_time: None,
            playouts: None,
            threads: 2,
            seed: 1,
            settings: Settings::default(),
            reuse: Reuse::On,
            opening_book: true,
            book_file: None,
            ponder: false,
        }
    }
}

impl Config {
    /// The search's budget: the time and simulations set, or one second when neither is.
    pub fn budget(&self) -> Budget {
        Budget {
            time: match (self.max_time, self.playouts) {
                (None, None) => Some(Duration::from_secs(1)),
                (time, _) => time,
            },
            playouts: self.playouts,
            threads: self.threads,
            seed: self.seed,
            plan: None,
        }
    }

    /// The budget under the game clock's `plan` (none without a clock): the time manager's
    /// plan in place of the default second when neither `max_time` nor `playouts` is set;
    /// else the budget they give, the plan only a cap on it (a flat time or a fixed number of
    /// simulations plays as without a clock until the clock runs short).
    pub fn budget_within(&self, plan: Option<Plan>) -> Budget {
        let mut budget = self.budget();
        budget.plan = plan.map(|plan| match (self.max_time, self.playouts) {
            (None, None) => {
                budget.time = None;
                plan
            }
            _ => Plan::cap(plan.start, plan.most),
        });
        budget
    }

    /// The value of the parameter `name` as `param_player` shows it.
    pub fn get(&self, name: &str) -> Option<String> {
        Table(PARAMS).get(self, name)
    }

    /// Sets the parameter `name` from its text; on a bad value, what is allowed.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), ParamError> {
        Table(PARAMS).set(self, name, value)
    }

    /// Every parameter with its value, a line each, in HexGui's form: `[bool] NAME 0|1` or
    /// `[string] NAME VALUE`.
    pub fn list(&self) -> String {
        Table(PARAMS).list(self)
    }

    /// The parameters whose values differ from the defaults, with their values: what a
    /// `param_player` line each gives another engine this config.
    pub fn changes(&self) -> Vec<(&'static str, String)> {
        Table(PARAMS).changes(self)
    }
}

/// Why a parameter was not set: its name or its value.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParamError {
    /// No parameter has that name.
    #[error("unknown parameter {name:?} ({})", names.join(", "))]
    Unknown {
        /// The name given.
        name: String,
        /// The names there are.
        names: Vec<&'static str>,
    },
    /// The value is not one the parameter takes.
    #[error("invalid value {value:?} for {name} (allowed: {allowed})")]
    Invalid {
        /// The parameter.
        name: &'static str,
        /// The value given.
        value: String,
        /// What it takes.
        allowed: String,
    },
}

/// A table of parameters of `C` (the player's [`Config`], the solver's settings), in the
/// order GTP lists them.
#[derive(Debug)]
pub struct Table<C: 'static>(pub &'static [Param<C>]);

impl<C: Default> Table<C> {
    /// The parameter of that name.
    pub fn find(&self, name: &str) -> Option<&'static Param<C>> {
        self.0.iter().find(|p| p.name == name)
    }

    /// The value of the parameter `name` of `c`, as GTP shows it.
    pub fn get(&self, c: &C, name: &str) -> Option<String> {
        Some((self.find(name)?.get)(c))
    }

    /// Sets the parameter `name` of `c` from its text; on an unknown name, the names; on a
    /// bad value, what is allowed (and `c` is left as it was).
    pub fn set(&self, c: &mut C, name: &str, value: &str) -> Result<(), ParamError> {
        let param = self.find(name).ok_or_else(|| ParamError::Unknown {
            name: name.into(),
            names: self.0.iter().map(|p| p.name).collect(),
        })?;
        (param.set)(c, value).map_err(|allowed| ParamError::Invalid {
            name: param.name,
            value: value.into(),
            allowed,
        })
    }

    /// Every parameter of `c` with its value, a line each, in HexGui's form: `[bool] NAME
    /// 0|1` or `[string] NAME VALUE`.
    pub fn list(&self, c: &C) -> String {
        let lines: Vec<String> = (self.0.iter())
            .map(|p| format!("[{}] {} {}", p.kind.hexgui(), p.name, (p.get)(c)))
            .collect();
        lines.join("\n")
    }

    /// The parameters of `c` whose values differ from the defaults, with their values.
    pub fn changes(&self, c: &C) -> Vec<(&'static str, String)> {
        let default = C::default();
        (self.0.iter())
            .filter(|p| (p.get)(c) != (p.get)(&default))
            .map(|p| (p.name, (p.get)(c)))
            .collect()
    }
}

/// How a parameter's value is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `0` or `1` (`false`, `true` are read too); a switch on the command line.
    Bool,
    /// A number or a path, in words.
    Text,
}

impl Kind {
    /// HexGui's name of the type in a parameter list.
    pub fn hexgui(self) -> &'static str {
        match self {
            Kind::Bool => "bool",
            Kind::Text => "string",
        }
    }
}

/// One parameter of the player (`C` its [`Config`]) or of the solver.
pub struct Param<C: 'static = Config> {
    /// Its name in GTP (`param_player NAME VALUE`) and on the web page.
    pub name: &'static str,
    /// Its long flag on the command line: for a [`Kind::Bool`], a switch that turns it off
    /// when the flag begins with `no-`, and on otherwise.
    pub flag: &'static str,
    /// The placeholder of its value on the command line (none for a switch).
    pub value_name: &'static str,
    /// How its value is written.
    pub kind: Kind,
    /// One line of help (for the switch, on the command line, when the parameter is a
    /// [`Kind::Bool`]).
    pub help: &'static str,
    /// Whether it is an option for weighing ideas in matches rather than for everyday use.
    pub tuning: bool,
    pub(crate) get: fn(&C) -> String,
    pub(crate) set: fn(&mut C, &str) -> Result<(), String>,
}

impl<C: Default> Param<C> {
    /// Checks a value without keeping it: on a bad one, what is allowed.
    pub fn check(&self, value: &str) -> Result<(), String> {
        (self.set)(&mut C::default(), value)
    }

    /// The value the parameter has by default.
    pub fn default_value(&self) -> String {
        (self.get)(&C::default())
    }
}

impl<C> std::fmt::Debug for Param<C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Param").field("name", &self.name).finish()
    }
}

/// The player's parameter of that name.
pub fn param(name: &str) -> Option<&'static Param> {
    Table(PARAMS).find(name)
}

/// The longest time a move may be given, in seconds (a day).
pub const MAX_SECONDS: f64 = 86_400.0;

/// The most search threads.
pub const MAX_THREADS: usize = 64;

/// A number in `range`, or what is allowed.
pub(crate) fn number<T: std::str::FromStr + PartialOrd>(
    value: &str,
    range: std::ops::RangeInclusive<T>,
    allowed: &str,
) -> Result<T, String> {
    (value.parse().ok())
        .filter(|n| range.contains(n))
        .ok_or_else(|| allowed.to_string())
}

/// Search threads, 1 to [`MAX_THREADS`]: the player's and the solver's alike.
pub(crate) fn threads(value: &str) -> Result<usize, String> {
    number(value, 1..=MAX_THREADS, "1 to 64")
}

/// A finite number, 0 or more: `None` for 0 (the idea off).
fn weight(value: &str) -> Result<Option<f64>, String> {
    let allowed = "a number, 0 or more; 0 turns it off";
    let x: f64 = number(value, 0.0..=f64::MAX, allowed)?;
    Ok((x > 0.0).then_some(x))
}

/// Visits, a whole number: `None` for 0 (never).
fn visits(value: &str) -> Result<Option<u32>, String> {
    let n = number(value, 0..=u32::MAX, "a whole number of visits, 0 for never")?;
    Ok((n > 0).then_some(n))
}

/// The reply to a parameter set to a value outside what it allows, which it names.
pub fn invalid(name: &str, value: &str, allowed: &str) -> String {
    format!("invalid value {value:?} for {name} (allowed: {allowed})")
}

/// `0` or `1` (or `false`, `true`); else what is allowed.
pub fn flag(value: &str) -> Result<bool, String> {
    match value {
        "1" | "true" => Ok(true),
        "0" | "false" => Ok(false),
        _ => Err("0 or 1".into()),
    }
}

pub(crate) fn show_flag(on: bool) -> String {
    u8::from(on).to_string()
}

fn show_visits(n: Option<u32>) -> String {
    n.unwrap_or(0).to_string()
}

fn show_weight(x: Option<f64>) -> String {
    x.unwrap_or(0.0).to_string()
}

/// The table: every parameter of the player, in the order `param_player` lists them.
pub static PARAMS: &[Param] = &[
    Param {
        name: "max_time",
        flag: "time",
        value_name: "SECONDS",
        kind: Kind::Text,
        help: "Seconds a move (0: no time limit; neither this nor --playouts: 1 s, or under a \
               game clock the time manager's share)",
        tuning: false,
        get: |c| c.max_time.map_or(0.0, |t| t.as_secs_f64()).to_string(),
        set: |c, v| {
            let s = number(
                v,
                0.0..=MAX_SECONDS,
                "seconds a move, 0 to 86400; 0: no time limit",
            )?;
            c.max_time = (s > 0.0).then(|| Duration::from_secs_f64(s));
            Ok(())
        },
    },
    Param {
        name: "playouts",
        flag: "playouts",
        value_name: "N",
        kind: Kind::Text,
        help: "Simulations a move (0: no limit, the time decides); with --threads 1 the same \
               position and --seed give the same move",
        tuning: false,
        get: |c| c.playouts.unwrap_or(0).to_string(),
        set: |c, v| {
            let n = number(
                v,
                0..=u64::MAX,
                "a whole number of simulations, 0 for no limit",
            )?;
            c.playouts = (n > 0).then_some(n);
            Ok(())
        },
    },
    Param {
        name: "threads",
        flag: "threads",
        value_name: "T",
        kind: Kind::Text,
        help: "Search threads",
        tuning: false,
        get: |c| c.threads.to_string(),
        set: |c, v| {
            c.threads = threads(v)?;
            Ok(())
        },
    },
    Param {
        name: "seed",
        flag: "seed",
        value_name: "S",
        kind: Kind::Text,
        help: "The seed of the random playouts",
        tuning: false,
        get: |c| c.seed.to_string(),
        set: |c, v| {
            c.seed = number(v, 0..=u64::MAX, "a whole number 0 to 18446744073709551615")?;
            Ok(())
        },
    },
    Param {
        name: "opening_book",
        flag: "no-opening-book",
        value_name: "",
        kind: Kind::Bool,
        help: "Search every move, the first ones too (no opening book)",
        tuning: false,
        get: |c| show_flag(c.opening_book),
        set: |c, v| {
            c.opening_book = flag(v)?;
            Ok(())
        },
    },
    Param {
        name: "book_file",
        flag: "opening-book",
        value_name: "FILE",
        kind: Kind::Text,
        help: "Play the first moves from this opening book (made by `hex opening-book`) \
               instead of the built-in ones (9x9, 11x11 and 13x13); `-` for the built-in ones",
        tuning: false,
        get: |c| {
            c.book_file
                .as_ref()
                .map_or("-".into(), |p| p.display().to_string())
        },
        set: |c, v| {
            if v.is_empty() {
                return Err("a file name, or - for the built-in books".into());
            }
            c.book_file = (v != "-").then(|| PathBuf::from(v));
            Ok(())
        },
    },
    Param {
        name: "ponder",
        flag: "ponder",
        value_name: "",
        kind: Kind::Bool,
        help: "Search in the opponent's time (over GTP: after each genmove until the next \
               command), keeping the tree for the next move",
        tuning: false,
        get: |c| show_flag(c.ponder),
        set: |c, v| {
            c.ponder = flag(v)?;
            Ok(())
        },
    },
    Param {
        name: "rave",
        flag: "rave",
        value_name: "K",
        kind: Kind::Text,
        help: "The RAVE equivalence parameter (0 turns RAVE off)",
        tuning: true,
        get: |c| show_weight(c.settings.rave),
        set: |c, v| {
            c.settings.rave = weight(v)?;
            Ok(())
        },
    },
    Param {
        name: "bridges",
        flag: "no-bridges",
        value_name: "",
        kind: Kind::Bool,
        help: "Playouts do not answer bridge intrusions",
        tuning: true,
        get: |c| show_flag(c.settings.bridges),
        set: |c, v| {
            c.settings.bridges = flag(v)?;
            Ok(())
        },
    },
    Param {
        name: "knowledge",
        flag: "knowledge",
        value_name: "VISITS",
        kind: Kind::Text,
        help: "A node asks the Hex knowledge at this many visits, the root always (boards up to \
               19 on each side; 0 turns the knowledge off)",
        tuning: true,
        get: |c| show_visits(c.settings.knowledge),
        set: |c, v| {
            c.settings.knowledge = visits(v)?;
            Ok(())
        },
    },
    Param {
        name: "patterns",
        flag: "patterns",
        value_name: "C",
        kind: Kind::Text,
        help: "The progressive bias of the learned move patterns (0 turns it off)",
        tuning: true,
        get: |c| show_weight(c.settings.patterns),
        set: |c, v| {
            c.settings.patterns = weight(v)?;
            Ok(())
        },
    },
    Param {
        name: "policy",
        flag: "policy",
        value_name: "VISITS",
        kind: Kind::Text,
        help: "On square boards from 11x11 up, once a node has had more than this many visits, \
               its children's priors come from the policy+value network's policy head instead of \
               the patterns (on 11x11 one learned from self-play, on larger squares one \
               learned from MoHex's games; 0: never)",
        tuning: true,
        get: |c| show_visits(c.settings.policy),
        set: |c, v| {
            c.settings.policy = visits(v)?;
            Ok(())
        },
    },
    Param {
        name: "fill_in",
        flag: "no-fill-in",
        value_name: "",
        kind: Kind::Bool,
        help: "Simulations do not fill in the captured cells the knowledge finds",
        tuning: true,
        get: |c| show_flag(c.settings.fill_in),
        set: |c, v| {
            c.settings.fill_in = flag(v)?;
            Ok(())
        },
    },
    Param {
        name: "expand_after",
        flag: "expand-after",
        value_name: "VISITS",
        kind: Kind::Text,
        help: "A leaf gets its children once it has had more than this many visits",
        tuning: true,
        get: |c| c.settings.expand_after.to_string(),
        set: |c, v| {
            c.settings.expand_after = number(v, 0..=u32::MAX, "a whole number of visits")?;
            Ok(())
        },
    },
    Param {
        name: "reuse",
        flag: "no-reuse",
        value_name: "",
        kind: Kind::Bool,
        help: "Every move's search starts afresh (no tree kept from the last move)",
        tuning: true,
        get: |c| show_flag(c.reuse == Reuse::On),
        set: |c, v| {
            c.reuse = if flag(v)? { Reuse::On } else { Reuse::Off };
            Ok(())
        },
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_parameter_reads_back_what_it_shows() {
        let config = Config::default();
        for p in PARAMS {
            let shown = config.get(p.name).unwrap();
            let mut again = Config::default();
            again.set(p.name, &shown).unwrap();
            assert_eq!(again, config, "{}", p.name);
        }
        let names: Vec<&str> = PARAMS.iter().map(|p| p.name).collect();
        let mut unique = names.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), names.len(), "a name declared twice");
    }

    #[test]
    fn bad_values_say_what_is_allowed() {
        let mut c = Config::default();
        for (name, value) in [
            ("max_time", "1e300"),
            ("max_time", "-1"),
            ("threads", "0"),
            ("threads", "65"),
            ("patterns", "NaN"),
            ("rave", "-2"),
            ("opening_book", "yes"),
            ("knowledge", "1.5"),
        ] {
            let e = c.set(name, value).unwrap_err().to_string();
            assert!(
                e.starts_with(&format!("invalid value {value:?} for {name} (allowed: ")),
                "{e}"
            );
        }
        assert_eq!(c, Config::default());
        assert!(
            c.set("nope", "1")
                .unwrap_err()
                .to_string()
                .contains("max_time, playouts")
        );
    }

    #[test]
    fn the_budget_is_one_second_unless_a_limit_is_set() {
        let mut c = Config::default();
        assert_eq!(c.budget().time, Some(Duration::from_secs(1)));
        c.set("playouts", "500").unwrap();
        assert_eq!((c.budget().time, c.budget().playouts), (None, Some(500)));
        c.set("max_time", "0.25").unwrap();
        assert_eq!(c.budget().time, Some(Duration::from_millis(250)));
        c.set("playouts", "0").unwrap();
        c.set("max_time", "0").unwrap();
        assert_eq!(c.budget().time, Some(Duration::from_secs(1)));
    }

    #[test]
    fn changes_name_only_what_differs_from_the_defaults() {
        let mut c = Config::default();
        assert!(c.changes().is_empty());
        c.set("bridges", "0").unwrap();
        c.set("playouts", "300").unwrap();
        assert_eq!(
            c.changes(),
            [
                ("playouts", "300".to_string()),
                ("bridges", "0".to_string())
            ]
        );
        let mut again = Config::default();
        for (name, value) in c.changes() {
            again.set(name, &value).unwrap();
        }
        assert_eq!(again, c);
    }
}
