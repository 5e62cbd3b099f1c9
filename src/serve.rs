//! `boardgames serve`: the games as web pages (the `web` crate), on a local port.

use std::net::SocketAddr;

use anyhow::{Context, Result};

pub use web::cli::Args;

pub fn run(args: Args) -> Result<()> {
    if let Some(dir) = args.svg {
        std::fs::create_dir_all(&dir)
            .with_context(|| format!("cannot create {}", dir.display()))?;
        for (name, picture) in web::pictures() {
            let path = dir.join(name);
            std::fs::write(&path, picture)
                .with_context(|| format!("cannot write {}", path.display()))?;
            println!("{}", path.display());
        }
        return Ok(());
    }
    let addr = SocketAddr::new(args.bind, args.port);
    web::run(
        addr,
        |bound| println!("serving the games on http://{bound}/ (Ctrl-C stops)"),
        web::stop_signal(),
    )
    .map_err(|err| {
        // Another server (or another `boardgames serve`) has the port.
        let hint = match err.kind() {
            std::io::ErrorKind::AddrInUse => format!(
                " (another program listens on port {}: give another with --port, or --port 0 for any free one)",
                args.port
            ),
            _ => String::new(),
        };
        anyhow::Error::new(err).context(format!("cannot serve on {addr}{hint}"))
    })?;
    eprintln!("stopped");
    Ok(())
}
