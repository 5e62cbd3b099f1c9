//! The player's parameters and the solver's as command-line flags (clap), made from their
//! tables in [`crate::player::params`]: a bad value is a usage error that says what is
//! allowed.

use clap::{Arg, ArgAction, ArgMatches, Args, Command, FromArgMatches};

use crate::player::params::{Config, Kind, PARAMS, Param, Table};
use crate::player::{DFPN_PARAMS, DfpnSettings};

/// The player's flags, flattened into a command (`#[command(flatten)]`); the parsed
/// [`Config`] is in `config`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayerArgs {
    /// The parameters given, the others at their defaults.
    pub config: Config,
    /// The parameters given on the command line, with their values as given.
    given: Vec<(&'static str, String)>,
}

impl PlayerArgs {
    /// The value given for the parameter `name`, if it was given.
    pub fn given(&self, name: &str) -> Option<&str> {
        (self.given.iter())
            .find(|(given, _)| *given == name)
            .map(|(_, value)| value.as_str())
    }
}

/// The flag of one parameter.
fn arg<C: Default>(param: &'static Param<C>) -> Arg {
    let arg = Arg::new(param.flag).long(param.flag);
    let arg = if param.tuning {
        arg.help_heading("Tuning")
    } else {
        arg
    };
    match param.kind {
        Kind::Bool => arg.help(param.help).action(ArgAction::SetTrue),
        Kind::Text => {
            let default = param.default_value();
            let help = match param.name {
                // Their defaults are told in their help.
                "max_time" | "book_file" => param.help.to_string(),
                _ => format!("{} [default: {default}]", param.help),
            };
            arg.help(help)
                .value_name(param.value_name)
                .allow_negative_numbers(true)
                .value_parser(move |value: &str| param.check(value).map(|()| value.to_string()))
        }
    }
}

/// The parameters of `table` that have a flag, as flags of `command`.
fn with_flags<C: Default>(command: Command, table: &'static [Param<C>]) -> Command {
    (table.iter())
        .filter(|param| !param.flag.is_empty())
        .fold(command, |command, param| command.arg(arg(param)))
}

/// The parameters of `table` whose flags `matches` holds, each set in `c` (a value the
/// table refuses is a usage error); the names and values given.
fn from_flags<C: Default>(
    table: &'static [Param<C>],
    c: &mut C,
    matches: &ArgMatches,
) -> Result<Vec<(&'static str, String)>, clap::Error> {
    let mut given = Vec::new();
    for param in table.iter().filter(|param| !param.flag.is_empty()) {
        let value = match param.kind {
            Kind::Bool if matches.get_flag(param.flag) => Some(
                if param.flag.starts_with("no-") {
                    "0"
                } else {
                    "1"
                }
                .to_string(),
            ),
            Kind::Bool => None,
            Kind::Text => matches.get_one::<String>(param.flag).cloned(),
        };
        if let Some(value) = value {
            (Table(table).set(c, param.name, &value))
                .map_err(|e| clap::Error::raw(clap::error::ErrorKind::ValueValidation, e))?;
            given.push((param.name, value));
        }
    }
    Ok(given)
}

impl Args for PlayerArgs {
    fn augment_args(command: Command) -> Command {
        with_flags(command, PARAMS)
    }

    fn augment_args_for_update(command: Command) -> Command {
        PlayerArgs::augment_args(command)
    }
}

impl FromArgMatches for PlayerArgs {
    fn from_arg_matches(matches: &ArgMatches) -> Result<PlayerArgs, clap::Error> {
        let mut args = PlayerArgs::default();
        args.update_from_arg_matches(matches)?;
        Ok(args)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        let given = from_flags(PARAMS, &mut self.config, matches)?;
        self.given.extend(given);
        Ok(())
    }
}

/// The solver's settings as flags (`--solver-time`, ...: what GTP's `param_dfpn` sets),
/// flattened into `hex gtp`; the parsed settings are in `settings`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SolverArgs {
    /// The settings given, the others at their defaults.
    pub settings: DfpnSettings,
}

impl Args for SolverArgs {
    fn augment_args(command: Command) -> Command {
        with_flags(command, DFPN_PARAMS)
    }

    fn augment_args_for_update(command: Command) -> Command {
        SolverArgs::augment_args(command)
    }
}

impl FromArgMatches for SolverArgs {
    fn from_arg_matches(matches: &ArgMatches) -> Result<SolverArgs, clap::Error> {
        let mut args = SolverArgs::default();
        args.update_from_arg_matches(matches)?;
        Ok(args)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        from_flags(DFPN_PARAMS, &mut self.settings, matches).map(drop)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gtp::Command;
    use crate::gtp::Engine;
    use crate::player::Player;

    #[derive(clap::Parser, Debug)]
    struct Test {
        #[command(flatten)]
        player: PlayerArgs,
    }

    fn parse(args: &[&str]) -> Result<Config, clap::Error> {
        use clap::Parser;
        Test::try_parse_from(std::iter::once("test").chain(args.iter().copied()))
            .map(|t| t.player.config)
    }

    #[test]
    fn every_parameter_has_its_flag_and_the_flags_set_what_param_player_sets() {
        assert_eq!(parse(&[]).unwrap(), Config::default());
        // The book a flag or a GTP line names is read: one that both can.
        let dir = std::env::temp_dir().join(format!("hex-cli-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let book = dir.join("book.txt");
        std::fs::write(&book, "5 - a1 0.5 1\n").unwrap();
        let book = book.display().to_string();
        let mut listed = Vec::new();
        let engine = || Engine::new(Player::default());
        let list = engine().execute(Command::ParamPlayer(None)).unwrap();
        for (param, line) in PARAMS.iter().zip(list.lines()) {
            // The list names every parameter with its HexGui type.
            let kind = if param.kind == Kind::Bool {
                "bool"
            } else {
                "string"
            };
            assert!(
                line.starts_with(&format!("[{kind}] {} ", param.name)),
                "{line}"
            );
            listed.push(param.name);
            let (flags, value) = match param.kind {
                Kind::Bool => {
                    let on = !param.flag.starts_with("no-");
                    (
                        vec![format!("--{}", param.flag)],
                        if on { "1" } else { "0" },
                    )
                }
                Kind::Text => {
                    let value = match param.name {
                        "book_file" => book.as_str(),
                        "max_time" => "0.5",
                        _ => "7",
                    };
                    (vec![format!("--{}", param.flag), value.into()], value)
                }
            };
            let flagged = parse(&flags.iter().map(String::as_str).collect::<Vec<_>>()).unwrap();
            assert_ne!(flagged, Config::default(), "{flags:?} changes nothing");
            // Through GTP, the same parameter set to the same value.
            let mut gtp = engine();
            let set = Command::ParamPlayer(Some((param.name.into(), value.into())));
            gtp.execute(set).unwrap();
            assert_eq!(gtp.player().config(), &flagged, "{flags:?}");
        }
        assert_eq!(listed.len(), list.lines().count());
        assert_eq!(listed.len(), PARAMS.len());
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[derive(clap::Parser, Debug)]
    struct SolverTest {
        #[command(flatten)]
        solver: SolverArgs,
    }

    #[test]
    fn the_solvers_flags_set_what_param_dfpn_sets() {
        use clap::Parser;
        let parse = |args: &[&str]| {
            SolverTest::try_parse_from(std::iter::once("test").chain(args.iter().copied()))
                .map(|t| t.solver.settings)
        };
        assert_eq!(parse(&[]).unwrap(), DfpnSettings::default());
        for param in DFPN_PARAMS.iter().filter(|p| !p.flag.is_empty()) {
            let (flags, value) = match param.kind {
                Kind::Bool => (vec![format!("--{}", param.flag)], "0"),
                Kind::Text => (vec![format!("--{}", param.flag), "7".into()], "7"),
            };
            let flagged = parse(&flags.iter().map(String::as_str).collect::<Vec<_>>()).unwrap();
            assert_ne!(
                flagged,
                DfpnSettings::default(),
                "{flags:?} changes nothing"
            );
            let mut gtp = Engine::new(Player::default());
            let set = Command::ParamDfpn(Some((param.name.into(), value.into())));
            gtp.execute(set).unwrap();
            assert_eq!(gtp.player().dfpn(), &flagged, "{flags:?}");
        }
        let error = parse(&["--solver-memory", "0"]).unwrap_err().to_string();
        assert!(
            error.contains("invalid value '0' for '--solver-memory <MIB>': MiB 1 to 65536"),
            "{error}"
        );
    }

    #[test]
    fn a_bad_value_is_a_usage_error_that_says_what_is_allowed() {
        for args in [
            ["--time", "1e300"],
            ["--time", "-1"],
            ["--threads", "0"],
            ["--patterns", "-0.5"],
        ] {
            let e = parse(&args).unwrap_err();
            assert_eq!(
                e.kind(),
                clap::error::ErrorKind::ValueValidation,
                "{args:?}"
            );
            assert_eq!(e.exit_code(), 2);
            assert!(e.to_string().contains(args[1]), "{e}");
        }
    }
}
