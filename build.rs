//! Names the commit in `boardgames --version` when built from a clone: `0.1.0 (d30f4a3)`, and
//! the plain version elsewhere (a source archive, or no `git`). The version is the
//! environment variable `BOARDGAMES_VERSION` of this package's compilation.

use std::process::Command;

fn main() {
    let version = env!("CARGO_PKG_VERSION");
    let full = match git(&["rev-parse", "--short", "HEAD"]) {
        Some(commit) => format!("{version} ({commit})"),
        None => version.to_string(),
    };
    println!("cargo::rustc-env=BOARDGAMES_VERSION={full}");
    println!("cargo::rerun-if-changed=build.rs");
    // Built again when HEAD moves: a checkout changes HEAD, a commit the branch's ref (loose,
    // or packed by `git gc`). In a worktree these paths are the worktree's HEAD and the
    // common refs, as `--git-path` resolves them.
    let mut watched = vec!["HEAD".to_string(), "packed-refs".to_string()];
    if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]) {
        watched.push(branch);
    }
    for path in watched {
        // A file that does not exist (no packed refs yet) would rebuild every time.
        let file = git(&["rev-parse", "--git-path", &path]);
        if let Some(file) = file.filter(|file| std::path::Path::new(file).exists()) {
            println!("cargo::rerun-if-changed={file}");
        }
    }
}

/// What `git ARGS` prints, trimmed; `None` outside a clone or without git.
fn git(args: &[&str]) -> Option<String> {
    let output = Command::new("git").args(args).output().ok()?;
    let text = String::from_utf8(output.stdout).ok()?;
    let text = text.trim();
    (output.status.success() && !text.is_empty()).then(|| text.to_string())
}
