//! `boardgames completions` and `boardgames man`: the shell completions and the manual page,
//! made from the same clap definitions as the command line, so that they never disagree
//! with it. Printed rather than generated into the tree at build time: the installed binary
//! always carries its own, and a packager writes them where the system wants them
//! (`boardgames man > boardgames.1`).

use anyhow::Result;
use clap::CommandFactory;

/// Print the shell completions of `boardgames` for SHELL.
///
/// bash: `source <(boardgames completions bash)`, or save it as
/// `~/.local/share/bash-completion/completions/boardgames`; zsh: save it as `_boardgames` in a
/// folder of `$fpath`; fish: as `~/.config/fish/completions/boardgames.fish`.
#[derive(clap::Args, Debug)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum, ignore_case = true)]
    shell: clap_complete::Shell,
}

/// Print the manual page (roff) of `boardgames`, or of one of its commands.
///
/// `boardgames man | man -l -` reads it; `boardgames man hex solve` is the page of `hex
/// solve`.
#[derive(clap::Args, Debug)]
pub struct ManArgs {
    /// The command whose page to print (the whole tool's by default).
    #[arg(value_name = "COMMAND")]
    path: Vec<String>,
}

pub fn completions(args: CompletionsArgs) -> Result<()> {
    let mut command = crate::Cli::command();
    let mut out = Vec::new();
    clap_complete::generate(args.shell, &mut command, "boardgames", &mut out);
    crate::io::print(&String::from_utf8(out)?)
}

pub fn man(args: ManArgs) -> Result<()> {
    let mut command = crate::Cli::command();
    command.build();
    let mut found = command;
    let mut name = String::from("boardgames");
    for word in &args.path {
        let Some(sub) = found.find_subcommand(word).cloned() else {
            let message = format!("`{name}` has no command `{word}` (`{name} --help` lists them)");
            return Err(crate::io::usage(&["man"], message));
        };
        name = format!("{name}-{word}");
        found = sub;
    }
    let mut out = Vec::new();
    let source = format!("boardgames {}", crate::VERSION);
    clap_mangen::Man::new(found)
        .title(name)
        .source(source)
        .render(&mut out)?;
    crate::io::print(&String::from_utf8(out)?)
}
